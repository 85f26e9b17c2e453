import { and, eq, gte, sql } from 'drizzle-orm';
import type { BalanceBook } from '../wallet/balance-book.port';
import { airlines } from './airline.schema';

/**
 * An airline's FlightCoin balance (`airlines.balance`), as the wallet's balance book: the airline
 * module owns the row, the wallet calls this to move it. A debit is a conditional UPDATE
 * (balance >= amount), so concurrent costs never take the airline below zero.
 */
export const airlineBalanceBook: BalanceBook = {
  apply: async (tx, airlineId, { currency, type, amount }) => {
    if (currency !== 'MFC') throw new Error(`an airline wallet holds FlightCoins only, not ${currency}`);
    const delta = type === 'CREDIT' ? amount : -amount;
    const updated = await tx
      .update(airlines)
      .set({ balance: sql`${airlines.balance} + ${delta}` })
      .where(and(eq(airlines.id, airlineId), type === 'DEBIT' ? gte(airlines.balance, amount) : undefined))
      .returning({ id: airlines.id });
    return updated.length > 0;
  },
};
