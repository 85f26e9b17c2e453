import { and, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { TransactionCategory, TTransactionCategoryData, WalletCurrency } from '@contrail/domain/wallet/wallet-contract';
import type { DbExecutor } from '../../db/database';
import { selectPage } from '../../db/paging';
import { balanceBooks } from './balance-book.port';
import { walletTransactions } from './wallet.schema';

/** Whose wallet: a user's (FC, XP, miles) or an airline's (FC only, `airlines.balance`). */
export type WalletOwner = { userId: string; airlineId?: undefined } | { airlineId: string; userId?: undefined };

export type NewTransaction = {
  owner: WalletOwner;
  currency: WalletCurrency;
  transactionType: 'CREDIT' | 'DEBIT';
  amount: number;
  categoryData: TTransactionCategoryData;
  description: string;
  agentUserName?: string | null;
  /** Unique per operation: the same key twice pays once. */
  idempotencyKey: string;
  executionDate: Date;
};

/** What applying a transaction did. */
export type ApplyOutcome = 'applied' | 'duplicate' | 'insufficient';

const ownerColumns = (owner: WalletOwner) => ({ userId: owner.userId ?? null, airlineId: owner.airlineId ?? null });

/**
 * Moves the owner's balance through the owner kind's balance book (the user or the airline module,
 * which own the rows). A debit only applies when the balance covers it (checked in the same
 * UPDATE, so concurrent spending cannot go below zero); false when it does not.
 */
const moveBalance = async (db: DbExecutor, owner: WalletOwner, currency: WalletCurrency, type: 'CREDIT' | 'DEBIT', amount: number): Promise<boolean> => {
  const books = balanceBooks();
  return owner.airlineId !== undefined
    ? books.airline.apply(db, owner.airlineId, { currency, type, amount })
    : books.user.apply(db, owner.userId, { currency, type, amount });
};

/**
 * Records a SUCCESS transaction and moves the balance, once per idempotency key. The row goes in
 * first (`on conflict do nothing`): a concurrent payer with the same key waits on the unique index
 * and then finds it, so it pays nothing. When a debit is not covered the row is taken back, so the
 * key stays free for a later attempt.
 */
export const applyTransaction = async (db: DbExecutor, tx: NewTransaction): Promise<ApplyOutcome> => {
  const [inserted] = await db
    .insert(walletTransactions)
    .values({
      ...ownerColumns(tx.owner),
      currency: tx.currency,
      transactionType: tx.transactionType,
      transactionState: 'SUCCESS',
      amount: tx.amount,
      category: tx.categoryData.category,
      categoryData: tx.categoryData,
      description: tx.description,
      agentUserName: tx.agentUserName ?? null,
      idempotencyKey: tx.idempotencyKey,
      executionDate: tx.executionDate,
    })
    .onConflictDoNothing({ target: walletTransactions.idempotencyKey })
    .returning({ id: walletTransactions.id });
  if (!inserted) return 'duplicate';
  if (await moveBalance(db, tx.owner, tx.currency, tx.transactionType, tx.amount)) return 'applied';
  await db.delete(walletTransactions).where(eq(walletTransactions.id, inserted.id));
  return 'insufficient';
};

/** Records a PLANNED transaction (no balance change) once per key; returns its id, or undefined for a duplicate. */
export const insertPlannedTransaction = async (db: DbExecutor, tx: Omit<NewTransaction, 'executionDate'> & { dueDate: Date }) => {
  const [row] = await db
    .insert(walletTransactions)
    .values({
      ...ownerColumns(tx.owner),
      currency: tx.currency,
      transactionType: tx.transactionType,
      transactionState: 'PLANNED',
      amount: tx.amount,
      category: tx.categoryData.category,
      categoryData: tx.categoryData,
      description: tx.description,
      agentUserName: tx.agentUserName ?? null,
      idempotencyKey: tx.idempotencyKey,
      executionDate: tx.dueDate,
    })
    .onConflictDoNothing({ target: walletTransactions.idempotencyKey })
    .returning({ id: walletTransactions.id });
  return row?.id;
};

export type SettleOutcome = 'paid' | 'failed' | 'not-pending';

/**
 * Settles one transaction in one of the `from` states. The state moves to SUCCESS by a conditional
 * UPDATE (`where state in (...)`): of two settlement runs, the second finds nothing to claim
 * (PostgreSQL re-checks the condition after the first commits), so it pays once. When the
 * balance does not cover a debit, the row becomes FAILED instead and the balance is untouched.
 * Call it inside a transaction, so the claim and the balance move commit together.
 */
export const settleTransactionRow = async (
  db: DbExecutor,
  transactionId: string,
  now: Date,
  from: readonly ('PLANNED' | 'FAILED')[],
): Promise<SettleOutcome> => {
  const [claimed] = await db
    .update(walletTransactions)
    .set({ transactionState: 'SUCCESS', executionDate: now })
    .where(and(eq(walletTransactions.id, transactionId), inArray(walletTransactions.transactionState, [...from])))
    .returning();
  if (!claimed) return 'not-pending';
  const owner: WalletOwner = claimed.airlineId ? { airlineId: claimed.airlineId } : { userId: claimed.userId! };
  if (await moveBalance(db, owner, claimed.currency, claimed.transactionType, claimed.amount)) return 'paid';
  await db.update(walletTransactions).set({ transactionState: 'FAILED' }).where(eq(walletTransactions.id, transactionId));
  return 'failed';
};

/** Ids of PLANNED transactions due at `now` (oldest first), for the settlement job. */
export const findDuePlannedTransactionIds = async (db: DbExecutor, now: Date, limit: number): Promise<string[]> =>
  (
    await db
      .select({ id: walletTransactions.id })
      .from(walletTransactions)
      .where(and(eq(walletTransactions.transactionState, 'PLANNED'), lte(walletTransactions.executionDate, now)))
      .orderBy(walletTransactions.executionDate)
      .limit(limit)
  ).map((row) => row.id);

export const findTransaction = async (db: DbExecutor, transactionId: string) => {
  const [row] = await db.select().from(walletTransactions).where(eq(walletTransactions.id, transactionId));
  return row;
};

const ownerCondition = (owner: WalletOwner) =>
  owner.airlineId !== undefined ? eq(walletTransactions.airlineId, owner.airlineId) : eq(walletTransactions.userId, owner.userId);

export const findTransactionsPage = async (
  db: DbExecutor,
  filter: { owner: WalletOwner; currency: WalletCurrency; categories?: TransactionCategory[] | undefined },
  page: { page: number; size: number },
) => {
  const where = and(
    ownerCondition(filter.owner),
    eq(walletTransactions.currency, filter.currency),
    filter.categories ? inArray(walletTransactions.category, filter.categories) : undefined,
  );
  // The id breaks ties of rows written in the same instant, so a row never shows on two pages.
  return selectPage(db, page, {
    select: db.select().from(walletTransactions).where(where).$dynamic(),
    orderBy: [desc(walletTransactions.executionDate), desc(walletTransactions.createdAt), desc(walletTransactions.id)],
  });
};

/** Sum of an owner's successful transactions in one currency: what the balance must equal. */
export const sumTransactions = async (db: DbExecutor, owner: WalletOwner, currency: WalletCurrency): Promise<number> => {
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(case when ${walletTransactions.transactionType} = 'CREDIT' then ${walletTransactions.amount} else -${walletTransactions.amount} end), 0)`,
    })
    .from(walletTransactions)
    .where(and(ownerCondition(owner), eq(walletTransactions.currency, currency), eq(walletTransactions.transactionState, 'SUCCESS')));
  return Number(row?.total ?? 0);
};

/** Sum of a user's successful transactions in one currency (tests and checks). */
export const sumUserTransactions = async (db: DbExecutor, userId: string, currency: WalletCurrency): Promise<number> =>
  sumTransactions(db, { userId }, currency);

// ---- an airline's rows, for the airline module (through wallet.service.ts) ----

export type TransactionRow = typeof walletTransactions.$inferSelect;

/** Deletes an airline's PLANNED rows whose key is `key`, or starts with `keyPrefix` (a cost no longer owed). */
export const deletePlannedAirlineRows = async (db: DbExecutor, airlineId: string, match: { key: string } | { keyPrefix: string }): Promise<void> => {
  await db
    .delete(walletTransactions)
    .where(
      and(
        eq(walletTransactions.airlineId, airlineId),
        eq(walletTransactions.transactionState, 'PLANNED'),
        'key' in match ? eq(walletTransactions.idempotencyKey, match.key) : sql`${walletTransactions.idempotencyKey} like ${`${match.keyPrefix}%`}`,
      ),
    );
};

export const deleteAirlineRows = async (db: DbExecutor, airlineId: string): Promise<void> => {
  await db.delete(walletTransactions).where(eq(walletTransactions.airlineId, airlineId));
};

export const findAirlineRowsInState = (db: DbExecutor, airlineId: string, state: 'PLANNED' | 'FAILED'): Promise<TransactionRow[]> =>
  db
    .select()
    .from(walletTransactions)
    .where(and(eq(walletTransactions.airlineId, airlineId), eq(walletTransactions.transactionState, state)));

export const findAirlineRow = async (db: DbExecutor, airlineId: string, transactionId: string): Promise<TransactionRow | undefined> => {
  const [row] = await db.select().from(walletTransactions).where(and(eq(walletTransactions.id, transactionId), eq(walletTransactions.airlineId, airlineId)));
  return row;
};

export const findAirlineRowsPage = async (
  db: DbExecutor,
  airlineId: string,
  filter: { states?: ('PLANNED' | 'FAILED' | 'SUCCESS')[] | undefined; categories?: TransactionCategory[] | undefined },
  page: { page: number; size: number },
) => {
  const where = and(
    eq(walletTransactions.airlineId, airlineId),
    filter.states ? inArray(walletTransactions.transactionState, filter.states) : undefined,
    filter.categories ? inArray(walletTransactions.category, filter.categories) : undefined,
  );
  return selectPage(db, page, {
    select: db.select().from(walletTransactions).where(where).$dynamic(),
    orderBy: [desc(walletTransactions.executionDate), desc(walletTransactions.createdAt), desc(walletTransactions.id)],
  });
};

/** An airline's executed FlightCoin totals per UTC month (`YYYY-MM`), category and direction, executed in [from, to). */
export const sumAirlineRowsByMonth = (db: DbExecutor, airlineId: string, from: Date, to: Date) => {
  const month = sql<string>`to_char(${walletTransactions.executionDate} at time zone 'UTC', 'YYYY-MM')`;
  return db
    .select({ month, category: walletTransactions.category, type: walletTransactions.transactionType, total: sql<string | number>`sum(${walletTransactions.amount})` })
    .from(walletTransactions)
    .where(
      and(
        eq(walletTransactions.airlineId, airlineId),
        eq(walletTransactions.transactionState, 'SUCCESS'),
        eq(walletTransactions.currency, 'MFC'),
        gte(walletTransactions.executionDate, from),
        lt(walletTransactions.executionDate, to),
      ),
    )
    .groupBy(month, walletTransactions.category, walletTransactions.transactionType);
};
