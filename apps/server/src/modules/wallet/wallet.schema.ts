import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TTransactionCategoryData } from '@contrail/domain/wallet/wallet-contract';
import { airlines } from '../airline/airline.schema';
import { users } from '../user/user.schema';

/**
 * Every change of a balance is one row here, written in the same database transaction as what it
 * pays for. A wallet is a user's or an airline's (exactly one per row). A balance column (users'
 * wallet_* or airlines.balance) is the sum of its SUCCESS rows; PLANNED rows wait for the
 * settlement clock, FAILED ones for a retry or a manual payment.
 */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    airlineId: uuid('airline_id').references(() => airlines.id, { onDelete: 'cascade' }),
    currency: text('currency', { enum: ['MFC', 'XP', 'MILES'] }).notNull(),
    transactionType: text('transaction_type', { enum: ['CREDIT', 'DEBIT'] }).notNull(),
    transactionState: text('transaction_state', { enum: ['PLANNED', 'FAILED', 'SUCCESS'] }).notNull(),
    /** Always positive; `transactionType` gives the direction. 64-bit, like the balances it moves. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    category: text('category').notNull(),
    categoryData: jsonb('category_data').$type<TTransactionCategoryData>().notNull(),
    description: text('description').notNull(),
    agentUserName: text('agent_user_name'),
    /**
     * One key per operation (`flight-log:<id>:fc`, `hub-rent:<hubId>:<period>`...), unique: a retried
     * or concurrent payment of the same operation finds the row and pays nothing.
     */
    idempotencyKey: text('idempotency_key').notNull(),
    executionDate: timestamp('execution_date', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('wallet_transactions_user_idx').on(table.userId, table.currency, table.executionDate),
    index('wallet_transactions_airline_idx').on(table.airlineId, table.executionDate),
    uniqueIndex('wallet_transactions_idempotency_key_idx').on(table.idempotencyKey),
    // The settlement clock's scan: due PLANNED rows.
    index('wallet_transactions_planned_idx')
      .on(table.executionDate)
      .where(sql`${table.transactionState} = 'PLANNED'`),
    check('wallet_transactions_amount_positive', sql`${table.amount} > 0`),
    check('wallet_transactions_one_owner', sql`(${table.userId} is null) <> (${table.airlineId} is null)`),
  ],
);
