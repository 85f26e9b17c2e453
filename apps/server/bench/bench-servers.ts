import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config/config';
import { startServerProcess } from '../test/support/server-process';
import { SERVER_NODE_FLAGS } from './server-node-flags';

/**
 * What the benches share to measure the server as production runs it on PostgreSQL and Redis,
 * with WORKERS processes (src/cluster.ts). BENCH_DATABASE_URL: a PostgreSQL server (default the
 * local one; "off" skips); BENCH_REDIS_URL: Redis (default the local one; "off" skips the
 * multi-worker cases).
 */
export const BENCH_POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const BENCH_REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Production as an operator must set it (docs/decisions/0040-production-defaults.md), with
 * stand-ins: the benches send no mail and take no card.
 */
export const BENCH_PRODUCTION_ENV = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://127.0.0.1:9',
  PUBLIC_URL: 'http://127.0.0.1',
  PAYMENT_SANDBOX: 'on',
} as const;

export const isPostgresReachable = async (url = BENCH_POSTGRES_URL): Promise<boolean> => {
  if (url === 'off') return false;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
};

export const isRedisReachable = async (url = BENCH_REDIS_URL): Promise<boolean> => {
  if (url === 'off') return false;
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 1500, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
};

/** A fresh database on BENCH_DATABASE_URL's server: its URL, and how to drop it. */
export const createBenchDatabase = async (): Promise<{ url: string; drop: () => Promise<void> }> => {
  const name = `contrail_bench_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: BENCH_POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(BENCH_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: BENCH_POSTGRES_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
};

/** `pid`: the server's process (the primary with WORKERS above 1, its workers being its children). */
export type BenchServer = { baseUrl: string; pid: number; stop: () => Promise<void> };

/**
 * Starts `src/main.ts` as `npm start` runs it (the server's V8 flags, NODE_ENV=production) with
 * `workers` processes on `databaseUrl` and BENCH_REDIS_URL; resolves once /readyz answers 200.
 */
export const startBenchServer = async (databaseUrl: string, workers: number, env: Record<string, string> = {}): Promise<BenchServer> => {
  const server = await startServerProcess({
    nodeFlags: SERVER_NODE_FLAGS,
    env: {
      ...BENCH_PRODUCTION_ENV,
      LOG_LEVEL: 'error',
      RATE_LIMIT: 'off',
      DATABASE_URL: databaseUrl,
      REDIS_URL: BENCH_REDIS_URL,
      REDIS_KEY_PREFIX: `contrail-bench-${randomUUID()}:`,
      WORKERS: String(workers),
      ...env,
    },
    timeoutMs: 120_000,
    echoStderr: true,
  });
  return {
    baseUrl: server.baseUrl,
    pid: server.child.pid!,
    stop: async () => {
      await server.stop('SIGTERM');
    },
  };
};

/**
 * Where a benchmark's server keeps its data: a fresh PGlite folder, or a fresh database on the
 * PostgreSQL server. `env` is the server's configuration for it; `cleanup` removes it.
 */
const createBenchDataStore = async (kind: 'pglite' | 'postgres'): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> => {
  if (kind === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-bench-'));
    return { env: { DATA_DIR: dir }, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const database = await createBenchDatabase();
  return { env: { DATABASE_URL: database.url }, cleanup: database.drop };
};

type BenchApp = Awaited<ReturnType<typeof buildApp>>;

/**
 * Runs `work` against the server built in this process, as production runs it, on a fresh data
 * store of `kind` (`env` adds to its configuration). The server is closed and the store removed
 * afterwards, also when the server does not start (a busy machine) or `work` fails.
 */
export const withBenchApp = async <T>(kind: 'pglite' | 'postgres', env: Record<string, string>, work: (app: BenchApp) => Promise<T>): Promise<T> => {
  const store = await createBenchDataStore(kind);
  try {
    const app = await buildApp({ config: testConfig({ ...store.env, ...BENCH_PRODUCTION_ENV, LOG_LEVEL: 'silent', ...env }) });
    try {
      return await work(app);
    } finally {
      await app.close();
    }
  } finally {
    await store.cleanup();
  }
};

/** Runs a benchmark script's `main` and ends the process: 0 once it is done, 1 with the error. */
export const runBenchScript = (main: () => Promise<void>): void => {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
