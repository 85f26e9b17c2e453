/**
 * `npm run bench:ingest`: sustained frame ingestion with the flight engine running, for 500, 2,000
 * and 5,000 simultaneous flights at 1 Hz, next to the same server's bare Socket.IO echo, on PGlite
 * (a real data folder) and on PostgreSQL (when reachable). The load comes from a child process
 * (bench/ingest-load.ts) with one WebSocket per flight; the server runs here, in-process, exactly
 * as `npm start` builds it.
 *
 * Environment: BENCH_FLIGHTS (default "500,2000,5000"), BENCH_SECONDS (measured seconds per
 * scenario, default 20), BENCH_WARMUP_SECONDS (default 10), BENCH_RAMP_SECONDS (flights that have
 * not flown yet join over this many seconds at the start of the warm-up; default half of it),
 * BENCH_DATABASE_URL (PostgreSQL server,
 * default postgres://postgres@127.0.0.1:5432/postgres; "off" to skip), BENCH_DB ("pglite",
 * "postgres" or both by default), BENCH_REDIS_URL (default redis://127.0.0.1:6379; "off" to skip),
 * BENCH_CPU_PROFILE (a folder: a V8 CPU profile of the server over each run, echo and uplink, the window marked in it),
 * BENCH_HEAP_PROFILE (a folder: V8's sampling heap profile of each run instead, every allocation counted).
 * With PostgreSQL and Redis reachable, the same uplink load also runs against a WORKERS=2 server
 * started as `npm start` starts it (src/main.ts in its own process; no echo namespace there).
 * Ends with one JSON line per database: the largest flight count's figures, and for every flight
 * count the ratio of the ingest p99 to the echo's p99 in the same run, each acknowledgement's
 * breakdown (socket in, the flight's turn, engine, commit group window, commit queue, commit,
 * resume, ack write, ack out: ingest-breakdown.ts; BENCH_BREAKDOWN=off leaves the server's probe
 * unset), the CPU time per frame from /proc (the server, the PostgreSQL processes, the load
 * generator; the echo's per answer beside it), the write-ahead log written per frame and whether a
 * checkpoint started in the window, the frames sent against the rows stored, and the machine's load
 * average. PostgreSQL's line carries the two-worker case (CPU per frame of the
 * primary and its workers) and its ratios to the one-process case and to the echo.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config/config';
import type { Database } from '../src/db/database';
import { flightFrames } from '../src/modules/flight/flight.schema';
import { setIngestProbe } from '../src/modules/flight/ingest-probe';
import { breakdownOf, loadAverage, percentile, TimingLog, type Breakdown, type ClientAcks } from './ingest-breakdown';
import { cpuMicrosOfProcess, cpuMicrosOfTree, postgresCpuBetween, postgresCpuMicros } from './proc-cpu';
import { BENCH_POSTGRES_URL, BENCH_PRODUCTION_ENV, BENCH_REDIS_URL, createBenchDatabase, isPostgresReachable, isRedisReachable, runBenchScript, startBenchServer, withBenchApp } from './bench-servers';
import { seedFlights } from './ingest-seed';
import { slowestSeconds, watchStalls, type Stalls } from './ingest-stalls';
import { rerunWithServerNodeFlags, SERVER_NODE_FLAGS } from './server-node-flags';

const FLIGHT_COUNTS = (process.env.BENCH_FLIGHTS ?? '500,2000,5000').split(',').map((value) => Number.parseInt(value, 10));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
// New flights join over the first half of the warm-up (BENCH_RAMP_SECONDS=0: all in the first second).
const RAMP_SECONDS = Number(process.env.BENCH_RAMP_SECONDS ?? WARMUP_SECONDS / 2);
const DBS = (process.env.BENCH_DB ?? 'pglite,postgres').split(',');
const MAX_FLIGHTS = Math.max(...FLIGHT_COUNTS);
// FLIGHT_FRAME_COMMIT_MS from the environment tries another group-commit window.
const commitWindow: Record<string, string> = process.env.FLIGHT_FRAME_COMMIT_MS ? { FLIGHT_FRAME_COMMIT_MS: process.env.FLIGHT_FRAME_COMMIT_MS } : {};

const BREAKDOWN = process.env.BENCH_BREAKDOWN !== 'off';
// BENCH_CPU_PROFILE=<folder>: a V8 CPU profile of the in-process server over each run (echo and uplink), one file per pair.
const CPU_PROFILE_DIR = process.env.BENCH_CPU_PROFILE;
// BENCH_HEAP_PROFILE=<folder>: V8's sampling heap profile of the server over each run instead, every allocation counted.
const HEAP_PROFILE_DIR = process.env.BENCH_HEAP_PROFILE;

/**
 * Starts V8's sampling profiler in this process, before a run's warm-up: starting it holds the
 * event loop for about half a second, which must not land in the measured window. The returned
 * function stops it and writes the .cpuprofile, with the window's start and end added
 * (`windowStartUs`, `windowEndUs`, on the profile's own clock) to find the window in it.
 */
