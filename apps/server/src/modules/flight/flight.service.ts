import { randomUUID } from 'node:crypto';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import type { FlightOutcome, TrackPoint } from '@contrail/domain/flight/flight-engine-types';
import { ZFlightPlanInput, type TFlightAirport, type TPaxByClass } from '@contrail/domain/flight/flight-plan-input';
import type { FlightStep } from '@contrail/domain/flight/flight-step';
import type {
  FlightType,
  TFlight,
  TFlightAirportSummary,
  TFlightCargo,
  TPositionHistoryPoint,
  TRegisteredFlight,
  TResumeFlightResponse,
  TJumpseatResponse,
  ZJumpseatRequest,
  ZRegisterFlightRequest,
  ZRegisterMissionFlightRequest,
  ZRegisterTransportFlightRequest,
} from '@contrail/domain/flight-api/flight-contract';
import { jumpseatCostFc } from '@contrail/domain/flight-api/jumpseat-cost';
import { roundedDistanceNm } from '@contrail/domain/geo/great-circle';
import type { TFlightCompleted, TFlightControl, TFlightControlResult } from '@contrail/domain/live/flight-messages';
import type { TInProgressFlightItem } from '@contrail/domain/live/live-map-contract';
import { ZUplinkAuth } from '@contrail/domain/live/uplink-contract';
import { monthStartUtc } from '@contrail/domain/mission/mission-rules';
import { findAircraftByIcao } from '@contrail/domain/reference/aircraft-catalogue';
import { careerLevelForXp } from '@contrail/domain/reference/career-levels';
import { computeReward } from '@contrail/domain/rewards/compute-reward';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { DbExecutor } from '../../db/database';
import { notFound } from '../../plugins/error-handler';
import { getAirportWithRunways, toFlightAirport } from '../airport/airport.service';
import { findFlightLogOfFlight, insertFlightLog, sumFlightHoursSince } from '../flight-log/flight-log.service';
import {
  airlineFlightResultOf,
  bookingToFly,
  releaseAirlineFlight,
  settleAirlineFlight,
  startAirlineFlight,
  type AirlineFlightResult,
} from '../airline/airline-booking.service';
import { creditUser, debitUser } from '../wallet/wallet.service';
import { payReferralBonusOnValidFlight } from '../referral/referral.service';
import { flightHourMilesBonus } from '../store/inventory.service';
import { finishUserMission, startMissionForUser } from '../mission/mission.service';
import { findMission, findUserMissionOfFlight } from './flight-mission.repository';
import type { BatchResult, FlightMessage, FlightRuntime, LiveFlight } from './flight-runtime';
import { generateFlightToken, isFlightTokenValid } from './flight-token';
import {
  countFrames,
  deleteFrames,
  findFlightById,
  findInProgressFlightOfUser,
  findPilot,
  findPilotForUpdate,
  insertFlight,
  listCompletedFlightsOfUser,
  listInProgressFlights,
  lockFlight,
  setPilotLocation,
  updateFlight,
  updatePilotAfterFlight,
  uniqueViolationOf,
  type FlightRow,
} from './flight.repository';

/** How the flight module reaches trackers and live maps (Socket.IO, possibly over several instances). */
export type FlightChannels = {
  /** Sends a message to the tracker streaming this flight, whichever instance it is connected to. */
  toFlight: (flightId: string, message: FlightMessage) => void;
  /** The flight ended or changed hands: close its uplinks everywhere, other instances forget it. */
  releaseFlight: (flightId: string, options: { disconnect: boolean }) => void;
  /** True when a tracker streams the flight right now (any instance). */
  isStreaming: (flightId: string) => Promise<boolean>;
  notifyLive: (kind: 'set' | 'position') => void;
};

export type FlightContext = {
  deps: Pick<AppDeps, 'db' | 'clock'>;
  runtime: FlightRuntime;
  channels: FlightChannels;
};

export type Caller = { id: string; userName: string };

const alreadyOnFlight = () => new AppError(ErrorCode.userAlreadyOnFlight, 'You are already on a flight: complete or cancel it first');
const invalid = (field: string, message: string) => new AppError(ErrorCode.validation, message, field);
const flightNotFound = () => notFound('Flight');
const notInProgress = () => new AppError(ErrorCode.conflict, 'This flight is not in progress');

// ---- registration ------------------------------------------------------------------------

type Registration = {
  type: FlightType;
  flightNumber: string;
  aircraftIcao: string;
  aircraftRegistration: string | null;
  departureIdent: string;
  arrivalIdent: string;
  cruiseLevelFt: number;
  pax: TPaxByClass;
  cargos: TFlightCargo[];
  missionId: string | null;
  virtualAirlineId: string | null;
  afrvKey: string | null;
  afrvBidId: string | null;
  scheduledDepartureTime: string | null | undefined;
  scheduledArrivalTime: string | null | undefined;
  hasTransport: boolean;
  /** An AIRLINE flight flies the caller's booking (airline module): set, the booking starts with the flight. */
  airlineBookingId?: string;
  /** Field names for errors (the two request shapes name the airports differently). */
  fields: { departure: string; arrival: string };
};

