import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, pgliteFolderOf, type DatabaseHandle } from '../../src/db/database';

const SEGMENT_BYTES = 16 * 1024 * 1024;

/**
 * PGlite writes on the server's event loop: a new write-ahead log segment filled with zeros held it
 * for 40 to 100 ms every few seconds under load (decision 0062). A segment created without them is
 * a sparse file: its size is 16 MB, but almost none of it was written.
 */
describe('the embedded database: new write-ahead log segments', () => {
  let dataDir: string;
  let handle: DatabaseHandle;
  const walFolder = () => path.join(pgliteFolderOf(dataDir), 'pg_wal');
  const segments = () => new Set(fs.readdirSync(walFolder()).filter((name) => /^[0-9A-F]{24}$/.test(name)));

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-wal-'));
    handle = await openDatabase({ dataDir });
  });
  afterAll(async () => {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('are created without writing 16 MB of zeros first', async () => {
    await handle.db.execute(sql`create table wal_probe (id int primary key, pad text)`);
    const before = segments();
    let created: string[] = [];
    // About 1 MB of log a round, until the log moves into a segment of its own.
    for (let round = 0; created.length === 0 && round < 64; round++) {
      await handle.db.execute(sql`insert into wal_probe select g, repeat('x', 1000) from generate_series(${round * 1000}::int, ${round * 1000 + 999}::int) g`);
      created = [...segments()].filter((name) => !before.has(name));
    }
    expect(created).toHaveLength(1);
    const stat = fs.statSync(path.join(walFolder(), created[0]!));
    expect(stat.size).toBe(SEGMENT_BYTES);
    // Blocks actually written: the round's log at most, not the segment's 16 MB.
    expect(stat.blocks * 512).toBeLessThan(SEGMENT_BYTES / 4);
  });
});
