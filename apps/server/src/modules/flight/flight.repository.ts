import { and, count, desc, eq, gt, inArray, max, ne, sql } from 'drizzle-orm';
import type { TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';
import type { Database, DbExecutor } from '../../db/database';
import { runPrepared, type PreparedParam, type PreparedStatement } from '../../db/prepared-statement';
import { flightFrames, flights } from './flight.schema';
import { decodeFrame, encodeFrame } from './frame-codec';
import type { FlightStateUpdate, FrameRow } from './frame-writer';

export type FlightRow = typeof flights.$inferSelect;
export type NewFlightRow = typeof flights.$inferInsert;

/*
 * Each array, a parameter or made from one, is read through a sub-select, `(select $4::uuid[])`
 * or `(select string_to_array($1::text, E'\n')::uuid[])`, which PostgreSQL evaluates once but
 * cannot look into while planning. Given the array itself, the planner sizes
 * `unnest` by its length, finds a plan for that size cheaper than the statement's generic plan,
 * and so plans the statement again on most runs: for a small group, the plan costs more than the
 * insert. Behind a sub-select every run has the same estimate, and the generic plan is kept.
 *
 * The frames come as one text, one encoded frame a line (an empty line for a refused sequence
 * number, stored as null): encoded frames are JSON, which never holds a raw line break. As a
 * `text[]` each frame would be escaped into an array literal first, a copy of every frame with its
 * quotes escaped, made by a regular expression on the event loop (decision 0066). The flights and
 * sequence numbers come as lines too. Each of the three texts is sent as its UTF-8 bytes (a binary
 * parameter, which for `text` is those bytes), written into a buffer outside the JavaScript heap:
 * as strings, a large group's made objects too large for V8's young generation, allocated straight
 * in the old one, which brought the next full collection nearer (decision 0069).
 */
const STORE_FRAMES = `
  insert into flight_frames (flight_id, seq, frame)
  select u.flight_id, u.seq, u.frame
  from unnest(
    (select string_to_array($1::text, E'\n')::uuid[]),
    (select string_to_array($2::text, E'\n')::int[]),
    (select string_to_array($3::text, E'\n', ''))
  ) as u(flight_id, seq, frame)
  join flights f on f.id = u.flight_id and f.status = 'in_progress'
  on conflict do nothing`;

/** A commit group that changes no flight's state: the frames' insert alone. */
export const STORE_FRAMES_STATEMENT: PreparedStatement = { name: 'flight_store_frames', text: STORE_FRAMES };

/** A commit group with state changes: the same insert and the flights' update, in one statement. */
export const STORE_FRAMES_AND_STATES_STATEMENT: PreparedStatement = {
  name: 'flight_store_frames_and_states',
  text: `
  with stored as (${STORE_FRAMES}), states as (
    update flights f set
      flight_step = coalesce(u.step, f.flight_step),
      ready_to_end_flight = coalesce(u.ready, f.ready_to_end_flight),
      arrival_ident = coalesce(u.arrival, f.arrival_ident),
      cruise_level_ft = coalesce(u.cruise, f.cruise_level_ft),
      snapshot = coalesce(u.state, f.snapshot),
      snapshot_seq = coalesce(u.state_seq, f.snapshot_seq),
      updated_at = case when u.touches then $12::timestamptz else f.updated_at end
    from unnest(
      (select $4::uuid[]), (select $5::text[]), (select $6::boolean[]), (select $7::text[]),
      (select $8::int[]), (select $9::text[]), (select $10::int[]), (select $11::boolean[])
    )
      as u(id, step, ready, arrival, cruise, state, state_seq, touches)
    where f.id = u.id and f.status = 'in_progress'
  )
  select 1`,
};

/** `lines` joined by line breaks, as UTF-8 bytes written straight into one buffer. */
const linesAsUtf8 = (lines: readonly string[]): Buffer => {
  let size = Math.max(0, lines.length - 1);
  for (const line of lines) size += Buffer.byteLength(line);
  const bytes = Buffer.allocUnsafe(size);
  let at = 0;
  lines.forEach((line, i) => {
    if (i > 0) at = bytes.writeUInt8(0x0a, at);
    at += bytes.write(line, at);
  });
  return bytes;
};

/**
 * One commit group as a single statement, so one round trip and atomic (no BEGIN or COMMIT of its
 * own): the numbered frames (unnest of the flights', sequence numbers' and frames' lines; a
 * sequence already stored is skipped) and the flights' state changes, one row per flight (unnest
 * of one array per column; a null keeps the column's value; `updated_at` moves when the step,
 * readiness, arrival or cruise level changed, not for a snapshot alone). Frames and states of a flight that is no longer in
 * progress are dropped (a cancel on another instance may race a last batch). Most groups change no
 * state and are the insert alone: half the statement's cost, paid many times a second.
 */
export const frameGroupStatement = (
  rows: readonly FrameRow[],
  updates: readonly FlightStateUpdate[],
  now: Date,
): { statement: PreparedStatement; params: PreparedParam[] } => {
  const flightIds = new Array<string>(rows.length);
  const seqs = new Array<string>(rows.length);
  const frames = new Array<string>(rows.length);
  rows.forEach((row, i) => {
    flightIds[i] = row.flightId;
    seqs[i] = String(row.seq);
    frames[i] = row.frame === null ? '' : encodeFrame(row.frame);
  });
  const frameParams = [linesAsUtf8(flightIds), linesAsUtf8(seqs), linesAsUtf8(frames)];
  if (updates.length === 0) return { statement: STORE_FRAMES_STATEMENT, params: frameParams };
  const touchesState = (u: FlightStateUpdate) =>
    u.flightStep !== undefined || u.readyToEndFlight !== undefined || u.arrivalIdent !== undefined || u.cruiseLevelFt !== undefined;
  return {
    statement: STORE_FRAMES_AND_STATES_STATEMENT,
    params: [
      ...frameParams,
      updates.map((u) => u.flightId),
      updates.map((u) => u.flightStep ?? null),
      updates.map((u) => u.readyToEndFlight ?? null),
      updates.map((u) => u.arrivalIdent ?? null),
      updates.map((u) => u.cruiseLevelFt ?? null),
      updates.map((u) => (u.snapshot ? JSON.stringify(u.snapshot.state) : null)),
      updates.map((u) => u.snapshot?.seq ?? null),
      updates.map(touchesState),
      now.toISOString(),
    ],
  };
};

/** Writes one commit group (frameGroupStatement), prepared once per connection. */
export const writeFrameGroup = async (db: Database, rows: readonly FrameRow[], updates: readonly FlightStateUpdate[], now: Date): Promise<void> => {
  const { statement, params } = frameGroupStatement(rows, updates, now);
  await runPrepared(db, statement, params);
};

export const insertFlight = async (db: DbExecutor, values: NewFlightRow): Promise<FlightRow> => {
  const [row] = await db.insert(flights).values(values).returning();
  if (!row) throw new Error('insertFlight: no row returned');
  return row;
};

export const findFlightById = async (db: DbExecutor, id: string): Promise<FlightRow | undefined> => {
  const [row] = await db.select().from(flights).where(eq(flights.id, id));
  return row;
};

/** The flight row locked for the rest of the transaction. */
export const lockFlight = async (db: DbExecutor, id: string): Promise<FlightRow | undefined> => {
  const [row] = await db.select().from(flights).where(eq(flights.id, id)).for('update');
  return row;
};

export const findInProgressFlightOfUser = async (db: DbExecutor, userId: string): Promise<FlightRow | undefined> => {
  const [row] = await db
    .select()
    .from(flights)
    .where(and(eq(flights.userId, userId), eq(flights.status, 'in_progress')));
  return row;
};

/** Stored frames after `afterSeq`, in order (null frame = a refused sequence number). */
export const findFramesAfter = async (db: DbExecutor, flightId: string, afterSeq: number): Promise<{ seq: number; frame: TTelemetryFrame | null }[]> => {
  const rows = await db
    .select({ seq: flightFrames.seq, frame: flightFrames.frame })
    .from(flightFrames)
    .where(and(eq(flightFrames.flightId, flightId), gt(flightFrames.seq, afterSeq)))
    .orderBy(flightFrames.seq);
  return rows.map((row) => ({ seq: row.seq, frame: row.frame === null ? null : decodeFrame(row.frame) }));
};

export const countFrames = async (db: DbExecutor, flightId: string): Promise<{ count: number; maxSeq: number }> => {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, maxSeq: max(flightFrames.seq) })
    .from(flightFrames)
    .where(eq(flightFrames.flightId, flightId));
  return { count: row?.count ?? 0, maxSeq: row?.maxSeq ?? 0 };
};

