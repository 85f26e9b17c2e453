import { distanceNm, initialBearingDeg, intermediatePoint, normalizeHeadingDeg } from '../geo/great-circle';
import type { TAircraftInformation } from '../reference/aircraft-information';
import { PLANNER_CONSTANTS } from './planner-constants';

/** Whether a track flies odd (eastbound, 000-179) or even (westbound, 180-359) thousands. */
export type SemicircularDirection = 'east' | 'west';

/**
 * The semicircle of a magnetic track. Without a known variation the true track stands in for it
 * (they differ by a few degrees in most of the world: only tracks near north or south can flip).
 */
export const semicircularDirectionOf = (trackDegTrue: number, magneticVariationDeg = 0): SemicircularDirection =>
  normalizeHeadingDeg(trackDegTrue - magneticVariationDeg) < 180 ? 'east' : 'west';

/** Whether `levelFt` is a level of the semicircular rule for `direction` (PLANNER_CONSTANTS.rvsmTopFt). */
export const isSemicircularLevel = (levelFt: number, direction: SemicircularDirection): boolean => {
  if (levelFt % 1000 !== 0 || levelFt <= 0) return false;
  const thousands = levelFt / 1000;
  const top = PLANNER_CONSTANTS.rvsmTopFt / 1000;
  if (thousands <= top) return direction === 'east' ? thousands % 2 === 1 : thousands % 2 === 0;
  // Above FL410: eastbound FL410 + 4,000 ft steps, westbound FL430 + 4,000 ft steps.
  const above = thousands - top;
  return direction === 'east' ? above % 4 === 0 : above % 4 === 2;
};

/** The highest semicircular level for `direction` at or below `levelFt`, or null below the first one. */
export const semicircularLevelAtOrBelow = (levelFt: number, direction: SemicircularDirection): number | null => {
  for (let level = Math.floor(levelFt / 1000) * 1000; level >= 1000; level -= 1000) {
    if (isSemicircularLevel(level, direction)) return level;
  }
  return null;
};

/** The lowest semicircular level for `direction` at or above `levelFt`. */
export const semicircularLevelAtOrAbove = (levelFt: number, direction: SemicircularDirection): number => {
  let level = Math.max(1000, Math.ceil(levelFt / 1000) * 1000);
  while (!isSemicircularLevel(level, direction)) level += 1000;
  return level;
};

export type TProfileGeometry = {
  /** Distance along the route, NM. */
  routeNm: number;
  departureElevationFt: number;
  arrivalElevationFt: number;
  climbGradientFtPerNm: number;
  descentGradientFtPerNm: number;
};

/** Length of level flight at `levelFt` once the climb and the descent are flown, NM (negative: not reachable). */
export const cruiseDistanceAtNm = (levelFt: number, geometry: TProfileGeometry): number =>
  geometry.routeNm -
  Math.max(0, levelFt - geometry.departureElevationFt) / geometry.climbGradientFtPerNm -
  Math.max(0, levelFt - geometry.arrivalElevationFt) / geometry.descentGradientFtPerNm;

/** Whether the aircraft can reach `levelFt` and hold it for PLANNER_CONSTANTS.minCruiseFraction of the route. */
export const isLevelHeldLongEnough = (levelFt: number, geometry: TProfileGeometry): boolean =>
  cruiseDistanceAtNm(levelFt, geometry) >= PLANNER_CONSTANTS.minCruiseFraction * geometry.routeNm;

/** The lowest level filed: PLANNER_CONSTANTS.minimumClearanceFt above the higher airport, on the rule. */
export const minimumLevelFt = (geometry: TProfileGeometry, direction: SemicircularDirection): number =>
  semicircularLevelAtOrAbove(
    Math.max(geometry.departureElevationFt, geometry.arrivalElevationFt) + PLANNER_CONSTANTS.minimumClearanceFt,
    direction,
  );

/**
 * The level to fly when `requestedFt` cannot be held long enough on this route: the highest level
 * of the semicircular rule for the direction below it that the aircraft holds for a share of the
 * route (PLANNER_CONSTANTS.minCruiseFraction), never below the minimum level. Returns `requestedFt`
 * itself when it can be held: the pilot's choice stands.
 */
export const reachableLevelFt = (requestedFt: number, geometry: TProfileGeometry, direction: SemicircularDirection): number => {
  if (isLevelHeldLongEnough(requestedFt, geometry)) return requestedFt;
  const floor = minimumLevelFt(geometry, direction);
  for (let level = semicircularLevelAtOrBelow(requestedFt - 1000, direction); level !== null && level > floor; level = semicircularLevelAtOrBelow(level - 1000, direction)) {
    if (isLevelHeldLongEnough(level, geometry)) return level;
  }
  return Math.min(requestedFt, floor);
};

/**
 * The planner's default cruise level (the pilot did not choose one): at most
 * PLANNER_CONSTANTS.defaultLevelFtPerNm per NM of route and the catalogue's typical cruise altitude
 * (the type's ceiling in practice), on the semicircular rule for the track, held for
 * PLANNER_CONSTANTS.minCruiseFraction of the route at least; never below the minimum level.
 */
export const suggestCruiseLevelFt = (input: {
  geometry: TProfileGeometry;
  classification: string;
  /** The catalogue's typical cruise altitude, ft: the suggestion never exceeds it. */
  ceilingFt: number;
  direction: SemicircularDirection;
}): number => {
  const c = PLANNER_CONSTANTS;
  const { geometry, direction } = input;
  const perNm = c.defaultLevelFtPerNm[input.classification] ?? c.defaultDefaultLevelFtPerNm;
  const floor = minimumLevelFt(geometry, direction);
  const cap = Math.min(input.ceilingFt, geometry.routeNm * perNm);
  for (let level = semicircularLevelAtOrBelow(cap, direction); level !== null && level > floor; level = semicircularLevelAtOrBelow(level - 1000, direction)) {
    if (isLevelHeldLongEnough(level, geometry)) return level;
  }
  return floor;
};

/**
 * The planner's default level for a direct route between two airports, before any plan exists
 * (the flight configuration's starting value): the same rule as `generateFlightPlan` without a
 * requested level, on the great circle and the true track (the plan's navaid route is a few per
 * cent longer and reads the magnetic track, so it can settle a level lower or on the other parity).
 */
export const suggestCruiseLevelForRoute = (route: {
  departure: { latitudeDeg: number; longitudeDeg: number; elevationFt: number };
  arrival: { latitudeDeg: number; longitudeDeg: number; elevationFt: number };
  aircraft: Pick<TAircraftInformation, 'classification' | 'cruiseAltitudeFt'>;
  magneticVariationDeg?: number;
}): number => {
  const c = PLANNER_CONSTANTS;
  const { departure, arrival, aircraft } = route;
  const middle = intermediatePoint(departure, arrival, 0.5);
  return suggestCruiseLevelFt({
    geometry: {
      routeNm: distanceNm(departure, arrival),
      departureElevationFt: departure.elevationFt,
      arrivalElevationFt: arrival.elevationFt,
      climbGradientFtPerNm: c.climbGradientFtPerNm[aircraft.classification] ?? c.defaultClimbGradientFtPerNm,
      descentGradientFtPerNm: c.descentGradientFtPerNm,
    },
    classification: aircraft.classification,
    ceilingFt: aircraft.cruiseAltitudeFt,
    direction: semicircularDirectionOf(initialBearingDeg(middle, arrival), route.magneticVariationDeg ?? 0),
  });
};
