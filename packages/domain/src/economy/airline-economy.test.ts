import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonthsUtc,
  balanceOf,
  bankruptcyInformation,
  canRenewTrafficRight,
  canStartMaintenance,
  cashRunway,
  hubCosts,
  isGroundedWear,
  maintenancePlan,
  planeBuildCost,
  profitAndLoss,
  settleInOrder,
  trafficRightCost,
  wearAfterFlight,
  airlineFlightRevenue,
  airlineFlightSalary,
  hardLandingsOf,
  type WalletMove,
} from './airline-economy';
import { AIRLINE_ECONOMY, HubAirportSize } from './airline-economy-constants';

const day = 24 * 60 * 60 * 1000;
const now = new Date('2026-03-01T00:00:00Z');

describe('airline economy', () => {
  it('makes EASY cheaper than REALIST for every amount, and bigger airports dearer', () => {
    for (const size of HubAirportSize) {
      expect(hubCosts(size, 'EASY').licenceCost).toBeLessThan(hubCosts(size, 'REALIST').licenceCost);
    }
    expect(hubCosts('small_airport', 'REALIST').operatingCost).toBeLessThan(hubCosts('large_airport', 'REALIST').operatingCost);
    expect(AIRLINE_ECONOMY.EASY.bankruptcyDeadlineDays).toBeGreaterThan(AIRLINE_ECONOMY.REALIST.bankruptcyDeadlineDays);
  });

  it('builds the first plane for nothing and charges seats on the next', () => {
    const seats = { eco: 100, business: 10, first: 0 };
    expect(planeBuildCost('MEDIUM_HAUL', seats, 'REALIST', true)).toBe(0);
    expect(planeBuildCost('MEDIUM_HAUL', seats, 'REALIST', false)).toBe(4_500 + 100 * 100 + 10 * 300);
  });

  it('wears by hours and hard landings, grounds at 20, refuses maintenance at 100', () => {
    expect(wearAfterFlight(100, 2, 0, 'REALIST')).toBe(99);
    expect(wearAfterFlight(30, 2, 2, 'REALIST')).toBe(19);
    expect(isGroundedWear(20)).toBe(true);
    expect(isGroundedWear(20.01)).toBe(false);
    expect(canStartMaintenance(100)).toBe(false);
    expect(canStartMaintenance(99.5)).toBe(true);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100, noNaN: true }), fc.double({ min: 0, max: 30, noNaN: true }), fc.nat(5), (wear, hours, hard) => {
        const next = wearAfterFlight(wear, hours, hard, 'REALIST');
        return next >= 0 && next <= wear + 0.005;
      }),
    );
  });

  it('chooses the maintenance check by condition band (FSAirlines A..D)', () => {
    expect(maintenancePlan(97, 'LARGE_HAUL', 'REALIST', now)).toMatchObject({ check: 'A', durationDays: 1, cost: 2_700 });
    expect(maintenancePlan(80, 'LARGE_HAUL', 'REALIST', now).check).toBe('B');
    expect(maintenancePlan(40, 'LARGE_HAUL', 'REALIST', now).check).toBe('C');
    expect(maintenancePlan(10, 'LARGE_HAUL', 'REALIST', now)).toMatchObject({ check: 'D', durationDays: 14, cost: 72_000 });
    expect(maintenancePlan(10, 'LARGE_HAUL', 'REALIST', now).endDate.getTime()).toBe(now.getTime() + 14 * day);
  });

  it('prices traffic rights by airport count, capped', () => {
    expect(trafficRightCost(0, 'REALIST')).toBe(5_000);
    expect(trafficRightCost(1_000, 'REALIST')).toBe(7_500);
    expect(trafficRightCost(1_000_000, 'REALIST')).toBe(30_000);
  });

  it('renews traffic rights only in the last month', () => {
    const end = new Date('2026-06-15T00:00:00Z');
    expect(canRenewTrafficRight(end, new Date('2026-05-10T00:00:00Z'))).toBe(false);
    expect(canRenewTrafficRight(end, new Date('2026-05-20T00:00:00Z'))).toBe(true);
    expect(canRenewTrafficRight(end, new Date('2026-06-16T00:00:00Z'))).toBe(false);
    expect(addMonthsUtc(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
  });

  it('counts bankruptcy days from the oldest failed transaction', () => {
    expect(bankruptcyInformation([], now, 'REALIST')).toEqual({ nbFailedTransaction: 0, dayLeft: 14 });
    const info = bankruptcyInformation([new Date(now.getTime() - 3 * day), new Date(now.getTime() - 10 * day)], now, 'REALIST');
    expect(info).toEqual({ nbFailedTransaction: 2, dayLeft: 4 });
    expect(bankruptcyInformation([new Date(now.getTime() - 40 * day)], now, 'REALIST').dayLeft).toBe(0);
  });

  it('forecasts the default date from planned costs', () => {
    const planned = [{ executionDate: new Date(now.getTime() + 10 * day), amount: 1_000, type: 'DEBIT' as const, recurringMonths: 1 }];
    const runway = cashRunway(2_500, planned, now);
    // Pays 1,000 on day 10 and a month later; the third payment cannot be covered.
    expect(runway.defaultDate?.toISOString()).toBe(addMonthsUtc(new Date(now.getTime() + 10 * day), 2).toISOString());
    expect(cashRunway(1_000_000, planned, now).defaultDate).toBeNull();
  });

  it('sums profit and loss per key, best first', () => {
    const rows = profitAndLoss([
      { key: 'a', revenue: 100, cost: 30 },
      { key: 'b', revenue: 10, cost: 50 },
      { key: 'a', revenue: 50, cost: 10 },
    ]);
    expect(rows).toEqual([
      { key: 'a', revenue: 150, cost: 40, profit: 110, flights: 2 },
      { key: 'b', revenue: 10, cost: 50, profit: -40, flights: 1 },
    ]);
  });
});

