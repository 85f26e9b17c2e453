import type { TFlightAirport, TRunway } from '../flight/flight-plan-input';
import { distanceNm, initialBearingDeg, intermediatePoint, normalizeHeadingDeg, type LatLon } from '../geo/great-circle';
import type { TAircraftInformation } from '../reference/aircraft-information';
import { reachableLevelFt, semicircularDirectionOf, suggestCruiseLevelFt, type TProfileGeometry } from './cruise-level';
import type { NavlogStage, TFlightPlanAirport, TFlightPlanData, TNavlogFix } from './flight-plan-data';
import { magneticVariationNear, planRouteFixes } from './navaid-route';
import type { TNavaid } from './navaids';
import { PLANNER_CONSTANTS } from './planner-constants';

/**
 * Contrail's own flight planner, the way a dispatcher would rough a plan out without winds: a route
 * over the VORs near the great circle (navaid-route.ts), a cruise level on the semicircular rule
 * suited to the distance (cruise-level.ts), a three-segment vertical profile (climb, cruise,
 * descent). It is the embedded default when no SimBrief plan is loaded (see docs/decisions/0010-flight-planning.md).
 *
 * Every figure it uses is in PLANNER_CONSTANTS with its reasoning. What it does not model: winds,
 * temperature, weight-dependent burn, step climbs, published airways, SIDs and STARs.
 */
export { PLANNER_CONSTANTS };

export type TGenerateFlightPlanInput = {
  departure: TFlightAirport;
  arrival: TFlightAirport;
  aircraft: TAircraftInformation;
  /**
   * Requested cruise level in FEET (FL350 is 35000), lowered when the route is too short to hold it;
   * absent, the planner suggests one (distance, semicircular rule, the aircraft's ceiling).
   */
  cruiseLevelFt?: number;
  /** The VORs the route may use (the server's embedded set); none, the route is direct. */
  navaids?: readonly TNavaid[];
  flightNumber: string;
  /** Scheduled off-blocks, epoch seconds. */
  scheduledOut: number;
  /** Airline ICAO code, if any. */
  airline?: string | null;
  /** Carry 30 minutes of alternate fuel (default true). */
  withAlternate?: boolean;
  /** Discretionary extra fuel, kg (default 0). */
  extraFuelKg?: number;
};

export class FlightPlanGenerationError extends Error {
  readonly reason: 'sameAirport';

  constructor(reason: 'sameAirport', message: string) {
    super(message);
    this.name = 'FlightPlanGenerationError';
    this.reason = reason;
  }
}

const positionOf = (airport: TFlightAirport): LatLon => ({
  latitudeDeg: airport.position.latitudeDeg,
  longitudeDeg: airport.position.longitudeDeg,
});

const angleBetweenDeg = (a: number, b: number): number => {
  const diff = Math.abs(normalizeHeadingDeg(a) - normalizeHeadingDeg(b));
  return Math.min(diff, 360 - diff);
};

/** The runway end whose heading is closest to `courseDeg` (no wind: the one aligned with the route). */
const bestRunwayEnd = (runways: TRunway[] | undefined, courseDeg: number): string | null => {
  const ends = (runways ?? []).flatMap((runway) => runway.ends);
  let best: { ident: string; offset: number } | null = null;
  for (const end of ends) {
    const offset = angleBetweenDeg(end.headingDegTrue, courseDeg);
    if (!best || offset < best.offset) best = { ident: end.ident, offset };
  }
  return best?.ident ?? null;
};

const planAirport = (airport: TFlightAirport, runway: string | null): TFlightPlanAirport => ({
  icaoCode: airport.ident,
  runway,
  latitude: airport.position.latitudeDeg,
  longitude: airport.position.longitudeDeg,
  elevationFt: airport.position.elevationFt,
  name: null,
});

