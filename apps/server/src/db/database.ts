import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';
import { lockKeyText } from './named-lock';
import { startPgliteThread } from './pglite-thread';
import { outliveLostConnections } from './unavailable';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A database or an open transaction: repositories accept either. */
export type DbExecutor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export type LockedRun<T> = { acquired: true; value: T } | { acquired: false };

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /**
   * Runs `fn` while holding the lock of that name for every process on this database, or returns
   * `{ acquired: false }` at once when someone else holds it. PostgreSQL: a session advisory lock
   * on a connection of its own, so `fn` may use the pool (and open its own transactions) freely.
   * PGlite: one process owns the folder (data-dir lock), so a lock in this process is enough.
   */
  tryWithLock: <T>(name: string, fn: () => Promise<T>) => Promise<LockedRun<T>>;
  /** PGlite only: the data folder as a tar (for `pgliteDump`). */
  dumpDataDir?: () => Promise<Blob>;
  /** PGlite on a data folder only: ends its thread as a crash would, for tests of the restart (decision 0071). */
  crashThreadForTest?: () => Promise<void>;
};

export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

export type DatabaseOptions = {
  /** PostgreSQL URL; when absent, PGlite in `dataDir`. */
  databaseUrl?: string | undefined;
  /** PGlite folder, or `memory://` for an in-memory database. */
  dataDir: string;
  /**
   * In-memory PGlite only: start from this dump of a data folder (`dumpDataDir`) instead of an
   * empty cluster. Tests start each file from one migrated dump (docs/decisions/0018); the
   * migrations still run, and find nothing left to apply.
   */
  pgliteDump?: Blob | undefined;
};

/** Opens the database and applies the committed migrations. */
export const openDatabase = async (options: DatabaseOptions): Promise<DatabaseHandle> => {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir, options.pgliteDump);
};

const openPostgres = async (databaseUrl: string): Promise<DatabaseHandle> => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // A client can be cut by the server (restart, failover, a dropped test database): the pool
  // replaces it on next use.
  outliveLostConnections(pool, (error) => {
    if ((error as { code?: string }).code !== '57P01') console.warn('PostgreSQL idle client error:', error.message);
  });
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  await migratePg(db as never, { migrationsFolder });
  const tryWithLock = async <T>(name: string, fn: () => Promise<T>): Promise<LockedRun<T>> => {
    const client = await pool.connect();
    try {
      const key = lockKeyText(name);
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) as locked', [key]);
      if (!rows[0]?.locked) return { acquired: false };
      try {
        return { acquired: true, value: await fn() };
      } finally {
        await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]);
      }
    } finally {
      client.release();
    }
  };
  return { db, kind: 'postgres', close: () => pool.end(), tryWithLock };
};

/** Where PGlite keeps its cluster inside DATA_DIR. */
export const pgliteFolderOf = (dataDir: string): string => path.join(dataDir, 'pglite');

/*
 * PGlite runs PostgreSQL as one process, so its disk work stalls every statement behind it. Each
 * new 16 MB write-ahead log segment was filled with zeros first: 40 to 100 ms of writes, every few
 * seconds under a steady flow of frames (docs/decisions/0062-pglite-write-ahead-log.md).
 * Without the zeros a segment costs a millisecond or two. Zeroing protects against a file system
 * that fails to allocate space later; with fsync already off in PGlite it buys nothing here.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'wal_init_zero=off'];

const openPglite = async (dataDir: string, dump?: Blob): Promise<DatabaseHandle> => {
  const inMemory = dataDir === 'memory://';
  let lock: DataDirLock | undefined;
  if (!inMemory) {
    fs.mkdirSync(dataDir, { recursive: true });
    lock = acquireDataDirLock(dataDir);
  }
  try {
    const connection = inMemory ? await pgliteInProcess(dump) : await pgliteOnItsThread(pgliteFolderOf(dataDir));
    const held = new Set<string>();
    return {
      db: connection.db,
      kind: 'pglite',
      dumpDataDir: connection.dumpDataDir,
      ...(connection.crashThreadForTest ? { crashThreadForTest: connection.crashThreadForTest } : {}),
      tryWithLock: async <T>(name: string, fn: () => Promise<T>): Promise<LockedRun<T>> => {
        if (held.has(name)) return { acquired: false };
        held.add(name);
        try {
          return { acquired: true, value: await fn() };
        } finally {
          held.delete(name);
        }
      },
      close: async () => {
        await connection.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
};

type PgliteConnection = { db: Database; dumpDataDir: () => Promise<Blob>; close: () => Promise<void>; crashThreadForTest?: () => Promise<void> };

/**
 * A data folder's PGlite runs on a worker thread of its own (decision 0070): its work, checkpoints
 * included, no longer holds the server's event loop. The server reaches it with node-postgres.
 */
const pgliteOnItsThread = async (folder: string): Promise<PgliteConnection> => {
  const thread = await startPgliteThread({ folder, startParams: PGLITE_START_PARAMS });
  try {
    const db = drizzlePg(thread.pool, { schema }) as unknown as Database;
    await migratePg(db as never, { migrationsFolder });
    return { db, dumpDataDir: thread.dumpDataDir, close: thread.close, crashThreadForTest: thread.crashForTest };
  } catch (error) {
    await thread.close();
    throw error;
  }
};

/**
 * An in-memory PGlite (tests) runs on the calling thread: it starts in a few milliseconds from a
 * dump, where a thread would load PGlite's WebAssembly again for each database.
 */
const pgliteInProcess = async (dump?: Blob): Promise<PgliteConnection> => {
  const client = new PGlite({ startParams: PGLITE_START_PARAMS, ...(dump ? { loadDataDir: dump } : {}) });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  await migratePglite(db as never, { migrationsFolder });
  return { db, dumpDataDir: () => client.dumpDataDir('none'), close: () => client.close() };
};
