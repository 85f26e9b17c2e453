import type { FlightType } from '../flight-api/flight-contract';
import type { FlightVerdict } from '../flight-review/flight-verdict';
import type { TTransactionCategoryData, WalletCurrency } from '../wallet/wallet-contract';
import type { FlightReward } from './compute-reward';

/** What the payment rules read about a completed flight (its reward already computed). */
export type CompletedFlight = {
  type: FlightType;
  flightNumber: string;
  /** Where the flight really went (a diversion's airport as the arrival). */
  departureIdent: string;
  arrivalIdent: string;
  /** Airborne hours (boosters pay miles per hour). */
  flightHours: number;
  reward: Pick<FlightReward, 'fc' | 'xp' | 'fcReason'> & { breakdown: Pick<FlightReward['breakdown'], 'notPaidReason'> };
  /** The mission the flight flew, if any. */
  mission: { title: string; fcBonus: number; xpBonus: number } | null;
};

/**
 * One thing completing a flight pays (or records), as data: the server carries it out in the
 * completion's database transaction, in the list's order. `key` names a credit among the flight's
 * payments; with the flight log's id it is the wallet's idempotency key.
 */
export type FlightPayment =
  /** A credit to the pilot's wallet whose amount the rules know. Zero pays nothing (the wallet skips it). */
  | { kind: 'credit-pilot'; key: string; currency: WalletCurrency; amount: number; categoryData: TTransactionCategoryData; description: string }
  /** Miles from the boosters the pilot holds: the store's inventory knows how many per airborne hour. */
  | { kind: 'booster-miles'; key: string; flightHours: number; categoryData: TTransactionCategoryData; description: string }
  /** The pilot's mission record ends (after its bonus). */
  | { kind: 'mission-result'; status: 'COMPLETED' | 'FAILED' }
  /** A valid flight: the referral module pays the pilot's and the sponsor's bonus if it is due. */
  | { kind: 'referral-bonus' }
  /** An airline flight: the airline earns the revenue and pays the pilot's salary (figures from its plane and ranks). */
  | { kind: 'airline-settlement' };

export type FlightPaymentPlan = {
  /** The mission's bonus as the flight log records it (0 without a mission or when not earned). */
  missionFcBonus: number;
  missionXpBonus: number;
  payments: FlightPayment[];
};

/** A payment rule: what it pays for this flight, possibly nothing. A new kind of flight adds a rule. */
type FlightPaymentRule = (flight: CompletedFlight) => FlightPayment[];

/** A flight that arrived, did not crash and started at its departure (it earned its reward). */
const isValidFlight = (flight: CompletedFlight): boolean => flight.reward.breakdown.notPaidReason === null;

/**
 * A mission is accomplished by a valid flight. Its XP bonus is paid then; its FC bonus only when
 * the flight's own FC were paid (not in the rest period or past the monthly limit).
 */
const missionBonusOf = (flight: CompletedFlight): { fc: number; xp: number } => {
  if (!flight.mission || !isValidFlight(flight)) return { fc: 0, xp: 0 };
  return { fc: flight.reward.fcReason === null ? flight.mission.fcBonus : 0, xp: flight.mission.xpBonus };
};

/** The flight's own reward: FC and XP as FLIGHT_REVENUE. */
const pilotReward: FlightPaymentRule = (flight) => {
  const categoryData: TTransactionCategoryData = {
    category: 'FLIGHT_REVENUE',
    flightNumber: flight.flightNumber,
    departureAirport: flight.departureIdent,
    arrivalAirport: flight.arrivalIdent,
  };
  const description = `Flight ${flight.flightNumber} ${flight.departureIdent}-${flight.arrivalIdent}`;
  return [
    { kind: 'credit-pilot', key: 'fc', currency: 'MFC', amount: flight.reward.fc, categoryData, description },
    { kind: 'credit-pilot', key: 'xp', currency: 'XP', amount: flight.reward.xp, categoryData, description },
  ];
};

/** Miles boosters (store items) pay per flight hour while they run, whatever the flight earned. */
const boosterMiles: FlightPaymentRule = (flight) => [
  {
    kind: 'booster-miles',
    key: 'booster-miles',
    flightHours: flight.flightHours,
    categoryData: { category: 'MF_BONUS', reason: 'Miles booster' },
    description: `Miles booster, flight ${flight.flightNumber}`,
  },
];

/** A mission flight: its bonus (possibly zero), then the mission's record ends COMPLETED or FAILED. */
const missionBonus: FlightPaymentRule = (flight) => {
  if (!flight.mission) return [];
  const bonus = missionBonusOf(flight);
  const categoryData: TTransactionCategoryData = { category: 'MF_BONUS', reason: `Mission ${flight.mission.title}` };
  const description = `Mission bonus ${flight.mission.title}`;
  return [
    { kind: 'credit-pilot', key: 'mission-fc', currency: 'MFC', amount: bonus.fc, categoryData, description },
    { kind: 'credit-pilot', key: 'mission-xp', currency: 'XP', amount: bonus.xp, categoryData, description },
    { kind: 'mission-result', status: isValidFlight(flight) ? 'COMPLETED' : 'FAILED' },
  ];
};

