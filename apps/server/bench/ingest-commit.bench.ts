/**
 * `npx tsx apps/server/bench/ingest-commit.bench.ts`: the commit group of frame ingestion alone,
 * on a table of bench:ingest's size, without sockets: the transaction of three to four round trips
 * the writer used first (BEGIN, the frames' INSERT, the state UPDATEs, COMMIT; kept here as
 * `legacyCommit`) against the single statement it uses now (writeFrameGroup). Alternating blocks of
 * groups, one group at a time, so both see the same machine load. Prints the statement's plan
 * (EXPLAIN ANALYZE) once, then one JSON line: per group the wall time (p50, p99) and the CPU time
 * of this process and of PostgreSQL's processes, for each way.
 *
 * Environment: BENCH_FLIGHTS (flights in progress, default 5000), BENCH_GROUP_ROWS (frames per
 * group, default 50: 5,000 flights at 1 Hz over a 10 ms window), BENCH_GROUPS (groups per way,
 * default 1000), BENCH_DB ("postgres" by default, or "pglite"), BENCH_DATABASE_URL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createFlightEngine } from '@contrail/domain/flight/flight-engine';
import { findAircraftByIcao } from '@contrail/domain/reference/aircraft-catalogue';
import type { TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';
import { flySimulatedFlight } from '@contrail/sim/fly-simulated-flight';
import type { Database, DbExecutor } from '../src/db/database';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config/config';
import { flightFrames, flights } from '../src/modules/flight/flight.schema';
import { encodeFrame } from '../src/modules/flight/frame-codec';
import { writeFrameGroup } from '../src/modules/flight/flight.repository';
import type { FlightStateUpdate, FrameRow } from '../src/modules/flight/frame-writer';
import { BENCH_PRODUCTION_ENV, createBenchDatabase } from './bench-servers';
import { seedFlights } from './ingest-seed';
import { loadAverage } from './ingest-breakdown';
import { postgresCpuBetween, postgresCpuMicros } from './proc-cpu';

const FLIGHTS = Number(process.env.BENCH_FLIGHTS ?? 5000);
const GROUP_ROWS = Number(process.env.BENCH_GROUP_ROWS ?? 50);
const GROUPS = Number(process.env.BENCH_GROUPS ?? 1000);
const KIND = process.env.BENCH_DB === 'pglite' ? 'pglite' : 'postgres';
/** Frames already stored per flight before measuring (about bench:ingest's table after a run). */
const STORED_FRAMES_PER_FLIGHT = 30;
const BLOCK = 50;

const log = (message: string) => process.stderr.write(`${message}\n`);

