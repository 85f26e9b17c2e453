import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type App } from '../../../src/app';
import { testConfig, type AppConfig } from '../../../src/config/config';
import { createManualClock } from '../../../src/lib/clock';
import { seedMigratedDataDir } from '../../support/test-app';

/**
 * One database that outlives the apps built on it, to stop a server and start another on the same
 * data: PGlite in a temporary DATA_DIR, or a fresh database on TEST_DATABASE_URL's PostgreSQL.
 */
export type SharedDatabase = {
  kind: 'pglite' | 'postgres';
  /** Environment for a server process or a config: DATA_DIR or DATABASE_URL. */
  env: Record<string, string>;
  /** Builds an app that opens (and on close, closes) the database itself. */
  buildApp: (overrides?: Partial<Record<keyof AppConfig, string>>) => Promise<App>;
  drop: () => Promise<void>;
};

/**
 * `postgresUrl` forces PostgreSQL (a server URL; a fresh database is made on it); `false` forces
 * PGlite. A PGlite folder starts migrated (seeded from the run's dump) unless `empty` is asked for.
 */
export const createSharedDatabase = async (postgresUrl?: string | false, options: { empty?: boolean } = {}): Promise<SharedDatabase> => {
  const serverUrl = postgresUrl === false ? undefined : (postgresUrl ?? process.env.TEST_DATABASE_URL);
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  if (serverUrl) {
    const name = `contrail_test_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString() };
    drop = async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-flight-'));
    if (!options.empty) await seedMigratedDataDir(dir);
    env = { DATA_DIR: dir };
    drop = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const clock = createManualClock(new Date());
  return {
    kind: serverUrl ? 'postgres' : 'pglite',
    env,
    buildApp: async (overrides = {}) => {
      const app = await buildApp({ config: testConfig({ ...env, ...overrides }), clock });
      await app.ready();
      return app;
    },
    drop,
  };
};
