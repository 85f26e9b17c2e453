import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import type { TWalletTransaction, TWalletTransactionPage, TransactionCategory, WalletCurrency } from '@contrail/domain/wallet/wallet-contract';
import type { DbExecutor } from '../../db/database';
import { toPage } from '../../db/paging';
import type { walletTransactions } from './wallet.schema';
import { requireAccess, type Caller } from '../access/access.service';
import {
  applyTransaction,
  deleteAirlineRows,
  deletePlannedAirlineRows,
  findAirlineRow,
  findAirlineRowsInState,
  findAirlineRowsPage,
  findDuePlannedTransactionIds,
  findTransactionsPage,
  insertPlannedTransaction,
  settleTransactionRow,
  sumAirlineRowsByMonth,
  type ApplyOutcome,
  type NewTransaction,
  type SettleOutcome,
  type WalletOwner,
} from './wallet.repository';

export type { ApplyOutcome, SettleOutcome, WalletOwner };

/** A payment to or from one user: every field of a transaction but its owner and direction. */
export type UserPayment = Omit<NewTransaction, 'owner' | 'transactionType'> & { userId: string };
/** A payment to or from one airline's FlightCoin wallet. */
export type AirlinePayment = Omit<NewTransaction, 'owner' | 'transactionType' | 'currency'> & { airlineId: string };

const isPayable = (amount: number) => Number.isInteger(amount) && amount > 0;

/** Applies in a transaction of its own (a savepoint inside the caller's), so the row and the balance commit together. */
const apply = (db: DbExecutor, tx: NewTransaction): Promise<ApplyOutcome> => db.transaction((inner) => applyTransaction(inner, tx));

/**
 * Credits a user (FC, XP or miles) inside the caller's database transaction, once per
 * `idempotencyKey` ('duplicate' when that operation was already paid). Zero pays nothing.
 */
export const creditUser = async (db: DbExecutor, { userId, ...tx }: UserPayment): Promise<ApplyOutcome | 'nothing'> => {
  if (!isPayable(tx.amount)) return 'nothing'; // no zero rows
  return apply(db, { ...tx, owner: { userId }, transactionType: 'CREDIT' });
};

/** Debits a user inside the caller's database transaction, once per key; ERR_0021 when the balance is short. */
export const debitUser = async (db: DbExecutor, { userId, ...tx }: UserPayment): Promise<ApplyOutcome | 'nothing'> => {
  if (!isPayable(tx.amount)) return 'nothing';
  const outcome = await apply(db, { ...tx, owner: { userId }, transactionType: 'DEBIT' });
  if (outcome === 'insufficient') throw new AppError(ErrorCode.notEnoughFc, 'Not enough FlightCoins');
  return outcome;
};

/** Credits an airline's FlightCoins (`airlines.balance`), once per key. */
export const creditAirline = async (db: DbExecutor, { airlineId, ...tx }: AirlinePayment): Promise<ApplyOutcome | 'nothing'> => {
  if (!isPayable(tx.amount)) return 'nothing';
  return apply(db, { ...tx, owner: { airlineId }, currency: 'MFC', transactionType: 'CREDIT' });
};

/** Debits an airline's FlightCoins, once per key; ERR_0013 when the airline's balance is short. */
export const debitAirline = async (db: DbExecutor, { airlineId, ...tx }: AirlinePayment): Promise<ApplyOutcome | 'nothing'> => {
  if (!isPayable(tx.amount)) return 'nothing';
  const outcome = await apply(db, { ...tx, owner: { airlineId }, currency: 'MFC', transactionType: 'DEBIT' });
  if (outcome === 'insufficient') throw new AppError(ErrorCode.airlineNotEnoughFc, 'The airline does not have enough FlightCoins');
  return outcome;
};

/**
 * Plans a transaction for the settlement clock (airline costs): a PLANNED row due at `dueDate`,
 * balance untouched. Returns its id, or undefined when that key was already planned or paid.
 */
export const planTransaction = async (
  db: DbExecutor,
  tx: Omit<NewTransaction, 'executionDate'> & { dueDate: Date },
): Promise<string | undefined> => (isPayable(tx.amount) ? insertPlannedTransaction(db, tx) : undefined);

/**
 * Settles a PLANNED or FAILED transaction now (the owner's manual payment):
 * 'paid', 'failed' (balance short: the row is FAILED) or 'not-pending' (already settled: a manual
 * payment answers ERR_0029 for it). Two calls at once pay once.
 */
