import type { FlightPayment } from '@contrail/domain/rewards/flight-payments';
import type { DbExecutor } from '../../db/database';
import { lockFlightLog, updateFlightLog, type HeldPayments } from '../flight-log/flight-log.service';
import { raisePilotLevelToXp } from '../user/user-pilot.service';
import { ledgerHashOfLog } from '../ledger/ledger-record-of-log';
import { payReferralBonusOnValidFlight } from '../referral/referral.service';
import { flightHourMilesBonus } from '../store/inventory.service';
import { creditUser } from '../wallet/wallet.service';
import type { AirlineFlightMoney, AirlineFlightResult, AirlineFlights } from './airline-flights.port';
import { finishMission } from './flight-context';

/** Whom and for what one flight's payments are made. */
export type PaymentTarget = {
  userId: string;
  flightId: string;
  flightLogId: string;
  /** The airline flight's revenue and salary, measured at completion (null for other flights). */
  airline: AirlineFlightMoney | null;
  now: Date;
  /** Who pays an airline flight's settlement. */
  airlineFlights: AirlineFlights;
};

/**
 * Makes one payment of a flight's plan, at completion or when a reviewer accepts the flight. Each
 * credit has its own idempotency key on the log (`flight-log:<id>:<key>`): a retry pays nothing
 * twice. Answers what an airline flight paid, null otherwise.
 */
export const makeFlightPayment = async (tx: DbExecutor, target: PaymentTarget, payment: FlightPayment): Promise<AirlineFlightResult | null> => {
  const { userId, flightId, flightLogId, now } = target;
  const paid = { userId, executionDate: now };
  const key = (name: string) => `flight-log:${flightLogId}:${name}`;
  switch (payment.kind) {
    case 'credit-pilot':
      await creditUser(tx, { ...paid, idempotencyKey: key(payment.key), currency: payment.currency, amount: payment.amount, categoryData: payment.categoryData, description: payment.description });
      return null;
    case 'booster-miles': {
      // Miles boosters the pilot holds (store items): miles per flight hour while they run.
      const amount = await flightHourMilesBonus(tx, userId, payment.flightHours, now);
      await creditUser(tx, { ...paid, idempotencyKey: key(payment.key), currency: 'MILES', amount, categoryData: payment.categoryData, description: payment.description });
      return null;
    }
    case 'mission-result':
      await finishMission(tx, flightId, payment.status, now);
      return null;
    case 'referral-bonus':
      await payReferralBonusOnValidFlight(tx, { userId, flightLogId, isValidFlight: true, now });
      return null;
    case 'airline-settlement':
      return target.airline ? target.airlineFlights.payFlight(tx, flightId, target.airline, now) : null;
  }
};

/** The log with its held payments, its row locked until the transaction ends (one decision at a time). */
const lockHeldLog = async (tx: DbExecutor, flightLogId: string) => {
  const log = await lockFlightLog(tx, flightLogId);
  return log?.heldPayments?.state === 'held' ? { ...log, heldPayments: log.heldPayments } : undefined;
};

/**
 * A reviewer accepted the flight: what completion held is paid now (FC, XP, boosters, a mission's
 * bonus, the referral bonus, the airline's revenue and salary), the log records it and its ledger
 * record hash follows. Idempotent: held payments are paid once, a second call does nothing. In the
 * caller's transaction with the decision.
 */
export const releaseHeldPayments = async (tx: DbExecutor, flightLogId: string, now: Date, airlineFlights: AirlineFlights): Promise<void> => {
  const log = await lockHeldLog(tx, flightLogId);
  if (!log) return;
  const held = log.heldPayments;
  const target: PaymentTarget = { userId: log.userId, flightId: log.flightId, flightLogId, airline: held.airline, now, airlineFlights };
  // One after the other, in the plan's order: they share the transaction (and the wallet's rows).
  for (const payment of held.payments) await makeFlightPayment(tx, target, payment);
  await raisePilotLevelToXp(tx, log.userId, now);
  const paidLog = { ...log, ...held.log };
  await updateFlightLog(tx, flightLogId, { ...held.log, ledgerHash: ledgerHashOfLog(paidLog), heldPayments: { ...held, state: 'released' } satisfies HeldPayments });
};

/**
 * A reviewer rejected the flight: nothing held is paid and the plan is cleared; a mission it flew
 * fails. Idempotent, and never pays after a release. In the caller's transaction with the decision.
 */
export const dropHeldPayments = async (tx: DbExecutor, flightLogId: string, now: Date): Promise<void> => {
  const log = await lockHeldLog(tx, flightLogId);
  if (!log) return;
  if (log.heldPayments.payments.some((payment) => payment.kind === 'mission-result')) await finishMission(tx, log.flightId, 'FAILED', now);
  await updateFlightLog(tx, flightLogId, { heldPayments: { ...log.heldPayments, state: 'dropped', payments: [], airline: null } satisfies HeldPayments });
};
