// The ACARS flow of a phpVMS client with a Contrail flight behind it
// (docs/decisions/0046-phpvms-pilot-api.md): a prefile registers the flight, positions become
// engine frames, filing completes it through the same judge and payments as a tracked flight.
import { isAppError } from '@contrail/domain/errors/app-error';
import { ZRegisterFlightRequest } from '@contrail/domain/flight-api/flight-contract';
import {
  INITIAL_POSITION_MEMORY,
  positionTimeMs,
  positionToFrame,
  ZPhpvmsPosition,
  type PositionMemory,
  type TPhpvmsPosition,
} from '@contrail/domain/phpvms-api/phpvms-position';
import {
  PirepState,
  pirepStateOfVerdict,
  ZCommentBody,
  ZEventsBody,
  ZFieldsBody,
  ZFileBody,
  ZLogsBody,
  ZPrefileBody,
  ZRouteBody,
  ZUpdateBody,
  type TPrefileBody,
} from '@contrail/domain/phpvms-api/phpvms-pirep';
import { findAircraftByIcao } from '@contrail/domain/reference/aircraft-catalogue';
import { z } from 'zod';
import type { PhpvmsDeclared } from './phpvms-api.schema';
import { findFlightLogOfFlight } from '../flight-log/flight-log.service';
import { completeFlight } from '../flight/flight-completion.service';
import { flightContextOf, type FlightContext } from '../flight/flight-context';
import { registerFlight } from '../flight/flight-registration.service';
import { cancelFlight, ingestFrames } from '../flight/flight-tracking.service';
import type { PhpvmsPilot } from './phpvms-keys.service';
import { phpvmsPage, phpvmsPageRequest } from './phpvms-page';
import { parseBody, PhpvmsError, pirepCancelled, pirepNotFound, pirepReadOnly, prefileError, validationError } from './phpvms-errors';
import {
  deleteAcars,
  findDuplicatePirep,
  findPirep,
  insertAcars,
  insertComment,
  insertPirep,
  listAcars,
  listComments,
  pagePireps,
  updatePirep,
  type PirepRow,
} from './phpvms-api.repository';
import { memberAirlinesOf } from '../airline/airline-directory.service';
import { pirepResource, acarsResource, commentResource, routeResource, type PirepView } from './phpvms-resources';

/** The airline id of the pilot's own flights (no virtual airline): listed by GET /airlines. */
export const PERSONAL_AIRLINE_ID = 'personal';

export type PhpvmsContext = { deps: FlightContext['deps'] };

const flightCtx = (ctx: PhpvmsContext): FlightContext => flightContextOf(ctx.deps);

/** One operation at a time per report on this instance: positions keep their sequence. */
const chains = new Map<string, Promise<unknown>>();
const serialize = <T>(pirepId: string, work: () => Promise<T>): Promise<T> => {
  const previous = chains.get(pirepId) ?? Promise.resolve();
  const result = previous.then(work, work);
  const tail = result.catch(() => undefined);
  chains.set(pirepId, tail);
  void tail.then(() => {
    if (chains.get(pirepId) === tail) chains.delete(pirepId);
  });
  return result;
};

/** The caller's report, or phpVMS's 404 (another pilot's report is not found either). */
const ownPirep = async (ctx: PhpvmsContext, pilot: PhpvmsPilot, pirepId: string): Promise<PirepRow> => {
  const isUuid = z.uuid().safeParse(pirepId).success;
  const row = isUuid ? await findPirep(ctx.deps.db, pirepId) : undefined;
  if (!row || row.userId !== pilot.id) throw pirepNotFound(pirepId);
  return row;
};

const assertNotCancelled = (row: PirepRow) => {
  if (row.state === PirepState.CANCELLED) throw pirepCancelled(row.id);
};
const assertWritable = (row: PirepRow) => {
  assertNotCancelled(row);
  if (row.state !== PirepState.IN_PROGRESS) throw pirepReadOnly(row.id);
};