export const settleTransaction = async (db: DbExecutor, transactionId: string, now: Date): Promise<SettleOutcome> =>
  db.transaction((tx) => settleTransactionRow(tx, transactionId, now, ['PLANNED', 'FAILED']));

/**
 * Settles every PLANNED transaction due at `now`, a page at a time; counts the outcomes. It claims
 * PLANNED rows only: a row that failed stays FAILED (bankruptcy counts them) until paid by hand,
 * and a concurrent run finds what this one settled or failed already claimed.
 */
export const settleDueTransactions = async (db: DbExecutor, now: Date, pageSize = 500): Promise<Record<SettleOutcome, number>> => {
  const counts: Record<SettleOutcome, number> = { paid: 0, failed: 0, 'not-pending': 0 };
  for (;;) {
    const ids = await findDuePlannedTransactionIds(db, now, pageSize);
    for (const id of ids) counts[await db.transaction((tx) => settleTransactionRow(tx, id, now, ['PLANNED']))] += 1;
    if (ids.length < pageSize) return counts;
  }
};

/** A wallet row as the API shows it (user and airline wallets alike). */
export const toWalletTransaction = (row: typeof walletTransactions.$inferSelect): TWalletTransaction => ({
  id: row.id,
  description: row.description,
  executionDate: row.executionDate.toISOString(),
  amount: row.amount,
  currency: row.currency,
  agent: row.agentUserName ? { userName: row.agentUserName } : null,
  transactionType: row.transactionType,
  transactionState: row.transactionState,
  transactionCategory: row.categoryData,
});

export type TransactionPageQuery = { page: number; page_size: number; categories?: TransactionCategory[] | undefined };

/** A page of one wallet's transactions, newest first (the caller's access is checked by the use case). */
export const pageWalletTransactions = async (
  db: DbExecutor,
  owner: WalletOwner,
  currency: WalletCurrency,
  query: TransactionPageQuery,
): Promise<TWalletTransactionPage> => {
  const page = await findTransactionsPage(db, { owner, currency, categories: query.categories }, { page: query.page, size: query.page_size });
  return toPage(page, toWalletTransaction);
};

/** GET /v1/wallet/user/{userId}/type/{type}/transaction: the caller's own wallet only. */
export const listUserTransactions = async (
  db: DbExecutor,
  caller: Caller,
  userId: string,
  currency: WalletCurrency,
  query: TransactionPageQuery,
): Promise<TWalletTransactionPage> => {
  await requireAccess(db, caller, 'wallet.user.read', { userId });
  return pageWalletTransactions(db, { userId }, currency, query);
};

// ---- an airline's wallet rows, for the airline module (its access checks come first) ----

export type { TransactionRow } from './wallet.repository';

/**
 * Cancels an airline's PLANNED rows by idempotency key (exactly `key`, or every key starting with
 * `keyPrefix`): a closed hub's rent, a renewal no longer wanted. In the caller's transaction.
 */
export const cancelPlannedAirlineCosts = (tx: DbExecutor, airlineId: string, match: { key: string } | { keyPrefix: string }): Promise<void> =>
  deletePlannedAirlineRows(tx, airlineId, match);

/** Deletes every wallet row of an airline (reset or deletion), in the caller's transaction. */
export const deleteAirlineTransactions = (tx: DbExecutor, airlineId: string): Promise<void> => deleteAirlineRows(tx, airlineId);

/** An airline's rows in one state (PLANNED: the forecast; FAILED: the bankruptcy count). */
export const airlineTransactionsInState = findAirlineRowsInState;

/** One of the airline's rows, or undefined (another airline's row is not found either). */
export const airlineTransactionOf = findAirlineRow;

/** A page of an airline's rows, newest first, filtered by state and category. */
export const pageAirlineTransactions = async (
  db: DbExecutor,
  airlineId: string,
  filter: { states?: ('PLANNED' | 'FAILED' | 'SUCCESS')[] | undefined; categories?: TransactionCategory[] | undefined },
  page: { page: number; size: number },
): Promise<TWalletTransactionPage> => toPage(await findAirlineRowsPage(db, airlineId, filter, page), toWalletTransaction);

/** An airline's executed FlightCoin totals per UTC month, category and direction, in [from, to). */
export const airlineMonthlyTotals = sumAirlineRowsByMonth;
