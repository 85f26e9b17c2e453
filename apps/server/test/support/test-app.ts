import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { buildApp, type App } from '../../src/app';
import { testConfig, type AppConfig } from '../../src/config/config';
import { openDatabase, pgliteFolderOf, type DatabaseHandle } from '../../src/db/database';
import { createManualClock } from '../../src/lib/clock';
import { createPostgresDatabase, dropPostgresDatabase, postgresUrlOf } from './test-database-template';

/**
 * A database for one test file: an in-memory PGlite loaded from the run's migrated dump, or on the
 * PostgreSQL of TEST_DATABASE_URL a uniquely named copy of the run's migrated template (dropped
 * afterwards). Without the global setup (a file run outside the server project) it migrates a new one.
 */
export type TestDatabase = DatabaseHandle & {
  /** Another handle on the same database, as a second server instance would have (PGlite: the same one; its close does nothing). */
  connectAgain: () => Promise<DatabaseHandle>;
};

let pgliteDump: Blob | undefined;
/** The run's migrated PGlite dump, read once per test file (worker). */
const migratedPgliteDump = (): Blob | undefined => {
  const file = inject('pgliteTemplateFile');
  if (!file) return undefined;
  pgliteDump ??= new Blob([fs.readFileSync(file)]);
  return pgliteDump;
};

/**
 * Fills a new, empty DATA_DIR with the run's migrated PGlite, as a server started on it would leave
 * it: about a second, where initdb and the migrations on disk take ten or more. Without the global
 * setup (a file run outside the server project, or a PostgreSQL run) the folder stays empty, and
 * the first server on it migrates it as a newcomer's would.
 */
export const seedMigratedDataDir = async (dataDir: string): Promise<void> => {
  const dump = migratedPgliteDump();
  if (!dump) return;
  const client = new PGlite(pgliteFolderOf(dataDir), { loadDataDir: dump });
  await client.waitReady;
  await client.close();
};

export const openTestDatabase = async (): Promise<TestDatabase> => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ dataDir: 'memory://', pgliteDump: migratedPgliteDump() });
    return { ...handle, connectAgain: async () => ({ ...handle, close: async () => undefined }) };
  }
  const name = `contrail_test_${randomUUID().replaceAll('-', '')}`;
  await createPostgresDatabase(serverUrl, name, inject('postgresTemplate') ?? undefined);
  const url = postgresUrlOf(serverUrl, name);
  const handle = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  return {
    ...handle,
    connectAgain: () => openDatabase({ databaseUrl: url, dataDir: 'memory://' }),
    close: async () => {
      await handle.close();
      await dropPostgresDatabase(serverUrl, name);
    },
  };
};

export type TestApp = {
  app: App;
  clock: ReturnType<typeof createManualClock>;
  config: AppConfig;
  close: () => Promise<void>;
};

/** Builds the real app on a test database with a manual clock. Call `close` in afterAll. */
export const createTestApp = async (overrides: Partial<Record<keyof AppConfig, string>> = {}): Promise<TestApp> => {
  const database = await openTestDatabase();
  const clock = createManualClock(new Date());
  const config = testConfig(overrides);
  const app = await buildApp({ config, clock, database });
  await app.ready();
  return {
    app,
    clock,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
};
