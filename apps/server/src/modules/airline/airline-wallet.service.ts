import type { TAirlineWalletHistory, TPageQuery, TWalletHistoryMonth } from '@contrail/domain/airline/airline-contract';
import { totalPagesOf } from '@contrail/domain/api/page';
import { airlineError } from '@contrail/domain/airline/airline-errors';
import { addMonthsUtc, bankruptcyInformation, cashRunway, shouldWarnRunway } from '@contrail/domain/economy/airline-economy';
import { RUNWAY_WARNING_DAYS, TRAFFIC_RIGHT_VALIDITY_MONTHS } from '@contrail/domain/economy/airline-economy-constants';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import { TransactionCategory } from '@contrail/domain/wallet/wallet-contract';
import type { DbExecutor } from '../../db/database';
import { requireAccess, type Caller } from '../access/access.service';
import {
  airlineMonthlyTotals,
  airlineTransactionOf,
  airlineTransactionsInState,
  pageAirlineTransactions,
  planTransaction,
  settleTransaction,
  toWalletTransaction,
  type TransactionRow,
} from '../wallet/wallet.service';
import { findAirline } from './airline-common';
import { costKey, parseCostKey } from './airline-costs';
import { reactivateHangar } from './airline-hangar.repository';
import { reactivateHub } from './airline-hub.repository';
import { renewTrafficRightByAYear } from './airline-traffic-right.repository';

/** The airline's finances: its wallet, its history, costs paid by hand, the cash runway, bankruptcy. */

/** GET /airline/{id}/wallet/balance (administrator or owner). */
export const getAirlineBalance = async (db: DbExecutor, caller: Caller, airlineId: string) => {
  await requireAccess(db, caller, 'airline.wallet.read', { airlineId });
  return { balance: (await findAirline(db, airlineId)).balance };
};

/** GET /airline/{id}/wallet?page&size&states&categories: newest first. */
export const listAirlineTransactions = async (
  db: DbExecutor,
  caller: Caller,
  airlineId: string,
  query: TPageQuery & { states?: ('PLANNED' | 'FAILED' | 'SUCCESS')[] | undefined; categories?: TransactionCategory[] | undefined },
) => {
  await requireAccess(db, caller, 'airline.wallet.read', { airlineId });
  const { items, totalItems } = await pageAirlineTransactions(db, airlineId, { states: query.states, categories: query.categories }, query);
  return { items, totalItems, totalPages: totalPagesOf(totalItems, query.size) };
};

/** `YYYY-MM` of a UTC month start. */
const monthKey = (date: Date): string => date.toISOString().slice(0, 7);
const isCategory = (value: string): value is TransactionCategory => (TransactionCategory as readonly string[]).includes(value);

/**
 * GET /airline/{id}/wallet/history?months (administrator or owner): income (credits) and costs
 * (debits) per calendar month (UTC), the current month and the `months - 1` before it, oldest
 * first, each split by category. Only executed (SUCCESS) FlightCoin rows count: planned and failed
 * ones moved no money. Amounts FC, both positive.
 */
export const getAirlineWalletHistory = async (db: DbExecutor, caller: Caller, airlineId: string, months: number, now: Date): Promise<TAirlineWalletHistory> => {
  await requireAccess(db, caller, 'airline.wallet.read', { airlineId });
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const rows = await airlineMonthlyTotals(db, airlineId, from, to);
  const byMonth = new Map<string, TWalletHistoryMonth>();
  for (let index = 0; index < months; index += 1) {
    const key = monthKey(new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + index, 1)));
    byMonth.set(key, { month: key, income: 0, costs: 0, byCategory: [] });
  }
  for (const row of rows) {
    const entry = byMonth.get(row.month);
    if (!entry) continue;
    const amount = Number(row.total);
    const category = isCategory(row.category) ? row.category : 'UNKNOWN';
    let share = entry.byCategory.find((item) => item.category === category);
    if (!share) {
      share = { category, income: 0, costs: 0 };
      entry.byCategory.push(share);
    }
    if (row.type === 'CREDIT') {
      entry.income += amount;
      share.income += amount;
    } else {
      entry.costs += amount;
      share.costs += amount;
    }
  }
  for (const entry of byMonth.values()) entry.byCategory.sort((a, b) => TransactionCategory.indexOf(a.category) - TransactionCategory.indexOf(b.category));
  return { months: [...byMonth.values()] };
};