/** A level as phpVMS clients send it: feet (38000), or a flight level (350). */
const levelFeetOf = (level: number | null | undefined): number | null => {
  if (level === null || level === undefined || level <= 0) return null;
  return Math.round(level < 1000 ? level * 100 : level);
};

const declaredOf = (body: Partial<Record<keyof PhpvmsDeclared, number | null | undefined>>, before: PhpvmsDeclared = {}): PhpvmsDeclared => {
  const out: PhpvmsDeclared = { ...before };
  for (const key of ['distance', 'flight_time', 'fuel_used', 'block_fuel', 'landing_rate', 'planned_distance', 'planned_flight_time', 'block_time', 'score', 'zfw'] as const) {
    const value = body[key];
    if (typeof value === 'number') out[key] = value;
  }
  return out;
};

/** The report as a client reads it, its state following the judge's current verdict once filed. */
export const viewPirep = async (ctx: PhpvmsContext, row: PirepRow): Promise<PirepView> => {
  const log = row.flightLogId ? await findFlightLogOfFlight(ctx.deps.db, row.flightId) : undefined;
  const state = log && row.state !== PirepState.CANCELLED ? pirepStateOfVerdict(log.reviewStatus) : row.state;
  const positions = await listAcars(ctx.deps.db, row.id, 'position');
  const comments = await listComments(ctx.deps.db, row.id);
  return pirepResource(row, { state, log: log ?? null, lastPosition: positions.at(-1) ?? null, comments });
};

// ---- prefile -------------------------------------------------------------------------------

const registrationError = (error: unknown): never => {
  if (isAppError(error)) throw prefileError(error.message);
  throw error;
};

/**
 * POST /pireps/prefile. The airline id decides the kind of flight: one of the pilot's airlines
 * flies its booking (the booking's route and plane, Contrail's booking rules), `personal` flies
 * the catalogue type the aircraft id names. A second prefile of the same flight answers the first.
 */
export const prefile = async (ctx: PhpvmsContext, pilot: PhpvmsPilot, rawBody: unknown) => {
  const body: TPrefileBody = parseBody(ZPrefileBody, rawBody);
  const { db, clock } = ctx.deps;
  const key = {
    userId: pilot.id,
    airlineId: body.airline_id,
    flightNumber: body.flight_number,
    dptAirportId: body.dpt_airport_id.toUpperCase(),
    arrAirportId: body.arr_airport_id.toUpperCase(),
  };
  const duplicate = await findDuplicatePirep(db, key);
  if (duplicate) return viewPirep(ctx, duplicate);

  const isPersonal = body.airline_id === PERSONAL_AIRLINE_ID;
  const airline = isPersonal ? null : (await memberAirlinesOf(db, pilot.id)).find((candidate) => candidate.id === body.airline_id);
  if (!isPersonal && !airline) {
    throw validationError(new z.ZodError([{ code: 'custom', path: ['airline_id'], message: 'invalid', input: body.airline_id }]));
  }
  if (isPersonal && !findAircraftByIcao(body.aircraft_id)) throw prefileError('The aircraft is not available for flight');
  const cruiseLevel = levelFeetOf(body.level) ?? 10_000;
  const registration = ZRegisterFlightRequest.safeParse({
    type: isPersonal ? 'NORMAL' : 'AIRLINE',
    virtualAirlineId: airline?.id ?? null,
    flightNumber: `${airline?.code ?? ''}${body.flight_number}`.replace(/[^A-Za-z0-9-]/g, '').slice(0, 10),
    aircraftIcao: isPersonal ? body.aircraft_id : 'A320',
    departureAirportIdent: key.dptAirportId,
    arrivalAirportIdent: key.arrAirportId,
    cruiseLevel,
  });
  if (!registration.success) {
    const issue = registration.error.issues[0];
    throw prefileError(`${issue?.path.join('.') ?? 'flight'}: ${issue?.message ?? 'invalid'}`);
  }
  const flight = await registerFlight(flightCtx(ctx), pilot, registration.data).catch(registrationError);
  const now = clock.now();
  const row = await insertPirep(db, {
    userId: pilot.id,
    flightId: flight.id,
    airlineId: body.airline_id,
    aircraftId: body.aircraft_id,
    flightNumber: body.flight_number,
    routeCode: body.route_code ?? null,
    routeLeg: body.route_leg ?? null,
    flightType: body.flight_type ?? null,
    // An airline flight flies its booking: the airports are the booking's.
    dptAirportId: flight.departureAirport.ident,
    arrAirportId: flight.arrivalAirport.ident,
    altAirportId: body.alt_airport_id?.toUpperCase() ?? null,
    level: levelFeetOf(body.level),
    route: body.route ?? null,
    notes: body.notes ?? null,
    sourceName: body.source_name,
    state: PirepState.IN_PROGRESS,
    status: body.status?.toUpperCase() ?? 'INI',
    declared: declaredOf(body),
    fields: body.fields ?? {},
    memory: INITIAL_POSITION_MEMORY,
    createdAt: now,
    updatedAt: now,
  });
  return viewPirep(ctx, row);
};

