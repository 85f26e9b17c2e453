import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite, protocol } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, PGLITE_START_PARAMS, pgliteFolderOf, type DatabaseHandle } from '../../src/db/database';
import { startPgliteThread } from '../../src/db/pglite-thread';
import { isDatabaseUnavailable } from '../../src/db/unavailable';
import { runPrepared, type PreparedStatement } from '../../src/db/prepared-statement';
import { describeOnPgliteOnly } from '../support/postgres-pass';

/**
 * A data folder's PGlite runs on a worker thread, reached with node-postgres over a stream of the
 * wire protocol (decision 0070). PGlite is one session: what one connection leaves in it must not
 * reach the next. A PGlite folder of its own: run in the PGlite pass alone.
 */
describeOnPgliteOnly('the embedded database on its own thread', () => {
  let dataDir: string;
  let handle: DatabaseHandle;
  type Rows = { rows: Record<string, unknown>[] };
  const rowsOf = async (query: SQL) => ((await handle.db.execute(query)) as Rows).rows;
  const poolOf = () => (handle.db as unknown as { $client: pg.Pool }).$client;
  const insert: PreparedStatement = { name: 'thread_probe_insert', text: 'insert into thread_probe (id, label) select * from unnest($1::int[], $2::text[])' };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-pglite-thread-'));
    handle = await openDatabase({ dataDir });
    await handle.db.execute(sql`create table thread_probe (id int primary key, label text)`);
  });
  afterAll(async () => {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers queries, the migrations applied, with PostgreSQL errors as they are', async () => {
    expect(handle.kind).toBe('pglite');
    expect(await rowsOf(sql`select 6 * 7 as answer`)).toEqual([{ answer: 42 }]);
    expect(Number((await rowsOf(sql`select count(*)::int as count from drizzle.__drizzle_migrations`))[0]!.count)).toBeGreaterThan(0);
    await expect(handle.db.execute(sql`select * from no_such_table`)).rejects.toMatchObject({ cause: { code: '42P01' } });
    expect(await rowsOf(sql`select 1 as answer`)).toEqual([{ answer: 1 }]);
  });

  it('leaves the event loop free while the database works', async () => {
    let timerRanFirst = false;
    let queryDone = false;
    const timer = new Promise<void>((resolve) =>
      setTimeout(() => {
        timerRanFirst = !queryDone;
        resolve();
      }, 20),
    );
    // Half a second of work inside PostgreSQL: on the server's thread it would hold the timer back.
    await handle.db.execute(sql`select pg_sleep(0.5)`);
    queryDone = true;
    await timer;
    expect(timerRanFirst).toBe(true);
  });

  it('keeps each transaction whole: a failed one leaves nothing', async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_probe values (1, 'rolled back')`);
        throw new Error('give up');
      }),
    ).rejects.toThrow('give up');
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe values (2, 'kept')`);
    });
    expect(await rowsOf(sql`select id, label from thread_probe order by id`)).toEqual([{ id: 2, label: 'kept' }]);
  });

  it('runs prepared statements again and again, large parameters included', async () => {
    const ids = Array.from({ length: 20_000 }, (_, i) => 100 + i);
    await runPrepared(handle.db, insert, [ids.slice(0, 10_000), ids.slice(0, 10_000).map((id) => `frame ${id} ${'x'.repeat(40)}`)]);
    await runPrepared(handle.db, insert, [ids.slice(10_000), ids.slice(10_000).map((id) => `frame ${id} ✈ Zürich`)]);
    expect(await rowsOf(sql`select count(*)::int as count, max(label) filter (where id = 20099) as last from thread_probe where id >= 100`)).toEqual([
      { count: 20_000, last: 'frame 20099 ✈ Zürich' },
    ]);
  });

  it('starts a new connection from a clean session: no transaction, no prepared statement, no setting left behind', async () => {
    const pool = poolOf();
    const client = await pool.connect();
    await client.query('begin');
    await client.query(`insert into thread_probe values (3, 'never committed')`);
    await client.query(`set application_name = 'left behind'`);
    // The connection breaks in the middle of its transaction.
    client.release(new Error('connection lost'));

    expect(await rowsOf(sql`select id from thread_probe where id = 3`)).toEqual([]);
    expect(await rowsOf(sql`select current_setting('application_name') as name`)).toEqual([{ name: '' }]);
    // The statement prepared on the first connection is prepared again on this one.
    await runPrepared(handle.db, insert, [[4], ['after the break']]);
    expect(await rowsOf(sql`select label from thread_probe where id = 4`)).toEqual([{ label: 'after the break' }]);
  });

  it('starts a new connection from a clean session after one broken in the middle of an extended query', async () => {
    const client = await poolOf().connect();
    const { stream } = (client as unknown as { connection: { stream: NodeJS.WritableStream } }).connection;
    // A statement that fails, flushed but never synced: PostgreSQL now skips everything up to a Sync.
    stream.write(Buffer.concat([protocol.serialize.parse({ text: 'select nonsense(' }), protocol.serialize.flush()]));
    client.release(new Error('connection lost'));

    expect(await rowsOf(sql`select 'answered' as state`)).toEqual([{ state: 'answered' }]);
  });

  it('keeps what was written across a restart, and dumps its folder for an in-memory copy', async () => {
    await handle.close();
    handle = await openDatabase({ dataDir });
    expect(await rowsOf(sql`select id from thread_probe where id in (2, 4) order by id`)).toEqual([{ id: 2 }, { id: 4 }]);

    const copy = new PGlite({ loadDataDir: await handle.dumpDataDir!() });
    try {
      expect((await copy.query(`select count(*)::int as count from thread_probe`)).rows).toEqual([{ count: 20_002 }]);
    } finally {
      await copy.close();
    }
  });

  it('starts again after its thread dies: what was under way fails as unavailable, the next query is answered', async () => {
    await handle.close();
    const reports: string[] = [];
    const thread = await startPgliteThread({ folder: pgliteFolderOf(dataDir), startParams: PGLITE_START_PARAMS, report: (message) => reports.push(message) });
    try {
      const client = await thread.pool.connect();
      await client.query('begin');
      await client.query(`insert into thread_probe values (5, 'under way when it died')`);
      const underWay = client.query('select pg_sleep(5)');
      await thread.crashForTest();
      const failure = await underWay.then(() => undefined, (error: unknown) => error);
      client.release(failure as Error);
      expect(isDatabaseUnavailable(failure)).toBe(true);

      // The next query waits for the new thread on the same folder: committed rows are there, the
      // transaction cut short is not.
      const { rows } = await thread.pool.query<{ id: number }>('select id from thread_probe where id in (2, 4, 5) order by id');
      expect(rows).toEqual([{ id: 2 }, { id: 4 }]);
      expect(reports).toEqual([expect.stringContaining('stopped'), 'The embedded database runs again.']);

      // It keeps working as before, and dies and starts again as often as it must.
      await thread.pool.query(`insert into thread_probe values (6, 'after the restart')`);
      await thread.crashForTest();
      expect((await thread.pool.query('select label from thread_probe where id = 6')).rows).toEqual([{ label: 'after the restart' }]);
      expect(reports).toHaveLength(4);
    } finally {
      await thread.close();
    }
    handle = await openDatabase({ dataDir });
  });

  it('refuses connections, as unavailable, while its folder cannot be opened, and runs once it can', async () => {
    await handle.close();
    const reports: string[] = [];
    const folder = pgliteFolderOf(dataDir);
    const thread = await startPgliteThread({ folder, startParams: PGLITE_START_PARAMS, report: (message) => reports.push(message) });
    const hidden = `${folder}-hidden`;
    try {
      // The folder goes away while the thread is down: starts fail until it is back.
      fs.renameSync(folder, hidden);
      fs.writeFileSync(folder, 'not a folder');
      await thread.crashForTest();
      const refused = await thread.pool.query('select 1').then(() => undefined, (error: unknown) => error);
      expect(isDatabaseUnavailable(refused)).toBe(true);
      expect(reports.some((message) => message.startsWith('The embedded database could not start again'))).toBe(true);

      fs.rmSync(folder);
      fs.renameSync(hidden, folder);
      await expect.poll(() => reports.at(-1), { timeout: 15_000 }).toBe('The embedded database runs again.');
      expect((await thread.pool.query('select count(*)::int as count from thread_probe where id < 100')).rows).toEqual([{ count: 3 }]);
    } finally {
      if (fs.existsSync(hidden)) {
        fs.rmSync(folder, { force: true });
        fs.renameSync(hidden, folder);
      }
      await thread.close();
    }
    handle = await openDatabase({ dataDir });
  });
});
