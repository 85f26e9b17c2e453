import { describe, expect, it } from 'vitest';
import { createFlightEngine, restoreFlightEngine } from '../../src/flight/flight-engine';
import type { FlightOutcome } from '../../src/flight/flight-engine-types';
import type { TFlightAircraft } from '../../src/flight/flight-plan-input';
import { destinationPoint } from '../../src/geo/great-circle';
import {
  DEFAULT_REVIEW_THRESHOLDS,
  REVIEW_THRESHOLD_BOUNDS,
  ZReviewReason,
  ZReviewThresholds,
  judgeFlight,
  type FlightVerdict,
  type ReviewThresholds,
} from '../../src/flight-review/flight-verdict';
import { computeReward } from '../../src/rewards/compute-reward';
import type { TTelemetryFrame } from '../../src/telemetry/telemetry-frame';
import { A320, EGKK, EGLL, LFPG } from '../flight/support/fixtures';
import { runEngine } from '../flight/support/run-engine';
import { scriptCircuit } from '../flight/support/scripted-circuit';
import { scriptFlight, type ScriptOptions } from '../flight/support/scripted-flight';

/**
 * One honest flight per shape, then the golden EGLL-LFPG hop broken in exactly one way per rule:
 * the verdict must name that rule, and only it.
 */
const plan = { departure: EGLL, arrival: LFPG, cruiseLevelFt: 15_000, aircraft: A320 };
const base: ScriptOptions = { departure: EGLL, departureRunway: '27L', arrival: LFPG, arrivalRunway: '26R', aircraft: A320, cruiseFt: 15_000 };
const pilot = { hoursFlownLast24h: 0, hoursFlownThisMonth: 0 };

const clean = scriptFlight(base);
const cleanOutcome = runEngine(plan, clean.frames).outcome;
const plannedDurationSeconds = cleanOutcome.statistics.flightDurationSeconds;
const judge = (outcome: FlightOutcome, thresholds: ReviewThresholds = DEFAULT_REVIEW_THRESHOLDS) =>
  judgeFlight(outcome, { plannedDurationSeconds, thresholds });
const judgeFrames = (frames: TTelemetryFrame[]) => {
  const { outcome } = runEngine(plan, frames);
  return { outcome, verdict: judge(outcome) };
};
const C172: TFlightAircraft = { icao: 'C172', category: 'SMALL_HAUL', cruiseSpeedKts: 124, fuelBurnKgPerHour: 27, fuelCapacityKg: 144, engineCount: 1 };
const codesOf = (verdict: FlightVerdict) => verdict.reasons.map((r) => r.code);

const cruiseStartMs = cleanOutcome.steps.find((s) => s.step === 'cruise')!.timeMs;
/** One minute into the cruise. */
const cruiseIndex = clean.frames.findIndex((f) => f.timeMs === cruiseStartMs) + 60;
const touchdownIndex = clean.marks.touchdown!;

const edit = (frames: TTelemetryFrame[], from: number, to: number, change: (f: TTelemetryFrame) => void) =>
  frames.map((f, i) => {
    if (i < from || i >= to) return f;
    const copy = structuredClone(f);
    change(copy);
    return copy;
  });
/** Frames from `from` on happen `ms` later. */
const delay = (frames: TTelemetryFrame[], from: number, ms: number) => edit(frames, from, frames.length, (f) => (f.timeMs += ms));