// ---- updates -------------------------------------------------------------------------------

/** PUT/POST /pireps/{id} and /update: the phase, route, notes, fields and declared figures. */
export const updatePirepFromClient = async (ctx: PhpvmsContext, pilot: PhpvmsPilot, pirepId: string, rawBody: unknown) =>
  serialize(pirepId, async () => {
    const row = await ownPirep(ctx, pilot, pirepId);
    assertWritable(row);
    const body = parseBody(ZUpdateBody, rawBody);
    const updated = await updatePirep(ctx.deps.db, row.id, {
      ...(body.status ? { status: body.status.toUpperCase() } : {}),
      ...(body.route !== undefined ? { route: body.route } : {}),
      ...(body.notes !== undefined ? { notes: body.notes } : {}),
      ...(body.route_code !== undefined ? { routeCode: body.route_code } : {}),
      ...(body.route_leg !== undefined ? { routeLeg: body.route_leg } : {}),
      ...(body.flight_type !== undefined ? { flightType: body.flight_type } : {}),
      ...(body.source_name !== undefined ? { sourceName: body.source_name } : {}),
      ...(body.level !== undefined ? { level: levelFeetOf(body.level) } : {}),
      ...(body.fields ? { fields: { ...row.fields, ...body.fields } } : {}),
      declared: declaredOf(body, row.declared),
      updatedAt: ctx.deps.clock.now(),
    });
    return viewPirep(ctx, updated);
  });

// ---- positions -----------------------------------------------------------------------------

const ZPositionsBody = z.object({ positions: z.array(ZPhpvmsPosition).min(1).max(1000) });

const clientIdOf = (id: string | number | null | undefined): string | null => (id === null || id === undefined || id === '' ? null : String(id));

/**
 * POST /pireps/{id}/acars/position(s). Every position is kept for the client to read back; a
 * position resent with an id already stored is counted, not stored twice. New positions go to the
 * flight's engine in simulator-time order, numbered after the last one it received; one older than
 * what the engine already has is kept but not replayed (the engine only moves forward).
 */
