import { destinationPoint, initialBearingDeg, normalizeHeadingDeg } from '@contrail/domain/geo/great-circle';
import type { TFlightAirport, TRunway } from '@contrail/domain/flight/flight-plan-input';
import { findAircraftByIcao } from '@contrail/domain/reference/aircraft-catalogue';
import { ZSimFault, type TSimFault } from '@contrail/sim/sim-fault';
import type { TSimAirport, TSimulatedFlightPlan } from '@contrail/sim/simulated-flight-plan';

/** What the hub's `Start { simulator: 'builtin', builtin }` and the CLI `fly` give the built-in simulator. */
export type TBuiltinFlightRequest = {
  departure: TFlightAirport;
  arrival: TFlightAirport;
  aircraftIcao: string;
  cruiseLevelFt: number;
  /** Fuel on board at the gate, kg (the plan's block fuel); absent, the simulator's own estimate. */
  fuelKg?: number | undefined;
  faults?: readonly string[];
};

export class BuiltinPlanError extends Error {
  override readonly name = 'BuiltinPlanError';
}

const FEET_PER_NM = 6_076.12;
/** Runway ends within this many degrees of the wanted direction count as aligned; the longest of them wins. */
const ALIGNED_WITHIN_DEG = 45;

/**
 * The simulated flight plan of a Start request: the aircraft from the domain's catalogue, the
 * plan's block fuel when the request carries one, and at each airport the runway end best aligned with the route (take-off towards the arrival, landing
 * in the direction of arrival), the longest among the aligned ones. Without runways the simulator
 * assumes one along the route. Throws a BuiltinPlanError for an unknown aircraft type.
 */
export function toSimulatedFlightPlan(request: TBuiltinFlightRequest, startTimeMs: number): TSimulatedFlightPlan {
  const aircraft = findAircraftByIcao(request.aircraftIcao.toUpperCase());
  if (aircraft === undefined) {
    throw new BuiltinPlanError(`The built-in simulator has no aircraft of type ${request.aircraftIcao}`);
  }
  const from = toLatLon(request.departure);
  const to = toLatLon(request.arrival);
  const departureTrackDeg = initialBearingDeg(from, to);
  const arrivalTrackDeg = normalizeHeadingDeg(initialBearingDeg(to, from) + 180);
  return {
    departure: toSimAirport(request.departure, departureTrackDeg, 'takeoff'),
    arrival: toSimAirport(request.arrival, arrivalTrackDeg, 'landing'),
    aircraft,
    cruiseLevelFt: request.cruiseLevelFt,
    startTimeMs,
    // The fuel the plan asks for, as loaded at the gate (the simulator no longer guesses its own).
    ...(request.fuelKg === undefined ? {} : { fuelKg: request.fuelKg }),
  };
}

/** The faults of a Start request, by name (the simulator's fault kinds, default parameters). */
export function toSimFaults(names: readonly string[] = []): TSimFault[] {
  return names.map((kind) => {
    const parsed = ZSimFault.safeParse({ kind });
    if (!parsed.success) throw new BuiltinPlanError(`Unknown fault ${JSON.stringify(kind)} for the built-in simulator`);
    return parsed.data;
  });
}

/**
 * An airport as the simulator needs it, using the runway end closest to `trackDeg` (the direction
 * of take-off or landing). For a landing the threshold is moved past any displacement.
 */
export function toSimAirport(airport: TFlightAirport, trackDeg: number, use: 'takeoff' | 'landing'): TSimAirport {
  const base: TSimAirport = {
    ident: airport.ident,
    latitudeDeg: airport.position.latitudeDeg,
    longitudeDeg: airport.position.longitudeDeg,
    elevationFt: airport.position.elevationFt,
  };
  const best = bestRunwayEnd(airport.runways ?? [], trackDeg);
  if (best === undefined) return base;
  const { runway, end } = best;
  const displacedFt = use === 'landing' ? end.displacedThresholdFt ?? 0 : 0;
  const threshold =
    displacedFt > 0
      ? destinationPoint({ latitudeDeg: end.latitudeDeg, longitudeDeg: end.longitudeDeg }, end.headingDegTrue, displacedFt / FEET_PER_NM)
      : { latitudeDeg: end.latitudeDeg, longitudeDeg: end.longitudeDeg };
  return {
    ...base,
    runway: {
      ident: end.ident,
      thresholdLatitudeDeg: threshold.latitudeDeg,
      thresholdLongitudeDeg: threshold.longitudeDeg,
      headingDegTrue: normalizeHeadingDeg(end.headingDegTrue),
      lengthFt: Math.max(1, runway.lengthFt - displacedFt),
    },
  };
}

function bestRunwayEnd(runways: readonly TRunway[], trackDeg: number) {
  const ends = runways.flatMap((runway) => runway.ends.map((end) => ({ runway, end, offDeg: angleBetweenDeg(end.headingDegTrue, trackDeg) })));
  const aligned = ends.filter((candidate) => candidate.offDeg <= ALIGNED_WITHIN_DEG);
  if (aligned.length > 0) return aligned.sort((a, b) => b.runway.lengthFt - a.runway.lengthFt || a.offDeg - b.offDeg)[0];
  return ends.sort((a, b) => a.offDeg - b.offDeg)[0];
}

function angleBetweenDeg(a: number, b: number): number {
  const difference = Math.abs(normalizeHeadingDeg(a) - normalizeHeadingDeg(b));
  return difference > 180 ? 360 - difference : difference;
}

function toLatLon(airport: TFlightAirport) {
  return { latitudeDeg: airport.position.latitudeDeg, longitudeDeg: airport.position.longitudeDeg };
}