describe('honest flights are accepted', () => {
  it('the golden EGLL-LFPG hop is accepted and paid as before', () => {
    const verdict = judge(cleanOutcome);
    expect(verdict).toEqual({ status: 'accepted', flown: true, reasons: [] });
    expect(cleanOutcome.flown).toEqual({ hasFrames: true, engineRunningAtDeparture: true, airborne: true, landed: true, stopped: true });
    expect(cleanOutcome.stoppedAt).toMatchObject({ isOnGround: true, airportIdent: 'LFPG' });
    expect(cleanOutcome.landing?.isRateKnown).toBe(true);
    expect(cleanOutcome.integrity).toMatchObject({
      acceleratedAirborneSeconds: 0,
      longestAirborneGapSeconds: 0,
      touchdownGap: null,
      longestPauseSeconds: 0,
      airborneFuelIncreaseKg: 0,
    });
    expect(computeReward(cleanOutcome, pilot).fc).toBeGreaterThan(0);
  });

  it('a light aircraft circuit back to its field is accepted', () => {
    const { frames } = scriptCircuit({ airport: EGKK, runway: '26L', legs: [{ outNm: 12, levelFtMsl: 3000 }] });
    const { outcome } = runEngine({ departure: EGKK, arrival: EGKK, cruiseLevelFt: 3000, aircraft: C172 }, frames);
    expect(judgeFlight(outcome, { plannedDurationSeconds: null, thresholds: DEFAULT_REVIEW_THRESHOLDS })).toEqual({
      status: 'accepted',
      flown: true,
      reasons: [],
    });
  });

  it('a declared diversion that stops at the diversion airport is accepted', () => {
    const { frames, marks } = scriptFlight({ ...base, divert: { afterNm: 80, airport: EGKK, runway: '26L' } });
    const { outcome } = runEngine(plan, frames, { [marks.divert!]: (engine) => engine.divert(EGKK) });
    expect(judgeFlight(outcome, { plannedDurationSeconds: null, thresholds: DEFAULT_REVIEW_THRESHOLDS }).status).toBe('accepted');
    expect(outcome.stoppedAt?.airportIdent).toBe('EGKK');
  });
});

describe('not flown: rejected with flown false (completion pays nothing for it)', () => {
  const expectNotFlown = (outcome: FlightOutcome, message: RegExp) => {
    const verdict = judge(outcome);
    expect(verdict.status).toBe('rejected');
    expect(verdict.flown).toBe(false);
    expect(codesOf(verdict)).toEqual(['NOT_FLOWN']);
    expect(verdict.reasons[0]).toMatchObject({ consequence: 'reject', measured: null, threshold: null, unit: null });
    expect(verdict.reasons[0]!.message).toMatch(message);
  };

  it('no frames at all (a completion straight after registration)', () => {
    const outcome = createFlightEngine(plan).complete();
    expect(outcome.stoppedAt).toBeNull();
    expect(outcome.flown?.hasFrames).toBe(false);
    expectNotFlown(outcome, /No flight data/);
  });

  it('frames that never leave the ground', () => {
    expectNotFlown(runEngine(plan, clean.frames.slice(0, clean.marks.liftoff)).outcome, /never left the ground/);
  });

  it('no engine running on the ground at the departure', () => {
    const frames = edit(clean.frames, 0, clean.marks.liftoff!, (f) => (f.enginesRunning = f.enginesRunning.map(() => false)));
    const { outcome } = runEngine(plan, frames);
    expect(outcome.flown?.engineRunningAtDeparture).toBe(false);
    expectNotFlown(outcome, /No engine was running/);
  });

  it('completed in the air, never landed', () => {
    expectNotFlown(runEngine(plan, clean.frames.slice(0, cruiseIndex)).outcome, /never landed/);
  });

  it('frames that start in the air', () => {
    expectNotFlown(runEngine(plan, clean.frames.slice(cruiseIndex)).outcome, /did not start on the ground/);
  });
});