/**
 * After a recurring cost is paid by hand: its asset is active again and its next period planned
 * (the same follow-up the settlement job does set-based).
 */
const afterCostPaid = async (db: DbExecutor, row: TransactionRow) => {
  const cost = parseCostKey(row.idempotencyKey);
  if (!cost || !row.airlineId) return;
  const airlineId = row.airlineId;
  const plan = async (due: Date, amount: number) => {
    await planTransaction(db, {
      owner: { airlineId },
      currency: 'MFC',
      transactionType: 'DEBIT',
      amount,
      categoryData: row.categoryData,
      description: row.description,
      idempotencyKey: costKey(cost.kind, cost.assetId, due),
      dueDate: due,
    });
  };
  const due = addMonthsUtc(row.executionDate, 1);
  if (cost.kind === 'hub') {
    const hub = await reactivateHub(db, cost.assetId, due);
    if (hub) await plan(due, hub.operatingCost);
  } else if (cost.kind === 'hangar') {
    const hangar = await reactivateHangar(db, cost.assetId, due);
    if (hangar) await plan(due, hangar.operatingCost);
  } else {
    const right = await renewTrafficRightByAYear(db, cost.assetId);
    if (right?.autoRenew) await plan(right.endDate, right.licenceCost);
  }
};

/**
 * PUT /airline/{id}/wallet/transaction/{transactionId}/pay (owner): a PLANNED or FAILED row paid
 * now. ERR_0029 when it is neither (or not this airline's), ERR_0013 when the balance is short.
 */
export const payTransaction = async (db: DbExecutor, caller: Caller, airlineId: string, transactionId: string, now: Date) => {
  await requireAccess(db, caller, 'airline.transaction.pay', { airlineId });
  const row = await airlineTransactionOf(db, airlineId, transactionId);
  if (!row || row.transactionState === 'SUCCESS') throw airlineError(ErrorCode.invalidTransactionState, 'This transaction is not waiting for a payment');
  return db.transaction(async (tx) => {
    const outcome = await settleTransaction(tx, transactionId, now);
    if (outcome === 'not-pending') throw airlineError(ErrorCode.invalidTransactionState, 'This transaction is not waiting for a payment');
    if (outcome === 'failed') throw airlineError(ErrorCode.airlineNotEnoughFc, 'The airline does not have enough FlightCoins');
    const paid = (await airlineTransactionOf(tx, airlineId, transactionId))!;
    await afterCostPaid(tx, paid);
    return toWalletTransaction(paid);
  });
};

/**
 * GET /airline/{id}/forecast: the cash runway from the PLANNED rows, recurring ones repeated each
 * period ("at this rate the airline defaults on <date>"), and whether to warn now.
 */
export const getCashRunway = async (db: DbExecutor, caller: Caller, airlineId: string, now: Date) => {
  await requireAccess(db, caller, 'airline.wallet.read', { airlineId });
  const airline = await findAirline(db, airlineId);
  const planned = await airlineTransactionsInState(db, airlineId, 'PLANNED');
  const runway = cashRunway(
    airline.balance,
    planned.map((row) => {
      const kind = parseCostKey(row.idempotencyKey)?.kind;
      return {
        executionDate: row.executionDate,
        amount: row.amount,
        type: row.transactionType,
        recurringMonths: kind === 'traffic-right' ? TRAFFIC_RIGHT_VALIDITY_MONTHS : kind ? 1 : undefined,
      };
    }),
    now,
  );
  return {
    balance: airline.balance,
    defaultDate: runway.defaultDate?.toISOString() ?? null,
    warn: shouldWarnRunway(runway.defaultDate, now, RUNWAY_WARNING_DAYS),
    plannedTotal: planned.reduce((sum, row) => sum + (row.transactionType === 'DEBIT' ? row.amount : -row.amount), 0),
  };
};

/** GET /airline/{id}/bankrupt: failed transactions and days left from the oldest. */
export const getBankruptcy = async (db: DbExecutor, caller: Caller, airlineId: string, now: Date) => {
  await requireAccess(db, caller, 'airline.read', { airlineId });
  const airline = await findAirline(db, airlineId);
  const failed = await airlineTransactionsInState(db, airlineId, 'FAILED');
  const info = bankruptcyInformation(
    failed.map((row) => row.executionDate),
    now,
    airline.gameDifficulty,
  );
  return airline.state === 'FAILED' ? { ...info, dayLeft: 0 } : info;
};