const airportSummary = (airport: TFlightAirport): TFlightAirportSummary => ({
  ident: airport.ident,
  position: { latitude: airport.position.latitudeDeg, longitude: airport.position.longitudeDeg, altitude: airport.position.elevationFt },
});

const totalPax = (pax: TPaxByClass) => pax.first + pax.business + pax.economy;

const toMs = (iso: string | null | undefined): number | null => (iso ? new Date(iso).getTime() : null);

const register = async (ctx: FlightContext, caller: Caller, r: Registration): Promise<TRegisteredFlight> => {
  const { db, clock } = ctx.deps;
  const now = clock.now();
  if (await findInProgressFlightOfUser(db, caller.id)) throw alreadyOnFlight();
  const aircraft = findAircraftByIcao(r.aircraftIcao);
  if (!aircraft) throw invalid('aircraftIcao', `Unknown aircraft type ${r.aircraftIcao}`);
  // Departure = arrival is a local flight (a circuit, a training or sightseeing flight): the engine
  // arrives it once the aircraft has been away (docs/decisions/0020-local-flights-and-flown-steps.md).
  const [departure, arrival] = await Promise.all([getAirportWithRunways(db, r.departureIdent), getAirportWithRunways(db, r.arrivalIdent)]);
  if (!departure) throw invalid(r.fields.departure, `Unknown airport ${r.departureIdent}`);
  if (!arrival) throw invalid(r.fields.arrival, `Unknown airport ${r.arrivalIdent}`);
  if (r.type === 'PNC' && totalPax(r.pax) === 0) throw invalid('pax', 'A cabin (PNC) flight needs passengers');
  const departureMs = toMs(r.scheduledDepartureTime);
  const arrivalMs = toMs(r.scheduledArrivalTime);
  if (departureMs !== null && arrivalMs !== null && arrivalMs <= departureMs) {
    throw invalid('scheduledArrivalTime', 'The scheduled arrival must be after the scheduled departure');
  }

  const pilot = await findPilot(db, caller.id);
  if (!pilot) throw notFound('User');
  if (r.missionId) {
    const mission = await findMission(db, r.missionId);
    if (!mission) throw notFound('Mission');
    if (mission.departureIdent !== departure.ident || mission.arrivalIdent !== arrival.ident) {
      throw invalid(r.fields.departure, `This mission flies ${mission.departureIdent} to ${mission.arrivalIdent}`);
    }
  }

  const plan = ZFlightPlanInput.parse({
    departure: toFlightAirport(departure),
    arrival: toFlightAirport(arrival),
    cruiseLevelFt: r.cruiseLevelFt,
    aircraft: {
      icao: aircraft.icao,
      category: aircraft.category,
      cruiseSpeedKts: aircraft.cruiseSpeedKts,
      fuelBurnKgPerHour: aircraft.fuelBurnKgPerHour,
      fuelCapacityKg: aircraft.fuelCapacityKg,
      engineCount: aircraft.engineCount,
      systems: aircraft.systems,
    },
    isPNC: r.type === 'PNC',
    pax: r.pax,
    scheduledDepartureTimeMs: departureMs,
    scheduledArrivalTimeMs: arrivalMs,
  });
  const { token, tokenHash } = generateFlightToken();
  const transportId = r.hasTransport || r.missionId ? randomUUID() : null;
  let row: FlightRow;
  try {
    row = await db.transaction(async (tx) => {
      const inserted = await insertFlight(tx, {
        userId: caller.id,
        type: r.type,
        status: 'in_progress',
        flightNumber: r.flightNumber,
        aircraftIcao: aircraft.icao,
        aircraftRegistration: r.aircraftRegistration,
        departureIdent: departure.ident,
        arrivalIdent: arrival.ident,
        originalArrivalIdent: arrival.ident,
        cruiseLevelFt: r.cruiseLevelFt,
        plan,
        tokenHash,
        pax: r.pax,
        cargos: r.cargos,
        transportId,
        missionId: r.missionId,
        virtualAirlineId: r.virtualAirlineId,
        afrvKey: r.afrvKey,
        afrvBidId: r.afrvBidId,
        scheduledDepartureTime: departureMs === null ? null : new Date(departureMs),
        scheduledArrivalTime: arrivalMs === null ? null : new Date(arrivalMs),
        createdAt: now,
        updatedAt: now,
      });
      // The mission service checks the window, the career level and the freemium limit, and records the start.
      if (r.missionId) await startMissionForUser(tx, { userId: caller.id, missionId: r.missionId, flightId: inserted.id, now });
      if (r.airlineBookingId) await startAirlineFlight(tx, r.airlineBookingId, inserted.id);
      return inserted;
    });
  } catch (error) {
    // Two registrations at once: the partial unique index lets one through.
    if (uniqueViolationOf(error) === 'flights_one_in_progress_per_user_idx') throw alreadyOnFlight();
    throw error;
  }
  ctx.channels.notifyLive('set');
  return {
    id: row.id,
    token,
    type: row.type,
    flightNumber: row.flightNumber,
    aircraft: { icao: row.aircraftIcao, registration: row.aircraftRegistration },
    departureAirport: airportSummary(plan.departure),
    arrivalAirport: airportSummary(plan.arrival),
    cruiseLevel: row.cruiseLevelFt,
    pilot: { id: caller.id, userName: pilot.userName },
    virtualAirlineId: row.virtualAirlineId,
    transport: transportId ? { id: transportId, missionId: row.missionId } : null,
  };
};

