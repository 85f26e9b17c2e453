import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { buildApp, type App } from '../../src/app';
import { testConfig, type AppConfig } from '../../src/config/config';
import { openDatabase, type DatabaseHandle } from '../../src/db/database';
import { createManualClock } from '../../src/lib/clock';

/**
 * A database for one test file: in-memory PGlite by default, or a fresh, uniquely named database on
 * the PostgreSQL of TEST_DATABASE_URL (dropped afterwards).
 */
export const openTestDatabase = async (): Promise<DatabaseHandle> => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ dataDir: 'memory://' });
  const name = `contrail_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
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
