import { z } from 'zod';
import { AIRPORT_RADIUS_NM, POSITION_JUMP_MIN_DISTANCE_NM, TOUCHDOWN_MAX_FRAME_GAP_MS } from '../flight/flight-constants';
import type { FlightOutcome } from '../flight/flight-engine-types';

/**
 * The judge of a completed flight: what its frames prove, and whether that is enough to pay it.
 * Every rule, its default threshold and where the number comes from are in
 * docs/decisions/0039-flight-review-rules.md.
 */

export const ReviewReasonCode = [
  'NOT_FLOWN',
  'NOT_STOPPED_AT_AIRPORT',
  'TIME_ACCELERATION',
  'POSITION_JUMP',
  'FUEL_INCREASE',
  'AIRBORNE_DATA_GAP',
  'TOUCHDOWN_DATA_GAP',
  'LONG_PAUSE',
  'HARD_LANDING',
  'DURATION_LONGER',
  'DURATION_SHORTER',
] as const;
export type ReviewReasonCode = (typeof ReviewReasonCode)[number];

/** 'review': a person decides, payments are held meanwhile; 'reject': nothing is paid. */
export const ReviewConsequence = ['review', 'reject'] as const;
export type ReviewConsequence = (typeof ReviewConsequence)[number];

export const ReviewReasonUnit = ['percent', 'nm', 'kg', 'seconds', 'minutes', 'fpm'] as const;
export type ReviewReasonUnit = (typeof ReviewReasonUnit)[number];

export type ReviewReason = {
  code: ReviewReasonCode;
  consequence: ReviewConsequence;
  /** What the frames showed, in `unit`; null when there is nothing to measure. */
  measured: number | null;
  /** The limit it was held against, in `unit`. */
  threshold: number | null;
  unit: ReviewReasonUnit | null;
  /** English, in a pilot's words. */
  message: string;
};

export const ZReviewReason = z.object({
  code: z.enum(ReviewReasonCode),
  consequence: z.enum(ReviewConsequence),
  measured: z.number().nullable(),
  threshold: z.number().nullable(),
  unit: z.enum(ReviewReasonUnit).nullable(),
  message: z.string(),
});

export const VerdictStatus = ['accepted', 'needs-review', 'rejected'] as const;
export type VerdictStatus = (typeof VerdictStatus)[number];

export type FlightVerdict = {
  status: VerdictStatus;
  /** False when the frames do not show a flight at all: then the status is 'rejected'. */
  flown: boolean;
  reasons: ReviewReason[];
};

/** The thresholds an airline owner may tune (site defaults elsewhere). All whole numbers. */
export type ReviewThresholds = {
  /** Share of the simulated airborne time flown faster than real time above which a person looks. */
  timeAccelerationSharePercent: number;
  /** A touchdown rate harder than this (fpm, given as a positive number) is a hard landing. */
  hardLandingFpm: number;
  /** A flight deviating from the planned duration by more than this share AND ... */
  durationDeviationPercent: number;
  /** ... more than these minutes is much longer or shorter than planned. */
  durationDeviationMinutes: number;
  /** An airborne interval without frames longer than this is a data gap. */
  airborneGapSeconds: number;
  /** A frame gap this close to the touchdown leaves the landing rate unknown. */
  touchdownGapWindowSeconds: number;
  /** An airborne pause longer than this asks for a look. */
  longPauseMinutes: number;
};

export const DEFAULT_REVIEW_THRESHOLDS: ReviewThresholds = {
  timeAccelerationSharePercent: 10,
  hardLandingFpm: 600,
  durationDeviationPercent: 20,
  durationDeviationMinutes: 30,
  airborneGapSeconds: 60,
  touchdownGapWindowSeconds: 30,
  longPauseMinutes: 30,
};

export const REVIEW_THRESHOLD_BOUNDS: { [K in keyof ReviewThresholds]: { min: number; max: number } } = {
  timeAccelerationSharePercent: { min: 0, max: 100 },
  hardLandingFpm: { min: 300, max: 1500 },
  durationDeviationPercent: { min: 5, max: 100 },
  durationDeviationMinutes: { min: 5, max: 180 },
  airborneGapSeconds: { min: 30, max: 600 },
  touchdownGapWindowSeconds: { min: 10, max: 120 },
  longPauseMinutes: { min: 1, max: 240 },
};

const boundedWhole = (bounds: { min: number; max: number }) => z.number().int().min(bounds.min).max(bounds.max);

/** A complete set of thresholds within their bounds (`.partial()` it for an update). */
export const ZReviewThresholds = z.object({
  timeAccelerationSharePercent: boundedWhole(REVIEW_THRESHOLD_BOUNDS.timeAccelerationSharePercent),
  hardLandingFpm: boundedWhole(REVIEW_THRESHOLD_BOUNDS.hardLandingFpm),
  durationDeviationPercent: boundedWhole(REVIEW_THRESHOLD_BOUNDS.durationDeviationPercent),
  durationDeviationMinutes: boundedWhole(REVIEW_THRESHOLD_BOUNDS.durationDeviationMinutes),
  airborneGapSeconds: boundedWhole(REVIEW_THRESHOLD_BOUNDS.airborneGapSeconds),
  touchdownGapWindowSeconds: boundedWhole(REVIEW_THRESHOLD_BOUNDS.touchdownGapWindowSeconds),
  longPauseMinutes: boundedWhole(REVIEW_THRESHOLD_BOUNDS.longPauseMinutes),
}) satisfies z.ZodType<ReviewThresholds>;