/** ICAO flight-plan notation of a point in degrees and minutes, e.g. "5130N00027W" (Doc 4444 item 15). */
export const icaoLatLonIdent = ({ latitudeDeg, longitudeDeg }: LatLon): string => {
  const part = (value: number, degreeDigits: number, positive: string, negative: string) => {
    const totalMinutes = Math.round(Math.abs(value) * 60);
    const degrees = Math.floor(totalMinutes / 60);
    const minutes = totalMinutes % 60;
    return `${String(degrees).padStart(degreeDigits, '0')}${String(minutes).padStart(2, '0')}${value < 0 ? negative : positive}`;
  };
  return `${part(latitudeDeg, 2, 'N', 'S')}${part(longitudeDeg, 3, 'E', 'W')}`;
};

const round1 = (value: number) => Math.round(value * 10) / 10;

/** One vertex of the lateral route: the departure, an en-route fix or the arrival, with its distance from the departure. */
type RouteVertex = { position: LatLon; alongNm: number; ident: string; name: string; type: 'vor' | 'ltlg' | 'apt' };

/** The point `alongNm` along the route, on the leg that contains it. */
const positionAlong = (vertices: readonly RouteVertex[], alongNm: number): LatLon => {
  for (let k = 1; k < vertices.length; k += 1) {
    const start = vertices[k - 1]!;
    const end = vertices[k]!;
    if (alongNm <= end.alongNm || k === vertices.length - 1) {
      const legNm = end.alongNm - start.alongNm;
      return legNm <= 0 ? end.position : intermediatePoint(start.position, end.position, Math.min(1, Math.max(0, (alongNm - start.alongNm) / legNm)));
    }
  }
  return vertices[0]!.position;
};

type VerticalProfile = {
  topOfClimbFt: number;
  climbDistanceNm: number;
  descentDistanceNm: number;
  cruiseDistanceNm: number;
  isLevelLowered: boolean;
};

/**
 * Climb and descent lengths for the chosen level. The level is chosen so that it is held for a
 * while (cruise-level.ts); only on a hop too short even for the minimum level is the top the
 * highest point from which the descent can start in time (top of climb = top of descent).
 */
const verticalProfile = (
  totalNm: number,
  departureElevationFt: number,
  arrivalElevationFt: number,
  cruiseLevelFt: number,
  climbGradient: number,
  descentGradient: number,
): VerticalProfile => {
  const climbNm = Math.max(0, cruiseLevelFt - departureElevationFt) / climbGradient;
  const descentNm = Math.max(0, cruiseLevelFt - arrivalElevationFt) / descentGradient;
  if (climbNm + descentNm <= totalNm) {
    return { topOfClimbFt: cruiseLevelFt, climbDistanceNm: climbNm, descentDistanceNm: descentNm, cruiseDistanceNm: totalNm - climbNm - descentNm, isLevelLowered: false };
  }
  // (h - depElev) / cg + (h - arrElev) / dg = D, solved for h.
  const top = (totalNm + departureElevationFt / climbGradient + arrivalElevationFt / descentGradient) / (1 / climbGradient + 1 / descentGradient);
  const highest = Math.max(top, departureElevationFt, arrivalElevationFt);
  const climb = Math.max(0, highest - departureElevationFt) / climbGradient;
  return { topOfClimbFt: highest, climbDistanceNm: Math.min(climb, totalNm), descentDistanceNm: Math.max(0, totalNm - climb), cruiseDistanceNm: 0, isLevelLowered: true };
};

/**
 * Generates a Flight plan data: a route over the given VORs near the great circle (latitude/longitude
 * points every ~100 NM where none is near, the whole way without navaids), the requested or suggested
 * cruise level held for a while, top of climb and top of descent along that route, fuel plan (taxi,
 * trip, 5 % contingency, alternate 30 min or none, final reserve 45 min, extra, block), times and
 * weights from the aircraft (payload reduced, and said so in `notes`, when the take-off weight would
 * exceed the MTOW). Pure: the same input gives the same plan.
 */
