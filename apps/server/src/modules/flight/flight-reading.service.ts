// Reading flights: the pilot's flight (live figures from its engine while in progress), the
// flight to resume, and the lists (everyone's flights in progress, the pilot's completed ones).
import type { FlightOutcome, TrackPoint } from '@contrail/domain/flight/flight-engine-types';
import type { FlightStep } from '@contrail/domain/flight/flight-step';
import type { TFlight, TPositionHistoryPoint } from '@contrail/domain/flight-api/flight-contract';
import type { TInProgressFlightItem } from '@contrail/domain/live/live-map-contract';
import { findAircraftByIcao } from '@contrail/domain/reference/aircraft-catalogue';
import { findFlightLogOfFlight } from '../flight-log/flight-log.service';
import { userNameOf, userNamesOf } from '../user/user-directory.service';
import { airportSummary, requireOwnFlight, totalPax, type Caller, type FlightContext } from './flight-context';
import type { LiveFlight } from './flight-runtime';
import { findFlightById, findInProgressFlightOfUser, listCompletedFlightsOfUser, listInProgressFlights, type FlightRow } from './flight.repository';

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
  const row = await requireOwnFlight(ctx.deps.db, caller, 'flight.read', await findFlightById(ctx.deps.db, flightId));
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
    const pilotNames = await userNamesOf(db, rows.map((row) => row.user_id));
    return rows.map((row) => {
      const frame = row.frame;
      return {
        id: row.id,
        status: 'in_progress' as const,
        flightNumber: row.flight_number,
        pilot: { id: row.user_id, userName: pilotNames.get(row.user_id) ?? '' },
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
  const [rows, userName] = await Promise.all([listCompletedFlightsOfUser(db, caller.id, 100), userNameOf(db, caller.id)]);
  return rows.map((flight) => {
    const arrival = flight.plan.arrival.ident === flight.arrivalIdent ? flight.plan.arrival : null;
    return {
      id: flight.id,
      status: 'complete' as const,
      flightNumber: flight.flightNumber,
      pilot: { id: flight.userId, userName: userName ?? caller.userName },
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