describe('one rule broken at a time', () => {
  it('NOT_STOPPED_AT_AIRPORT: lands elsewhere without declaring a diversion, rejected', () => {
    const { frames } = scriptFlight({ ...base, divert: { afterNm: 80, airport: EGKK, runway: '26L' } });
    const { outcome, verdict } = judgeFrames(frames);
    expect(verdict).toMatchObject({ status: 'rejected', flown: true });
    expect(codesOf(verdict)).toEqual(['NOT_STOPPED_AT_AIRPORT']);
    expect(verdict.reasons[0]).toMatchObject({ consequence: 'reject', threshold: 5, unit: 'nm' });
    expect(verdict.reasons[0]!.measured).toBeGreaterThan(100);
    expect(verdict.reasons[0]!.message).toMatch(/NM from the arrival airport LFPG. To land elsewhere, declare a diversion/);
    expect(outcome.stoppedAt?.airportIdent).toBeNull();
  });

  it('NOT_STOPPED_AT_AIRPORT: a local hop that never leaves the field is rejected', () => {
    const { frames } = scriptCircuit({ airport: EGKK, runway: '26L', finalNm: 0.6, legs: [{ outNm: 1.0, levelFtMsl: 450 }] });
    const { outcome } = runEngine({ departure: EGKK, arrival: EGKK, cruiseLevelFt: 3000, aircraft: C172 }, frames);
    const verdict = judgeFlight(outcome, { plannedDurationSeconds: null, thresholds: DEFAULT_REVIEW_THRESHOLDS });
    expect(verdict).toMatchObject({ status: 'rejected', flown: true });
    expect(codesOf(verdict)).toEqual(['NOT_STOPPED_AT_AIRPORT']);
    expect(verdict.reasons[0]!.message).toMatch(/never flew far enough from EGKK/);
  });

  it('NOT_STOPPED_AT_AIRPORT: a crash is rejected', () => {
    const { outcome, verdict } = judgeFrames(scriptFlight({ ...base, touchdownVsFpm: -2000 }).frames);
    expect(outcome.isCrashed).toBe(true);
    expect(verdict.status).toBe('rejected');
    expect(codesOf(verdict)).toEqual(['NOT_STOPPED_AT_AIRPORT']);
    expect(verdict.reasons[0]!.message).toMatch(/crashed/);
  });

  it('TIME_ACCELERATION: five simulated minutes of cruise at 4x, sent to review', () => {
    // At 4x the aircraft covers four seconds of flight per frame second: keep every fourth frame
    // and close the time up, so the simulated flight is the same.
    const RATE = 4;
    const from = cruiseIndex;
    const to = from + 300;
    const accelerated = clean.frames.slice(from, to).filter((_, i) => i % RATE === 0).map((f, i) => ({
      ...structuredClone(f),
      timeMs: clean.frames[from]!.timeMs + i * 1000,
      simulationRate: RATE,
    }));
    const closedUpMs = (to - from) * 1000 - accelerated.length * 1000;
    const after = clean.frames.slice(to).map((f) => ({ ...f, timeMs: f.timeMs - closedUpMs }));
    const { outcome, verdict } = judgeFrames([...clean.frames.slice(0, from), ...accelerated, ...after]);
    expect(Math.abs(outcome.statistics.flightDurationSeconds - plannedDurationSeconds)).toBeLessThan(60);
    expect(outcome.integrity.acceleratedAirborneSeconds).toBe(300);
    expect(verdict.status).toBe('needs-review');
    expect(codesOf(verdict)).toEqual(['TIME_ACCELERATION']);
    const share = Math.round((100 * 300) / outcome.statistics.flightDurationSeconds);
    expect(verdict.reasons[0]).toMatchObject({ consequence: 'review', measured: share, threshold: 10, unit: 'percent' });
    // An owner who allows it raises the share.
    expect(judge(outcome, { ...DEFAULT_REVIEW_THRESHOLDS, timeAccelerationSharePercent: 90 }).status).toBe('accepted');
  });

  it('POSITION_JUMP: 24 NM away and back while climbing, sent to review', () => {
    const climbIndex = clean.marks.liftoff! + 120;
    const frames = edit(clean.frames, climbIndex, climbIndex + 30, (f) => {
      const moved = destinationPoint(f.position, 0, 24);
      f.position.latitudeDeg = moved.latitudeDeg;
      f.position.longitudeDeg = moved.longitudeDeg;
    });
    const { verdict } = judgeFrames(frames);
    expect(verdict.status).toBe('needs-review');
    expect(codesOf(verdict)).toEqual(['POSITION_JUMP']);
    expect(verdict.reasons[0]).toMatchObject({ consequence: 'review', unit: 'nm' });
    expect(verdict.reasons[0]!.measured).toBeGreaterThan(47);
  });

  it('FUEL_INCREASE: 15 kg (5 US gallons) appearing in the tanks in cruise, sent to review', () => {
    const frames = edit(clean.frames, cruiseIndex, clean.frames.length, (f) => (f.fuelKg += 15));
    const { outcome, verdict } = judgeFrames(frames);
    // Below the ground refuel tolerance the engine had: the old rules never saw it.
    expect(outcome.integrity.illegalFuelIncreases).toBe(0);
    expect(verdict.status).toBe('needs-review');
    expect(codesOf(verdict)).toEqual(['FUEL_INCREASE']);
    expect(verdict.reasons[0]).toMatchObject({ consequence: 'review', unit: 'kg', threshold: 2 });
    // The frame that brought it also burnt a little.
    expect(verdict.reasons[0]!.measured).toBeGreaterThan(14);
    expect(verdict.reasons[0]!.measured).toBeLessThanOrEqual(15);
  });

  it('AIRBORNE_DATA_GAP: 90 s without frames in cruise, sent to review', () => {
    const frames = [...clean.frames.slice(0, cruiseIndex), ...clean.frames.slice(cruiseIndex + 90)];
    const { verdict } = judgeFrames(frames);
    expect(verdict.status).toBe('needs-review');
    expect(codesOf(verdict)).toEqual(['AIRBORNE_DATA_GAP']);
    expect(verdict.reasons[0]).toMatchObject({ consequence: 'review', measured: 91, threshold: 60, unit: 'seconds' });
  });

  it('TOUCHDOWN_DATA_GAP: 49 s without frames around the touchdown has no rate and no landing bonus', () => {
    const frames = [...clean.frames.slice(0, touchdownIndex - 19), ...clean.frames.slice(touchdownIndex + 29)];
    const { outcome, verdict } = judgeFrames(frames);
    expect(outcome.landing?.isRateKnown).toBe(false);
    expect(outcome.integrity.touchdownGap).toEqual({ seconds: 49, offsetSeconds: 0 });
    expect(verdict.status).toBe('needs-review');
    expect(codesOf(verdict)).toEqual(['TOUCHDOWN_DATA_GAP']);
    expect(verdict.reasons[0]).toMatchObject({ consequence: 'review', measured: 49, unit: 'seconds' });
    const reward = computeReward(outcome, pilot);
    expect(reward.breakdown.landingPoints).toBe(0);
    expect(reward.breakdown.landingMultiplier).toBe(1);
  });

  it('TOUCHDOWN_DATA_GAP: a gap ending shortly before the touchdown, though the touchdown itself was seen', () => {
    const frames = [...clean.frames.slice(0, touchdownIndex - 30), ...clean.frames.slice(touchdownIndex - 15)];
    const { outcome, verdict } = judgeFrames(frames);
    expect(outcome.landing?.isRateKnown).toBe(true);
    expect(outcome.integrity.touchdownGap).toEqual({ seconds: 16, offsetSeconds: 15 });
    expect(verdict.status).toBe('needs-review');
    expect(codesOf(verdict)).toEqual(['TOUCHDOWN_DATA_GAP']);
    // An owner who only distrusts the last ten seconds accepts it.
    expect(judge(outcome, { ...DEFAULT_REVIEW_THRESHOLDS, touchdownGapWindowSeconds: 10 }).status).toBe('accepted');
  });

  it('LONG_PAUSE: paused 31 minutes in cruise, sent to review', () => {
    const PAUSE_MS = 31 * 60_000;
    const pauseAt = clean.frames[cruiseIndex]!;
    // The simulator keeps reporting the frozen aircraft every 10 s while paused.
    const paused = Array.from({ length: PAUSE_MS / 10_000 }, (_, i) => ({ ...structuredClone(pauseAt), timeMs: pauseAt.timeMs + 500 + i * 10_000, isPaused: true }));
    const frames = [...clean.frames.slice(0, cruiseIndex + 1), ...paused, ...delay(clean.frames, cruiseIndex + 1, PAUSE_MS).slice(cruiseIndex + 1)];
    const { outcome, verdict } = judgeFrames(frames);
    expect(outcome.integrity.longestPauseSeconds).toBeGreaterThanOrEqual(31 * 60);
    expect(verdict.status).toBe('needs-review');
    expect(codesOf(verdict)).toEqual(['LONG_PAUSE']);
    expect(verdict.reasons[0]).toMatchObject({ consequence: 'review', threshold: 30, unit: 'minutes' });
    expect(verdict.reasons[0]!.measured).toBeGreaterThanOrEqual(31);
  });

  it('HARD_LANDING: -700 fpm against the -600 fpm default, sent to review; an owner may allow more', () => {
    const { outcome, verdict } = judgeFrames(scriptFlight({ ...base, touchdownVsFpm: -700 }).frames);
    expect(verdict.status).toBe('needs-review');
    expect(codesOf(verdict)).toEqual(['HARD_LANDING']);
    expect(verdict.reasons[0]).toMatchObject({ consequence: 'review', measured: outcome.landing!.verticalSpeedFpm, threshold: -600, unit: 'fpm' });
    expect(verdict.reasons[0]!.measured).toBeLessThan(-600);
    expect(judge(outcome, { ...DEFAULT_REVIEW_THRESHOLDS, hardLandingFpm: 800 }).status).toBe('accepted');
  });

  it('DURATION_LONGER and DURATION_SHORTER: beyond both 20 % and 30 minutes of the plan', () => {
    const flownMinutes = Math.round(plannedDurationSeconds / 60);
    const longer = judgeFlight(cleanOutcome, { plannedDurationSeconds: plannedDurationSeconds - 31 * 60, thresholds: DEFAULT_REVIEW_THRESHOLDS });
    // The hop is short: 30 minutes is the larger limit.
    expect(longer.status).toBe('needs-review');
    expect(codesOf(longer)).toEqual(['DURATION_LONGER']);
    expect(longer.reasons[0]).toMatchObject({ consequence: 'review', measured: flownMinutes, unit: 'minutes' });
    const shorter = judgeFlight(cleanOutcome, { plannedDurationSeconds: plannedDurationSeconds + 31 * 60, thresholds: DEFAULT_REVIEW_THRESHOLDS });
    expect(codesOf(shorter)).toEqual(['DURATION_SHORTER']);
    expect(judgeFlight(cleanOutcome, { plannedDurationSeconds: plannedDurationSeconds + 29 * 60, thresholds: DEFAULT_REVIEW_THRESHOLDS }).status).toBe('accepted');
  });
});

