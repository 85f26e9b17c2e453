import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A database or an open transaction: repositories accept either. */
export type DbExecutor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

export type DatabaseOptions = {
  /** PostgreSQL URL; when absent, PGlite in `dataDir`. */
  databaseUrl?: string | undefined;
  /** PGlite folder, or `memory://` for an in-memory database. */
  dataDir: string;
};

/** Opens the database and applies the committed migrations. */
export const openDatabase = async (options: DatabaseOptions): Promise<DatabaseHandle> => {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir);
};

const openPostgres = async (databaseUrl: string): Promise<DatabaseHandle> => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle client can be cut by the server (restart, failover, a dropped test database): the pool
  // replaces it on next use; without a listener the error would crash the process.
  pool.on('error', (error) => {
    if ((error as { code?: string }).code !== '57P01') console.warn('PostgreSQL idle client error:', error.message);
  });
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  await migratePg(db as never, { migrationsFolder });
  return { db, kind: 'postgres', close: () => pool.end() };
};

const openPglite = async (dataDir: string): Promise<DatabaseHandle> => {
  const inMemory = dataDir === 'memory://';
  let lock: DataDirLock | undefined;
  if (!inMemory) {
    fs.mkdirSync(dataDir, { recursive: true });
    lock = acquireDataDirLock(dataDir);
  }
  try {
    const client = inMemory ? new PGlite() : new PGlite(path.join(dataDir, 'pglite'));
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    await migratePglite(db as never, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      close: async () => {
        await client.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
};