export type JudgeContext = {
  /** The duration the plan expects (airborne, simulated seconds), or null when unknown: no duration rule. */
  plannedDurationSeconds: number | null;
  thresholds: ReviewThresholds;
  /**
   * A practice flight (the built-in simulator): its simulation rate is the simulator's own setting
   * and the practice policy decides what it pays, so time acceleration is not held against it.
   */
  isPractice?: boolean;
};

/** Fuel may rise this much in the air without being a refuel: gauge noise in the recorded flights. */
export const AIRBORNE_FUEL_NOISE_KG = 2;

type Rule = (outcome: FlightOutcome, context: JudgeContext) => ReviewReason | null;

const reason = (
  code: ReviewReasonCode,
  consequence: ReviewConsequence,
  measured: number | null,
  threshold: number | null,
  unit: ReviewReasonUnit | null,
  message: string,
): ReviewReason => ({ code, consequence, measured, threshold, unit, message });

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Why the frames do not show a flight, or null when they do. */
const notFlownReason = (outcome: FlightOutcome): ReviewReason | null => {
  const flown = outcome.flown;
  const notFlown = (message: string) => reason('NOT_FLOWN', 'reject', null, null, null, message);
  if (outcome.startTimeMs === null || flown?.hasFrames === false) return notFlown('No flight data reached Contrail, so there is no flight to pay.');
  if (!outcome.startedAtDeparture) return notFlown('The flight did not start on the ground at the departure airport.');
  if (outcome.takeoffCount === 0 || flown?.airborne === false) return notFlown('The aircraft never left the ground.');
  if (flown !== undefined && !flown.engineRunningAtDeparture) return notFlown('No engine was running on the ground at the departure airport before take-off.');
  if (outcome.landing === null || flown?.landed === false) return notFlown('The aircraft never landed after its last take-off.');
  return null;
};

const notStoppedAtAirport: Rule = (outcome) => {
  if (outcome.isArrived && !outcome.isCrashed) return null;
  const distance = outcome.stoppedAt?.distanceToArrivalNm ?? null;
  const notStopped = (message: string) => reason('NOT_STOPPED_AT_AIRPORT', 'reject', distance, AIRPORT_RADIUS_NM, 'nm', message);
  if (outcome.isCrashed) return notStopped('The aircraft crashed, so the flight did not end at an airport.');
  const where = `${outcome.isDiverted ? 'the diversion airport' : 'the arrival airport'} ${outcome.arrivalIdent}`;
  if (outcome.stoppedAt?.isOnGround === false) return notStopped(`The flight ended in the air, not on the ground at ${where}.`);
  if (distance !== null && distance <= AIRPORT_RADIUS_NM) {
    // At the field, yet not arrived: a local flight that never went away from it.
    return notStopped(`The aircraft never flew far enough from ${outcome.arrivalIdent} for a flight: a hop along the runway does not count.`);
  }
  const stopped = distance === null ? `The aircraft did not stop at ${where}` : `The aircraft stopped ${distance} NM from ${where}`;
  return notStopped(`${stopped}. To land elsewhere, declare a diversion in flight.`);
};

const timeAcceleration: Rule = (outcome, { thresholds, isPractice }) => {
  if (isPractice === true) return null;
  const accelerated = outcome.integrity.acceleratedAirborneSeconds ?? 0;
  const airborne = outcome.statistics.flightDurationSeconds;
  if (accelerated <= 0 || airborne <= 0) return null;
  const sharePercent = Math.round((100 * accelerated) / airborne);
  if (sharePercent <= thresholds.timeAccelerationSharePercent) return null;
  return reason(
    'TIME_ACCELERATION',
    'review',
    sharePercent,
    thresholds.timeAccelerationSharePercent,
    'percent',
    `${sharePercent} % of the time in the air was flown faster than real time (limit ${thresholds.timeAccelerationSharePercent} %).`,
  );
};

const positionJump: Rule = (outcome) => {
  if (outcome.integrity.positionJumps === 0) return null;
  const jumped = outcome.integrity.jumpedDistanceNm;
  return reason(
    'POSITION_JUMP',
    'review',
    jumped,
    POSITION_JUMP_MIN_DISTANCE_NM,
    'nm',
    `The aircraft moved ${jumped} NM faster than it can fly (slew or reposition); that distance is not paid.`,
  );
};

const fuelIncrease: Rule = (outcome) => {
  const rise = outcome.integrity.airborneFuelIncreaseKg ?? 0;
  if (rise <= AIRBORNE_FUEL_NOISE_KG) return null;
  return reason('FUEL_INCREASE', 'review', round1(rise), AIRBORNE_FUEL_NOISE_KG, 'kg', `Fuel rose by ${round1(rise)} kg in flight, as if refuelled in the air.`);
};

