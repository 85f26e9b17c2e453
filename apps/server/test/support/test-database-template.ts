import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { openDatabase } from '../../src/db/database';

// What the setup hands every test file (vitest's provide / inject).
declare module 'vitest' {
  // Vitest's declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** A tar of a migrated PGlite data folder (PGlite runs). */
    pgliteTemplateFile: string | null;
    /** A migrated database to copy with CREATE DATABASE ... TEMPLATE (TEST_DATABASE_URL runs). */
    postgresTemplate: string | null;
  }
}

/**
 * The migrated database every server test file starts from (docs/decisions/0018): made once per
 * run by the global setup, copied per file. Starting an empty PGlite runs initdb (seconds); loading
 * a dump of a migrated one takes a fraction of that. On PostgreSQL, CREATE DATABASE ... TEMPLATE
 * copies a migrated database instead of migrating each new one.
 */

/** Migrates an in-memory PGlite and writes its data folder as a tar to `file`. */
export const writePgliteTemplate = async (file: string): Promise<void> => {
  const handle = await openDatabase({ dataDir: 'memory://' });
  try {
    const dump = await handle.dumpDataDir!();
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
};

export const postgresUrlOf = (serverUrl: string, database: string): string => {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

const adminQuery = async (serverUrl: string, text: string): Promise<void> => {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
};

/** Creates and migrates a template database on the server; returns its name. No connection stays open to it. */
export const createPostgresTemplate = async (serverUrl: string): Promise<string> => {
  const name = `contrail_template_${randomUUID().replaceAll('-', '')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const handle = await openDatabase({ databaseUrl: postgresUrlOf(serverUrl, name), dataDir: 'memory://' });
  await handle.close();
  return name;
};

/** A new database copied from the template (or empty when there is none). */
export const createPostgresDatabase = async (serverUrl: string, name: string, template?: string): Promise<void> =>
  adminQuery(serverUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);

export const dropPostgresDatabase = async (serverUrl: string, name: string): Promise<void> =>
  adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
