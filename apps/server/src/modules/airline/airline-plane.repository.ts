import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { GameDifficulty } from '@contrail/domain/economy/airline-economy-constants';
import type { DbExecutor } from '../../db/database';
import { selectPage } from '../../db/paging';
import { airlineBookings, airlinePlanes } from './airline.schema';

export type PlaneRow = typeof airlinePlanes.$inferSelect;
export type NewPlaneRow = typeof airlinePlanes.$inferInsert;

export const findPlanesPage = (db: DbExecutor, airlineId: string, page: { page: number; size: number }) =>
  selectPage(db, page, { select: db.select().from(airlinePlanes).where(eq(airlinePlanes.airlineId, airlineId)).$dynamic(), orderBy: [asc(airlinePlanes.createdAt)] });

/** Every plane of the airline. */
export const findPlanesOf = (db: DbExecutor, airlineId: string): Promise<PlaneRow[]> => db.select().from(airlinePlanes).where(eq(airlinePlanes.airlineId, airlineId));

/** The airline's planes of one aircraft type. */
export const findPlanesOfType = (db: DbExecutor, airlineId: string, icao: string): Promise<PlaneRow[]> =>
  db.select().from(airlinePlanes).where(and(eq(airlinePlanes.airlineId, airlineId), eq(airlinePlanes.icao, icao)));

/** Every plane of the airline with the flight of its FLYING booking, if any (the live map). */
export const findPlanesWithFlyingBooking = (db: DbExecutor, airlineId: string) =>
  db
    .select({ plane: airlinePlanes, flightId: airlineBookings.flightId })
    .from(airlinePlanes)
    .leftJoin(airlineBookings, and(eq(airlineBookings.planeId, airlinePlanes.id), eq(airlineBookings.state, 'FLYING')))
    .where(eq(airlinePlanes.airlineId, airlineId));

export const findPlaneOf = async (db: DbExecutor, airlineId: string, planeId: string): Promise<PlaneRow | undefined> => {
  const [plane] = await db.select().from(airlinePlanes).where(and(eq(airlinePlanes.id, planeId), eq(airlinePlanes.airlineId, airlineId)));
  return plane;
};

export const findPlaneById = async (db: DbExecutor, planeId: string): Promise<PlaneRow | undefined> => {
  const [plane] = await db.select().from(airlinePlanes).where(eq(airlinePlanes.id, planeId));
  return plane;
};

export const countPlanesOf = async (db: DbExecutor, airlineId: string): Promise<number> => {
  const [row] = await db.select({ n: count() }).from(airlinePlanes).where(eq(airlinePlanes.airlineId, airlineId));
  return row?.n ?? 0;
};

/** Whether a plane of any airline carries this registration. */
export const isTailRegistrationTaken = async (db: DbExecutor, tailRegistration: string): Promise<boolean> => {
  const [taken] = await db.select({ id: airlinePlanes.id }).from(airlinePlanes).where(eq(airlinePlanes.tailRegistration, tailRegistration));
  return taken !== undefined;
};

export const insertPlane = async (db: DbExecutor, values: NewPlaneRow): Promise<PlaneRow> => {
  const [plane] = await db.insert(airlinePlanes).values(values).returning();
  return plane!;
};

/** Puts a plane on the ground (AT_AIRPORT or GROUNDED) under maintenance; false when it left the ground meanwhile. */
export const claimForMaintenance = async (db: DbExecutor, planeId: string, start: Date, end: Date): Promise<boolean> => {
  const [claimed] = await db
    .update(airlinePlanes)
    .set({ state: 'UNDER_MAINTENANCE', maintenanceStart: start, maintenanceEnd: end })
    .where(and(eq(airlinePlanes.id, planeId), sql`${airlinePlanes.state} in ('AT_AIRPORT', 'GROUNDED')`))
    .returning({ id: airlinePlanes.id });
  return claimed !== undefined;
};

/** A plane and its airline's difficulty (what its wear depends on). */
export const findPlaneWithDifficulty = async (db: DbExecutor, planeId: string) => {
  const [row] = await db
    .select({ plane: airlinePlanes, difficulty: sql<GameDifficulty>`(select a.game_difficulty from airlines a where a.id = "airline_planes"."airline_id")` })
    .from(airlinePlanes)
    .where(eq(airlinePlanes.id, planeId));
  return row;
};

export const updatePlaneRow = async (db: DbExecutor, planeId: string, patch: Partial<NewPlaneRow>): Promise<PlaneRow | undefined> => {
  const [plane] = await db.update(airlinePlanes).set(patch).where(eq(airlinePlanes.id, planeId)).returning();
  return plane;
};

/** BOOKED, only from AT_AIRPORT at the departure: of two pilots at once, one gets the plane. */
export const holdPlane = async (db: DbExecutor, planeId: string, departureIdent: string): Promise<PlaneRow | undefined> => {
  const [held] = await db
    .update(airlinePlanes)
    .set({ state: 'BOOKED' })
    .where(and(eq(airlinePlanes.id, planeId), eq(airlinePlanes.state, 'AT_AIRPORT'), eq(airlinePlanes.airportIdent, departureIdent)))
    .returning();
  return held;
};

/** Puts booked (or flying) planes back on the line. */
export const releasePlanes = async (db: DbExecutor, planeIds: string[], from: 'BOOKED' | 'FLYING'): Promise<void> => {
  if (planeIds.length > 0) {
    await db.update(airlinePlanes).set({ state: 'AT_AIRPORT' }).where(and(inArray(airlinePlanes.id, planeIds), eq(airlinePlanes.state, from)));
  }
};

export const deletePlanesOf = async (db: DbExecutor, airlineId: string): Promise<void> => {
  await db.delete(airlinePlanes).where(eq(airlinePlanes.airlineId, airlineId));
};
