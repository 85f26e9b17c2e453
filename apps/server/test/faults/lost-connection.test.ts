import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/database';
import { isDatabaseUnavailable } from '../../src/db/unavailable';
import { createSharedDatabase, type SharedDatabase } from '../flight/support/shared-database';
import { endpointOf, startTcpProxy, type TcpProxy } from './tcp-proxy';

/**
 * PostgreSQL's connection is cut while a transaction holds it (a restart, a failover). node-postgres
 * reports that on the checked-out client itself, where an unheard error would end the server's
 * process: the transaction must fail as "database unavailable" and the server go on.
 */
const POSTGRES_URL = process.env.TEST_DATABASE_URL;
if (!POSTGRES_URL) console.warn('Lost-connection test skipped: TEST_DATABASE_URL is not set');

describe.skipIf(!POSTGRES_URL)('a PostgreSQL connection cut in the middle of a transaction', () => {
  let shared: SharedDatabase;
  let proxy: TcpProxy;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    proxy = await startTcpProxy(endpointOf(POSTGRES_URL!));
    shared = await createSharedDatabase(POSTGRES_URL);
    handle = await openDatabase({ databaseUrl: proxy.urlThrough(shared.env.DATABASE_URL!), dataDir: 'memory://' });
  });
  afterAll(async () => {
    proxy?.restore();
    await handle?.close();
    await proxy?.close();
    await shared?.drop();
  });

  it('fails the transaction as unavailable, keeps the process, and answers once PostgreSQL is back', async () => {
    let started!: () => void;
    const isSleeping = new Promise<void>((resolve) => (started = resolve));
    const transaction = handle.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      started();
      await tx.execute(sql`select pg_sleep(10)`);
    });
    await isSleeping;
    proxy.cut();
    const failure = await transaction.then(() => undefined, (error: unknown) => error);
    expect(isDatabaseUnavailable(failure)).toBe(true);

    proxy.restore();
    expect(((await handle.db.execute(sql`select 42 as answer`)) as { rows: unknown[] }).rows).toEqual([{ answer: 42 }]);
  });
});
