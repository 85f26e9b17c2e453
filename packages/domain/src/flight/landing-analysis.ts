import { alongTrackDistanceNm, crossTrackDistanceNm, distanceNm, type LatLon } from '../geo/great-circle';
import {
  FEET_PER_NM,
  RUNWAY_MATCH_BEFORE_THRESHOLD_FT,
  RUNWAY_MATCH_HEADING_DEG,
  RUNWAY_MATCH_LATERAL_MARGIN_FT,
  TOUCHDOWN_RATING_TIERS,
  type TouchdownRating,
} from './flight-constants';
import type { TFlightAirport } from './flight-plan-input';

/** Where on a runway a touchdown happened. */
export type RunwayTouchdown = {
  airportIdent: string;
  /** The runway end landed on, e.g. "27L". */
  runwayIdent: string;
  /** Along the runway from the landing threshold (displaced threshold included), feet; negative = short. */
  distanceFromThresholdFt: number;
  /** Signed distance from the centre line, feet; positive = right of the centre line looking along the landing direction. */
  centerlineOffsetFt: number;
};

/** The landing analysis of a flight's last landing (touchdown rate, position, bounces). */
export type LandingAnalysis = {
  touchdownTimeMs: number;
  latitudeDeg: number;
  longitudeDeg: number;
  /** Vertical speed at touchdown, fpm (negative = descending). */
  verticalSpeedFpm: number;
  /** Highest load factor from touchdown until the aircraft is settled (g). */
  gForce: number;
  /** The tier of the touchdown rate, or 'unobserved' when the tracker missed the touchdown. */
  rating: TouchdownRating | 'unobserved';
  /** False when the tracker did not see the touchdown (frames missing around it): no points. */
  isObserved: boolean;
  /**
   * False when frames are missing around the touchdown: `verticalSpeedFpm` is then the last rate
   * known, not the touchdown's, and earns no landing bonus. Absent from logs stored before it.
   */
  isRateKnown?: boolean;
  bounces: number;
  /** Nearest known airport within the airport radius, or null. */
  airportIdent: string | null;
  runway: RunwayTouchdown | null;
  indicatedAirspeedKts: number;
  pitchDeg: number;
  bankDeg: number;
};

const angleDiffDeg = (a: number, b: number): number => {
  const d = Math.abs((((a - b) % 360) + 360) % 360);
  return d > 180 ? 360 - d : d;
};

/** The rating tier of a touchdown rate (fpm; sign ignored). */
export const touchdownRatingFor = (verticalSpeedFpm: number): TouchdownRating => {
  const abs = Math.abs(verticalSpeedFpm);
  for (const tier of TOUCHDOWN_RATING_TIERS) if (abs <= tier.maxAbsFpm) return tier.rating;
  return 'very_hard';
};

/**
 * Finds the runway of `airport` a touchdown at `point` with true heading `headingDeg` landed on:
 * the runway end whose direction matches the heading, whose extended surface contains the point
 * (up to a margin before the threshold and beside the edges). Null when none matches or no
 * runway data was given.
 */
export const matchRunway = (airport: TFlightAirport, point: LatLon, headingDeg: number): RunwayTouchdown | null => {
  let best: RunwayTouchdown | null = null;
  for (const runway of airport.runways ?? []) {
    for (let i = 0; i < 2; i += 1) {
      const end = runway.ends[i]!;
      const opposite = runway.ends[1 - i]!;
      if (angleDiffDeg(end.headingDegTrue, headingDeg) > RUNWAY_MATCH_HEADING_DEG) continue;
      const alongFt = alongTrackDistanceNm(end, opposite, point) * FEET_PER_NM;
      const crossFt = crossTrackDistanceNm(end, opposite, point) * FEET_PER_NM;
      const fromThresholdFt = alongFt - (end.displacedThresholdFt ?? 0);
      if (alongFt < -RUNWAY_MATCH_BEFORE_THRESHOLD_FT || alongFt > runway.lengthFt) continue;
      if (Math.abs(crossFt) > runway.widthFt / 2 + RUNWAY_MATCH_LATERAL_MARGIN_FT) continue;
      if (best === null || Math.abs(crossFt) < Math.abs(best.centerlineOffsetFt)) {
        best = {
          airportIdent: airport.ident,
          runwayIdent: end.ident,
          distanceFromThresholdFt: Math.round(fromThresholdFt),
          centerlineOffsetFt: Math.round(crossFt * 10) / 10,
        };
      }
    }
  }
  return best;
};

/** The airport among `airports` nearest to `point` within `radiusNm`, or null. */
export const nearestAirportWithin = (
  airports: readonly TFlightAirport[],
  point: LatLon,
  radiusNm: number,
): TFlightAirport | null => {
  let best: TFlightAirport | null = null;
  let bestNm = radiusNm;
  for (const airport of airports) {
    const d = distanceNm(airport.position, point);
    if (d <= bestNm) {
      best = airport;
      bestNm = d;
    }
  }
  return best;
};