export const storePositions = async (ctx: PhpvmsContext, pilot: PhpvmsPilot, pirepId: string, rawBody: unknown) =>
  serialize(pirepId, async () => {
    const row = await ownPirep(ctx, pilot, pirepId);
    assertNotCancelled(row);
    const { positions } = parseBody(ZPositionsBody, rawBody);
    const { db, clock } = ctx.deps;
    const now = clock.now();
    const receivedAtMs = now.getTime();
    const timed = positions
      .map((position, index) => ({ position, index, timeMs: positionTimeMs(position, receivedAtMs) }))
      .sort((a, b) => a.timeMs - b.timeMs || a.index - b.index);
    const inserted = await insertAcars(
      db,
      timed.map(({ position, timeMs }) => ({
        pirepId: row.id,
        type: 'position' as const,
        clientId: clientIdOf(position.id),
        data: position,
        simTime: new Date(timeMs),
        createdAt: now,
      })),
    );
    // A position without an id is always new; one with an id is new when it was inserted now.
    const insertedIds = new Set(inserted.map((acars) => acars.clientId));
    const fresh = timed.filter(({ position }) => {
      const id = clientIdOf(position.id);
      return id === null || insertedIds.has(id);
    });
    if (row.state === PirepState.IN_PROGRESS) await feedEngine(ctx, row, fresh.map(({ position }) => position), receivedAtMs);
    const last = timed.at(-1)?.position;
    if (last?.status) await updatePirep(db, row.id, { status: last.status.toUpperCase(), updatedAt: now });
    return { message: `${positions.length} positions added`, attrs: [], count: positions.length };
  });

const feedEngine = async (ctx: PhpvmsContext, row: PirepRow, positions: TPhpvmsPosition[], receivedAtMs: number): Promise<void> => {
  const fctx = flightCtx(ctx);
  const live = await fctx.runtime.serialize(row.flightId, async () => fctx.runtime.load(row.flightId));
  if (!live) return; // the flight ended elsewhere (cancelled from the web): the positions are kept only
  const plan = live.engine.snapshot().plan;
  let memory = (row.memory as PositionMemory | null) ?? INITIAL_POSITION_MEMORY;
  let seq = row.lastSeq;
  let lastTimeMs = row.lastFrameTimeMs ?? -1;
  const items: { seq: number; frame: unknown }[] = [];
  for (const position of positions) {
    const converted = positionToFrame(position, memory, { engineCount: plan.aircraft.engineCount, receivedAtMs, aircraftIcao: plan.aircraft.icao });
    if (converted.frame.timeMs <= lastTimeMs) continue;
    memory = converted.memory;
    seq += 1;
    lastTimeMs = converted.frame.timeMs;
    items.push({ seq, frame: converted.frame });
  }
  if (items.length === 0) return;
  try {
    await ingestFrames(fctx, row.flightId, items);
  } catch (error) {
    if (isAppError(error)) return;
    throw error;
  }
  await updatePirep(ctx.deps.db, row.id, { lastSeq: seq, lastFrameTimeMs: lastTimeMs, memory });
};

export const readPositions = async (ctx: PhpvmsContext, pilot: PhpvmsPilot, pirepId: string) => {
  const row = await ownPirep(ctx, pilot, pirepId);
  return { data: (await listAcars(ctx.deps.db, row.id, 'position')).map(acarsResource) };
};

// ---- logs, events, route, fields, comments -------------------------------------------------

const storeLogs = async (ctx: PhpvmsContext, row: PirepRow, entries: { id?: string | null | undefined; text: string; lat?: number | undefined; lon?: number | undefined; time?: string | undefined }[]) => {
  const now = ctx.deps.clock.now();
  await insertAcars(
    ctx.deps.db,
    entries.map((entry) => {
      const parsed = entry.time ? Date.parse(entry.time) : Number.NaN;
      return {
        pirepId: row.id,
        type: 'log' as const,
        clientId: clientIdOf(entry.id),
        data: { log: entry.text, lat: entry.lat ?? null, lon: entry.lon ?? null },
        simTime: Number.isFinite(parsed) ? new Date(parsed) : now,
        createdAt: now,
      };
    }),
  );
  return { message: `${entries.length} logs added`, attrs: [], count: entries.length };
};

export const postLogs = async (ctx: PhpvmsContext, pilot: PhpvmsPilot, pirepId: string, rawBody: unknown) => {
  const row = await ownPirep(ctx, pilot, pirepId);
  assertNotCancelled(row);
  const { logs } = parseBody(ZLogsBody, rawBody);
  return storeLogs(ctx, row, logs.map((log) => ({ id: log.id, text: log.log, lat: log.lat, lon: log.lon, time: log.sim_time ?? log.created_at })));
};

