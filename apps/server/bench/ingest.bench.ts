/**
 * `npm run bench:ingest`: sustained frame ingestion with the flight engine running, for 500, 2,000
 * and 5,000 simultaneous flights at 1 Hz, next to the same server's bare Socket.IO echo, on PGlite
 * (a real data folder) and on PostgreSQL (when reachable). The load comes from a child process
 * (bench/ingest-load.ts) with one WebSocket per flight; the server runs here, in-process, exactly
 * as `npm start` builds it.
 *
 * Environment: BENCH_FLIGHTS (default "500,2000,5000"), BENCH_SECONDS (measured seconds per
 * scenario, default 20), BENCH_WARMUP_SECONDS (default 5), BENCH_DATABASE_URL (PostgreSQL server,
 * default postgres://postgres@127.0.0.1:5432/postgres; "off" to skip), BENCH_DB ("pglite",
 * "postgres" or both by default), BENCH_REDIS_URL (default redis://127.0.0.1:6379; "off" to skip).
 * With PostgreSQL and Redis reachable, the same uplink load also runs against a WORKERS=2 server
 * started as `npm start` starts it (src/main.ts in its own process; no echo namespace there).
 * Ends with one JSON line per database for the largest flight count; PostgreSQL's line carries
 * the two-worker case and its ratios to the one-process case and to the echo.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { TRegisteredFlight } from '@contrail/domain/flight-api/flight-contract';
import { buildApp, type App } from '../src/app';
import { testConfig } from '../src/config/config';
import { flights, users } from '../src/db/schema/index';
import { generateFlightToken } from '../src/modules/flight/flight-token';
import { BENCH_POSTGRES_URL, BENCH_PRODUCTION_ENV, BENCH_REDIS_URL, createBenchDatabase, isPostgresReachable, isRedisReachable, startBenchServer } from './bench-servers';
import { rerunWithServerNodeFlags } from './server-node-flags';

const FLIGHT_COUNTS = (process.env.BENCH_FLIGHTS ?? '500,2000,5000').split(',').map((value) => Number.parseInt(value, 10));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const DBS = (process.env.BENCH_DB ?? 'pglite,postgres').split(',');
const MAX_FLIGHTS = Math.max(...FLIGHT_COUNTS);
// FLIGHT_FRAME_COMMIT_MS from the environment tries another group-commit window.
const commitWindow: Record<string, string> = process.env.FLIGHT_FRAME_COMMIT_MS ? { FLIGHT_FRAME_COMMIT_MS: process.env.FLIGHT_FRAME_COMMIT_MS } : {};

type RunResult = { namespace: string; flights: number; sent: number; acked: number; errors: number; framesPerSecond: number; p50Ms: number; p99Ms: number; maxMs: number };

const log = (message: string) => process.stderr.write(`${message}\n`);

/** Talks to the load generator: one request at a time, answered by one message. */
const startLoadGenerator = async () => {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'ingest-load.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending: ((message: { type: string } & Record<string, unknown>) => void)[] = [];
  child.on('message', (message: { type: string } & Record<string, unknown>) => {
    if (message.type === 'error') throw new Error(`load generator: ${String(message.message)}`);
    pending.shift()?.(message);
  });
  const request = <T>(command: object): Promise<T> =>
    new Promise((resolve) => {
      pending.push(resolve as never);
      child.send(command);
    });
  await new Promise<void>((resolve) => pending.push(() => resolve()));
  return { request, child };
};

