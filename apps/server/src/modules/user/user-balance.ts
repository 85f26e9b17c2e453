import { and, eq, gte, sql } from 'drizzle-orm';
import type { BalanceBook } from '../wallet/balance-book.port';
import { users } from './user.schema';

/** The users column that holds each currency's running balance. */
const balanceColumn = { MFC: 'walletMfc', XP: 'walletXp', MILES: 'walletMiles' } as const;

/**
 * A user's wallet balances (FC, XP, miles), as the wallet's balance book: the running totals live
 * on the user's row, so the user module moves them. A debit is a conditional UPDATE (balance >= amount).
 */
export const userBalanceBook: BalanceBook = {
  apply: async (tx, userId, { currency, type, amount }) => {
    const field = balanceColumn[currency];
    const column = users[field];
    const delta = type === 'CREDIT' ? amount : -amount;
    const updated = await tx
      .update(users)
      .set({ [field]: sql`${column} + ${delta}` })
      .where(and(eq(users.id, userId), type === 'DEBIT' ? gte(column, amount) : undefined))
      .returning({ id: users.id });
    return updated.length > 0;
  },
};