export const deleteFrames = async (db: DbExecutor, flightId: string): Promise<void> => {
  await db.delete(flightFrames).where(eq(flightFrames.flightId, flightId));
};

export const updateFlight = async (db: DbExecutor, id: string, patch: Partial<NewFlightRow>): Promise<void> => {
  await db.update(flights).set(patch).where(eq(flights.id, id));
};

/**
 * In-progress flights for the live map, with the pilot's name and the newest stored frame (the
 * live position costs no extra write per frame). `excludeUserId`: the caller's own flight is left out.
 */
export const listInProgressFlights = async (db: DbExecutor, excludeUserId: string) => {
  const result = await db.execute(sql`
    select f.id, f.flight_number, f.user_id, f.aircraft_icao, f.aircraft_registration, f.departure_ident, f.arrival_ident,
           f.flight_step, f.updated_at, f.plan -> 'departure' -> 'position' as departure_position, fr.frame
    from ${flights} f
    left join lateral (
      select frame from ${flightFrames} x where x.flight_id = f.id and x.frame is not null order by x.seq desc limit 1
    ) fr on true
    where f.status = 'in_progress' and f.user_id <> ${excludeUserId}
    order by f.created_at`);
  const rows = (result as { rows: unknown[] }).rows as {
    id: string;
    flight_number: string;
    user_id: string;
    aircraft_icao: string;
    aircraft_registration: string | null;
    departure_ident: string;
    arrival_ident: string;
    flight_step: string;
    updated_at: string | Date;
    departure_position: { latitudeDeg: number; longitudeDeg: number; elevationFt: number };
    frame: string | null;
  }[];
  return rows.map((row) => ({ ...row, frame: row.frame === null ? null : decodeFrame(row.frame) }));
};

