import { distanceFromNm, fuelFromKg, lbsToKg, zulu } from '@contrail/domain/phpvms-api/phpvms-units';
import { phaseLabel } from '@contrail/domain/phpvms-api/phpvms-pirep';
import type { findFlightLogOfFlight } from '../flight-log/flight-log.service';
import type { AcarsRow, PirepRow } from './phpvms-api.repository';

type FlightLogRow = NonNullable<Awaited<ReturnType<typeof findFlightLogOfFlight>>>;

/** The shapes phpVMS's API resources answer, built from Contrail's rows. */

const numberOr = (value: unknown, fallback: number | null = null): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

/** An ACARS position as phpVMS's Acars resource: distance and fuel in every unit, Zulu times. */
export const acarsResource = (row: AcarsRow) => {
  const data = row.data;
  const altitude = numberOr(data.altitude);
  return {
    id: row.clientId ?? row.id,
    pirep_id: row.pirepId,
    type: 0,
    status: typeof data.status === 'string' ? data.status : null,
    lat: numberOr(data.lat),
    lon: numberOr(data.lon),
    altitude: altitude ?? numberOr(data.altitude_msl),
    altitude_agl: numberOr(data.altitude_agl, altitude),
    altitude_msl: numberOr(data.altitude_msl, altitude),
    heading: numberOr(data.heading),
    vs: numberOr(data.vs),
    gs: numberOr(data.gs),
    ias: numberOr(data.ias),
    transponder: data.transponder ?? null,
    autopilot: data.autopilot ?? null,
    fuel_flow: numberOr(data.fuel_flow),
    fuel: fuelFromKg(lbsToKg(numberOr(data.fuel, 0)!)),
    // phpVMS positions carry the distance flown so far in its internal unit (nautical miles).
    distance: distanceFromNm(numberOr(data.distance, 0)!),
    log: typeof data.log === 'string' ? data.log : null,
    sim_time: zulu(row.simTime),
    created_at: zulu(row.createdAt),
    updated_at: zulu(row.createdAt),
  };
};

export const routeResource = (row: AcarsRow) => ({
  id: row.clientId ?? row.id,
  name: row.data.name,
  order: row.order,
  nav_type: row.data.nav_type ?? null,
  lat: row.data.lat,
  lon: row.data.lon,
});

export const commentResource = (row: { id: string; comment: string; createdAt: Date }, pilot: { id: string; userName: string }) => ({
  id: row.id,
  comment: row.comment,
  created_at: zulu(row.createdAt),
  user: { id: pilot.id, name: pilot.userName },
});

export type PirepView = ReturnType<typeof pirepResource>;

/**
 * A report as phpVMS's Pirep resource. Before filing, distance, flight time and fuel are what the
 * engine has not yet judged (zero); once filed, they are the flight log's: what the positions
 * show, never what the client declared (kept apart under `declared`).
 */
export const pirepResource = (
  row: PirepRow,
  context: { state: number; log: FlightLogRow | null; lastPosition: AcarsRow | null; comments: { id: string; comment: string; createdAt: Date; userId: string }[] },
) => {
  const { log } = context;
  const landing = log?.outcome.landing ?? null;
  const isRateKnown = landing !== null && landing.isObserved && landing.isRateKnown !== false;
  const stats = log?.outcome.statistics;
  return {
    id: row.id,
    user_id: row.userId,
    airline_id: row.airlineId,
    aircraft_id: row.aircraftId,
    flight_id: null,
    ident: row.flightNumber,
    flight_number: row.flightNumber,
    route_code: row.routeCode,
    route_leg: row.routeLeg,
    flight_type: row.flightType ?? 'J',
    dpt_airport_id: row.dptAirportId,
    arr_airport_id: row.arrAirportId,
    alt_airport_id: row.altAirportId,
    level: row.level,
    distance: distanceFromNm(log?.distanceNm ?? 0),
    planned_distance: distanceFromNm(row.declared.planned_distance ?? 0),
    flight_time: log ? Math.round(log.flightDurationSeconds / 60) : 0,
    planned_flight_time: row.declared.planned_flight_time ?? null,
    zfw: row.declared.zfw ?? null,
    block_fuel: fuelFromKg(stats?.fuelLoadedKg ?? 0),
    fuel_used: fuelFromKg(stats?.fuelConsumedKg ?? 0),
    // Unknown (null) when the positions did not show the touchdown: never the client's figure.
    landing_rate: isRateKnown ? landing.verticalSpeedFpm : null,
    score: log ? log.flightScore : null,
    route: row.route,
    notes: row.notes,
    source: 1,
    source_name: row.sourceName,
    state: context.state,
    status: row.status,
    phase: row.status,
    status_text: phaseLabel(row.status),
    submitted_at: zulu(row.submittedAt),
    block_off_time: zulu(row.blockOffTime),
    block_on_time: zulu(row.blockOnTime),
    created_at: zulu(row.createdAt),
    updated_at: zulu(row.updatedAt),
    /** Contrail's own: the flight behind the report, the review's reasons, what the client declared. */
    contrail: {
      flight_id: row.flightId,
      flight_log_id: row.flightLogId,
      review_status: log?.reviewStatus ?? null,
      review_reasons: (log?.reviewReasons ?? []).map((reason) => ({ code: reason.code, message: reason.message })),
      fc: log?.fc ?? null,
    },
    declared: {
      distance: row.declared.distance === undefined ? null : distanceFromNm(row.declared.distance),
      flight_time: row.declared.flight_time ?? null,
      fuel_used: row.declared.fuel_used === undefined ? null : fuelFromKg(lbsToKg(row.declared.fuel_used)),
      landing_rate: row.declared.landing_rate ?? null,
    },
    airline: { id: row.airlineId },
    aircraft: { id: row.aircraftId },
    dpt_airport: { id: row.dptAirportId, icao: row.dptAirportId },
    arr_airport: { id: row.arrAirportId, icao: row.arrAirportId },
    position: context.lastPosition ? acarsResource(context.lastPosition) : null,
    comments: context.comments.map((comment) => ({ id: comment.id, comment: comment.comment, created_at: zulu(comment.createdAt) })),
    fields: row.fields,
  };
};

