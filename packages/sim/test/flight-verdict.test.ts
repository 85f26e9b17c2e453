import { describe, expect, it } from 'vitest';
import { createFlightEngine } from '@contrail/domain/flight/flight-engine';
import type { FlightOutcome } from '@contrail/domain/flight/flight-engine-types';
import { DEFAULT_REVIEW_THRESHOLDS, judgeFlight, type FlightVerdict, type ReviewReasonCode } from '@contrail/domain/flight-review/flight-verdict';
import { A320, flightAircraft } from '@contrail/test-support/reference-aircraft';
import { EGLL, LFPG, flightAirport } from '@contrail/test-support/reference-airports';
import { REFERENCE_FLIGHT } from '@contrail/test-support/reference-flight';
import { flySimulatedFlight } from '../src/fly-simulated-flight';
import type { TSimFault } from '../src/sim-fault';
import type { TSimulatedFlightOptions } from '../src/simulated-flight';
import { shortHop } from './fixtures';

/**
 * The built-in simulator's EGLL-LFPG hop through the flight engine and the judge: flown clean it is
 * accepted; flown with one of the simulator's faults it is held for exactly the rule that fault breaks.
 */
const enginePlan = { departure: flightAirport(EGLL), arrival: flightAirport(LFPG), cruiseLevelFt: REFERENCE_FLIGHT.cruiseLevelFt, aircraft: flightAircraft(A320) };

const flyAndJudge = (options: TSimulatedFlightOptions = {}, plannedDurationSeconds: number | null = null): { outcome: FlightOutcome; verdict: FlightVerdict } => {
  const engine = createFlightEngine(enginePlan);
  for (const frame of flySimulatedFlight(shortHop(), options)) engine.ingest(frame);
  const outcome = engine.complete();
  return { outcome, verdict: judgeFlight(outcome, { plannedDurationSeconds, thresholds: DEFAULT_REVIEW_THRESHOLDS }) };
};

const clean = flyAndJudge();
const plannedDurationSeconds = clean.outcome.statistics.flightDurationSeconds;
const codesWith = (...faults: TSimFault[]): ReviewReasonCode[] => {
  const { verdict } = flyAndJudge({ faults }, plannedDurationSeconds);
  return verdict.reasons.map((reason) => reason.code);
};

describe('the built-in simulator judged', () => {
  it('a clean flight is accepted, also against its own duration', () => {
    expect(clean.verdict).toEqual({ status: 'accepted', flown: true, reasons: [] });
    expect(flyAndJudge({}, plannedDurationSeconds).verdict.status).toBe('accepted');
  });

  it('a whole flight at 20x (the unattended farming loop) is held for time acceleration', () => {
    const { outcome, verdict } = flyAndJudge({ simulationRate: 20 }, plannedDurationSeconds);
    expect(verdict.status).toBe('needs-review');
    expect(verdict.reasons.map((r) => r.code)).toEqual(['TIME_ACCELERATION']);
    expect(verdict.reasons[0]!.measured).toBe(100);
    // Simulated time is the flight's time, whatever the rate.
    expect(Math.abs(outcome.statistics.flightDurationSeconds - plannedDurationSeconds)).toBeLessThan(60);
    // As practice (the rate is the simulator's own setting; the practice policy decides its pay) it passes.
    expect(judgeFlight(outcome, { plannedDurationSeconds, thresholds: DEFAULT_REVIEW_THRESHOLDS, isPractice: true }).status).toBe('accepted');
  });

  it('each fault is held for its own rule', () => {
    expect(codesWith({ kind: 'simRateChange', rate: 4, durationSeconds: 1200 })).toEqual(['TIME_ACCELERATION']);
    expect(codesWith({ kind: 'positionJump', distanceNm: 24 })).toEqual(['POSITION_JUMP']);
    expect(codesWith({ kind: 'fuelJump', amountKg: 15 })).toEqual(['FUEL_INCREASE']);
    expect(codesWith({ kind: 'droppedConnection', durationSeconds: 90 })).toEqual(['AIRBORNE_DATA_GAP']);
    expect(codesWith({ kind: 'droppedConnection', durationSeconds: 40, at: { phase: 'flare' } })).toEqual(['TOUCHDOWN_DATA_GAP']);
    expect(codesWith({ kind: 'pause', durationSeconds: 31 * 60 })).toEqual(['LONG_PAUSE']);
    expect(codesWith({ kind: 'hardLanding', touchdownRateFpm: -700 })).toEqual(['HARD_LANDING']);
  });

  it('landing at the diversion airport without declaring it is rejected', () => {
    const { verdict } = flyAndJudge({ faults: [{ kind: 'diversion' }] });
    expect(verdict.status).toBe('rejected');
    expect(verdict.reasons.map((r) => r.code)).toEqual(['NOT_STOPPED_AT_AIRPORT']);
  });
});
