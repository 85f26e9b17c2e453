import { describe, expect, it } from 'vitest';
import { challengeWeekOf, rankChallenge, type ChallengeFlight } from './weekly-challenge';

const now = new Date('2026-11-27T12:00:00Z');
const week = challengeWeekOf(now);
let n = 0;
const flight = (overrides: Partial<ChallengeFlight>): ChallengeFlight => ({
  flightLogId: `log-${(n += 1)}`,
  userId: 'a',
  pilotName: 'A',
  flightNumber: 'CTR1',
  aircraftIcao: 'A320',
  departureIdent: week.departureIdent,
  arrivalIdent: week.arrivalIdent,
  endDate: new Date('2026-11-26T10:00:00Z'),
  isArrived: true,
  practice: false,
  reviewStatus: 'accepted',
  distanceNm: 200,
  fuelConsumedKg: 1000,
  touchdownFpm: -150,
  ...overrides,
});

describe('weekly challenge', () => {
  it('runs Monday to Monday (UTC) on one route a week', () => {
    expect(week.start.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(week.end.toISOString()).toBe('2026-11-30T00:00:00.000Z');
    const next = challengeWeekOf(new Date('2026-11-30T00:00:00Z'));
    expect(next.index).toBe(week.index + 1);
    expect([next.departureIdent, next.arrivalIdent]).not.toEqual([week.departureIdent, week.arrivalIdent]);
  });

  it("ranks each pilot's best landing and fuel per NM, lower first", () => {
    const result = rankChallenge(
      [
        flight({ userId: 'a', pilotName: 'A', touchdownFpm: -220, fuelConsumedKg: 900 }),
        flight({ userId: 'a', pilotName: 'A', touchdownFpm: -90, fuelConsumedKg: 1200 }),
        flight({ userId: 'b', pilotName: 'B', touchdownFpm: -120, fuelConsumedKg: 700 }),
        flight({ userId: 'c', pilotName: 'C', touchdownFpm: null, fuelConsumedKg: 800 }),
      ],
      week,
      'b',
    );
    expect(result.landing.map((entry) => [entry.rank, entry.pilotName, entry.value])).toEqual([
      [1, 'A', 90],
      [2, 'B', 120],
    ]);
    expect(result.fuel.map((entry) => [entry.rank, entry.pilotName, entry.value])).toEqual([
      [1, 'B', 3.5],
      [2, 'C', 4],
      [3, 'A', 4.5],
    ]);
    expect(result.mine).toMatchObject({ landing: { rank: 2 }, fuel: { rank: 1 } });
  });

  it('counts only accepted, arrived, non-practice flights of the route in the week', () => {
    const result = rankChallenge(
      [
        flight({ userId: 'p', practice: true, touchdownFpm: -10 }),
        flight({ userId: 'r', reviewStatus: 'rejected', touchdownFpm: -10 }),
        flight({ userId: 'h', reviewStatus: 'pending', touchdownFpm: -10 }),
        flight({ userId: 'd', isArrived: false, touchdownFpm: -10 }),
        flight({ userId: 'o', arrivalIdent: 'KJFK', touchdownFpm: -10 }),
        flight({ userId: 'l', endDate: new Date('2026-11-22T23:59:00Z'), touchdownFpm: -10 }),
        flight({ userId: 'ok', touchdownFpm: -300 }),
      ],
      week,
      'p',
    );
    expect(result.landing.map((entry) => entry.userId)).toEqual(['ok']);
    expect(result.mine).toEqual({ landing: null, fuel: null });
  });
});