/** Referrals: a valid flight may release the referral bonus. */
const referralBonus: FlightPaymentRule = (flight) => (isValidFlight(flight) ? [{ kind: 'referral-bonus' }] : []);

/** An airline flight settles with its airline (revenue and salary), valid or not. */
const airlineSettlement: FlightPaymentRule = (flight) => (flight.type === 'AIRLINE' ? [{ kind: 'airline-settlement' }] : []);

/** The rules in the order their payments are made. */
const flightPaymentRules: readonly FlightPaymentRule[] = [pilotReward, boosterMiles, missionBonus, referralBonus, airlineSettlement];

/**
 * What completing a flight pays, in order (pure): the pilot's FC and XP, the miles of running
 * boosters, a mission's bonus and result, the referral bonus of a valid flight, an airline
 * flight's settlement. The server makes the payments; amounts that depend on stored data (boosters,
 * referral, airline) are the owning module's to compute.
 */
export const planFlightPayments = (flight: CompletedFlight): FlightPaymentPlan => {
  const bonus = missionBonusOf(flight);
  return {
    missionFcBonus: bonus.fc,
    missionXpBonus: bonus.xp,
    payments: flightPaymentRules.flatMap((rule) => rule(flight)),
  };
};

/**
 * How completion settles a flight, from the judge's verdict: 'pay' now (accepted), 'hold' the
 * payments for a reviewer (needs review), 'practice' (an accepted or doubtful built-in-simulator
 * flight where practice does not pay: nothing to pay, so nothing to review), 'refuse' (rejected,
 * or not flown at all).
 */
export type FlightSettlement = 'pay' | 'hold' | 'practice' | 'refuse';

export const flightSettlementOf = (verdict: Pick<FlightVerdict, 'status'>, practice: { isPractice: boolean; practiceFlightsPay: boolean }): FlightSettlement => {
  if (verdict.status === 'rejected') return 'refuse';
  if (practice.isPractice && !practice.practiceFlightsPay) return 'practice';
  return verdict.status === 'accepted' ? 'pay' : 'hold';
};

/** The flight log's review state (the log keeps what the review decided, or waits for it). */
export type FlightReviewState = 'accepted' | 'pending' | 'rejected' | 'not-flown';

export const reviewStateOf = (verdict: Pick<FlightVerdict, 'status' | 'flown'>, settlement: FlightSettlement): FlightReviewState => {
  if (!verdict.flown) return 'not-flown';
  if (verdict.status === 'rejected') return 'rejected';
  return settlement === 'hold' ? 'pending' : 'accepted';
};

/** What a flight log records as paid: its own FC and XP, and its mission's bonus. */
export type PaidFigures = { fc: number; xp: number; missionFcBonus: number; missionXpBonus: number };

const NOTHING_PAID: PaidFigures = { fc: 0, xp: 0, missionFcBonus: 0, missionXpBonus: 0 };

export type SettledFlightPlan = {
  /** Made at completion, in its transaction and in this order. */
  payments: FlightPayment[];
  /** What the log records as paid at completion. */
  paid: PaidFigures;
  /** Held for a reviewer: made, and recorded, only if the flight is accepted. */
  held: { payments: FlightPayment[]; figures: PaidFigures } | null;
};

/**
 * The payment plan of a completed flight under its settlement (pure). Only an accepted flight is
 * paid at completion; a flight in review holds its whole plan (a mission stays open until the
 * decision); practice pays nothing but still ends its mission; a refused flight pays nothing and
 * fails its mission.
 */
export const settleFlightPayments = (flight: CompletedFlight, settlement: FlightSettlement): SettledFlightPlan => {
  const plan = planFlightPayments(flight);
  const figures: PaidFigures = { fc: flight.reward.fc, xp: flight.reward.xp, missionFcBonus: plan.missionFcBonus, missionXpBonus: plan.missionXpBonus };
  switch (settlement) {
    case 'pay':
      return { payments: plan.payments, paid: figures, held: null };
    case 'hold':
      return { payments: [], paid: NOTHING_PAID, held: { payments: plan.payments, figures } };
    case 'practice':
      return { payments: plan.payments.filter((payment) => payment.kind === 'mission-result'), paid: NOTHING_PAID, held: null };
    case 'refuse':
      return { payments: flight.mission ? [{ kind: 'mission-result', status: 'FAILED' }] : [], paid: NOTHING_PAID, held: null };
  }
};
