// `npm run bench:test-db`: the fixed cost a server test file pays before its first test, the old
// way (a new database, migrated) and the new way (a copy of the run's migrated template:
// docs/decisions/0018). It alternates the two ROUNDS times in one process, so both see the same
// machine load, and ends with one JSON line of medians in milliseconds: database only, and database
// plus the app built and ready (what createTestApp costs). PostgreSQL too when TEST_DATABASE_URL is set.
import { randomUUID } from 'node:crypto';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config/config';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { createManualClock } from '../src/lib/clock';
import {
  createPostgresDatabase,
  createPostgresTemplate,
  dropPostgresDatabase,
  postgresUrlOf,
} from '../test/support/test-database-template';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return Math.round(sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2);
};

/** Milliseconds to open the database, and to open it and build the app on it. */
const measure = async (open: () => Promise<{ handle: DatabaseHandle; dispose: () => Promise<void> }>) => {
  const started = performance.now();
  const { handle, dispose } = await open();
  const databaseMs = performance.now() - started;
  const app = await buildApp({ config: testConfig(), clock: createManualClock(), database: handle });
  await app.ready();
  const withAppMs = performance.now() - started;
  await app.close();
  await handle.close();
  await dispose();
  return { databaseMs, withAppMs };
};

const compare = async (fresh: Parameters<typeof measure>[0], fromTemplate: Parameters<typeof measure>[0]) => {
  const runs = { fresh: [] as { databaseMs: number; withAppMs: number }[], template: [] as { databaseMs: number; withAppMs: number }[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    runs.fresh.push(await measure(fresh));
    runs.template.push(await measure(fromTemplate));
  }
  return {
    freshDatabaseMs: median(runs.fresh.map((run) => run.databaseMs)),
    templateDatabaseMs: median(runs.template.map((run) => run.databaseMs)),
    freshWithAppMs: median(runs.fresh.map((run) => run.withAppMs)),
    templateWithAppMs: median(runs.template.map((run) => run.withAppMs)),
  };
};

const main = async () => {
  const noDispose = async () => undefined;
  const templateStarted = performance.now();
  const source = await openDatabase({ dataDir: 'memory://' });
  const dump = await source.dumpDataDir!();
  await source.close();
  const pgliteTemplateOnceMs = Math.round(performance.now() - templateStarted);
  const pglite = await compare(
    async () => ({ handle: await openDatabase({ dataDir: 'memory://' }), dispose: noDispose }),
    async () => ({ handle: await openDatabase({ dataDir: 'memory://', pgliteDump: dump }), dispose: noDispose }),
  );
  const result: Record<string, unknown> = { rounds: ROUNDS, pgliteTemplateOnceMs, pglite };

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = await createPostgresTemplate(serverUrl);
    const copy = (from?: string) => async () => {
      const name = `contrail_bench_${randomUUID().replaceAll('-', '')}`;
      await createPostgresDatabase(serverUrl, name, from);
      const handle = await openDatabase({ databaseUrl: postgresUrlOf(serverUrl, name), dataDir: 'memory://' });
      return { handle, dispose: () => dropPostgresDatabase(serverUrl, name) };
    };
    try {
      result.postgres = await compare(copy(), copy(template));
    } finally {
      await dropPostgresDatabase(serverUrl, template);
    }
  }
  console.log(JSON.stringify(result));
};

await main();
