import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TTransactionCategoryData } from '@contrail/domain/wallet/wallet-contract';
import { users } from './users';

/**
 * Every change of a balance is one row here, written in the same database transaction as what it
 * pays for. A user's balance column is the sum of their SUCCESS rows; PLANNED rows wait for the
 * settlement clock (airline costs).
 */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Owner when the wallet is a pilot's; airline wallets come with the airline module. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    airlineId: uuid('airline_id'),
    currency: text('currency', { enum: ['MFC', 'XP', 'MILES'] }).notNull(),
    transactionType: text('transaction_type', { enum: ['CREDIT', 'DEBIT'] }).notNull(),
    transactionState: text('transaction_state', { enum: ['PLANNED', 'FAILED', 'SUCCESS'] }).notNull(),
    /** Always positive; `transactionType` gives the direction. */
    amount: integer('amount').notNull(),
    category: text('category').notNull(),
    categoryData: jsonb('category_data').$type<TTransactionCategoryData>().notNull(),
    description: text('description').notNull(),
    agentUserName: text('agent_user_name'),
    /** What the row pays for (a flight log id...), so a retried operation cannot pay twice. */
    reference: text('reference'),
    executionDate: timestamp('execution_date', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('wallet_transactions_user_idx').on(table.userId, table.currency, table.executionDate),
    index('wallet_transactions_airline_idx').on(table.airlineId, table.executionDate),
    index('wallet_transactions_reference_idx').on(table.reference),
    check('wallet_transactions_amount_positive', sql`${table.amount} > 0`),
  ],
);
