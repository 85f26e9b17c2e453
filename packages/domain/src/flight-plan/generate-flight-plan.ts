import type { TFlightAirport, TRunway } from '../flight/flight-plan-input';
import { distanceNm, initialBearingDeg, intermediatePoint, normalizeHeadingDeg, type LatLon } from '../geo/great-circle';
import type { TAircraftInformation } from '../reference/aircraft-information';
import type { NavlogStage, TFlightPlanAirport, TFlightPlanData, TNavlogFix } from './flight-plan-data';

/**
 * Contrail's own flight planner: a direct great-circle plan with a simple three-segment vertical
 * profile (climb, cruise, descent), the way a dispatcher would rough one out without winds or
 * airways. It is the embedded default when no SimBrief plan is loaded (DESIGN.md, outside services).
 *
 * Every figure it uses is in PLANNER_CONSTANTS with its reasoning. What it does not model: winds,
 * temperature, weight-dependent burn, step climbs, airways, SIDs and STARs.
 */
export const PLANNER_CONSTANTS = {
  /** Generated waypoints split the route into equal legs of at most this length, NM. */
  waypointSpacingNm: 100,
  /**
   * Average climb gradient, feet gained per NM over the ground. A jet climbs at about 2,000-2,500 fpm
   * at 250-300 kt ground speed early and less near the top: an A320 reaches FL350 about 130 NM out,
   * 35,000 / 130 = 270 ft/NM. Turboprops and pistons climb slower but fly much slower too:
   * 1,500 fpm at 200 kt (ATR) is 450 ft/NM.
   */
  climbGradientFtPerNm: { Jet: 270, Turboprop: 450, Piston: 450, Helicopter: 500 } as Record<string, number>,
  /** Fallback climb gradient for an unknown classification, ft/NM. */
  defaultClimbGradientFtPerNm: 400,
  /** Descent on a 3 degree path: tan(3 deg) x 6,076 ft = 318 ft/NM (the "3 NM per 1,000 ft" rule). */
  descentGradientFtPerNm: 318,
  /** Average ground speed in the climb and descent as a fraction of the cruise TAS (250 kt below FL100). */
  climbSpeedFactor: 0.65,
  descentSpeedFactor: 0.75,
  /** Fuel flow in the climb (climb thrust) and descent (near idle) as a fraction of the cruise burn. */
  climbBurnFactor: 1.6,
  descentBurnFactor: 0.4,
  /** Approach and landing allowance added to the flight time (vectors, configuration, final), seconds. */
  approachAllowanceSec: 6 * 60,
  /** Fuel flow during the approach allowance, fraction of the cruise burn. */
  approachBurnFactor: 0.6,
  /** Taxi times, seconds, and the ground fuel flow as a fraction of the cruise burn (engines near idle). */
  taxiOutSec: 10 * 60,
  taxiInSec: 5 * 60,
  taxiBurnFactor: 0.25,
  /** Contingency fuel: 5 % of the trip fuel (EU-OPS / EASA CAT.OP.MPA.150 standard). */
  contingencyFraction: 0.05,
  /** Alternate fuel when an alternate is planned: a fixed 30 minutes at cruise burn (no alternate airport is chosen). */
  alternateMinutes: 30,
  /** Spec section 9: the legal final reserve is 45 minutes of average consumption (the cruise burn). */
  finalReserveMinutes: 45,
  /** EASA standard passenger mass (adult, with hand baggage) and checked bag mass, kg. */
  paxMassKg: 84,
  bagMassKg: 20,
  /** A freighter is loaded to this fraction of its maximum payload. */
  freighterLoadFactor: 0.7,
  /**
   * The catalogue has no empty weight: the operating empty weight is estimated as a fraction of the
   * MTOW, typical for each kind (A320 0.55, B738 0.52, B77W 0.48, ATR 72 0.58, C172 0.66).
   */
  emptyWeightFractionOfMtow: { Jet: 0.52, Turboprop: 0.58, Piston: 0.66, Helicopter: 0.6 } as Record<string, number>,
  defaultEmptyWeightFractionOfMtow: 0.55,
} as const;

