import { and, arrayOverlaps, asc, eq, gt, isNull, lte, ne, or } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { notams } from './notam.schema';

export type NotamRow = typeof notams.$inferSelect;

export const findNotamByReference = async (db: DbExecutor, ref: { series: string; number: number; year: number }) => {
  const [row] = await db
    .select()
    .from(notams)
    .where(and(eq(notams.series, ref.series), eq(notams.number, ref.number), eq(notams.year, ref.year)))
    .for('update');
  return row;
};

/** Inserts a notice; undefined when its series, number and year are already used. */
export const insertNotam = async (db: DbExecutor, row: typeof notams.$inferInsert): Promise<NotamRow | undefined> => {
  const [inserted] = await db.insert(notams).values(row).onConflictDoNothing().returning();
  return inserted;
};

export const endNotam = async (db: DbExecutor, id: string, endedById: string): Promise<void> => {
  await db.update(notams).set({ endedById }).where(eq(notams.id, id));
};

/**
 * Notices in force at `now` (started, not over, not replaced or cancelled; NOTAMC themselves are
 * not notices to read), optionally only those for everyone or about one of `airportIdents`.
 */
export const findNotamsInForce = async (db: DbExecutor, now: Date, airportIdents?: string[]) =>
  db
    .select()
    .from(notams)
    .where(
      and(
        isNull(notams.endedById),
        ne(notams.kind, 'CANCEL'),
        lte(notams.validFrom, now),
        or(isNull(notams.validUntil), gt(notams.validUntil, now)),
        airportIdents ? or(eq(notams.audience, 'EVERYONE'), arrayOverlaps(notams.locations, airportIdents)) : undefined,
      ),
    )
    .orderBy(asc(notams.validFrom), asc(notams.series), asc(notams.number));