/** The writer's first commit: a transaction with the INSERT and up to two UPDATEs (three to four round trips). */
const legacyCommit = async (db: Database, rows: FrameRow[], updates: FlightStateUpdate[], now: Date) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into ${flightFrames} (flight_id, seq, frame)
      select u.flight_id, u.seq, u.frame
      from unnest(${sql.param(rows.map((r) => r.flightId))}::uuid[], ${sql.param(rows.map((r) => r.seq))}::int[], ${sql.param(rows.map((r) => (r.frame ? encodeFrame(r.frame) : null)))}::text[]) as u(flight_id, seq, frame)
      join ${flights} f on f.id = u.flight_id and f.status = 'in_progress'
      on conflict do nothing`);
    const changed = updates.filter((u) => u.flightStep !== undefined);
    if (changed.length > 0) {
      await tx.execute(sql`
        update ${flights} f set flight_step = coalesce(u.step, f.flight_step), updated_at = ${now}
        from unnest(${sql.param(changed.map((u) => u.flightId))}::uuid[], ${sql.param(changed.map((u) => u.flightStep ?? null))}::text[]) as u(id, step)
        where f.id = u.id and f.status = 'in_progress'`);
    }
    const snapshots = updates.filter((u) => u.snapshot !== undefined);
    if (snapshots.length > 0) {
      await tx.execute(sql`
        update ${flights} f set snapshot = u.state, snapshot_seq = u.seq
        from unnest(
          ${sql.param(snapshots.map((u) => u.flightId))}::uuid[],
          ${sql.param(snapshots.map((u) => JSON.stringify(u.snapshot!.state)))}::text[],
          ${sql.param(snapshots.map((u) => u.snapshot!.seq))}::int[]
        ) as u(id, state, seq)
        where f.id = u.id and f.status = 'in_progress'`);
    }
  });

const percentile = (sorted: Float64Array, p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
const round1 = (value: number) => Math.round(value * 10) / 10;

const main = async () => {
  const aircraft = findAircraftByIcao('A320')!;
  const frames: TTelemetryFrame[] = flySimulatedFlight({
    departure: { ident: 'EGLL', latitudeDeg: 51.4706, longitudeDeg: -0.461941, elevationFt: 83, runwayHeadingDeg: 270 },
    arrival: { ident: 'LFPG', latitudeDeg: 49.012798, longitudeDeg: 2.55, elevationFt: 392, runwayHeadingDeg: 265 },
    aircraft,
    cruiseLevelFt: 24_000,
    startTimeMs: Date.now(),
  });
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  if (KIND === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-bench-'));
    env = { DATA_DIR: dir };
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  } else {
    const database = await createBenchDatabase();
    env = { DATABASE_URL: database.url };
    cleanup = database.drop;
  }
  const app = await buildApp({ config: testConfig({ ...env, ...BENCH_PRODUCTION_ENV, LOG_LEVEL: 'silent' }) });
  try {
    const db = app.deps.db;
    log(`[${KIND}] seeding ${FLIGHTS} flights and ${STORED_FRAMES_PER_FLIGHT} frames each...`);
    const seeded = await seedFlights(app, FLIGHTS);
    const [template] = await db.select({ plan: flights.plan }).from(flights).limit(1);
    const engine = createFlightEngine(template!.plan);
    for (const frame of frames.slice(0, 600)) engine.ingest(frame);
    const state = engine.snapshot();
    log(`[${KIND}] engine snapshot: ${JSON.stringify(state).length} characters`);
    const seqs = new Map(seeded.map((flight) => [flight.id, 0]));
    const nextRows = (count: number, offset: number): { rows: FrameRow[]; updates: FlightStateUpdate[] } => {
      const rows: FrameRow[] = [];
      const updates: FlightStateUpdate[] = [];
      for (let i = 0; i < count; i += 1) {
        const flightId = seeded[(offset + i) % seeded.length]!.id;
        const seq = seqs.get(flightId)! + 1;
        seqs.set(flightId, seq);
        rows.push({ flightId, seq, frame: frames[(seq - 1) % frames.length]! });
        // About one flight in 75 takes a snapshot at each frame (every 60 to 89 frames), one in 400 changes step.
        const update: FlightStateUpdate = { flightId };
        if ((offset + i) % 75 === 0) update.snapshot = { state, seq };
        if ((offset + i) % 400 === 0) update.flightStep = 'climb';
        if (update.snapshot || update.flightStep) updates.push(update);
      }
      return { rows, updates };
    };
    let offset = 0;
    for (let filled = 0; filled < STORED_FRAMES_PER_FLIGHT * FLIGHTS; filled += 5000) {
      const { rows } = nextRows(5000, offset);
      offset += 5000;
      await writeFrameGroup(db, rows, [], new Date());
    }
    await db.execute(sql`analyze`);

    const sample = nextRows(GROUP_ROWS, offset);
    offset += GROUP_ROWS;
    if (KIND === 'postgres') {
      // The plan of one group's statement, as executed (its frames stay stored, like any group's).
      const explaining = {
        execute: async (query: ReturnType<typeof sql>) => {
          const result = (await db.execute(sql`explain (analyze, buffers, costs off) ${query}`)) as { rows: { 'QUERY PLAN': string }[] };
          const lines = result.rows.map((row) => row['QUERY PLAN']);
          log(`[${KIND}] plan of one group (${GROUP_ROWS} frames, ${sample.updates.length} state updates):\n${lines.join('\n')}`);
          return result;
        },
      };
      await writeFrameGroup(explaining as unknown as DbExecutor, sample.rows, sample.updates, new Date());
    }

    const ways = {
      legacy: (rows: FrameRow[], updates: FlightStateUpdate[]) => legacyCommit(db, rows, updates, new Date()),
      oneStatement: (rows: FrameRow[], updates: FlightStateUpdate[]) => writeFrameGroup(db, rows, updates, new Date()),
    };
    const measured = { legacy: { wall: [] as number[], cpu: 0, postgres: 0 }, oneStatement: { wall: [] as number[], cpu: 0, postgres: 0 } };
    for (let block = 0; block < (2 * GROUPS) / BLOCK; block += 1) {
      const name = block % 2 === 0 ? 'legacy' : 'oneStatement';
      const into = measured[name];
      const cpuBefore = process.cpuUsage();
      const postgresBefore = postgresCpuMicros();
      for (let i = 0; i < BLOCK; i += 1) {
        const { rows, updates } = nextRows(GROUP_ROWS, offset);
        offset += GROUP_ROWS;
        const started = performance.now();
        await ways[name](rows, updates);
        into.wall.push(performance.now() - started);
      }
      const cpu = process.cpuUsage(cpuBefore);
      into.cpu += cpu.user + cpu.system;
      into.postgres += postgresCpuBetween(postgresBefore, postgresCpuMicros()) ?? 0;
    }
    const summary = Object.fromEntries(
      Object.entries(measured).map(([name, m]) => {
        const sorted = Float64Array.from(m.wall).sort();
        return [
          name,
          {
            groups: m.wall.length,
            p50Ms: round1(percentile(sorted, 0.5)),
            p99Ms: round1(percentile(sorted, 0.99)),
            serverCpuMicrosPerGroup: Math.round(m.cpu / m.wall.length),
            ...(KIND === 'postgres' ? { postgresCpuMicrosPerGroup: Math.round(m.postgres / m.wall.length) } : {}),
          },
        ];
      }),
    );
    console.log(JSON.stringify({ db: KIND, flights: FLIGHTS, groupRows: GROUP_ROWS, ...summary, loadAverage: loadAverage() }));
  } finally {
    await app.close();
    await cleanup();
  }
};

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
