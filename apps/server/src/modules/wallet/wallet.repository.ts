import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { TransactionCategory, TTransactionCategoryData, WalletCurrency } from '@contrail/domain/wallet/wallet-contract';
import type { DbExecutor } from '../../db/database';
import { users, walletTransactions } from '../../db/schema/index';

/** The users column that holds each currency's running balance. */
const balanceField = { MFC: 'walletMfc', XP: 'walletXp', MILES: 'walletMiles' } as const;

export type NewUserTransaction = {
  userId: string;
  currency: WalletCurrency;
  transactionType: 'CREDIT' | 'DEBIT';
  amount: number;
  categoryData: TTransactionCategoryData;
  description: string;
  agentUserName?: string | null;
  reference?: string | null;
  executionDate: Date;
};

/**
 * Applies a successful transaction to a user's balance and records it. A debit only applies when
 * the balance covers it (checked in the same UPDATE, so concurrent spending cannot go below zero);
 * returns false when it does not.
 */
export const applyUserTransaction = async (db: DbExecutor, tx: NewUserTransaction): Promise<boolean> => {
  const field = balanceField[tx.currency];
  const column = users[field];
  const delta = tx.transactionType === 'CREDIT' ? tx.amount : -tx.amount;
  const updated = await db
    .update(users)
    .set({ [field]: sql`${column} + ${delta}` })
    .where(and(eq(users.id, tx.userId), tx.transactionType === 'DEBIT' ? gte(column, tx.amount) : undefined))
    .returning({ id: users.id });
  if (updated.length === 0) return false;
  await db.insert(walletTransactions).values({
    userId: tx.userId,
    currency: tx.currency,
    transactionType: tx.transactionType,
    transactionState: 'SUCCESS',
    amount: tx.amount,
    category: tx.categoryData.category,
    categoryData: tx.categoryData,
    description: tx.description,
    agentUserName: tx.agentUserName ?? null,
    reference: tx.reference ?? null,
    executionDate: tx.executionDate,
  });
  return true;
};

export const findUserTransactionsPage = async (
  db: DbExecutor,
  filter: { userId: string; currency: WalletCurrency; categories?: TransactionCategory[] | undefined },
  page: { page: number; size: number },
) => {
  const where = and(
    eq(walletTransactions.userId, filter.userId),
    eq(walletTransactions.currency, filter.currency),
    filter.categories ? inArray(walletTransactions.category, filter.categories) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(walletTransactions)
      .where(where)
      .orderBy(desc(walletTransactions.executionDate), desc(walletTransactions.createdAt))
      .limit(page.size)
      .offset(page.page * page.size),
    db.select({ value: count() }).from(walletTransactions).where(where),
  ]);
  return { rows, totalItems: total?.value ?? 0 };
};

/** Sum of a user's successful transactions in one currency: what the balance must equal. */
export const sumUserTransactions = async (db: DbExecutor, userId: string, currency: WalletCurrency): Promise<number> => {
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(case when ${walletTransactions.transactionType} = 'CREDIT' then ${walletTransactions.amount} else -${walletTransactions.amount} end), 0)`,
    })
    .from(walletTransactions)
    .where(
      and(
        eq(walletTransactions.userId, userId),
        eq(walletTransactions.currency, currency),
        eq(walletTransactions.transactionState, 'SUCCESS'),
      ),
    );
  return Number(row?.total ?? 0);
};