describe('thresholds and contracts', () => {
  it('the defaults lie within their bounds and parse; out-of-bounds values do not', () => {
    expect(ZReviewThresholds.parse(DEFAULT_REVIEW_THRESHOLDS)).toEqual(DEFAULT_REVIEW_THRESHOLDS);
    for (const key of Object.keys(REVIEW_THRESHOLD_BOUNDS) as (keyof ReviewThresholds)[]) {
      const { min, max } = REVIEW_THRESHOLD_BOUNDS[key];
      expect(DEFAULT_REVIEW_THRESHOLDS[key]).toBeGreaterThanOrEqual(min);
      expect(DEFAULT_REVIEW_THRESHOLDS[key]).toBeLessThanOrEqual(max);
      expect(ZReviewThresholds.safeParse({ ...DEFAULT_REVIEW_THRESHOLDS, [key]: max + 1 }).success).toBe(false);
      expect(ZReviewThresholds.safeParse({ ...DEFAULT_REVIEW_THRESHOLDS, [key]: min - 1 }).success).toBe(false);
    }
  });

  it('every reason the rules give fits the API shape', () => {
    const { verdict } = judgeFrames([...clean.frames.slice(0, touchdownIndex - 19), ...clean.frames.slice(touchdownIndex + 29)]);
    for (const reason of verdict.reasons) expect(ZReviewReason.parse(reason)).toEqual(reason);
  });
});

describe('snapshots stored before the integrity facts', () => {
  it('restore, measure from there on, and give the departure under power the benefit of the doubt', () => {
    const engine = createFlightEngine(plan);
    for (const frame of clean.frames.slice(0, cruiseIndex)) engine.ingest(frame);
    const {
      engineRunningAtDeparture: _engine,
      acceleratedAirborneSimMs: _accelerated,
      longestAirborneGapMs: _gap,
      lastFrameGap: _lastGap,
      touchdownGap: _touchdownGap,
      longestPauseMs: _pause,
      airborneFuelLowKg: _fuelLow,
      airborneFuelIncreaseKg: _fuelRise,
      ...older
    } = engine.snapshot();
    const restored = restoreFlightEngine(older);
    // A refuel after the restore is still seen.
    for (const frame of edit(clean.frames, cruiseIndex + 10, clean.frames.length, (f) => (f.fuelKg += 15)).slice(cruiseIndex)) restored.ingest(frame);
    const outcome = restored.complete();
    expect(outcome.flown?.engineRunningAtDeparture).toBe(true);
    expect(codesOf(judge(outcome))).toEqual(['FUEL_INCREASE']);
  });
});
