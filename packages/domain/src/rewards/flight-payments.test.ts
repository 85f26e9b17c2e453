import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FlightType } from '../flight-api/flight-contract';
import type { NotPaidReason, NoCoinReason } from './compute-reward';
import { flightSettlementOf, planFlightPayments, reviewStateOf, settleFlightPayments, type CompletedFlight, type FlightPayment, type FlightSettlement } from './flight-payments';

const flight = (overrides: Partial<CompletedFlight> = {}): CompletedFlight => ({
  type: 'NORMAL',
  flightNumber: 'CTR101',
  departureIdent: 'LFPG',
  arrivalIdent: 'EGLL',
  flightHours: 1.25,
  reward: { fc: 120, xp: 45, fcReason: null, breakdown: { notPaidReason: null } },
  mission: null,
  ...overrides,
});

const mission = { title: 'Channel hop', fcBonus: 300, xpBonus: 50 };
const kinds = (payments: FlightPayment[]) => payments.map((payment) => (payment.kind === 'credit-pilot' ? `${payment.kind}:${payment.key}` : payment.kind));

describe('planFlightPayments', () => {
  it('pays a valid flight its FC and XP as flight revenue, the boosters, then the referral bonus', () => {
    const plan = planFlightPayments(flight());
    expect(kinds(plan.payments)).toEqual(['credit-pilot:fc', 'credit-pilot:xp', 'booster-miles', 'referral-bonus']);
    expect(plan.payments[0]).toEqual({
      kind: 'credit-pilot',
      key: 'fc',
      currency: 'MFC',
      amount: 120,
      categoryData: { category: 'FLIGHT_REVENUE', flightNumber: 'CTR101', departureAirport: 'LFPG', arrivalAirport: 'EGLL' },
      description: 'Flight CTR101 LFPG-EGLL',
    });
    expect(plan.payments[1]).toMatchObject({ currency: 'XP', amount: 45 });
    expect(plan.payments[2]).toEqual({
      kind: 'booster-miles',
      key: 'booster-miles',
      flightHours: 1.25,
      categoryData: { category: 'MF_BONUS', reason: 'Miles booster' },
      description: 'Miles booster, flight CTR101',
    });
    expect(plan).toMatchObject({ missionFcBonus: 0, missionXpBonus: 0 });
  });

  it('an accomplished mission pays its bonus and completes; its FC bonus waits like the flight FC', () => {
    const accomplished = planFlightPayments(flight({ type: 'MISSION', mission }));
    expect(kinds(accomplished.payments)).toEqual([
      'credit-pilot:fc',
      'credit-pilot:xp',
      'booster-miles',
      'credit-pilot:mission-fc',
      'credit-pilot:mission-xp',
      'mission-result',
      'referral-bonus',
    ]);
    expect(accomplished).toMatchObject({ missionFcBonus: 300, missionXpBonus: 50 });
    expect(accomplished.payments[3]).toMatchObject({ amount: 300, categoryData: { category: 'MF_BONUS', reason: 'Mission Channel hop' }, description: 'Mission bonus Channel hop' });
    expect(accomplished.payments[5]).toEqual({ kind: 'mission-result', status: 'COMPLETED' });

    const resting = planFlightPayments(flight({ type: 'MISSION', mission, reward: { fc: 0, xp: 45, fcReason: 'InRestTime', breakdown: { notPaidReason: null } } }));
    expect(resting).toMatchObject({ missionFcBonus: 0, missionXpBonus: 50 });
  });

  it('a flight that did not arrive fails its mission, pays no bonus and no referral', () => {
    const plan = planFlightPayments(flight({ type: 'MISSION', mission, reward: { fc: 0, xp: 0, fcReason: null, breakdown: { notPaidReason: 'NotArrived' } } }));
    expect(plan).toMatchObject({ missionFcBonus: 0, missionXpBonus: 0 });
    expect(plan.payments).toContainEqual({ kind: 'mission-result', status: 'FAILED' });
    expect(kinds(plan.payments)).not.toContain('referral-bonus');
  });

  it('an airline flight settles with its airline last, valid or not', () => {
    expect(kinds(planFlightPayments(flight({ type: 'AIRLINE' })).payments).at(-1)).toBe('airline-settlement');
    const crashed = planFlightPayments(flight({ type: 'AIRLINE', reward: { fc: 0, xp: 0, fcReason: null, breakdown: { notPaidReason: 'Crashed' } } }));
    expect(kinds(crashed.payments).at(-1)).toBe('airline-settlement');
  });

  it('law: the log bonus is what the mission credits pay, and only a valid flight refers', () => {
    const notPaid = fc.constantFrom<NotPaidReason | null>(null, 'NotArrived', 'Crashed', 'NotStartedAtDeparture');
    const noCoin = fc.constantFrom<NoCoinReason | null>(null, 'InRestTime', 'MonthlyLimit');
    const bonus = fc.record({ title: fc.string(), fcBonus: fc.nat(10_000), xpBonus: fc.nat(10_000) });
    fc.assert(
      fc.property(fc.constantFrom(...FlightType), notPaid, noCoin, fc.option(bonus, { nil: null }), (type, notPaidReason, fcReason, missionOf) => {
        const plan = planFlightPayments(flight({ type, mission: missionOf, reward: { fc: 10, xp: 10, fcReason, breakdown: { notPaidReason } } }));
        const credited = (key: string) =>
          plan.payments.filter((p) => p.kind === 'credit-pilot' && p.key === key).reduce((sum, p) => sum + (p.kind === 'credit-pilot' ? p.amount : 0), 0);
        expect(credited('mission-fc')).toBe(plan.missionFcBonus);
        expect(credited('mission-xp')).toBe(plan.missionXpBonus);
        expect(plan.payments.some((p) => p.kind === 'referral-bonus')).toBe(notPaidReason === null);
        expect(plan.payments.filter((p) => p.kind === 'airline-settlement')).toHaveLength(type === 'AIRLINE' ? 1 : 0);
        expect(plan.payments.filter((p) => p.kind === 'mission-result')).toHaveLength(missionOf ? 1 : 0);
      }),
    );
  });
});

