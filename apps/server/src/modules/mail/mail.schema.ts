import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Mails kept when no SMTP server is configured (development and demos): the development page
 * /dev/outbox lists them. With SMTP_URL set, mails are sent and not stored, so the database never
 * holds a live verification or reset link (see docs/decisions/0002-token-scheme.md).
 */
export const outboxMails = pgTable(
  'outbox_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: mails stored within one clock tick still list newest first. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('outbox_mails_seq_idx').on(table.seq)],
);
