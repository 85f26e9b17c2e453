/**
 * `npx tsx apps/server/bench/ingest-promotion.bench.ts`: how many bytes each commit group of frame
 * ingestion moves to V8's old generation, without sockets. Bytes promoted there are what makes
 * full collections come (decision 0064); at 5,000 flights PGlite's path promoted about twice as
 * much per frame as PostgreSQL's. Here a timer allocates short-lived objects at about 100 MB a
 * second (a scavenge about every second, as at 5,000 flights), and in alternating periods of
 * BENCH_SECONDS (default 10) the loop every 5 ms either does nothing, only builds a group's
 * parameters and protocol message (`build`), or writes a group of BENCH_GROUP_ROWS frames
 * (default 100) through the frame writer's statement (`write`). Promoted bytes come from V8's heap
 * statistics around each scavenge. Each period ends with young collections, then a full one: the
 * buffer memory only the full one freed is what the period left for it (V8 starts a full
 * collection when that grows by its allowance). Ends with one JSON line: per group and per frame,
 * what `build` and `write` promote and leave in buffers beyond the quietest idle period. On PGlite
 * the writes are synchronous and leave the garbage timer few turns, so a `write` period may see
 * no scavenge at all and read low: the server's own figures (bench:ingest's stalls) are the ones
 * to trust (decision 0067).
 *
 * Environment: BENCH_DB ("pglite" by default, or "postgres"), BENCH_DATABASE_URL, BENCH_SECONDS,
 * BENCH_GROUP_ROWS. Run it with the server's flags: `node --max-semi-space-size=128 --import tsx ...`.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { findAircraftByIcao } from '@contrail/domain/reference/aircraft-catalogue';
import { flySimulatedFlight } from '@contrail/sim/fly-simulated-flight';
import type { Database } from '../src/db/database';
import { boundMessages } from '../src/db/prepared-statement';
import { frameGroupStatement, writeFrameGroup } from '../src/modules/flight/flight.repository';
import type { FrameRow } from '../src/modules/flight/frame-writer';
import { runBenchScript, withBenchApp } from './bench-servers';
import { seedFlights } from './ingest-seed';
import { usedIn, type GcStatistics } from './ingest-stalls';

const KIND = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'pglite';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const GROUP_ROWS = Number(process.env.BENCH_GROUP_ROWS ?? 100);
const GROUP_EVERY_MS = 5;

const log = (message: string) => process.stderr.write(`${message}\n`);

const frames = flySimulatedFlight({
  departure: { ident: 'EGLL', latitudeDeg: 51.4706, longitudeDeg: -0.461941, elevationFt: 83, runwayHeadingDeg: 270 },
  arrival: { ident: 'LFPG', latitudeDeg: 49.012798, longitudeDeg: 2.55, elevationFt: 392, runwayHeadingDeg: 265 },
  aircraft: findAircraftByIcao('A320')!,
  cruiseLevelFt: 24_000,
  startTimeMs: Date.now(),
});

// The collector, callable: a period ends with young collections only (what they leave in the old
// generation is what a full collection would have to free), then a full one.
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as (options?: { type: 'minor' }) => void;
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

/**
 * Buffer memory (outside the JavaScript heap) that young collections leave behind: buffers that
 * outlived two scavenges and died in the old generation. V8 starts a full collection when this
 * grows by its allowance (about 64 MB) since the last one: "external memory pressure".
 */
const bufferBytesLeftForFullCollection = async (): Promise<number> => {
  collect({ type: 'minor' });
  collect({ type: 'minor' });
  await settle();
  const afterYoung = process.memoryUsage().arrayBuffers;
  collect();
  await settle();
  return Math.max(0, afterYoung - process.memoryUsage().arrayBuffers);
};