describe('settling a flight from its verdict', () => {
  const notPractice = { isPractice: false, practiceFlightsPay: false };

  it('pays an accepted flight, holds one that needs review, refuses a rejected one; practice pays only where allowed', () => {
    const practicePaying = { isPractice: true, practiceFlightsPay: true };
    const practiceUnpaid = { isPractice: true, practiceFlightsPay: false };
    expect(flightSettlementOf({ status: 'accepted' }, notPractice)).toBe('pay');
    expect(flightSettlementOf({ status: 'needs-review' }, notPractice)).toBe('hold');
    expect(flightSettlementOf({ status: 'rejected' }, notPractice)).toBe('refuse');
    expect(flightSettlementOf({ status: 'accepted' }, practiceUnpaid)).toBe('practice');
    expect(flightSettlementOf({ status: 'needs-review' }, practiceUnpaid)).toBe('practice');
    expect(flightSettlementOf({ status: 'rejected' }, practiceUnpaid)).toBe('refuse');
    expect(flightSettlementOf({ status: 'accepted' }, practicePaying)).toBe('pay');
    expect(flightSettlementOf({ status: 'needs-review' }, practicePaying)).toBe('hold');
  });

  it('records not-flown apart from rejected, and pending only for a held flight', () => {
    expect(reviewStateOf({ status: 'rejected', flown: false }, 'refuse')).toBe('not-flown');
    expect(reviewStateOf({ status: 'rejected', flown: true }, 'refuse')).toBe('rejected');
    expect(reviewStateOf({ status: 'needs-review', flown: true }, 'hold')).toBe('pending');
    expect(reviewStateOf({ status: 'needs-review', flown: true }, 'practice')).toBe('accepted');
    expect(reviewStateOf({ status: 'accepted', flown: true }, 'pay')).toBe('accepted');
  });

  it('pays at completion only an accepted flight; a held one keeps the whole plan for later; refused and practice credit nothing', () => {
    const missionFlight = flight({ type: 'MISSION', mission });
    const whole = planFlightPayments(missionFlight).payments;
    expect(settleFlightPayments(missionFlight, 'pay')).toEqual({ payments: whole, paid: { fc: 120, xp: 45, missionFcBonus: 300, missionXpBonus: 50 }, held: null });
    const nothing = { fc: 0, xp: 0, missionFcBonus: 0, missionXpBonus: 0 };
    expect(settleFlightPayments(missionFlight, 'hold')).toEqual({ payments: [], paid: nothing, held: { payments: whole, figures: { fc: 120, xp: 45, missionFcBonus: 300, missionXpBonus: 50 } } });
    expect(settleFlightPayments(missionFlight, 'refuse')).toEqual({ payments: [{ kind: 'mission-result', status: 'FAILED' }], paid: nothing, held: null });
    expect(settleFlightPayments(missionFlight, 'practice')).toEqual({ payments: [{ kind: 'mission-result', status: 'COMPLETED' }], paid: nothing, held: null });
  });

  it('law: nothing but a paid flight credits anything at completion', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FlightType), fc.constantFrom<FlightSettlement>('pay', 'hold', 'practice', 'refuse'), fc.boolean(), (type, settlement, withMission) => {
        const settled = settleFlightPayments(flight({ type, mission: withMission ? mission : null }), settlement);
        const paysNow = settled.payments.some((payment) => payment.kind !== 'mission-result');
        expect(paysNow).toBe(settlement === 'pay');
        expect(settled.held !== null).toBe(settlement === 'hold');
      }),
    );
  });
});