/** The newest stored frame of each of these flights (none for a flight without frames). */
export const newestFramesOf = async (db: DbExecutor, flightIds: readonly string[]) => {
  if (flightIds.length === 0) return [];
  const rows = await db
    .selectDistinctOn([flightFrames.flightId], { flightId: flightFrames.flightId, frame: flightFrames.frame })
    .from(flightFrames)
    .where(and(inArray(flightFrames.flightId, [...flightIds]), sql`${flightFrames.frame} is not null`))
    .orderBy(flightFrames.flightId, desc(flightFrames.seq));
  return rows.flatMap((row) => (row.frame === null ? [] : [{ flightId: row.flightId, frame: decodeFrame(row.frame) }]));
};

/** The caller's completed flights, newest first. */
export const listCompletedFlightsOfUser = async (db: DbExecutor, userId: string, limit: number): Promise<FlightRow[]> =>
  db
    .select()
    .from(flights)
    .where(and(eq(flights.userId, userId), eq(flights.status, 'complete')))
    .orderBy(desc(flights.endedAt))
    .limit(limit);

/** Other in-progress flights exist for this user (besides `flightId`)? */
export const hasOtherInProgressFlight = async (db: DbExecutor, userId: string, flightId: string): Promise<boolean> => {
  const [row] = await db
    .select({ id: flights.id })
    .from(flights)
    .where(and(eq(flights.userId, userId), eq(flights.status, 'in_progress'), ne(flights.id, flightId)));
  return row !== undefined;
};

export { uniqueViolationOf } from '../../db/unique-violation';

/** The ids of the flights flown for this airline, as a subquery another module filters its rows by. */
export const airlineFlightIdsQuery = (db: DbExecutor, airlineId: string) => db.select({ id: flights.id }).from(flights).where(eq(flights.virtualAirlineId, airlineId));

/** The airline each of these flights flew for (a flight of no airline, or unknown, is absent). */
export const findAirlinesOfFlights = async (db: DbExecutor, flightIds: readonly string[]): Promise<Map<string, string>> => {
  if (flightIds.length === 0) return new Map();
  const rows = await db
    .select({ id: flights.id, airlineId: flights.virtualAirlineId })
    .from(flights)
    .where(inArray(flights.id, [...new Set(flightIds)]));
  return new Map(rows.flatMap((row) => (row.airlineId ? [[row.id, row.airlineId] as const] : [])));
};

/** How many flights were flown (or are flying) for this airline. */
export const countAirlineFlights = async (db: DbExecutor, airlineId: string): Promise<number> => {
  const [row] = await db.select({ n: count() }).from(flights).where(eq(flights.virtualAirlineId, airlineId));
  return row?.n ?? 0;
};
