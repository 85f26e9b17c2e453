/**
 * `npx tsx apps/server/bench/ingest-commit.bench.ts`: the commit group of frame ingestion alone,
 * on a table of bench:ingest's size, without sockets: the group's statement (frameGroupStatement)
 * sent as a plain query, parsed and planned every time (`unprepared`, the writer before decision
 * 0060), against the same statement prepared once per connection (`prepared`, writeFrameGroup).
 * Alternating blocks of groups, one group at a time, so both see the same machine load. Prints the
 * statement's plan (EXPLAIN ANALYZE) once, then one JSON line: per group the wall time (p50, p99)
 * and the CPU time of this process and of PostgreSQL's processes, for each way, and how many runs
 * of each prepared statement were planned for their own parameters (`plans`, decision 0061).
 *
 * Environment: BENCH_FLIGHTS (flights in progress, default 5000), BENCH_GROUP_ROWS (frames per
 * group, default 50: 5,000 flights at 1 Hz over a 10 ms window), BENCH_GROUPS (groups per way,
 * default 1000), BENCH_DB ("postgres" by default, or "pglite"), BENCH_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { createFlightEngine } from '@contrail/domain/flight/flight-engine';
import { findAircraftByIcao } from '@contrail/domain/reference/aircraft-catalogue';
import type { TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';
import { flySimulatedFlight } from '@contrail/sim/fly-simulated-flight';
import type { Database } from '../src/db/database';
import { flights } from '../src/modules/flight/flight.schema';
import { frameGroupStatement, writeFrameGroup } from '../src/modules/flight/flight.repository';
import type { FlightStateUpdate, FrameRow } from '../src/modules/flight/frame-writer';
import { runBenchScript, withBenchApp } from './bench-servers';
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

type QueryClient = { query: (text: string, values: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> };

/** The driver under the Drizzle database (a PGlite or a pg.Pool): both answer `query(text, values)`. */
const clientOf = (db: Database): QueryClient => (db as unknown as { $client: QueryClient }).$client;

/** The group's statement as a plain query: parsed and planned on every call. */
const unpreparedWrite = async (db: Database, rows: FrameRow[], updates: FlightStateUpdate[], now: Date) => {
  const { statement, params } = frameGroupStatement(rows, updates, now);
  await clientOf(db).query(statement.text, params);
};

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
  await withBenchApp(KIND, {}, async (app) => {
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
        // About one flight in 75 takes a snapshot at each frame (once every 75 frames), one in 400 changes step.
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
      // Not through the prepared statement: its plan history starts with the measured groups.
      await unpreparedWrite(db, rows, [], new Date());
    }
    await db.execute(sql`analyze`);

    const sample = nextRows(GROUP_ROWS, offset);
    offset += GROUP_ROWS;
    {
      // The plan of one group's statement, as executed (its frames stay stored, like any group's).
      const { statement, params } = frameGroupStatement(sample.rows, sample.updates, new Date());
      const { rows } = await clientOf(db).query(`explain (analyze, buffers, costs off) ${statement.text}`, params);
      log(`[${KIND}] plan of one group (${GROUP_ROWS} frames, ${sample.updates.length} state updates):\n${rows.map((row) => String(row['QUERY PLAN'])).join('\n')}`);
    }

    const ways = {
      unprepared: (rows: FrameRow[], updates: FlightStateUpdate[]) => unpreparedWrite(db, rows, updates, new Date()),
      prepared: (rows: FrameRow[], updates: FlightStateUpdate[]) => writeFrameGroup(db, rows, updates, new Date()),
    };
    const measured = { unprepared: { wall: [] as number[], cpu: 0, postgres: 0 }, prepared: { wall: [] as number[], cpu: 0, postgres: 0 } };
    for (let block = 0; block < (2 * GROUPS) / BLOCK; block += 1) {
      const name = block % 2 === 0 ? 'unprepared' : 'prepared';
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
    // How often the prepared statements were planned for their parameters (custom) rather than run
    // on their generic plan (decision 0061), as seen on one connection of the database.
    const plans = (
      await clientOf(db).query('select name, generic_plans, custom_plans from pg_prepared_statements where name like $1 order by name', ['flight_store_frames%'])
    ).rows.map((row) => ({ name: String(row.name), generic: Number(row.generic_plans), custom: Number(row.custom_plans) }));
    console.log(JSON.stringify({ db: KIND, flights: FLIGHTS, groupRows: GROUP_ROWS, ...summary, plans, loadAverage: loadAverage() }));
  });
};

runBenchScript(main);