const startCpuProfile = async (file: string): Promise<RunProfile> => {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  const window = { startUs: 0, endUs: 0 };
  const profilerClockUs = () => Number(process.hrtime.bigint() / 1000n);
  return {
    markWindow: (at: 'start' | 'end') => {
      window[at === 'start' ? 'startUs' : 'endUs'] = profilerClockUs();
    },
    stop: async () => {
      const { profile } = await session.post('Profiler.stop');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify({ ...profile, windowStartUs: window.startUs, windowEndUs: window.endUs }));
      session.disconnect();
      log(`CPU profile of the run (window marked): ${file}`);
    },
  };
};

/**
 * Starts V8's sampling heap profiler in this process, before a run's warm-up, keeping the samples
 * of objects collected since: what the run allocated, by function, whatever became of it (a
 * scavenge's cost follows what survives, but how often scavenges come follows this). The returned
 * function stops it and writes the .heapprofile (Chrome DevTools, Memory tab).
 */
const startHeapProfile = async (file: string): Promise<RunProfile> => {
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', { samplingInterval: 8192, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  return {
    markWindow: () => {},
    stop: async () => {
      const { profile } = await session.post('HeapProfiler.stopSampling');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
      log(`Heap profile of the run (warm-up included): ${file}`);
    },
  };
};

/** A profile of the server over one run, started before its warm-up. */
type RunProfile = { markWindow: (at: 'start' | 'end') => void; stop: () => Promise<void> };

/** The profile BENCH_CPU_PROFILE or BENCH_HEAP_PROFILE asks for, of one run, if any. */
const startRunProfile = (name: string): Promise<RunProfile> | undefined => {
  if (HEAP_PROFILE_DIR) return startHeapProfile(path.join(HEAP_PROFILE_DIR, `${name}.heapprofile`));
  if (CPU_PROFILE_DIR) return startCpuProfile(path.join(CPU_PROFILE_DIR, `${name}.cpuprofile`));
  return undefined;
};

type GeneratorResult = {
  namespace: string;
  flights: number;
  sent: number;
  acked: number;
  errors: number;
  framesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  loadGeneratorCpuMicros: number;
  /**
   * The generator's own lag over the window: how late its frames left against their schedule, and
   * its event loop's longest delay. A stall there sends a burst, which the server then pays for.
   */
  loadGenerator: { sendLatenessMs: { p50: number; p99: number; max: number }; eventLoopDelayMaxMs: number };
  acks?: ClientAcks;
};
/** A run as measured: the generator's figures, the CPU used per acknowledged frame (µs), the breakdown. */
type RunResult = Omit<GeneratorResult, 'acks'> & {
  cpuMicrosPerFrame: { server: number | undefined; postgres: number | undefined; loadGenerator: number };
  breakdown?: Breakdown;
  /** The in-process server's event-loop delay and collector pauses over the window. */
  stalls?: Stalls;
  /** The window's seconds with the slowest acknowledgements, and their share of the slowest 1 %. */
  slowestSeconds?: ReturnType<typeof slowestSeconds>;
  /** Write-ahead log written over the window per acknowledged frame, bytes (every writer of that database counts). */
  walBytesPerFrame?: number;
  /**
   * Whether a checkpoint started during the window (the last checkpoint's redo position moved).
   * PostgreSQL spreads a timed checkpoint's writes over minutes: one that started earlier and is
   * still writing does not show here.
   */
  checkpointStartedInWindow?: boolean;
  loadAverage: number[];
};

const log = (message: string) => process.stderr.write(`${message}\n`);