const airborneDataGap: Rule = (outcome, { thresholds }) => {
  const gap = outcome.integrity.longestAirborneGapSeconds ?? 0;
  if (gap <= thresholds.airborneGapSeconds) return null;
  return reason(
    'AIRBORNE_DATA_GAP',
    'review',
    gap,
    thresholds.airborneGapSeconds,
    'seconds',
    `No flight data reached Contrail for ${gap} s in the air (limit ${thresholds.airborneGapSeconds} s).`,
  );
};

const touchdownDataGap: Rule = (outcome, { thresholds }) => {
  const gap = outcome.integrity.touchdownGap ?? null;
  const isRateUnknown = outcome.landing !== null && (outcome.landing.isRateKnown === false || !outcome.landing.isObserved);
  const isGapNear = gap !== null && gap.offsetSeconds <= thresholds.touchdownGapWindowSeconds;
  if (!isGapNear && !isRateUnknown) return null;
  const seconds = gap?.seconds ?? null;
  const during = seconds === null ? 'Flight data was missing' : `No flight data reached Contrail for ${seconds} s`;
  return reason(
    'TOUCHDOWN_DATA_GAP',
    'review',
    seconds,
    TOUCHDOWN_MAX_FRAME_GAP_MS / 1000,
    'seconds',
    `${during} around the touchdown, so the landing rate is unknown and earns no landing bonus.`,
  );
};

const longPause: Rule = (outcome, { thresholds }) => {
  const pauseMinutes = round1((outcome.integrity.longestPauseSeconds ?? 0) / 60);
  if (pauseMinutes <= thresholds.longPauseMinutes) return null;
  return reason(
    'LONG_PAUSE',
    'review',
    pauseMinutes,
    thresholds.longPauseMinutes,
    'minutes',
    `The simulator was paused in the air for ${pauseMinutes} minutes (limit ${thresholds.longPauseMinutes} minutes).`,
  );
};

const hardLanding: Rule = (outcome, { thresholds }) => {
  const landing = outcome.landing;
  // A crash is its own reason; an unknown rate is never called hard (nor soft).
  if (landing === null || outcome.isCrashed || landing.isRateKnown === false || !landing.isObserved) return null;
  if (landing.verticalSpeedFpm >= -thresholds.hardLandingFpm) return null;
  return reason(
    'HARD_LANDING',
    'review',
    landing.verticalSpeedFpm,
    -thresholds.hardLandingFpm,
    'fpm',
    `The touchdown at ${landing.verticalSpeedFpm} fpm was harder than the limit of -${thresholds.hardLandingFpm} fpm.`,
  );
};

const duration: Rule = (outcome, { plannedDurationSeconds, thresholds }) => {
  if (plannedDurationSeconds === null || plannedDurationSeconds <= 0) return null;
  const flownMinutes = Math.round(outcome.statistics.flightDurationSeconds / 60);
  const plannedMinutes = Math.round(plannedDurationSeconds / 60);
  const deviationMinutes = flownMinutes - plannedMinutes;
  // Both limits must be passed: a share alone flags every short hop with a few minutes of vectors,
  // minutes alone flag nothing on a long haul.
  const limitMinutes = Math.max(thresholds.durationDeviationMinutes, Math.round((plannedMinutes * thresholds.durationDeviationPercent) / 100));
  if (Math.abs(deviationMinutes) <= limitMinutes) return null;
  const isLonger = deviationMinutes > 0;
  return reason(
    isLonger ? 'DURATION_LONGER' : 'DURATION_SHORTER',
    'review',
    flownMinutes,
    isLonger ? plannedMinutes + limitMinutes : Math.max(0, plannedMinutes - limitMinutes),
    'minutes',
    `The flight lasted ${flownMinutes} minutes in the air, ${Math.abs(deviationMinutes)} minutes ${isLonger ? 'longer' : 'shorter'} than the ${plannedMinutes} planned.`,
  );
};

const RULES: readonly Rule[] = [
  notStoppedAtAirport,
  timeAcceleration,
  positionJump,
  fuelIncrease,
  airborneDataGap,
  touchdownDataGap,
  longPause,
  hardLanding,
  duration,
];

/**
 * Pure. Judges a completed flight from the engine's record of it. `flown: false` always comes
 * with status 'rejected' and a single NOT_FLOWN reason; otherwise any 'reject' reason rejects,
 * any 'review' reason asks a person, and a flight no rule flags is accepted.
 */
export const judgeFlight = (outcome: FlightOutcome, context: JudgeContext): FlightVerdict => {
  const notFlown = notFlownReason(outcome);
  if (notFlown !== null) return { status: 'rejected', flown: false, reasons: [notFlown] };
  const reasons = RULES.map((rule) => rule(outcome, context)).filter((r): r is ReviewReason => r !== null);
  const status: VerdictStatus = reasons.some((r) => r.consequence === 'reject') ? 'rejected' : reasons.length > 0 ? 'needs-review' : 'accepted';
  return { status, flown: true, reasons };
};