export const postEvents = async (ctx: PhpvmsContext, pilot: PhpvmsPilot, pirepId: string, rawBody: unknown) => {
  const row = await ownPirep(ctx, pilot, pirepId);
  assertNotCancelled(row);
  const { events } = parseBody(ZEventsBody, rawBody);
  return storeLogs(ctx, row, events.map((event) => ({ id: event.id, text: event.event, lat: event.lat, lon: event.lon, time: event.sim_time ?? event.created_at })));
};

export const readRoute = async (ctx: PhpvmsContext, pilot: PhpvmsPilot, pirepId: string) => {
  const row = await ownPirep(ctx, pilot, pirepId);
  return { data: (await listAcars(ctx.deps.db, row.id, 'route')).map(routeResource) };
};

/** POST /pireps/{id}/route: the route replaces the one before. */
export const postRoute = async (ctx: PhpvmsContext, pilot: PhpvmsPilot, pirepId: string, rawBody: unknown) =>
  serialize(pirepId, async () => {
    const row = await ownPirep(ctx, pilot, pirepId);
    assertNotCancelled(row);
    const { route } = parseBody(ZRouteBody, rawBody);
    const { db, clock } = ctx.deps;
    const now = clock.now();
    await db.transaction(async (tx) => {
      await deleteAcars(tx, row.id, 'route');
      await insertAcars(
        tx,
        route.map((point, index) => ({
          pirepId: row.id,
          type: 'route' as const,
          // Ids are unique within one route; a repeated one keeps its first point.
          clientId: clientIdOf(point.id) ?? `#${index}`,
          order: point.order,
          data: { name: point.name, nav_type: point.nav_type ?? null, lat: point.lat, lon: point.lon },
          simTime: null,
          createdAt: now,
        })),
      );
    });
    if (route.length === 0) return { message: 'No points to add', attrs: [] };
    return { message: `${route.length} points added`, attrs: [], count: route.length };
  });

export const deleteRoute = async (ctx: PhpvmsContext, pilot: PhpvmsPilot, pirepId: string) => {
  const row = await ownPirep(ctx, pilot, pirepId);
  await deleteAcars(ctx.deps.db, row.id, 'route');
  return { message: 'Route deleted', attrs: [] };
};

export const readFields = async (ctx: PhpvmsContext, pilot: PhpvmsPilot, pirepId: string) => ({ data: (await ownPirep(ctx, pilot, pirepId)).fields });

export const postFields = async (ctx: PhpvmsContext, pilot: PhpvmsPilot, pirepId: string, rawBody: unknown) =>
  serialize(pirepId, async () => {
    const row = await ownPirep(ctx, pilot, pirepId);
    assertNotCancelled(row);
    const { fields } = parseBody(ZFieldsBody, rawBody);
    const updated = await updatePirep(ctx.deps.db, row.id, { fields: { ...row.fields, ...fields }, updatedAt: ctx.deps.clock.now() });
    return { data: updated.fields };
  });

export const readComments = async (ctx: PhpvmsContext, pilot: PhpvmsPilot, pirepId: string) => {
  const row = await ownPirep(ctx, pilot, pirepId);
  return { data: (await listComments(ctx.deps.db, row.id)).map((comment) => commentResource(comment, pilot)) };
};

export const postComment = async (ctx: PhpvmsContext, pilot: PhpvmsPilot, pirepId: string, rawBody: unknown) => {
  const row = await ownPirep(ctx, pilot, pirepId);
  assertNotCancelled(row);
  const { comment } = parseBody(ZCommentBody, rawBody);
  const inserted = await insertComment(ctx.deps.db, { pirepId: row.id, userId: pilot.id, comment, createdAt: ctx.deps.clock.now() });
  return { data: commentResource(inserted, pilot) };
};

