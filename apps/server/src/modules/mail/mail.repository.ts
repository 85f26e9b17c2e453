import { desc } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { outboxMails } from './mail.schema';

export type OutboxMail = typeof outboxMails.$inferSelect;

export const insertOutboxMail = async (
  db: DbExecutor,
  mail: { to: string; subject: string; text: string; html: string; createdAt: Date },
): Promise<OutboxMail> => {
  const [row] = await db.insert(outboxMails).values(mail).returning();
  if (!row) throw new Error('outbox mail was not stored');
  return row;
};

/** Newest first. */
export const listOutboxMails = async (db: DbExecutor, limit = 100): Promise<OutboxMail[]> =>
  db.select().from(outboxMails).orderBy(desc(outboxMails.seq)).limit(limit);