/** Talks to the load generator: one request at a time, answered by one message. */
const startLoadGenerator = async () => {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'ingest-load.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // Structured clone: the acknowledgements' typed columns arrive as buffers, not as JSON to parse.
    serialization: 'advanced',
  });
  const pending: ((message: { type: string } & Record<string, unknown>) => void)[] = [];
  const marks = { onMark: (_at: 'start' | 'end') => {} };
  child.on('message', (message: { type: string } & Record<string, unknown>) => {
    if (message.type === 'error') throw new Error(`load generator: ${String(message.message)}`);
    if (message.type === 'mark') marks.onMark(message.at as 'start' | 'end');
    else pending.shift()?.(message);
  });
  const request = <T>(command: object): Promise<T> =>
    new Promise((resolve) => {
      pending.push(resolve as never);
      child.send(command);
    });
  await new Promise<void>((resolve) => pending.push(() => resolve()));
  return { request, child, marks };
};
type LoadGenerator = Awaited<ReturnType<typeof startLoadGenerator>>;

/**
 * One run of the generator, with the CPU time of the server (read by `serverCpu`), of
 * PostgreSQL and of the generator over the measured window, per acknowledged frame; with `probed`
 * (the server in this process), each acknowledgement's breakdown.
 */
const measuredRun = async (
  load: LoadGenerator,
  command: { namespace: 'uplink' | 'echo'; flights: number },
  serverCpu: () => number | undefined,
  probed: TimingLog | undefined,
  walPosition: (() => Promise<WalPosition>) | undefined,
  profileName?: string,
): Promise<RunResult> => {
  const wal: Promise<WalPosition>[] = [];
  const cpu = { server: [0, 0] as (number | undefined)[], postgres: [new Map(), new Map()] as Map<number, number>[] };
  let collecting = false;
  if (probed) {
    probed.clear();
    setIngestProbe((timing) => {
      if (collecting) probed.add(timing);
    });
  }
  const profile = profileName ? await startRunProfile(profileName) : undefined;
  let stopStalls: (() => (acks?: ClientAcks) => Stalls) | undefined;
  let reportStalls: ((acks?: ClientAcks) => Stalls) | undefined;
  load.marks.onMark = (at) => {
    const index = at === 'start' ? 0 : 1;
    cpu.server[index] = serverCpu();
    cpu.postgres[index] = postgresCpuMicros();
    collecting = at === 'start';
    if (walPosition) wal[index] = walPosition();
    profile?.markWindow(at);
    // Stalls and collector pauses are this process's: only when the server runs here.
    if (serverCpu === inProcessServerCpu && at === 'start') stopStalls = watchStalls();
    if (at === 'end') reportStalls = stopStalls?.();
  };
  const result = await load.request<GeneratorResult>({ type: 'run', ...command, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, rampSeconds: RAMP_SECONDS });
  await profile?.stop();
  setIngestProbe(undefined);
  const perFrame = (before: number | undefined, after: number | undefined) =>
    before === undefined || after === undefined || result.acked === 0 ? undefined : Math.round((after - before) / result.acked);
  const { acks, ...figures } = result;
  const [walAtStart, walAtEnd] = await Promise.all(wal);
  return {
    ...figures,
    cpuMicrosPerFrame: {
      server: perFrame(cpu.server[0], cpu.server[1]),
      postgres: perFrame(0, postgresCpuBetween(cpu.postgres[0]!, cpu.postgres[1]!)),
      loadGenerator: Math.round(result.loadGeneratorCpuMicros / Math.max(1, result.acked)),
    },
    ...(probed && acks ? { breakdown: breakdownOf(probed, acks) } : {}),
    ...(reportStalls ? { stalls: reportStalls(acks) } : {}),
    ...(acks ? { slowestSeconds: slowestSeconds(acks) } : {}),
    ...(walAtStart && walAtEnd && result.acked > 0
      ? { walBytesPerFrame: Math.round(Number(walAtEnd.bytes - walAtStart.bytes) / result.acked), checkpointStartedInWindow: walAtEnd.checkpointRedo !== walAtStart.checkpointRedo }
      : {}),
    loadAverage: loadAverage(),
  };
};

/**
 * The in-process server's CPU time: this process alone, without its descendants, since the load
 * generator is one of them (counting it made the server look twice as costly as it is).
 */
const inProcessServerCpu = () => cpuMicrosOfProcess(process.pid);

/**
 * Writes the seed's pages out before any window: a server that has run for a while has long
 * checkpointed its pilots and flights, and PGlite's first checkpoint job would otherwise write
 * 5,000 of each on the event loop in the middle of a window.
 */
const checkpointSeed = async (db: Database) => {
  await db.execute(sql`checkpoint`);
};