// ---- file, cancel, read --------------------------------------------------------------------

/**
 * POST /pireps/{id}/file. The declared distance, flight time and fuel are kept as declared; the
 * flight is completed through Contrail's completion (the judge reads the positions received) and
 * the report's state follows its verdict.
 */
export const filePirep = async (ctx: PhpvmsContext, pilot: PhpvmsPilot, pirepId: string, rawBody: unknown) =>
  serialize(pirepId, async () => {
    const row = await ownPirep(ctx, pilot, pirepId);
    assertWritable(row);
    const body = parseBody(ZFileBody, rawBody);
    const completed = await completeFlight(flightCtx(ctx), row.flightId).catch((error: unknown) => {
      if (isAppError(error)) throw new PhpvmsError(400, 'pirep-error', error.message, undefined, { pirep_id: row.id });
      throw error;
    });
    const log = await findFlightLogOfFlight(ctx.deps.db, row.flightId);
    const now = ctx.deps.clock.now();
    const updated = await updatePirep(ctx.deps.db, row.id, {
      state: pirepStateOfVerdict(completed.review?.status ?? null),
      status: 'ARR',
      declared: declaredOf(body, row.declared),
      ...(body.fields ? { fields: { ...row.fields, ...body.fields } } : {}),
      ...(body.notes !== undefined ? { notes: body.notes } : {}),
      ...(body.route !== undefined ? { route: body.route } : {}),
      flightLogId: completed.flightLogId,
      blockOffTime: log?.startDate ?? null,
      blockOnTime: log?.endDate ?? null,
      submittedAt: now,
      updatedAt: now,
    });
    return viewPirep(ctx, updated);
  });

/** PUT/DELETE /pireps/{id}/cancel: the Contrail flight is cancelled (nothing paid), the report stays, cancelled. */
export const cancelPirep = async (ctx: PhpvmsContext, pilot: PhpvmsPilot, pirepId: string) =>
  serialize(pirepId, async () => {
    const row = await ownPirep(ctx, pilot, pirepId);
    if (row.state === PirepState.CANCELLED) return { message: `PIREP ${row.id} cancelled`, attrs: [] };
    if (row.state !== PirepState.IN_PROGRESS) {
      throw new PhpvmsError(400, 'pirep-cancel-not-allowed', "This PIREP can't be cancelled", undefined, { pirep_id: row.id, state: row.state });
    }
    await cancelFlight(flightCtx(ctx), pilot, row.flightId).catch((error: unknown) => {
      // Already over on Contrail's side (cancelled from the web): the report follows.
      if (!isAppError(error)) throw error;
    });
    const now = ctx.deps.clock.now();
    await updatePirep(ctx.deps.db, row.id, { state: PirepState.CANCELLED, status: 'DX', updatedAt: now });
    return { message: `PIREP ${row.id} cancelled`, attrs: [] };
  });

export const getPirep = async (ctx: PhpvmsContext, pilot: PhpvmsPilot, pirepId: string) => ({ data: await viewPirep(ctx, await ownPirep(ctx, pilot, pirepId)) });

/** GET /user/pireps: phpVMS's page of reports, newest first, every state but cancelled unless one is asked. */
export const listPireps = async (ctx: PhpvmsContext, pilot: PhpvmsPilot, query: unknown, path: string) => {
  const parsed = z
    .object({ page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1), state: z.coerce.number().int().min(0).max(7).optional().catch(undefined) })
    .parse(query ?? {});
  const page = await pagePireps(ctx.deps.db, pilot.id, parsed.state ?? null, phpvmsPageRequest(parsed.page));
  const data = [];
  for (const row of page.rows) data.push(await viewPirep(ctx, row));
  return phpvmsPage(data, page, { path, page: parsed.page, query: parsed.state !== undefined ? `&state=${parsed.state}` : '' });
};