/** MAX_FLIGHTS pilots, each with a flight in progress (one registered through the API, the rest cloned in bulk). */
const seedFlights = async (app: App): Promise<{ id: string; token: string }[]> => {
  const db = app.deps.db;
  const now = app.deps.clock.now();
  const userRows = Array.from({ length: MAX_FLIGHTS }, (_, i) => ({
    userName: `bench${i}-${randomUUID().slice(0, 8)}`,
    email: `bench${i}-${randomUUID().slice(0, 8)}@example.test`,
    mfId: randomUUID().slice(0, 12),
    emailVerified: true,
    passwordHash: 'not-a-real-hash',
    createdAt: now,
    updatedAt: now,
  }));
  const created: { id: string; userName: string }[] = [];
  for (let start = 0; start < userRows.length; start += 1000) {
    created.push(...(await db.insert(users).values(userRows.slice(start, start + 1000)).returning({ id: users.id, userName: users.userName })));
  }
  const first = created[0]!;
  const { token: accessToken } = await app.accessTokens.issue(first, now);
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/flight',
    headers: { authorization: `Bearer ${accessToken}` },
    payload: { cruiseLevel: 24_000, flightNumber: 'BENCH0', aircraftIcao: 'A320', departureAirportIdent: 'EGLL', arrivalAirportIdent: 'LFPG' },
  });
  if (response.statusCode !== 200) throw new Error(`registration failed: ${response.body}`);
  const registered = response.json<TRegisteredFlight>();
  const [template] = await db.select().from(flights).where(eq(flights.id, registered.id));
  if (!template) throw new Error('registered flight not found');
  const result = [{ id: registered.id, token: registered.token }];
  const rows = created.slice(1).map((user, i) => {
    const { token, tokenHash } = generateFlightToken();
    const id = randomUUID();
    result.push({ id, token });
    const { id: _id, userId: _userId, tokenHash: _hash, flightNumber: _number, ...rest } = template;
    return { ...rest, id, userId: user.id, tokenHash, flightNumber: `BENCH${i + 1}` };
  });
  for (let start = 0; start < rows.length; start += 500) await db.insert(flights).values(rows.slice(start, start + 500));
  return result;
};