/**
 * An AIRLINE flight flies what the pilot booked: the route's airports, the plane's type and
 * registration and the route's flight number come from the booking, whatever the client sent.
 */
const withAirlineBooking = async (ctx: FlightContext, caller: Caller, registration: Registration): Promise<Registration> => {
  if (registration.type !== 'AIRLINE') return registration;
  if (!registration.virtualAirlineId) throw invalid('virtualAirlineId', 'An airline flight needs the airline it flies for');
  const booking = await bookingToFly(ctx.deps.db, caller.id, registration.virtualAirlineId, ctx.deps.clock.now());
  return {
    ...registration,
    flightNumber: booking.flightNumber,
    departureIdent: booking.departureIdent,
    arrivalIdent: booking.arrivalIdent,
    aircraftIcao: booking.aircraftIcao,
    aircraftRegistration: booking.registration,
    airlineBookingId: booking.bookingId,
  };
};

/** POST /v1/flight. */
export const registerFlight = async (ctx: FlightContext, caller: Caller, body: z.output<typeof ZRegisterFlightRequest>) => {
  if (body.type === 'MISSION' && !body.missionId) throw invalid('missionId', 'A mission flight needs its missionId');
  return register(ctx, caller, await withAirlineBooking(ctx, caller, {
    type: body.type,
    flightNumber: body.flightNumber,
    aircraftIcao: body.aircraftIcao,
    aircraftRegistration: body.aircraftRegistration ?? null,
    departureIdent: body.departureAirportIdent,
    arrivalIdent: body.arrivalAirportIdent,
    cruiseLevelFt: body.cruiseLevel,
    pax: body.pax,
    cargos: body.cargos,
    missionId: body.missionId ?? null,
    virtualAirlineId: body.virtualAirlineId ?? null,
    afrvKey: body.afrvContrailKey ?? null,
    afrvBidId: body.afrvBidId ?? null,
    scheduledDepartureTime: body.scheduledDepartureTime,
    scheduledArrivalTime: body.scheduledArrivalTime,
    hasTransport: totalPax(body.pax) > 0 || body.cargos.length > 0,
    fields: { departure: 'departureAirportIdent', arrival: 'arrivalAirportIdent' },
  }));
};

const transportRegistration = (
  body: z.output<typeof ZRegisterTransportFlightRequest>,
  type: FlightType,
  missionId: string | null,
): Registration => ({
  type,
  flightNumber: body.flightNumber,
  aircraftIcao: body.aircraftIcao,
  aircraftRegistration: body.aircraftRegistration ?? null,
  departureIdent: body.airports.departure.ident,
  arrivalIdent: body.airports.arrival.ident,
  cruiseLevelFt: body.cruiseLevel,
  pax: body.pax,
  cargos: body.cargos,
  missionId,
  virtualAirlineId: null,
  afrvKey: body.afrvContrailKey ?? null,
  afrvBidId: body.afrvBidId ?? null,
  scheduledDepartureTime: body.scheduledDepartureTime,
  scheduledArrivalTime: body.scheduledArrivalTime,
  hasTransport: true,
  fields: { departure: 'airports.departure.ident', arrival: 'airports.arrival.ident' },
});

/** POST /flight/with-pax-and-cargo: a PNC flight (the cabin is simulated). */
export const registerPaxAndCargoFlight = (ctx: FlightContext, caller: Caller, body: z.output<typeof ZRegisterTransportFlightRequest>) =>
  register(ctx, caller, transportRegistration(body, 'PNC', body.missionId ?? null));

/** POST /flight/with-mission: the mission's airports, its level and freemium rules. */
export const registerMissionFlight = (ctx: FlightContext, caller: Caller, body: z.output<typeof ZRegisterMissionFlightRequest>) =>
  register(ctx, caller, transportRegistration(body, 'MISSION', body.missionId));

// ---- reading -------------------------------------------------------------------------------