export type TGenerateFlightPlanInput = {
  departure: TFlightAirport;
  arrival: TFlightAirport;
  aircraft: TAircraftInformation;
  /** Requested cruise level in FEET (FL350 is 35000). Lowered when the route is too short to reach it. */
  cruiseLevelFt: number;
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

type VerticalProfile = {
  topOfClimbFt: number;
  climbDistanceNm: number;
  descentDistanceNm: number;
  cruiseDistanceNm: number;
  isLevelLowered: boolean;
};

/**
 * Climb and descent lengths for the requested level; on a route too short to reach it, the highest
 * level from which the descent can still start in time (top of climb = top of descent).
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
 * Generates a Flight plan data for a direct great-circle flight: waypoints every ~100 NM, top of
 * climb and top of descent, fuel plan (taxi, trip, 5 % contingency, alternate 30 min or none, final
 * reserve 45 min, extra, block), times and weights from the aircraft (payload reduced, and said so in
 * `notes`, when the take-off weight would exceed the MTOW). Pure: the same input gives the same plan.
 */
export const generateFlightPlan = (input: TGenerateFlightPlanInput): TFlightPlanData => {
  const c = PLANNER_CONSTANTS;
  const { departure, arrival, aircraft } = input;
  const from = positionOf(departure);
  const to = positionOf(arrival);
  const totalNm = distanceNm(from, to);
  if (totalNm < 1) {
    throw new FlightPlanGenerationError('sameAirport', 'Departure and arrival are the same place: there is no route to plan');
  }
  const notes: string[] = [];

  const climbGradient = c.climbGradientFtPerNm[aircraft.classification] ?? c.defaultClimbGradientFtPerNm;
  const profile = verticalProfile(
    totalNm,
    departure.position.elevationFt,
    arrival.position.elevationFt,
    input.cruiseLevelFt,
    climbGradient,
    c.descentGradientFtPerNm,
  );
  const initialAltitudeFt = profile.isLevelLowered ? Math.floor(profile.topOfClimbFt / 100) * 100 : input.cruiseLevelFt;
  if (profile.isLevelLowered) {
    notes.push(`The route is too short to reach ${input.cruiseLevelFt} ft: planned top of climb at ${initialAltitudeFt} ft`);
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

  // Navlog: generated waypoints, TOC, TOD and the arrival, in order along the route.
  const legCount = Math.max(1, Math.ceil(totalNm / c.waypointSpacingNm));
  type Point = { alongNm: number; kind: 'wpt' | 'toc' | 'tod' | 'apt'; index: number };
  const points: Point[] = [];
  for (let k = 1; k < legCount; k += 1) points.push({ alongNm: (k * totalNm) / legCount, kind: 'wpt', index: k });
  points.push({ alongNm: profile.climbDistanceNm, kind: 'toc', index: 0 });
  points.push({ alongNm: totalNm - profile.descentDistanceNm, kind: 'tod', index: 0 });
  points.push({ alongNm: totalNm, kind: 'apt', index: 0 });
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
    const position = point.kind === 'apt' ? to : intermediatePoint(from, to, point.alongNm / totalNm);
    const ident =
      point.kind === 'apt' ? arrival.ident : point.kind === 'toc' ? 'TOC' : point.kind === 'tod' ? 'TOD' : icaoLatLonIdent(position);
    const name =
      point.kind === 'apt'
        ? arrival.ident
        : point.kind === 'toc'
          ? 'TOP OF CLIMB'
          : point.kind === 'tod'
            ? 'TOP OF DESCENT'
            : `WPT${String(point.index).padStart(2, '0')}`;
    const fix: TNavlogFix = {
      ident,
      name,
      type: point.kind === 'apt' ? 'apt' : 'ltlg',
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
  const routeIdents = navlog.filter((fix) => fix.type === 'ltlg' && fix.ident !== 'TOC' && fix.ident !== 'TOD').map((fix) => fix.ident);
  const route = ['DCT', ...routeIdents.flatMap((ident) => [ident, 'DCT'])].join(' ');

  const departureCourse = initialBearingDeg(from, to);
  const arrivalCourse = normalizeHeadingDeg(initialBearingDeg(to, from) + 180);
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
      gcDistanceNm: routeDistanceNm,
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