/** The database's write-ahead log position, in bytes from its start, and where its last checkpoint began. */
type WalPosition = { bytes: bigint; checkpointRedo: string };
const WAL_POSITION = "select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text as bytes, (select redo_lsn::text from pg_control_checkpoint()) as redo";
const walPositionOfRow = (row: { bytes: string; redo: string }): WalPosition => ({ bytes: BigInt(row.bytes), checkpointRedo: row.redo });
const walPositionOf = (db: Database) => async () => {
  const { rows } = (await db.execute(sql.raw(WAL_POSITION))) as { rows: { bytes: string; redo: string }[] };
  return walPositionOfRow(rows[0]!);
};

const benchDatabase = (kind: 'pglite' | 'postgres') =>
  withBenchApp(kind, { ...commitWindow, RATE_LIMIT: 'off' }, async (app) => {
    // The bare Socket.IO echo: same server, same transport and payload, no validation, engine or database.
    app.live.io.of('/bench-echo').on('connection', (socket) => {
      socket.on('frames', (batch: { frames: { seq: number }[] }, ack: (answer: unknown) => void) =>
        ack({ ackSeq: batch.frames.at(-1)?.seq ?? 0, rejected: [] }),
      );
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    log(`[${kind}] seeding ${MAX_FLIGHTS} pilots and flights...`);
    const seeded = await seedFlights(app, MAX_FLIGHTS);
    await checkpointSeed(app.deps.db);
    const load = await startLoadGenerator();
    try {
      log(`[${kind}] connecting ${MAX_FLIGHTS} trackers (one WebSocket each: /uplink + /bench-echo)...`);
      const started = performance.now();
      await load.request({ type: 'connect', baseUrl, flights: seeded });
      log(`[${kind}] connected in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      const rows: { flights: number; ingest: RunResult; echo: RunResult }[] = [];
      const probed = BREAKDOWN ? new TimingLog(seeded.map((flight) => flight.id), Math.ceil(MAX_FLIGHTS * SECONDS * 1.1)) : undefined;
      for (const count of FLIGHT_COUNTS) {
        const pair = rows.length + 1;
        const profileOf = (namespace: string) => `${namespace}-${kind}-${count}-pair${pair}`;
        const echo = await measuredRun(load, { namespace: 'echo', flights: count }, inProcessServerCpu, undefined, undefined, profileOf('echo'));
        const ingest = await measuredRun(load, { namespace: 'uplink', flights: count }, inProcessServerCpu, probed, walPositionOf(app.deps.db), profileOf('ingest'));
        rows.push({ flights: count, ingest, echo });
        log(
          `[${kind}] ${String(count).padStart(5)} flights @1 Hz: ingest ${ingest.framesPerSecond.toFixed(0)} frames/s, p50 ${ingest.p50Ms.toFixed(1)} ms, p99 ${ingest.p99Ms.toFixed(1)} ms, errors ${ingest.errors}` +
            ` | echo ${echo.framesPerSecond.toFixed(0)}/s, p99 ${echo.p99Ms.toFixed(1)} ms | p99 ${(ingest.p99Ms / echo.p99Ms).toFixed(2)} times the echo's` +
            ` | server CPU ${ingest.cpuMicrosPerFrame.server} µs/frame (echo ${echo.cpuMicrosPerFrame.server} µs), PostgreSQL ${ingest.cpuMicrosPerFrame.postgres} µs/frame, WAL ${ingest.walBytesPerFrame} B/frame${ingest.checkpointStartedInWindow ? ', a checkpoint started in the window' : ''}` +
            ` | generator sent up to ${ingest.loadGenerator.sendLatenessMs.max.toFixed(0)} ms late | load ${ingest.loadAverage.join(' ')}`,
        );
        if (ingest.breakdown) log(`[${kind}]   p99 tail (mean of the slowest 1 %, ms): ${JSON.stringify(ingest.breakdown.tailMeans)}; commit groups: ${JSON.stringify(ingest.breakdown.groups)}`);
        if (ingest.stalls) log(`[${kind}]   stalls: ${JSON.stringify(ingest.stalls)}, slowest seconds: ${JSON.stringify(ingest.slowestSeconds)}`);
      }
      const saturated = await load.request<{ echoPerSecond: number }>({ type: 'saturate', flights: MAX_FLIGHTS, seconds: 5 });
      log(`[${kind}] bare Socket.IO echo capacity (${MAX_FLIGHTS} sockets, one request in flight each): ${saturated.echoPerSecond.toFixed(0)}/s`);
      const { uplinkSent } = await load.request<{ uplinkSent: number }>({ type: 'close' });
      await new Promise((resolve) => setTimeout(resolve, 1000)); // the last group commits
      const [stored] = await app.deps.db.select({ count: count() }).from(flightFrames);
      return { rows, baselineEchoPerSecond: saturated.echoPerSecond, frames: { sent: uplinkSent, stored: stored?.count ?? 0 } };
    } finally {
      setIngestProbe(undefined);
      load.child.kill();
    }
  });

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
    const seeded = await seedFlights(seeder, MAX_FLIGHTS)
      .then(async (flights) => {
        await checkpointSeed(seeder.deps.db);
        return flights;
      })
      .finally(() => seeder.close());
    const started = await startBenchServer(database.url, workers, commitWindow);
    server.stop = started.stop;
    log(`[postgres, ${workers} workers] connecting ${MAX_FLIGHTS} trackers (one WebSocket each: /uplink)...`);
    await load.request({ type: 'connect', baseUrl: started.baseUrl, flights: seeded, echo: false });
    const rows: { flights: number; ingest: RunResult }[] = [];
    // One connection of this process's own: the log's position around each window, then the rows stored.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const walPosition = async () => walPositionOfRow((await client.query<{ bytes: string; redo: string }>(WAL_POSITION)).rows[0]!);
    for (const flightCount of FLIGHT_COUNTS) {
      const ingest = await measuredRun(load, { namespace: 'uplink', flights: flightCount }, () => cpuMicrosOfTree(started.pid), undefined, walPosition);
      rows.push({ flights: flightCount, ingest });
      log(
        `[postgres, ${workers} workers] ${String(flightCount).padStart(5)} flights @1 Hz: ingest ${ingest.framesPerSecond.toFixed(0)} frames/s, p50 ${ingest.p50Ms.toFixed(1)} ms, p99 ${ingest.p99Ms.toFixed(1)} ms, errors ${ingest.errors}` +
          ` | server CPU ${ingest.cpuMicrosPerFrame.server} µs/frame, PostgreSQL ${ingest.cpuMicrosPerFrame.postgres} µs/frame | load ${ingest.loadAverage.join(' ')}`,
      );
    }
    const { uplinkSent } = await load.request<{ uplinkSent: number }>({ type: 'close' });
    await new Promise((resolve) => setTimeout(resolve, 1000)); // the last group commits
    const stored = Number((await client.query<{ count: string }>('select count(*) from flight_frames')).rows[0]?.count ?? 0);
    await client.end();
    return { rows, frames: { sent: uplinkSent, stored } };
  } finally {
    load.child.kill();
    await server.stop();
    await database.drop();
  }
};

