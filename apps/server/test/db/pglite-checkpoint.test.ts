import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, pgliteFolderOf, type DatabaseHandle } from '../../src/db/database';
import { pgliteCheckpointJob, PGLITE_CHECKPOINT_JOB, walPosition } from '../../src/db/pglite-checkpoint';
import { createTestApp } from '../support/test-app';

/**
 * PGlite has no checkpointer: without the job its write-ahead log grows for as long as the server
 * runs, and all of it is replayed after a crash (decision 0062).
 */
describe('the embedded database: checkpoints', () => {
  let dataDir: string;
  let handle: DatabaseHandle;
  const segmentCount = () => fs.readdirSync(path.join(pgliteFolderOf(dataDir), 'pg_wal')).filter((name) => /^[0-9A-F]{24}$/.test(name)).length;
  const lastCheckpoint = async () => {
    const { rows } = (await handle.db.execute(sql`select redo_lsn::text as redo from pg_control_checkpoint()`)) as { rows: { redo: string }[] };
    return rows[0]!.redo;
  };
  let nextId = 0;
  /** About `megabytes` of write-ahead log. */
  const writeLog = async (megabytes: number) => {
    for (let i = 0; i < megabytes; i++) {
      await handle.db.execute(sql`insert into checkpoint_probe select g, repeat('x', 1000) from generate_series(${nextId}::int, ${nextId + 999}::int) g`);
      nextId += 1000;
    }
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-checkpoint-'));
    handle = await openDatabase({ dataDir });
    await handle.db.execute(sql`create table checkpoint_probe (id int primary key, pad text)`);
  });
  afterAll(async () => {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('never happens on its own while the database is open: the log only grows', async () => {
    const checkpointBefore = await lastCheckpoint();
    const segmentsBefore = segmentCount();
    await writeLog(40);
    expect(await lastCheckpoint()).toBe(checkpointBefore);
    expect(segmentCount()).toBeGreaterThanOrEqual(segmentsBefore + 2);
  });

  it('is taken by the job, which skips a period with nothing written', async () => {
    const job = pgliteCheckpointJob(handle.db);
    const positionBefore = await walPosition(handle.db);
    expect(await job.run(new Date())).toEqual({ checkpointed: true });
    const checkpoint = await lastCheckpoint();
    const { rows } = (await handle.db.execute(sql`select ${checkpoint}::pg_lsn >= ${positionBefore}::pg_lsn as covers`)) as { rows: { covers: boolean }[] };
    expect(rows[0]!.covers).toBe(true);

    expect(await job.run(new Date())).toEqual({ checkpointed: false });
    expect(await lastCheckpoint()).toBe(checkpoint);

    await writeLog(1);
    expect(await job.run(new Date())).toEqual({ checkpointed: true });
    expect(await lastCheckpoint()).not.toBe(checkpoint);
  });

  it('keeps the log to a bounded number of segments under a steady flow of writes', async () => {
    const job = pgliteCheckpointJob(handle.db);
    await job.run(new Date());
    const counts: number[] = [];
    for (let round = 0; round < 6; round++) {
      await writeLog(20);
      await job.run(new Date());
      counts.push(segmentCount());
    }
    // 120 MB were written, eight segments' worth; checkpointed, the log never holds more than four.
    expect(Math.max(...counts)).toBeLessThanOrEqual(4);
  });

  it('runs as a job of the server on the embedded database only', async () => {
    const t = await createTestApp();
    try {
      const names = t.app.deps.jobs.names();
      if (t.app.deps.databaseKind === 'pglite') expect(names).toContain(PGLITE_CHECKPOINT_JOB);
      else expect(names).not.toContain(PGLITE_CHECKPOINT_JOB);
    } finally {
      await t.close();
    }
  });
});