export const generateFlightPlan = (input: TGenerateFlightPlanInput): TFlightPlanData => {
  const c = PLANNER_CONSTANTS;
  const { departure, arrival, aircraft } = input;
  const from = positionOf(departure);
  const to = positionOf(arrival);
  const gcDistanceNm = distanceNm(from, to);
  if (gcDistanceNm < 1) {
    throw new FlightPlanGenerationError('sameAirport', 'Departure and arrival are the same place: there is no route to plan');
  }
  const notes: string[] = [];
  const navaids = input.navaids ?? [];

  // Lateral route: departure, en-route fixes, arrival, each with its distance along the route.
  let pointCount = 0;
  const vertices: RouteVertex[] = [{ position: from, alongNm: 0, ident: departure.ident, name: departure.ident, type: 'apt' }];
  for (const fix of [...planRouteFixes(from, to, navaids), { kind: 'arrival' as const, position: to }]) {
    const alongNm = vertices.at(-1)!.alongNm + distanceNm(vertices.at(-1)!.position, fix.position);
    if (fix.kind === 'navaid') {
      vertices.push({ position: fix.position, alongNm, ident: fix.navaid.ident, name: fix.navaid.name, type: 'vor' });
    } else if (fix.kind === 'point') {
      pointCount += 1;
      vertices.push({ position: fix.position, alongNm, ident: icaoLatLonIdent(fix.position), name: `WPT${String(pointCount).padStart(2, '0')}`, type: 'ltlg' });
    } else {
      vertices.push({ position: to, alongNm, ident: arrival.ident, name: arrival.ident, type: 'apt' });
    }
  }
  const totalNm = vertices.at(-1)!.alongNm;

  // Cruise level: the pilot's, or the planner's suggestion; lowered if it cannot be held for a while.
  const climbGradient = c.climbGradientFtPerNm[aircraft.classification] ?? c.defaultClimbGradientFtPerNm;
  const geometry: TProfileGeometry = {
    routeNm: totalNm,
    departureElevationFt: departure.position.elevationFt,
    arrivalElevationFt: arrival.position.elevationFt,
    climbGradientFtPerNm: climbGradient,
    descentGradientFtPerNm: c.descentGradientFtPerNm,
  };
  const middle = intermediatePoint(from, to, 0.5);
  const direction = semicircularDirectionOf(initialBearingDeg(middle, to), magneticVariationNear(middle, navaids) ?? 0);
  const requestedFt = input.cruiseLevelFt;
  const cruiseLevelFt =
    requestedFt === undefined
      ? suggestCruiseLevelFt({ geometry, classification: aircraft.classification, ceilingFt: aircraft.cruiseAltitudeFt, direction })
      : reachableLevelFt(requestedFt, geometry, direction);
  const profile = verticalProfile(
    totalNm,
    departure.position.elevationFt,
    arrival.position.elevationFt,
    cruiseLevelFt,
    climbGradient,
    c.descentGradientFtPerNm,
  );
  const initialAltitudeFt = profile.isLevelLowered ? Math.floor(profile.topOfClimbFt / 100) * 100 : cruiseLevelFt;
  if (requestedFt !== undefined && initialAltitudeFt < requestedFt) {
    notes.push(`The route is too short to reach ${requestedFt} ft and hold it: planned cruise at ${initialAltitudeFt} ft`);
  }

  // Speeds, times (hours) and trip fuel.
  const cruiseTasKts = aircraft.cruiseSpeedKts;
  const climbSpeedKts = cruiseTasKts * c.climbSpeedFactor;
  const descentSpeedKts = cruiseTasKts * c.descentSpeedFactor;
  const climbHours = profile.climbDistanceNm / climbSpeedKts;
  const cruiseHours = profile.cruiseDistanceNm / cruiseTasKts;
  const descentHours = profile.descentDistanceNm / descentSpeedKts;
  const approachHours = c.approachAllowanceSec / 3600;
  const burnKgPerHour = aircraft.fuelBurnKgPerHour;
  const tripKg = Math.round(
    burnKgPerHour *
      (c.climbBurnFactor * climbHours + cruiseHours + c.descentBurnFactor * descentHours + c.approachBurnFactor * approachHours),
  );

  // Fuel plan.
  const taxiKg = Math.round(burnKgPerHour * c.taxiBurnFactor * (c.taxiOutSec / 3600));
  const contingencyKg = Math.round(tripKg * c.contingencyFraction);
  const alternateKg = input.withAlternate === false ? 0 : Math.round((burnKgPerHour * c.alternateMinutes) / 60);
  const finalReserveKg = Math.round((burnKgPerHour * c.finalReserveMinutes) / 60);
  const extraKg = Math.max(0, Math.round(input.extraFuelKg ?? 0));
  const blockKg = taxiKg + tripKg + contingencyKg + alternateKg + finalReserveKg + extraKg;
  const plannedTakeoffKg = blockKg - taxiKg;
  const plannedLandingKg = plannedTakeoffKg - tripKg;
  if (blockKg > aircraft.fuelCapacityKg) {
    notes.push(`Block fuel ${blockKg} kg exceeds the usable fuel capacity of ${aircraft.fuelCapacityKg} kg: the route is beyond this aircraft's range`);
  }

  // Times (seconds).
  const enrouteSec = Math.round((climbHours + cruiseHours + descentHours) * 3600 + c.approachAllowanceSec);
  const blockSec = c.taxiOutSec + enrouteSec + c.taxiInSec;

  // Weights.
  const emptyFraction = c.emptyWeightFractionOfMtow[aircraft.classification] ?? c.defaultEmptyWeightFractionOfMtow;
  const operatingEmptyWeightKg = Math.round(aircraft.maxTakeOffWeight * emptyFraction);
  const seats = aircraft.defaultSeats.first + aircraft.defaultSeats.business + aircraft.defaultSeats.eco;
  const massPerPaxKg = c.paxMassKg + c.bagMassKg;
  const isFreighter = seats === 0;
  let paxCount = seats;
  let cargoKg = isFreighter ? Math.round(aircraft.maxCargoKg * c.freighterLoadFactor) : 0;
  const payloadOf = () => paxCount * massPerPaxKg + cargoKg;
  const towOf = () => operatingEmptyWeightKg + payloadOf() + plannedTakeoffKg;
  const excessKg = towOf() - aircraft.maxTakeOffWeight;
  if (excessKg > 0) {
    const before = payloadOf();
    if (isFreighter) cargoKg = Math.max(0, cargoKg - excessKg);
    else paxCount = Math.max(0, paxCount - Math.ceil(excessKg / massPerPaxKg));
    const removed = before - payloadOf();
    notes.push(
      isFreighter
        ? `Cargo reduced by ${removed} kg to keep the take-off weight within the MTOW of ${aircraft.maxTakeOffWeight} kg`
        : `Payload reduced by ${removed} kg (${seats - paxCount} passengers) to keep the take-off weight within the MTOW of ${aircraft.maxTakeOffWeight} kg`,
    );
    if (towOf() > aircraft.maxTakeOffWeight) {
      notes.push(`Even with no payload the take-off weight exceeds the MTOW of ${aircraft.maxTakeOffWeight} kg: the route is too long for this aircraft`);
    }
  }
  const payloadKg = payloadOf();
  const zeroFuelWeightKg = operatingEmptyWeightKg + payloadKg;
  const estimatedTakeoffWeightKg = zeroFuelWeightKg + plannedTakeoffKg;

  // Navlog: the en-route fixes, TOC, TOD and the arrival, in order along the route.
  type Point = { alongNm: number; kind: 'wpt' | 'toc' | 'tod' | 'apt'; vertex: RouteVertex | null };
  const points: Point[] = vertices.slice(1, -1).map((vertex) => ({ alongNm: vertex.alongNm, kind: 'wpt', vertex }));
  points.push({ alongNm: profile.climbDistanceNm, kind: 'toc', vertex: null });
  points.push({ alongNm: totalNm - profile.descentDistanceNm, kind: 'tod', vertex: null });
  points.push({ alongNm: totalNm, kind: 'apt', vertex: vertices.at(-1)! });
  const order = { toc: 0, wpt: 1, tod: 2, apt: 3 } as const;
  points.sort((a, b) => a.alongNm - b.alongNm || order[a.kind] - order[b.kind]);

  const todNm = totalNm - profile.descentDistanceNm;
  const altitudeAt = (alongNm: number): number => {
    if (alongNm <= profile.climbDistanceNm) return departure.position.elevationFt + alongNm * climbGradient;
    if (alongNm >= todNm) return arrival.position.elevationFt + (totalNm - alongNm) * c.descentGradientFtPerNm;
    return profile.topOfClimbFt;
  };
  const elapsedSecAt = (alongNm: number): number => {
    const climb = Math.min(alongNm, profile.climbDistanceNm) / climbSpeedKts;
    const cruise = Math.max(0, Math.min(alongNm, todNm) - profile.climbDistanceNm) / cruiseTasKts;
    const descent = Math.max(0, alongNm - todNm) / descentSpeedKts;
    return (climb + cruise + descent) * 3600;
  };
  const stageAt = (point: Point): NavlogStage => {
    if (point.kind === 'toc') return 'CLB';
    if (point.kind === 'tod') return 'CRZ';
    if (point.kind === 'apt') return 'DSC';
    if (point.alongNm < profile.climbDistanceNm) return 'CLB';
    return point.alongNm > todNm ? 'DSC' : 'CRZ';
  };

  let previousNm = 0;
  const navlog: TNavlogFix[] = points.map((point) => {
    const position = point.vertex?.position ?? positionAlong(vertices, point.alongNm);
    const ident = point.vertex?.ident ?? (point.kind === 'toc' ? 'TOC' : 'TOD');
    const name = point.vertex?.name ?? (point.kind === 'toc' ? 'TOP OF CLIMB' : 'TOP OF DESCENT');
    const fix: TNavlogFix = {
      ident,
      name,
      type: point.vertex?.type ?? 'ltlg',
      latitude: round6(position.latitudeDeg),
      longitude: round6(position.longitudeDeg),
      stage: stageAt(point),
      viaAirway: 'DCT',
      altitudeFt: point.kind === 'apt' ? arrival.position.elevationFt : Math.round(altitudeAt(point.alongNm)),
      legDistanceNm: round1(point.alongNm - previousNm),
      cumulativeDistanceNm: round1(point.alongNm),
      timeTotalSec: Math.round(elapsedSecAt(point.alongNm)),
    };
    previousNm = point.alongNm;
    return fix;
  });
  // ICAO item 15: every en-route fix joined by DCT (no airways in the data), e.g. "DCT LAM DCT".
  const route = ['DCT', ...vertices.slice(1, -1).flatMap((vertex) => [vertex.ident, 'DCT'])].join(' ');

  // Runways: aligned with the first and last legs (the direction of take-off and landing).
  const departureCourse = initialBearingDeg(from, vertices[1]!.position);
  const arrivalCourse = normalizeHeadingDeg(initialBearingDeg(to, vertices.at(-2)!.position) + 180);
  const routeDistanceNm = Math.round(totalNm);

  return {
    source: 'CONTRAIL',
    requestId: null,
    airac: null,
    originalWeightUnit: 'kg',
    origin: planAirport(departure, bestRunwayEnd(departure.runways, departureCourse)),
    destination: planAirport(arrival, bestRunwayEnd(arrival.runways, arrivalCourse)),
    alternate: null,
    general: {
      costIndex: null,
      initialAltitudeFt,
      routeDistanceNm,
      gcDistanceNm: Math.round(gcDistanceNm),
      flightNumber: input.flightNumber,
      airline: input.airline ?? null,
      route,
      cruiseTasKts,
      passengers: paxCount,
    },
    fuel: {
      taxiKg,
      tripKg,
      contingencyKg,
      alternateKg,
      finalReserveKg,
      extraKg,
      blockKg,
      plannedTakeoffKg,
      plannedLandingKg,
      averageFuelFlowKgPerHour: burnKgPerHour,
    },
    navlog,
    times: {
      estimatedBlockSec: blockSec,
      estimatedEnrouteSec: enrouteSec,
      taxiOutSec: c.taxiOutSec,
      taxiInSec: c.taxiInSec,
      scheduledOut: Math.round(input.scheduledOut),
      estimatedIn: Math.round(input.scheduledOut) + blockSec,
    },
    weights: {
      estimatedTakeoffWeightKg,
      zeroFuelWeightKg,
      payloadKg,
      estimatedLandingWeightKg: estimatedTakeoffWeightKg - tripKg,
      operatingEmptyWeightKg,
      maxTakeoffWeightKg: aircraft.maxTakeOffWeight,
      paxCount,
      cargoKg,
    },
    aircraftIcao: aircraft.icao,
    notes,
  };
};

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