const round1 = (value: number) => Math.round(value * 10) / 10;
const round2 = (value: number) => Math.round(value * 100) / 100;

/** For each flight count: its pairs' p99 ratios (uplink over echo), in order, and their median. */
const medianRatioByFlights = (rows: { flights: number; ingest: RunResult; echo: RunResult }[]) => {
  const ratios = new Map<number, number[]>();
  for (const row of rows) ratios.set(row.flights, [...(ratios.get(row.flights) ?? []), row.ingest.p99Ms / row.echo.p99Ms]);
  return [...ratios].map(([flights, runs]) => ({ flights, runs: runs.map(round2), median: round2(percentile(Float64Array.from(runs).sort(), 0.5)) }));
};

const main = async () => {
  rerunWithServerNodeFlags(import.meta.filename);
  log(`bench:ingest on ${os.cpus().length} cores, node ${process.version} ${process.execArgv.filter((flag) => SERVER_NODE_FLAGS.includes(flag)).join(' ')}: ${FLIGHT_COUNTS.join(', ')} flights, ${SECONDS} s measured after ${WARMUP_SECONDS} s warm-up (new flights joining over the first ${RAMP_SECONDS} s)`);
  const summaries: object[] = [];
  for (const kind of ['pglite', 'postgres'] as const) {
    if (!DBS.includes(kind)) continue;
    if (kind === 'postgres' && !(await isPostgresReachable())) {
      log(`[postgres] skipped: PostgreSQL not reachable at ${BENCH_POSTGRES_URL}`);
      continue;
    }
    const { rows, baselineEchoPerSecond, frames } = await benchDatabase(kind);
    const largest = rows.at(-1)!;
    let workers2: object | undefined;
    if (kind === 'postgres' && !(await isRedisReachable())) log(`[postgres, 2 workers] skipped: Redis not reachable at ${BENCH_REDIS_URL}`);
    else if (kind === 'postgres') {
      const clusteredRun = await benchWorkers(2);
      const clustered = clusteredRun.rows.at(-1)!.ingest;
      workers2 = {
        framesPerSecond: Math.round(clustered.framesPerSecond),
        p50Ms: round1(clustered.p50Ms),
        p99Ms: round1(clustered.p99Ms),
        errors: clustered.errors,
        framesPerSecondOverOneProcess: round2(clustered.framesPerSecond / largest.ingest.framesPerSecond),
        p99OverOneProcess: round2(clustered.p99Ms / largest.ingest.p99Ms),
        p99OverEchoP99At1Hz: round2(clustered.p99Ms / largest.echo.p99Ms),
        cpuMicrosPerFrame: clustered.cpuMicrosPerFrame,
        serverCpuPerFrameOverOneProcess:
          clustered.cpuMicrosPerFrame.server && largest.ingest.cpuMicrosPerFrame.server
            ? round2(clustered.cpuMicrosPerFrame.server / largest.ingest.cpuMicrosPerFrame.server)
            : undefined,
        loadAverage: clustered.loadAverage,
        frames: clusteredRun.frames,
        byFlights: clusteredRun.rows.map((row) => ({
          flights: row.flights,
          framesPerSecond: Math.round(row.ingest.framesPerSecond),
          p50Ms: round1(row.ingest.p50Ms),
          p99Ms: round1(row.ingest.p99Ms),
          errors: row.ingest.errors,
          cpuMicrosPerFrame: row.ingest.cpuMicrosPerFrame,
          walBytesPerFrame: row.ingest.walBytesPerFrame,
          checkpointStartedInWindow: row.ingest.checkpointStartedInWindow,
          loadGenerator: row.ingest.loadGenerator,
        })),
      };
    }
    summaries.push({
      db: kind,
      flights: largest.flights,
      framesPerSecond: Math.round(largest.ingest.framesPerSecond),
      p50Ms: round1(largest.ingest.p50Ms),
      p99Ms: round1(largest.ingest.p99Ms),
      baselineEchoPerSecond: Math.round(baselineEchoPerSecond),
      echoP99MsAt1Hz: round1(largest.echo.p99Ms),
      p99OverEchoP99: round2(largest.ingest.p99Ms / largest.echo.p99Ms),
      errors: largest.ingest.errors,
      cpuMicrosPerFrame: largest.ingest.cpuMicrosPerFrame,
      walBytesPerFrame: largest.ingest.walBytesPerFrame,
      // Every frame the generator sent up the uplink, against the rows stored: equal when none was lost.
      frames,
      loadAverage: largest.ingest.loadAverage,
      byFlights: rows.map((row) => ({
        flights: row.flights,
        framesPerSecond: Math.round(row.ingest.framesPerSecond),
        p50Ms: round1(row.ingest.p50Ms),
        p99Ms: round1(row.ingest.p99Ms),
        echoP99Ms: round1(row.echo.p99Ms),
        p99OverEchoP99: round2(row.ingest.p99Ms / row.echo.p99Ms),
        errors: row.ingest.errors,
        cpuMicrosPerFrame: row.ingest.cpuMicrosPerFrame,
        walBytesPerFrame: row.ingest.walBytesPerFrame,
        checkpointStartedInWindow: row.ingest.checkpointStartedInWindow,
        loadGenerator: row.ingest.loadGenerator,
        echoLoadGenerator: row.echo.loadGenerator,
        echoCpuMicrosPerAnswer: row.echo.cpuMicrosPerFrame.server,
        breakdown: row.ingest.breakdown,
        stalls: row.ingest.stalls,
        echoStalls: row.echo.stalls,
        slowestSeconds: row.ingest.slowestSeconds,
        loadAverage: row.ingest.loadAverage,
      })),
      // A count listed more than once (BENCH_FLIGHTS=5000,5000,5000) is measured in as many echo and
      // uplink pairs; on a machine whose echo p99 moves threefold between runs, the median pair says more.
      medianP99OverEchoP99ByFlights: medianRatioByFlights(rows),
      ...(workers2 ? { workers2 } : {}),
    });
  }
  for (const summary of summaries) console.log(JSON.stringify(summary));
};

runBenchScript(main);
