import { alongTrackDistanceNm, crossTrackDistanceNm, distanceNm, initialBearingDeg, normalizeHeadingDeg } from '@contrail/domain/geo/great-circle';
import { clamp } from './aircraft-performance';
import { FINAL_APPROACH_FIX_NM, type TResolvedAirport, finalCourseOrigin, headingDifferenceDeg } from './runway-geometry';
import type { SimContext, SimState } from './sim-context';
import { simPhaseIndex } from './sim-phase';

/** Feet per NM of a 3 degree path (tan 3 deg x 6,076 ft); also the ~3 NM per 1,000 ft descent rule. */
export const PATH_FT_PER_NM = 318.4;
/** Threshold crossing height on the 3 degree path, feet. */
const THRESHOLD_CROSSING_FT = 50;

/** The destination's runway (the diversion's once diverted). */
export const runwayOf = (s: SimState) => s.destination.runway;

export const heightAboveThresholdFt = (s: SimState): number => s.altitudeFt - runwayOf(s).elevationFt;

/** The airport the aircraft is on the ground at: the origin until the flare, then the destination. */
export const currentGroundAirport = (ctx: SimContext): TResolvedAirport => (simPhaseIndex(ctx.s.phase) >= simPhaseIndex('flare') ? ctx.s.destination : ctx.origin);

/** Ground elevation under the aircraft: the nearer airport's within 20 NM, blended in between. */
export const groundElevationFt = (ctx: SimContext): number => {
  const s = ctx.s;
  const origin = ctx.origin;
  if (s.isOnGround) return currentGroundAirport(ctx).runway.elevationFt;
  const fromOriginNm = distanceNm(s.position, origin.runway.threshold);
  const toDestinationNm = distanceNm(s.position, runwayOf(s).threshold);
  if (toDestinationNm <= 20 && toDestinationNm <= fromOriginNm) return runwayOf(s).elevationFt;
  if (fromOriginNm <= 20) return origin.runway.elevationFt;
  const f = clamp((fromOriginNm - 20) / (fromOriginNm - 20 + toDestinationNm - 20), 0, 1);
  return origin.runway.elevationFt + (runwayOf(s).elevationFt - origin.runway.elevationFt) * f;
};

export const localizerCrossTrackNm = (s: SimState): number => crossTrackDistanceNm(finalCourseOrigin(runwayOf(s)), runwayOf(s).threshold, s.position);

/** Distance to the threshold along the planned path, NM (negative past the threshold on final). */
export const distanceToThresholdNm = (s: SimState): number => {
  if (s.isLocalizerCaptured) return 30 - alongTrackDistanceNm(finalCourseOrigin(runwayOf(s)), runwayOf(s).threshold, s.position);
  let total = FINAL_APPROACH_FIX_NM;
  let from = s.position;
  for (let i = s.routeIndex; i < s.route.length; i++) {
    total += distanceNm(from, s.route[i]!);
    from = s.route[i]!;
  }
  return total;
};

/** Altitude of the 3 degree path `toThresholdNm` from the threshold, feet. */
export const pathAltitudeFt = (s: SimState, toThresholdNm: number): number => runwayOf(s).elevationFt + THRESHOLD_CROSSING_FT + toThresholdNm * PATH_FT_PER_NM;

/** A rate-one turn at most, and no more than 25 degrees of bank, deg/s. */
export const maxTurnRateDegPerS = (trueKts: number): number => Math.min(3, (1_091 * Math.tan((25 * Math.PI) / 180)) / Math.max(trueKts, 60));

/** Heading the lateral navigation asks for (airborne): the route's waypoints, then the localizer. */
export const navigationHeadingDeg = (s: SimState, trueKts: number): number => {
  const rwy = runwayOf(s);
  if (!s.isLocalizerCaptured) {
    while (s.routeIndex < s.route.length) {
      const waypoint = s.route[s.routeIndex]!;
      const isLast = s.routeIndex === s.route.length - 1;
      const bearingDeg = initialBearingDeg(s.position, waypoint);
      const toWaypointNm = distanceNm(s.position, waypoint);
      if (isLast) {
        const crossTrackNm = localizerCrossTrackNm(s);
        const alignmentDeg = Math.abs(headingDifferenceDeg(s.headingDeg, rwy.headingDeg));
        const toThresholdNm = 30 - alongTrackDistanceNm(finalCourseOrigin(rwy), rwy.threshold, s.position);
        const isNearFinal = toThresholdNm > 2 && toThresholdNm < FINAL_APPROACH_FIX_NM + 6;
        if ((Math.abs(crossTrackNm) < 1.5 && alignmentDeg < 100 && isNearFinal) || toWaypointNm < 0.3) {
          s.isLocalizerCaptured = true;
          s.routeIndex = s.route.length;
          break;
        }
        return bearingDeg;
      }
      const turnDeg = Math.abs(headingDifferenceDeg(bearingDeg, initialBearingDeg(waypoint, s.route[s.routeIndex + 1]!)));
      const radiusNm = trueKts / (62.83 * maxTurnRateDegPerS(trueKts));
      const anticipationNm = Math.min(radiusNm * Math.tan((Math.min(turnDeg, 120) * Math.PI) / 360), 3);
      const isOrbiting = toWaypointNm < radiusNm * 1.2 && Math.abs(headingDifferenceDeg(s.headingDeg, bearingDeg)) > 90;
      if (toWaypointNm <= Math.max(0.3, anticipationNm) || isOrbiting) {
        s.routeIndex += 1;
        continue;
      }
      return bearingDeg;
    }
    s.isLocalizerCaptured = true;
  }
  const crossTrackNm = localizerCrossTrackNm(s);
  return normalizeHeadingDeg(rwy.headingDeg - clamp(crossTrackNm * 30, -45, 45));
};