/** What one period promoted to the old generation, and how many groups it ran. */
const period = async (work: (() => Promise<void>) | undefined): Promise<{ groups: number; promotedBytes: number; scavenges: number; bufferBytesLeft: number }> => {
  collect();
  await settle();
  const profiler = new v8.GCProfiler();
  profiler.start();
  // Garbage at about 100 MB a second, as the server allocates at 5,000 flights.
  let garbage: unknown[] = [];
  const allocator = setInterval(() => {
    garbage = Array.from({ length: 1000 }, (_, i) => ({ i, text: `x${i}` }));
  }, 1);
  const endAt = performance.now() + SECONDS * 1000;
  let groups = 0;
  while (performance.now() < endAt) {
    if (work) {
      await work();
      groups += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, GROUP_EVERY_MS));
  }
  clearInterval(allocator);
  void garbage;
  const { statistics } = profiler.stop() as unknown as GcStatistics;
  let promotedBytes = 0;
  let scavenges = 0;
  for (const gc of statistics) {
    if (gc.gcType !== 'Scavenge') continue;
    scavenges += 1;
    promotedBytes += Math.max(0, usedIn(gc.afterGC.heapSpaceStatistics, 'old_space') - usedIn(gc.beforeGC.heapSpaceStatistics, 'old_space'));
  }
  return { groups, promotedBytes, scavenges, bufferBytesLeft: await bufferBytesLeftForFullCollection() };
};

const main = async () => {
  await withBenchApp(KIND, {}, async (app) => {
    const db: Database = app.deps.db;
    const flights = await seedFlights(app, GROUP_ROWS);
    let seq = 0;
    const nextGroup = (): FrameRow[] => {
      seq += 1;
      return flights.map((flight, i) => ({ flightId: flight.id, seq, frame: frames[(seq + i) % frames.length]! }));
    };
    const build = async () => {
      const { statement, params } = frameGroupStatement(nextGroup(), [], new Date());
      boundMessages(statement, params);
    };
    const write = () => writeFrameGroup(db, nextGroup(), [], new Date());
    log(`ingest-promotion on ${KIND}: ${GROUP_ROWS} frames a group every ${GROUP_EVERY_MS} ms, periods of ${SECONDS} s`);
    const periods = { idle: [] as Awaited<ReturnType<typeof period>>[], build: [] as Awaited<ReturnType<typeof period>>[], write: [] as Awaited<ReturnType<typeof period>>[] };
    for (let round = 0; round < 2; round += 1) {
      for (const [name, work] of [['idle', undefined], ['build', build], ['write', write]] as const) {
        const result = await period(work);
        periods[name].push(result);
        log(`  ${name}: ${result.groups} groups, ${result.scavenges} scavenges, ${Math.round(result.promotedBytes / 1024)} KB promoted, ${Math.round(result.bufferBytesLeft / 1024)} KB of buffers left for a full collection`);
      }
    }
    // The quietest idle period is the baseline: the first one still collects the start's garbage.
    const idlePromotedBytes = Math.min(...periods.idle.map((entry) => entry.promotedBytes));
    const idleBufferBytes = Math.min(...periods.idle.map((entry) => entry.bufferBytesLeft));
    const beyondIdle = (list: Awaited<ReturnType<typeof period>>[]) => {
      const groups = list.reduce((sum, entry) => sum + entry.groups, 0);
      const promoted = list.reduce((sum, entry) => sum + Math.max(0, entry.promotedBytes - idlePromotedBytes), 0);
      const perGroup = promoted / Math.max(1, groups);
      const bufferBytes = list.reduce((sum, entry) => sum + Math.max(0, entry.bufferBytesLeft - idleBufferBytes), 0);
      return {
        groups,
        promotedBytesPerGroup: Math.round(perGroup),
        promotedBytesPerFrame: Math.round(perGroup / GROUP_ROWS),
        bufferBytesLeftPerFrame: Math.round(bufferBytes / Math.max(1, groups) / GROUP_ROWS),
      };
    };
    console.log(JSON.stringify({ db: KIND, groupRows: GROUP_ROWS, secondsEach: SECONDS, idlePromotedBytes, build: beyondIdle(periods.build), write: beyondIdle(periods.write) }));
  });
};

runBenchScript(main);
