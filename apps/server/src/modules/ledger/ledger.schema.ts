import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { flightLogs } from '../flight-log/flight-log.schema';

/**
 * The flight ledger (docs/decisions/0015-flight-ledger.md): an append-only hash chain of sealed blocks, one
 * row per block, never updated. The height is the primary key, so two instances can never seal the
 * same height twice.
 */
export const ledgerBlocks = pgTable('ledger_blocks', {
  height: integer('height').primaryKey(),
  previousHash: text('previous_hash').notNull(),
  merkleRoot: text('merkle_root').notNull(),
  recordCount: integer('record_count').notNull(),
  sealedAt: timestamp('sealed_at', { withTimezone: true }).notNull(),
  hash: text('hash').notNull().unique(),
  signature: text('signature').notNull(),
});

/**
 * The leaves of each block's Merkle tree. The ledger keeps them itself, so the chain still checks
 * out when a flight log is gone with its pilot's account (the link is then null).
 */
export const ledgerRecords = pgTable(
  'ledger_records',
  {
    blockHeight: integer('block_height')
      .notNull()
      .references(() => ledgerBlocks.height),
    leafIndex: integer('leaf_index').notNull(),
    recordHash: text('record_hash').notNull(),
    flightLogId: uuid('flight_log_id').references(() => flightLogs.id, { onDelete: 'set null' }),
  },
  (table) => [primaryKey({ columns: [table.blockHeight, table.leafIndex] }), index('ledger_records_hash_idx').on(table.recordHash)],
);