const toHistoryPoint = (point: TrackPoint): TPositionHistoryPoint => ({
  createdAt: new Date(point.timeMs).toISOString(),
  latitude: point.latitudeDeg,
  longitude: point.longitudeDeg,
  altitude: point.altitudeFt,
  speed: point.groundSpeedKts,
});

/** The Flight entity; an in-progress flight's live figures come from its engine (in memory or rebuilt). */
const toFlight = async (ctx: FlightContext, row: FlightRow, userName: string, outcome: FlightOutcome | null): Promise<TFlight> => {
  const live: LiveFlight | null =
    row.status === 'in_progress' ? (ctx.runtime.peek(row.id) ?? (await ctx.runtime.restore(row.id, row))) : null;
  const state = live?.engine.snapshot() ?? null;
  const plan = state?.plan ?? row.plan;
  const aircraft = findAircraftByIcao(row.aircraftIcao);
  const last = state?.last ?? null;
  const track = state?.track ?? outcome?.positionHistory ?? [];
  const lastPoint = track.at(-1);
  const position = last
    ? { latitude: last.latitudeDeg, longitude: last.longitudeDeg, altitude: last.altitudeFtMsl }
    : lastPoint
      ? { latitude: lastPoint.latitudeDeg, longitude: lastPoint.longitudeDeg, altitude: lastPoint.altitudeFt }
      : null;
  const hasPaxOrCargo = totalPax(row.pax) > 0 || row.cargos.length > 0;
  return {
    id: row.id,
    type: row.type,
    flightNumber: row.flightNumber,
    status: row.status,
    flightStep: (live?.engine.currentStep() ?? outcome?.finalStep ?? row.flightStep) as FlightStep,
    pilot: { id: row.userId, userName },
    aircraft: {
      icao: row.aircraftIcao,
      registration: row.aircraftRegistration,
      model: aircraft?.name ?? null,
      maximumWeight: aircraft?.maxTakeOffWeight ?? null,
      groundSpeed: Math.round(last?.groundSpeedKts ?? lastPoint?.groundSpeedKts ?? 0),
      indicatedAirSpeed: Math.round(last?.indicatedAirspeedKts ?? 0),
      heading: Math.round(last?.headingDegTrue ?? 0),
      position,
    },
    departureAirport: airportSummary(plan.departure),
    arrivalAirport: airportSummary(plan.arrival),
    originalArrivalIdent: row.originalArrivalIdent,
    cruiseLevel: plan.cruiseLevelFt,
    scheduledDepartureTime: row.scheduledDepartureTime?.toISOString() ?? null,
    scheduledArrivalTime: row.scheduledArrivalTime?.toISOString() ?? null,
    positionHistory: track.map(toHistoryPoint),
    isPNCFlight: plan.isPNC,
    readyToEndFlight: live?.isReadyToEndFlight ?? row.readyToEndFlight,
    paxNCargoInformation: hasPaxOrCargo ? { pax: row.pax, cargos: row.cargos } : null,
    transport: row.transportId ? { id: row.transportId, missionId: row.missionId } : null,
    virtualAirlineId: row.virtualAirlineId,
    statistics: live ? live.engine.statistics() : (outcome?.statistics ?? null),
    pncData: live ? live.engine.pncData() : null,
    lastAckSeq: live?.lastSeq ?? 0,
    isRetrievedButNotSubscribed: row.status === 'in_progress' && !(await ctx.channels.isStreaming(row.id)),
    flightLogId: row.flightLogId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
};

/** GET /v1/flight/{id}: the caller's own flight, with its position history. Someone else's id answers 404. */
export const getFlight = async (ctx: FlightContext, caller: Caller, flightId: string): Promise<TFlight> => {
  const row = await findFlightById(ctx.deps.db, flightId);
  if (!row || row.userId !== caller.id) throw flightNotFound();
  const log = row.status === 'complete' ? await findFlightLogOfFlight(ctx.deps.db, row.id) : undefined;
  return toFlight(ctx, row, caller.userName, log?.outcome ?? null);
};

/** GET /flight/retrieve-flight-for-user: the caller's in-progress flight (to resume or cancel), or null. */
export const retrieveFlightForUser = async (ctx: FlightContext, caller: Caller): Promise<TFlight | null> => {
  const row = await findInProgressFlightOfUser(ctx.deps.db, caller.id);
  return row ? toFlight(ctx, row, caller.userName, null) : null;
};

/**
 * GET /v1/flights?status: `in_progress` lists everyone's flights in progress for the live map
 * except the caller's own; `complete` lists the caller's completed flights (newest 100).
 */
export const listFlights = async (
  ctx: FlightContext,
  caller: Caller,
  status: 'in_progress' | 'complete',
): Promise<(TInProgressFlightItem & { status: 'in_progress' | 'complete' })[]> => {
  const { db } = ctx.deps;
  if (status === 'in_progress') {
    const rows = await listInProgressFlights(db, caller.id);
    return rows.map((row) => {
      const frame = row.frame;
      return {
        id: row.id,
        status: 'in_progress' as const,
        flightNumber: row.flight_number,
        pilot: { id: row.user_id, userName: row.user_name },
        aircraftIcao: row.aircraft_icao,
        tailRegistration: row.aircraft_registration,
        departureIdent: row.departure_ident,
        arrivalIdent: row.arrival_ident,
        flightStep: row.flight_step,
        latitude: frame?.position.latitudeDeg ?? row.departure_position.latitudeDeg,
        longitude: frame?.position.longitudeDeg ?? row.departure_position.longitudeDeg,
        altitudeFt: Math.round(frame?.position.altitudeFtMsl ?? row.departure_position.elevationFt),
        heading: Math.round(frame?.headingDegTrue ?? 0),
        groundSpeed: Math.round(frame?.groundSpeedKts ?? 0),
        indicatedAirSpeed: Math.round(frame?.indicatedAirspeedKts ?? 0),
        updatedAt: new Date(row.updated_at).toISOString(),
      };
    });
  }
  const rows = await listCompletedFlightsOfUser(db, caller.id, 100);
  return rows.map(({ flight, userName }) => {
    const arrival = flight.plan.arrival.ident === flight.arrivalIdent ? flight.plan.arrival : null;
    return {
      id: flight.id,
      status: 'complete' as const,
      flightNumber: flight.flightNumber,
      pilot: { id: flight.userId, userName },
      aircraftIcao: flight.aircraftIcao,
      departureIdent: flight.departureIdent,
      arrivalIdent: flight.arrivalIdent,
      flightStep: flight.flightStep,
      latitude: arrival?.position.latitudeDeg ?? flight.plan.departure.position.latitudeDeg,
      longitude: arrival?.position.longitudeDeg ?? flight.plan.departure.position.longitudeDeg,
      altitudeFt: Math.round(arrival?.position.elevationFt ?? flight.plan.departure.position.elevationFt),
      heading: 0,
      groundSpeed: 0,
      indicatedAirSpeed: 0,
      updatedAt: flight.updatedAt.toISOString(),
    };
  });
};

// ---- resume, cancel ------------------------------------------------------------------------

const finishMission = async (db: DbExecutor, flightId: string, status: 'COMPLETED' | 'FAILED' | 'CANCELLED', now: Date) => {
  const userMission = await findUserMissionOfFlight(db, flightId);
  if (userMission?.status === 'STARTED') await finishUserMission(db, { userId: userMission.userId, userMissionId: userMission.id, status, now });
};

const ownInProgressFlight = async (ctx: FlightContext, caller: Caller, flightId: string): Promise<FlightRow> => {
  const row = await findFlightById(ctx.deps.db, flightId);
  if (!row || row.userId !== caller.id) throw flightNotFound();
  if (row.status !== 'in_progress') throw notInProgress();
  return row;
};

/**
 * POST /v1/flight/{id}/resume: a new tracker token for the caller's in-progress flight, e.g. after
 * the tracker's machine was lost. The old token stops working and its uplink is closed.
 */
export const resumeFlight = async (ctx: FlightContext, caller: Caller, flightId: string): Promise<TResumeFlightResponse> =>
  ctx.runtime.serialize(flightId, async () => {
    const { db, clock } = ctx.deps;
    const row = await ownInProgressFlight(ctx, caller, flightId);
    const { token, tokenHash } = generateFlightToken();
    await updateFlight(db, row.id, { tokenHash, updatedAt: clock.now() });
    ctx.runtime.evict(row.id);
    ctx.channels.releaseFlight(row.id, { disconnect: true });
    const { maxSeq } = await countFrames(db, row.id);
    return { id: row.id, token, lastAckSeq: Math.max(maxSeq, row.snapshotSeq) };
  });

/** Cancels an in-progress flight (the browser's POST /v1/flight/{id}/cancel, or the tracker's `cancel`). Nothing is paid. */
export const cancelFlight = async (ctx: FlightContext, caller: Pick<Caller, 'id'>, flightId: string): Promise<{ flightId: string }> =>
  ctx.runtime.serialize(flightId, async () => {
    const { db, clock } = ctx.deps;
    const row = await findFlightById(db, flightId);
    if (!row || row.userId !== caller.id) throw flightNotFound();
    if (row.status !== 'in_progress') throw notInProgress();
    const now = clock.now();
    await db.transaction(async (tx) => {
      const locked = await lockFlight(tx, flightId);
      if (locked?.status !== 'in_progress') throw notInProgress();
      await updateFlight(tx, flightId, { status: 'canceled', endedAt: now, updatedAt: now, snapshot: null });
      await deleteFrames(tx, flightId);
      if (row.missionId) await finishMission(tx, flightId, 'CANCELLED', now);
      if (row.type === 'AIRLINE') await releaseAirlineFlight(tx, flightId, now);
    });
    ctx.runtime.evict(flightId);
    ctx.channels.toFlight(flightId, { event: 'FlightCanceled', payload: { flightId } });
    ctx.channels.releaseFlight(flightId, { disconnect: false });
    ctx.channels.notifyLive('set');
    return { flightId };
  });

// ---- completion ----------------------------------------------------------------------------

const completedOf = (
  log: { id: string; flightId: string; fc: number; xp: number; fcReason: TFlightCompleted['fcReason']; missionFcBonus: number; missionXpBonus: number },
  airline: AirlineFlightResult | null = null,
): TFlightCompleted => ({
  flightId: log.flightId,
  flightLogId: log.id,
  fc: log.fc + log.missionFcBonus,
  xp: log.xp + log.missionXpBonus,
  fcReason: log.fcReason,
  ...(airline ? { airline } : {}),
});

const HOUR_MS = 3_600_000;

/**
 * Completes a flight: the engine's outcome becomes the flight log; FC and XP (and a mission's
 * bonus) are paid as wallet transactions, the pilot moves to the arrival and their counters
 * grow, all in one database transaction; the raw frames are deleted and the log waits for the
 * ledger ('pending'). Completing again answers the same result (a tracker retrying after a cut).
 */
export const completeFlight = async (ctx: FlightContext, flightId: string): Promise<TFlightCompleted> =>
  ctx.runtime.serialize(flightId, async () => {
    const { db, clock } = ctx.deps;
    const row = await findFlightById(db, flightId);
    if (!row) throw flightNotFound();
    if (row.status === 'complete') {
      const log = await findFlightLogOfFlight(db, flightId);
      if (log) return completedOf(log, row.type === 'AIRLINE' ? await airlineFlightResultOf(db, flightId) : null);
    }
    if (row.status !== 'in_progress') throw notInProgress();
    const live = await ctx.runtime.load(flightId);
    if (!live) throw notInProgress();
    // The engine is spent once completed: forget it, a failed write rebuilds it from the database.
    ctx.runtime.evict(flightId);
    const outcome = live.engine.complete();
    const now = clock.now();
    const pilot = await findPilot(db, row.userId);
    if (!pilot) throw notFound('User');
    const [hoursFlownLast24h, hoursFlownThisMonth] = await Promise.all([
      sumFlightHoursSince(db, row.userId, new Date(now.getTime() - 24 * HOUR_MS)),
      sumFlightHoursSince(db, row.userId, monthStartUtc(now)),
    ]);
    const reward = computeReward(outcome, {
      hoursFlownLast24h,
      hoursFlownThisMonth,
      restUntilMs: pilot.nextRemuneration?.getTime() ?? null,
    });
    const mission = row.missionId ? await findMission(db, row.missionId) : undefined;
    const isMissionAccomplished = mission !== undefined && reward.breakdown.notPaidReason === null;
    const missionFcBonus = isMissionAccomplished && reward.fcReason === null ? mission.fcBonus : 0;
    const missionXpBonus = isMissionAccomplished ? mission.xpBonus : 0;
    const flightHours = outcome.statistics.flightDurationSeconds / 3600;
    const logId = randomUUID();
    const revenue = {
      category: 'FLIGHT_REVENUE' as const,
      flightNumber: row.flightNumber,
      departureAirport: outcome.departureIdent,
      arrivalAirport: outcome.arrivalIdent,
    };
    const route = `${outcome.departureIdent}-${outcome.arrivalIdent}`;
    const airports = Object.fromEntries(
      [live.engine.snapshot().plan.departure, live.engine.snapshot().plan.arrival, row.plan.arrival].map((airport) => [
        airport.ident,
        { latitude: airport.position.latitudeDeg, longitude: airport.position.longitudeDeg, altitude: airport.position.elevationFt },
      ]),
    );

    let airlineResult: AirlineFlightResult | null = null;
    const log = await db.transaction(async (tx) => {
      const locked = await lockFlight(tx, flightId);
      if (locked?.status !== 'in_progress') throw notInProgress();
      const inserted = await insertFlightLog(tx, {
        id: logId,
        userId: row.userId,
        flightId,
        type: row.type,
        flightNumber: row.flightNumber,
        aircraftIcao: row.aircraftIcao,
        aircraftRegistration: row.aircraftRegistration,
        departureIdent: outcome.departureIdent,
        arrivalIdent: outcome.arrivalIdent,
        originalArrivalIdent: outcome.originalArrivalIdent,
        airports,
        cruiseLevelFt: outcome.cruiseLevelFt,
        isPNC: outcome.isPNC,
        startDate: new Date(outcome.startTimeMs ?? row.createdAt.getTime()),
        endDate: new Date(outcome.endTimeMs ?? now.getTime()),
        flightDurationSeconds: outcome.statistics.flightDurationSeconds,
        flightHours,
        distanceNm: outcome.statistics.distanceNm,
        isArrived: outcome.isArrived,
        fc: reward.fc,
        xp: reward.xp,
        satisfactionXp: reward.breakdown.satisfactionXp,
        missionFcBonus,
        missionXpBonus,
        fcReason: reward.fcReason,
        inRestPeriod: reward.fcReason === 'InRestTime',
        nextRemuneration: reward.nextRemuneration,
        flightScore: reward.breakdown.flightScore,
        pax: row.pax,
        cargos: row.cargos,
        missionId: row.missionId,
        outcome,
        reward: reward.breakdown,
        ledgerState: 'pending',
        createdAt: now,
      });
      // One idempotency key per payment of this log: a retried completion pays nothing twice.
      const paid = { userId: row.userId, executionDate: now };
      const key = (payment: string) => `flight-log:${logId}:${payment}`;
      await creditUser(tx, { ...paid, idempotencyKey: key('fc'), currency: 'MFC', amount: reward.fc, categoryData: revenue, description: `Flight ${row.flightNumber} ${route}` });
      await creditUser(tx, { ...paid, idempotencyKey: key('xp'), currency: 'XP', amount: reward.xp, categoryData: revenue, description: `Flight ${row.flightNumber} ${route}` });
      // Miles boosters the pilot holds (store items): miles per flight hour while they run.
      const boosterMiles = await flightHourMilesBonus(tx, row.userId, flightHours, now);
      await creditUser(tx, { ...paid, idempotencyKey: key('booster-miles'), currency: 'MILES', amount: boosterMiles, categoryData: { category: 'MF_BONUS', reason: 'Miles booster' }, description: `Miles booster, flight ${row.flightNumber}` });
      if (mission) {
        const bonus = { category: 'MF_BONUS' as const, reason: `Mission ${mission.title}` };
        await creditUser(tx, { ...paid, idempotencyKey: key('mission-fc'), currency: 'MFC', amount: missionFcBonus, categoryData: bonus, description: `Mission bonus ${mission.title}` });
        await creditUser(tx, { ...paid, idempotencyKey: key('mission-xp'), currency: 'XP', amount: missionXpBonus, categoryData: bonus, description: `Mission bonus ${mission.title}` });
        await finishMission(tx, flightId, isMissionAccomplished ? 'COMPLETED' : 'FAILED', now);
      }
      await payReferralBonusOnValidFlight(tx, { userId: row.userId, flightLogId: logId, isValidFlight: reward.breakdown.notPaidReason === null, now });
      if (row.type === 'AIRLINE') {
        const parkedAt = airports[outcome.arrivalIdent] ?? { latitude: outcome.landing?.latitudeDeg ?? 0, longitude: outcome.landing?.longitudeDeg ?? 0 };
        airlineResult = await settleAirlineFlight(tx, {
          flightId,
          pilotId: row.userId,
          distanceNm: outcome.statistics.distanceNm,
          flightHours,
          paxCarried: totalPax(row.pax),
          cargoKg: row.cargos.reduce((sum, cargo) => sum + cargo.weight * cargo.quantity, 0),
          landing: outcome.landing,
          arrivalIdent: outcome.arrivalIdent,
          arrivalPosition: { latitudeDeg: parkedAt.latitude, longitudeDeg: parkedAt.longitude },
          headingDeg: 0,
          now,
        });
      }
      const after = await findPilot(tx, row.userId);
      const keepsResting = pilot.nextRemuneration !== null && pilot.nextRemuneration.getTime() > now.getTime();
      await updatePilotAfterFlight(tx, row.userId, {
        flightHours,
        lastLocationIdent: outcome.isArrived ? outcome.arrivalIdent : null,
        level: Math.max(pilot.level, careerLevelForXp(after?.walletXp ?? 0).level),
        nextRemuneration: reward.nextRemuneration ?? (keepsResting ? pilot.nextRemuneration : null),
        now,
      });
      await updateFlight(tx, flightId, {
        status: 'complete',
        endedAt: now,
        updatedAt: now,
        flightLogId: logId,
        snapshot: null,
        flightStep: outcome.finalStep,
        readyToEndFlight: live.isReadyToEndFlight,
        arrivalIdent: outcome.arrivalIdent,
      });
      await deleteFrames(tx, flightId);
      return inserted;
    });
    const completed = completedOf(log, airlineResult);
    ctx.channels.toFlight(flightId, { event: 'FlightCompleted', payload: completed });
    ctx.channels.releaseFlight(flightId, { disconnect: false });
    ctx.channels.notifyLive('set');
    return completed;
  });

// ---- the tracker uplink ---------------------------------------------------------------------

/** The flight an uplink handshake opens, or null (unknown flight, wrong token, flight over). */
export const authenticateUplink = async (ctx: FlightContext, auth: unknown): Promise<{ flightId: string; userId: string } | null> => {
  const parsed = ZUplinkAuth.safeParse(auth);
  if (!parsed.success) return null;
  const row = await findFlightById(ctx.deps.db, parsed.data.flightId);
  if (!row || row.status !== 'in_progress' || !isFlightTokenValid(parsed.data.token, row.tokenHash)) return null;
  return { flightId: row.id, userId: row.userId };
};

/** A tracker (re)connected: (re)load the flight from the database, so this instance holds the truth. */
export const openUplink = async (ctx: FlightContext, flightId: string): Promise<LiveFlight | null> =>
  ctx.runtime.serialize(flightId, async () => {
    ctx.runtime.evict(flightId);
    return ctx.runtime.load(flightId);
  });

export const ingestFrames = async (ctx: FlightContext, flightId: string, items: readonly unknown[]): Promise<BatchResult> =>
  ctx.runtime.serialize(flightId, async () => {
    const live = await ctx.runtime.load(flightId);
    if (!live) throw notInProgress();
    const result = await ctx.runtime.ingest(live, items);
    if (result.hasSetChanged) ctx.channels.notifyLive('set');
    else if (result.hasMoved) ctx.channels.notifyLive('position');
    return result;
  });

export const controlFlight = async (
  ctx: FlightContext,
  flightId: string,
  control: TFlightControl,
): Promise<{ result: TFlightControlResult; messages: FlightMessage[] }> =>
  ctx.runtime.serialize(flightId, async () => {
    const live = await ctx.runtime.load(flightId);
    if (!live) throw notInProgress();
    let diversion: TFlightAirport | null = null;
    if (control.type === 'DivertFlight') {
      const airport = await getAirportWithRunways(ctx.deps.db, control.arrival.ident);
      diversion = airport ? toFlightAirport(airport) : null;
    }
    const outcome = await ctx.runtime.control(live, control, diversion);
    if (control.type === 'DivertFlight' && outcome.result.accepted) ctx.channels.notifyLive('set');
    return outcome;
  });

// ---- jumpseat --------------------------------------------------------------------------------

/** POST /flight/jumpseat: moves the pilot to another airport for FlightCoins (ERR_0021 when short). */
export const jumpseat = async (ctx: FlightContext, caller: Caller, body: z.output<typeof ZJumpseatRequest>): Promise<TJumpseatResponse> => {
  const { db, clock } = ctx.deps;
  const to = await getAirportWithRunways(db, body.arrivalLocation.icao);
  if (!to) throw invalid('arrivalLocation.icao', `Unknown airport ${body.arrivalLocation.icao}`);
  const now = clock.now();
  // The location, the price and the debit in one transaction on the locked pilot row: two
  // concurrent rides cannot both start from the old airport and pay its (cheaper) price.
  const { fromIdent, distanceNm, cost } = await db.transaction(async (tx) => {
    const pilot = await findPilotForUpdate(tx, caller.id);
    if (!pilot) throw notFound('User');
    if (await findInProgressFlightOfUser(tx, caller.id)) throw alreadyOnFlight();
    if (pilot.lastLocationIdent === to.ident) throw invalid('arrivalLocation.icao', `You are already at ${to.ident}`);
    const from = pilot.lastLocationIdent ? await getAirportWithRunways(tx, pilot.lastLocationIdent) : null;
    const rideNm = from
      ? roundedDistanceNm(
          { latitudeDeg: from.position.latitude, longitudeDeg: from.position.longitude },
          { latitudeDeg: to.position.latitude, longitudeDeg: to.position.longitude },
        )
      : 0;
    const price = jumpseatCostFc(rideNm);
    const startIdent = from?.ident ?? pilot.lastLocationIdent ?? null;
    await debitUser(tx, {
      userId: caller.id,
      // One ride per leg and instant: rides chained at one instant (from the locked row's new
      // location) are distinct legs, each paid; a double-submitted leg finds the pilot already there.
      idempotencyKey: `jumpseat:${caller.id}:${startIdent ?? '?'}-${to.ident}:${now.toISOString()}`,
      currency: 'MFC',
      amount: price,
      categoryData: { category: 'JUMPSEAT', fromIdent: startIdent ?? '', toIdent: to.ident },
      description: `Jumpseat ${startIdent ?? '?'}-${to.ident}`,
      executionDate: now,
    });
    await setPilotLocation(tx, caller.id, to.ident, now);
    return { fromIdent: startIdent, distanceNm: rideNm, cost: price };
  });
  const after = await findPilot(db, caller.id);
  return { fromIdent, toIdent: to.ident, distanceNm, cost, balance: after?.walletMfc ?? 0 };
};
