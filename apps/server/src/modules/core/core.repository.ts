import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { aircraftConfigurations } from './core.schema';

export type AircraftConfigurationRow = typeof aircraftConfigurations.$inferSelect;
export type NewAircraftConfiguration = typeof aircraftConfigurations.$inferInsert;

export const findConfiguration = async (db: DbExecutor, id: string): Promise<AircraftConfigurationRow | undefined> => {
  const [row] = await db.select().from(aircraftConfigurations).where(eq(aircraftConfigurations.id, id)).limit(1);
  return row;
};

export const listUserConfigurations = (db: DbExecutor, userId: string) =>
  db
    .select()
    .from(aircraftConfigurations)
    .where(eq(aircraftConfigurations.userId, userId))
    .orderBy(asc(aircraftConfigurations.icao), asc(aircraftConfigurations.name));

/** Whether the user already has a configuration of that name (any case) for that type, other than `exceptId`. */
export const nameTaken = async (db: DbExecutor, userId: string, icao: string, name: string, exceptId?: string): Promise<boolean> => {
  const conditions = [
    eq(aircraftConfigurations.userId, userId),
    eq(aircraftConfigurations.icao, icao),
    sql`lower(${aircraftConfigurations.name}) = lower(${name})`,
  ];
  if (exceptId) conditions.push(ne(aircraftConfigurations.id, exceptId));
  const [row] = await db.select({ id: aircraftConfigurations.id }).from(aircraftConfigurations).where(and(...conditions)).limit(1);
  return row !== undefined;
};

export const insertConfiguration = async (db: DbExecutor, values: NewAircraftConfiguration): Promise<AircraftConfigurationRow> => {
  const [row] = await db.insert(aircraftConfigurations).values(values).returning();
  return row!;
};

/** Updates the configuration only when `userId` owns it; undefined otherwise. */
export const updateOwnConfiguration = async (
  db: DbExecutor,
  id: string,
  userId: string,
  values: Pick<NewAircraftConfiguration, 'icao' | 'name' | 'first' | 'business' | 'eco'>,
): Promise<AircraftConfigurationRow | undefined> => {
  const [row] = await db
    .update(aircraftConfigurations)
    .set(values)
    .where(and(eq(aircraftConfigurations.id, id), eq(aircraftConfigurations.userId, userId)))
    .returning();
  return row;
};

/** Deletes the configuration only when `userId` owns it; whether a row went. */
export const deleteOwnConfiguration = async (db: DbExecutor, id: string, userId: string): Promise<boolean> => {
  const rows = await db
    .delete(aircraftConfigurations)
    .where(and(eq(aircraftConfigurations.id, id), eq(aircraftConfigurations.userId, userId)))
    .returning({ id: aircraftConfigurations.id });
  return rows.length > 0;
};