/**
 * The wallet's laws over random sequences of purchases (immediate debits), credits, plannings,
 * settlements and manual payments, applied the way the server does (conditional on the balance).
 */
describe('airline wallet laws', () => {
  type Op =
    | { kind: 'credit'; amount: number }
    | { kind: 'purchase'; amount: number }
    | { kind: 'plan'; amount: number }
    | { kind: 'settle' }
    | { kind: 'pay'; index: number };
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant('credit' as const), amount: fc.integer({ min: 1, max: 5_000 }) }),
    fc.record({ kind: fc.constant('purchase' as const), amount: fc.integer({ min: 1, max: 5_000 }) }),
    fc.record({ kind: fc.constant('plan' as const), amount: fc.integer({ min: 1, max: 5_000 }) }),
    fc.record({ kind: fc.constant('settle' as const) }),
    fc.record({ kind: fc.constant('pay' as const), index: fc.nat(50) }),
  );

  it('keeps the balance equal to the sum of SUCCESS transactions and never negative', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const moves: WalletMove[] = [];
        let balance = 0;
        for (const step of ops) {
          switch (step.kind) {
            case 'credit':
              moves.push({ type: 'CREDIT', amount: step.amount, state: 'SUCCESS' });
              balance += step.amount;
              break;
            case 'purchase':
              // Refused (nothing written) when the balance does not cover it (ERR_0013).
              if (balance >= step.amount) {
                moves.push({ type: 'DEBIT', amount: step.amount, state: 'SUCCESS' });
                balance -= step.amount;
              }
              break;
            case 'plan':
              moves.push({ type: 'DEBIT', amount: step.amount, state: 'PLANNED' });
              break;
            case 'settle': {
              const due = moves.filter((move) => move.state === 'PLANNED');
              const { states, paid } = settleInOrder(balance, due.map((move) => move.amount));
              due.forEach((move, i) => (move.state = states[i]!));
              balance -= paid;
              break;
            }
            case 'pay': {
              const candidates = moves.filter((move) => move.state !== 'SUCCESS');
              const target = candidates[step.index % Math.max(1, candidates.length)];
              if (target && balance >= target.amount) {
                target.state = 'SUCCESS';
                balance -= target.amount;
              }
              break;
            }
          }
          if (balance < 0 || balance !== balanceOf(moves)) return false;
        }
        return true;
      }),
      { numRuns: 300 },
    );
  });

  it('settles a prefix: every SUCCESS comes before every FAILED, and the paid sum fits the balance', () => {
    fc.assert(
      fc.property(fc.nat(20_000), fc.array(fc.integer({ min: 1, max: 5_000 }), { maxLength: 30 }), (balance, amounts) => {
        const { states, paid } = settleInOrder(balance, amounts);
        const firstFailed = states.indexOf('FAILED');
        const prefixOk = firstFailed === -1 || states.slice(firstFailed).every((state) => state === 'FAILED');
        return prefixOk && paid <= balance && paid === amounts.reduce((sum, a, i) => (states[i] === 'SUCCESS' ? sum + a : sum), 0);
      }),
    );
  });
});

describe('airline flights', () => {
  it('pays a flight by the passengers carried and the distance, with the cargo by weight', () => {
    expect(airlineFlightRevenue({ seats: 180, paxCarried: 150, cargoKg: 0, distanceNm: 200 })).toBe(150 * 72);
    expect(airlineFlightRevenue({ seats: 180, paxCarried: 150, cargoKg: 2_000, distanceNm: 200 })).toBe(150 * 72 + 120);
    // Without a declared cabin, the plane's seats at the default load factor (82 %): 147 of 180.
    expect(airlineFlightRevenue({ seats: 180, paxCarried: 0, cargoKg: 0, distanceNm: 200 })).toBe(147 * 72);
    expect(airlineFlightRevenue({ seats: 0, paxCarried: 0, cargoKg: 0, distanceNm: 500 })).toBe(0);
  });

  it("pays the pilot the base salary plus the rank's bonus", () => {
    expect(airlineFlightSalary(0)).toBe(100);
    expect(airlineFlightSalary(25)).toBe(125);
    expect(airlineFlightSalary(-10)).toBe(100);
  });

  it('counts a landing above 600 fpm as hard, each bounce as one more', () => {
    expect(hardLandingsOf(null)).toBe(0);
    expect(hardLandingsOf({ verticalSpeedFpm: -250, bounces: 0 })).toBe(0);
    expect(hardLandingsOf({ verticalSpeedFpm: -650, bounces: 0 })).toBe(1);
    expect(hardLandingsOf({ verticalSpeedFpm: -900, bounces: 2 })).toBe(3);
  });
});
