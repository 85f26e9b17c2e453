import {
  type LatLon,
  crossTrackDistanceNm,
  destinationPoint,
  distanceNm,
  initialBearingDeg,
  normalizeHeadingDeg,
} from '@contrail/domain/geo/great-circle';
import type { TSimAirport } from './simulated-flight-plan';

/** A runway end as the simulator uses it, with every figure resolved. */
export type TResolvedRunway = {
  threshold: LatLon;
  headingDeg: number;
  lengthFt: number;
  elevationFt: number;
};

/** Where the aircraft parks, and the runway end it uses. */
export type TResolvedAirport = {
  ident: string;
  elevationFt: number;
  gate: LatLon;
  runway: TResolvedRunway;
};

const DEFAULT_RUNWAY_LENGTH_FT = 9_000;
const FEET_PER_NM = 6_076.12;
/** Where an assumed runway's parking sits, to the right of the runway, NM. */
const ASSUMED_GATE_OFFSET_NM = 0.3;

/** Signed smallest difference `to - from` between two headings, in (-180, 180]. */
export const headingDifferenceDeg = (from: number, to: number): number => {
  const d = normalizeHeadingDeg(to - from);
  return d > 180 ? d - 360 : d;
};

/**
 * Resolves the runway end used at `airport`. `trackDeg` is the direction of the flight there
 * (the take-off direction at departure, the final approach course at arrival) when no runway is given.
 */
export const resolveAirport = (airport: TSimAirport, trackDeg: number): TResolvedAirport => {
  const reference: LatLon = { latitudeDeg: airport.latitudeDeg, longitudeDeg: airport.longitudeDeg };
  if (airport.runway) {
    const runway = airport.runway;
    return {
      ident: airport.ident,
      elevationFt: airport.elevationFt,
      gate: reference,
      runway: {
        threshold: { latitudeDeg: runway.thresholdLatitudeDeg, longitudeDeg: runway.thresholdLongitudeDeg },
        headingDeg: normalizeHeadingDeg(runway.headingDegTrue),
        lengthFt: runway.lengthFt,
        elevationFt: runway.elevationFt ?? airport.elevationFt,
      },
    };
  }
  // An assumed runway centred on the reference point; the aircraft parks beside it.
  const headingDeg = normalizeHeadingDeg(airport.runwayHeadingDeg ?? trackDeg);
  const halfLengthNm = DEFAULT_RUNWAY_LENGTH_FT / FEET_PER_NM / 2;
  return {
    ident: airport.ident,
    elevationFt: airport.elevationFt,
    gate: destinationPoint(reference, headingDeg + 90, ASSUMED_GATE_OFFSET_NM),
    runway: {
      threshold: destinationPoint(reference, headingDeg + 180, halfLengthNm),
      headingDeg,
      lengthFt: DEFAULT_RUNWAY_LENGTH_FT,
      elevationFt: airport.elevationFt,
    },
  };
};

/** Distance of the final approach fix from the threshold, NM (3,000 ft on a 3 degree path). */
export const FINAL_APPROACH_FIX_NM = 10;
/** Lateral offset of a base or downwind entry from the extended centreline, NM. */
const PATTERN_OFFSET_NM = 5;
/** Where a base entry joins, measured back from the threshold along the extended centreline, NM. */
const BASE_ENTRY_NM = 15;

/** A point `alongNm` from the threshold along the runway heading (negative: before it), `rightNm` to its right. */
export const runwayPoint = (runway: TResolvedRunway, alongNm: number, rightNm = 0): LatLon => {
  const onCentreline = destinationPoint(runway.threshold, runway.headingDeg, alongNm);
  return rightNm === 0 ? onCentreline : destinationPoint(onCentreline, runway.headingDeg + 90, rightNm);
};

/** A far point on the extended centreline, for cross-track maths on the final approach course. */
export const finalCourseOrigin = (runway: TResolvedRunway): LatLon => runwayPoint(runway, -30);

/**
 * The waypoints that bring an aircraft at `from` onto the final approach of `runway`, ending at the
 * final approach fix: straight in when it comes from behind the runway, through a base entry when it
 * comes from the side, through a downwind entry when it comes from ahead. `side` forces the circuit
 * side (+1 right, -1 left); by default the side the aircraft comes from.
 */
export const planApproachWaypoints = (from: LatLon, runway: TResolvedRunway, side?: 1 | -1): LatLon[] => {
  const finalFix = runwayPoint(runway, -FINAL_APPROACH_FIX_NM);
  const comingFromDeg = initialBearingDeg(runway.threshold, from);
  const offCourseDeg = Math.abs(headingDifferenceDeg(runway.headingDeg + 180, comingFromDeg));
  const circuitSide = side ?? (crossTrackDistanceNm(finalCourseOrigin(runway), runway.threshold, from) >= 0 ? 1 : -1);
  const baseEntry = runwayPoint(runway, -BASE_ENTRY_NM, circuitSide * PATTERN_OFFSET_NM);
  const fromFixNm = distanceNm(from, finalFix);
  if (offCourseDeg <= 30 && fromFixNm > 3) return [finalFix];
  if (offCourseDeg <= 110) return [baseEntry, finalFix];
  return [runwayPoint(runway, 0, circuitSide * PATTERN_OFFSET_NM), baseEntry, finalFix];
};

/** The go-around circuit: upwind, then a left-hand downwind and base back onto final. */
export const planGoAroundWaypoints = (runway: TResolvedRunway): LatLon[] => [
  runwayPoint(runway, 4),
  runwayPoint(runway, 2, -PATTERN_OFFSET_NM),
  runwayPoint(runway, -BASE_ENTRY_NM, -PATTERN_OFFSET_NM),
  runwayPoint(runway, -FINAL_APPROACH_FIX_NM),
];