const benchDatabase = async (kind: 'pglite' | 'postgres') => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  if (kind === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-bench-'));
    env = { DATA_DIR: dir };
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  } else {
    const database = await createBenchDatabase();
    env = { DATABASE_URL: database.url };
    cleanup = database.drop;
  }

  const app = await buildApp({ config: testConfig({ ...env, ...commitWindow, ...BENCH_PRODUCTION_ENV, LOG_LEVEL: 'silent', RATE_LIMIT: 'off' }) });
  // The bare Socket.IO echo: same server, same transport and payload, no validation, engine or database.
  app.live.io.of('/bench-echo').on('connection', (socket) => {
    socket.on('frames', (batch: { frames: { seq: number }[] }, ack: (answer: unknown) => void) =>
      ack({ ackSeq: batch.frames.at(-1)?.seq ?? 0, rejected: [] }),
    );
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  log(`[${kind}] seeding ${MAX_FLIGHTS} pilots and flights...`);
  const seeded = await seedFlights(app);
  const load = await startLoadGenerator();
  try {
    log(`[${kind}] connecting ${MAX_FLIGHTS} trackers (one WebSocket each: /uplink + /bench-echo)...`);
    const started = performance.now();
    await load.request({ type: 'connect', baseUrl, flights: seeded });
    log(`[${kind}] connected in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const rows: { flights: number; ingest: RunResult; echo: RunResult }[] = [];
    for (const count of FLIGHT_COUNTS) {
      const echo = await load.request<RunResult>({ type: 'run', namespace: 'echo', flights: count, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS });
      const ingest = await load.request<RunResult>({ type: 'run', namespace: 'uplink', flights: count, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS });
      rows.push({ flights: count, ingest, echo });
      log(
        `[${kind}] ${String(count).padStart(5)} flights @1 Hz: ingest ${ingest.framesPerSecond.toFixed(0)} frames/s, p50 ${ingest.p50Ms.toFixed(1)} ms, p99 ${ingest.p99Ms.toFixed(1)} ms, errors ${ingest.errors}` +
          ` | echo ${echo.framesPerSecond.toFixed(0)}/s, p99 ${echo.p99Ms.toFixed(1)} ms`,
      );
    }
    const saturated = await load.request<{ echoPerSecond: number }>({ type: 'saturate', flights: MAX_FLIGHTS, seconds: 5 });
    log(`[${kind}] bare Socket.IO echo capacity (${MAX_FLIGHTS} sockets, one request in flight each): ${saturated.echoPerSecond.toFixed(0)}/s`);
    await load.request({ type: 'close' });
    return { rows, baselineEchoPerSecond: saturated.echoPerSecond };
  } finally {
    load.child.kill();
    await app.close();
    await cleanup();
  }
};

/**
 * The uplink load against a server of `workers` processes on a fresh PostgreSQL database: seeded
 * in this process, served by src/main.ts in its own (cluster.ts), loaded from the generator.
 */
const benchWorkers = async (workers: number) => {
  const database = await createBenchDatabase();
  const server = { stop: async () => {} };
  const load = await startLoadGenerator();
  try {
    const seeder = await buildApp({ config: testConfig({ DATABASE_URL: database.url, ...BENCH_PRODUCTION_ENV, LOG_LEVEL: 'silent' }) });
    log(`[postgres, ${workers} workers] seeding ${MAX_FLIGHTS} pilots and flights...`);
    const seeded = await seedFlights(seeder).finally(() => seeder.close());
    const started = await startBenchServer(database.url, workers, commitWindow);
    server.stop = started.stop;
    log(`[postgres, ${workers} workers] connecting ${MAX_FLIGHTS} trackers (one WebSocket each: /uplink)...`);
    await load.request({ type: 'connect', baseUrl: started.baseUrl, flights: seeded, echo: false });
    const rows: { flights: number; ingest: RunResult }[] = [];
    for (const count of FLIGHT_COUNTS) {
      const ingest = await load.request<RunResult>({ type: 'run', namespace: 'uplink', flights: count, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS });
      rows.push({ flights: count, ingest });
      log(`[postgres, ${workers} workers] ${String(count).padStart(5)} flights @1 Hz: ingest ${ingest.framesPerSecond.toFixed(0)} frames/s, p50 ${ingest.p50Ms.toFixed(1)} ms, p99 ${ingest.p99Ms.toFixed(1)} ms, errors ${ingest.errors}`);
    }
    await load.request({ type: 'close' });
    return rows;
  } finally {
    load.child.kill();
    await server.stop();
    await database.drop();
  }
};

const round1 = (value: number) => Math.round(value * 10) / 10;
const round2 = (value: number) => Math.round(value * 100) / 100;

const main = async () => {
  rerunWithServerNodeFlags(import.meta.filename);
  log(`bench:ingest on ${os.cpus().length} cores, node ${process.version} ${process.execArgv.filter((flag) => flag.startsWith('--max')).join(' ')}: ${FLIGHT_COUNTS.join(', ')} flights, ${SECONDS} s measured after ${WARMUP_SECONDS} s warm-up`);
  const summaries: object[] = [];
  for (const kind of ['pglite', 'postgres'] as const) {
    if (!DBS.includes(kind)) continue;
    if (kind === 'postgres' && !(await isPostgresReachable())) {
      log(`[postgres] skipped: PostgreSQL not reachable at ${BENCH_POSTGRES_URL}`);
      continue;
    }
    const { rows, baselineEchoPerSecond } = await benchDatabase(kind);
    const largest = rows.at(-1)!;
    let workers2: object | undefined;
    if (kind === 'postgres' && !(await isRedisReachable())) log(`[postgres, 2 workers] skipped: Redis not reachable at ${BENCH_REDIS_URL}`);
    else if (kind === 'postgres') {
      const clustered = (await benchWorkers(2)).at(-1)!.ingest;
      workers2 = {
        framesPerSecond: Math.round(clustered.framesPerSecond),
        p99Ms: round1(clustered.p99Ms),
        errors: clustered.errors,
        framesPerSecondOverOneProcess: round2(clustered.framesPerSecond / largest.ingest.framesPerSecond),
        p99OverOneProcess: round2(clustered.p99Ms / largest.ingest.p99Ms),
        p99OverEchoP99At1Hz: round2(clustered.p99Ms / largest.echo.p99Ms),
      };
    }
    summaries.push({
      db: kind,
      flights: largest.flights,
      framesPerSecond: Math.round(largest.ingest.framesPerSecond),
      p99Ms: Math.round(largest.ingest.p99Ms * 10) / 10,
      baselineEchoPerSecond: Math.round(baselineEchoPerSecond),
      echoP99MsAt1Hz: Math.round(largest.echo.p99Ms * 10) / 10,
      errors: largest.ingest.errors,
      byFlights: rows.map((row) => ({ flights: row.flights, framesPerSecond: Math.round(row.ingest.framesPerSecond), p99Ms: Math.round(row.ingest.p99Ms * 10) / 10 })),
      ...(workers2 ? { workers2 } : {}),
    });
  }
  for (const summary of summaries) console.log(JSON.stringify(summary));
};

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
