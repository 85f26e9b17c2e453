import { describe, expect, it } from 'vitest';
import { computeReward, scoreColourFor } from '../../src/rewards/compute-reward';
import { REST_PERIOD_HOURS } from '../../src/rewards/reward-constants';
import { FLIGHT_DURATION_LIMIT_HOURS, MONTHLY_LIMIT_HOURS } from '../../src/user/flight-time-rules';
import { A320, EGLL, LFPG } from './support/fixtures';
import { runEngine } from './support/run-engine';
import { scriptFlight } from './support/scripted-flight';

const { frames } = scriptFlight({ departure: EGLL, departureRunway: '27L', arrival: LFPG, arrivalRunway: '26R', aircraft: A320, cruiseFt: 15_000 });
const { outcome } = runEngine({ departure: EGLL, arrival: LFPG, cruiseLevelFt: 15_000, aircraft: A320 }, frames);
const hours = outcome.statistics.flightDurationSeconds / 3600;
const fresh = { hoursFlownLast24h: 0, hoursFlownThisMonth: 0 };

describe('computeReward: rest period and monthly limit', () => {
  const paid = computeReward(outcome, fresh);

  it('pays a fresh pilot', () => {
    expect(paid.fc).toBeGreaterThan(0);
    expect(paid.fcReason).toBeNull();
  });

  it('withholds FC (not XP) when the flight takes the last 24 h over the limit', () => {
    const justUnder = computeReward(outcome, { ...fresh, hoursFlownLast24h: FLIGHT_DURATION_LIMIT_HOURS - hours - 0.01 });
    expect(justUnder.fc).toBe(paid.fc);
    const over = computeReward(outcome, { ...fresh, hoursFlownLast24h: FLIGHT_DURATION_LIMIT_HOURS - hours + 0.01 });
    expect(over).toMatchObject({ fc: 0, xp: paid.xp, fcReason: 'InRestTime' });
    expect(over.nextRemuneration!.getTime()).toBe(outcome.endTimeMs! + REST_PERIOD_HOURS * 3_600_000);
    expect(over.breakdown.grossFc).toBe(paid.fc);
  });

  it('keeps resting until the date given by an earlier flight', () => {
    const restUntilMs = outcome.endTimeMs! + 3_600_000;
    const resting = computeReward(outcome, { ...fresh, restUntilMs });
    expect(resting).toMatchObject({ fc: 0, fcReason: 'InRestTime' });
    expect(resting.nextRemuneration!.getTime()).toBe(restUntilMs);
    expect(computeReward(outcome, { ...fresh, restUntilMs: outcome.endTimeMs! - 1 }).fc).toBe(paid.fc);
  });

  it('withholds FC past the monthly limit until the first day of the next UTC month', () => {
    const over = computeReward(outcome, { ...fresh, hoursFlownThisMonth: MONTHLY_LIMIT_HOURS - hours / 2 });
    expect(over).toMatchObject({ fc: 0, fcReason: 'MonthlyLimit' });
    expect(over.nextRemuneration!.toISOString()).toBe('2025-07-01T00:00:00.000Z'); // the flight is on 2025-06-01
  });
});

describe('score colour', () => {
  it('is success above 75, warning above 25, error otherwise, neutral when empty', () => {
    expect([100, 76, 75, 26, 25, 0].map(scoreColourFor)).toEqual(['success', 'success', 'warning', 'warning', 'error', 'error']);
    expect(scoreColourFor(null)).toBe('neutral');
    expect(scoreColourFor(undefined)).toBe('neutral');
  });
});

describe('computeReward: cabin incidents weigh on the flight score', () => {
  const incident = (code: 3 | 5 | 8, key: 'TAKEOFF_WITHOUT_SEATBELT' | 'TAKEOFF_WITHOUT_SAFETY_DEMONSTRATION' | 'ANOTHER_ANNOUNCEMENT_IN_PROGRESS') => ({
    code,
    key,
    parameters: [],
    timeMs: 0,
  });
  const withIncidents = (incidents: ReturnType<typeof incident>[]) => ({
    ...outcome,
    isPNC: true,
    cabin: { ...({} as NonNullable<typeof outcome.cabin>), incidents, satisfactionRate: 80 },
  });

  it('costs points per incident kind, counted at most three times, and lists them', () => {
    const clean = computeReward(outcome, fresh).breakdown.flightScore;
    const two = computeReward(
      withIncidents([incident(5, 'TAKEOFF_WITHOUT_SAFETY_DEMONSTRATION'), incident(8, 'ANOTHER_ANNOUNCEMENT_IN_PROGRESS')]),
      fresh,
    );
    expect(two.breakdown.flightScore).toBe(clean - 5 - 1);
    expect(two.breakdown.incidentPenalties).toEqual([
      { key: 'TAKEOFF_WITHOUT_SAFETY_DEMONSTRATION', count: 1, points: 5 },
      { key: 'ANOTHER_ANNOUNCEMENT_IN_PROGRESS', count: 1, points: 1 },
    ]);
    const many = computeReward(withIncidents(Array.from({ length: 6 }, () => incident(3, 'TAKEOFF_WITHOUT_SEATBELT'))), fresh);
    expect(many.breakdown.flightScore).toBe(clean - 15);
  });
});
