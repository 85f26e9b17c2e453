import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { airlineBookings, airlinePlanes, airlineRoutes, airlines } from './airline.schema';

export type BookingRow = typeof airlineBookings.$inferSelect;
type BookingState = BookingRow['state'];

/** The live (BOOKED or FLYING) booking of each of these planes. */
export const findLiveBookingsOfPlanes = (db: DbExecutor, planeIds: string[]) =>
  db
    .select({ planeId: airlineBookings.planeId, userId: airlineBookings.userId, flightId: airlineBookings.flightId, departureIdent: airlineBookings.departureIdent, arrivalIdent: airlineBookings.arrivalIdent })
    .from(airlineBookings)
    .where(and(inArray(airlineBookings.planeId, planeIds), inArray(airlineBookings.state, ['BOOKED', 'FLYING'])));

export const insertBooking = async (db: DbExecutor, values: typeof airlineBookings.$inferInsert): Promise<BookingRow> => {
  const [booking] = await db.insert(airlineBookings).values(values).returning();
  return booking!;
};

export const findBookingOf = async (db: DbExecutor, airlineId: string, bookingId: string): Promise<BookingRow | undefined> => {
  const [booking] = await db.select().from(airlineBookings).where(and(eq(airlineBookings.id, bookingId), eq(airlineBookings.airlineId, airlineId)));
  return booking;
};

/** Ends a BOOKED booking (CANCELLED); undefined when it was no longer BOOKED. */
export const cancelBookedBooking = async (db: DbExecutor, bookingId: string, now: Date): Promise<BookingRow | undefined> => {
  const [ended] = await db
    .update(airlineBookings)
    .set({ state: 'CANCELLED', endedAt: now })
    .where(and(eq(airlineBookings.id, bookingId), eq(airlineBookings.state, 'BOOKED')))
    .returning();
  return ended;
};

/** Cancels a member's BOOKED bookings in the airline (grounded); answers their planes. */
export const cancelBookedBookingsOfMember = async (db: DbExecutor, airlineId: string, userId: string, now: Date): Promise<string[]> =>
  (
    await db
      .update(airlineBookings)
      .set({ state: 'CANCELLED', endedAt: now })
      .where(and(eq(airlineBookings.userId, userId), eq(airlineBookings.airlineId, airlineId), eq(airlineBookings.state, 'BOOKED')))
      .returning({ planeId: airlineBookings.planeId })
  ).map((row) => row.planeId);

/** A user's live bookings in every airline, oldest first, with their planes and airlines. */
export const findLiveBookingsOfUser = (db: DbExecutor, userId: string) =>
  db
    .select({ booking: airlineBookings, plane: airlinePlanes, airline: airlines })
    .from(airlineBookings)
    .innerJoin(airlinePlanes, eq(airlinePlanes.id, airlineBookings.planeId))
    .innerJoin(airlines, eq(airlines.id, airlineBookings.airlineId))
    .where(and(eq(airlineBookings.userId, userId), inArray(airlineBookings.state, ['BOOKED', 'FLYING'])))
    .orderBy(asc(airlineBookings.createdAt));

/** Ends the BOOKED bookings that expired at `now`; answers their planes. */
export const expireBookedBookings = async (db: DbExecutor, now: Date): Promise<string[]> =>
  (
    await db
      .update(airlineBookings)
      .set({ state: 'EXPIRED', endedAt: now })
      .where(and(eq(airlineBookings.state, 'BOOKED'), lte(airlineBookings.expiresAt, now)))
      .returning({ planeId: airlineBookings.planeId })
  ).map((row) => row.planeId);

/** The user's BOOKED booking in the airline, with its plane and airline. */
export const findBookedBookingOfUser = async (db: DbExecutor, userId: string, airlineId: string) => {
  const [row] = await db
    .select({ booking: airlineBookings, plane: airlinePlanes, airline: airlines })
    .from(airlineBookings)
    .innerJoin(airlinePlanes, eq(airlinePlanes.id, airlineBookings.planeId))
    .innerJoin(airlines, eq(airlines.id, airlineBookings.airlineId))
    .where(and(eq(airlineBookings.userId, userId), eq(airlineBookings.airlineId, airlineId), eq(airlineBookings.state, 'BOOKED')));
  return row;
};

/** BOOKED → FLYING, tied to the flight; undefined when the booking was no longer BOOKED. */
export const startBookingFlight = async (db: DbExecutor, bookingId: string, flightId: string): Promise<BookingRow | undefined> => {
  const [flying] = await db
    .update(airlineBookings)
    .set({ state: 'FLYING', flightId })
    .where(and(eq(airlineBookings.id, bookingId), eq(airlineBookings.state, 'BOOKED')))
    .returning();
  return flying;
};

/** Cancels the FLYING booking of a cancelled flight; answers its planes. */
export const cancelFlyingBookings = async (db: DbExecutor, flightId: string, now: Date): Promise<string[]> =>
  (
    await db
      .update(airlineBookings)
      .set({ state: 'CANCELLED', endedAt: now })
      .where(and(eq(airlineBookings.flightId, flightId), eq(airlineBookings.state, 'FLYING')))
      .returning({ planeId: airlineBookings.planeId })
  ).map((row) => row.planeId);

/** The flight's booking in this state, with its airline. */
export const findBookingOfFlight = async (db: DbExecutor, flightId: string, state: BookingState) => {
  const [row] = await db
    .select({ booking: airlineBookings, airline: airlines })
    .from(airlineBookings)
    .innerJoin(airlines, eq(airlines.id, airlineBookings.airlineId))
    .where(and(eq(airlineBookings.flightId, flightId), eq(airlineBookings.state, state)));
  return row;
};

/** The seats by class of the plane a booking holds (none when the booking or its plane is gone). */
export const findBookedCabin = async (db: DbExecutor, bookingId: string): Promise<{ first: number; business: number; economy: number }> => {
  const [plane] = await db
    .select({ first: airlinePlanes.firstSeats, business: airlinePlanes.businessSeats, economy: airlinePlanes.ecoSeats })
    .from(airlineBookings)
    .innerJoin(airlinePlanes, eq(airlinePlanes.id, airlineBookings.planeId))
    .where(eq(airlineBookings.id, bookingId));
  return plane ?? { first: 0, business: 0, economy: 0 };
};

export const findCompletedBookingOfFlight = async (db: DbExecutor, flightId: string): Promise<BookingRow | undefined> => {
  const [booking] = await db.select().from(airlineBookings).where(and(eq(airlineBookings.flightId, flightId), eq(airlineBookings.state, 'COMPLETED')));
  return booking;
};

export const updateBookingRow = async (db: DbExecutor, bookingId: string, patch: Partial<typeof airlineBookings.$inferInsert>): Promise<void> => {
  await db.update(airlineBookings).set(patch).where(eq(airlineBookings.id, bookingId));
};

/** Hours of the monthly flight-time bonus already credited to this pilot's bookings completed since `since` (every airline). */
export const sumMftHoursSince = async (db: DbExecutor, userId: string, since: Date): Promise<number> => {
  const [row] = await db
    .select({ hours: sql<number>`coalesce(sum(${airlineBookings.mftHours}), 0)` })
    .from(airlineBookings)
    .where(and(eq(airlineBookings.userId, userId), eq(airlineBookings.state, 'COMPLETED'), gte(airlineBookings.endedAt, since)));
  return Number(row?.hours ?? 0);
};

/** The airline's flown bookings with their plane's registration and route's name (profit and loss). */
export const findCompletedBookingsOf = (db: DbExecutor, airlineId: string) =>
  db
    .select({ booking: airlineBookings, plane: airlinePlanes.tailRegistration, route: airlineRoutes.name })
    .from(airlineBookings)
    .innerJoin(airlinePlanes, eq(airlinePlanes.id, airlineBookings.planeId))
    .leftJoin(airlineRoutes, eq(airlineRoutes.id, airlineBookings.routeId))
    .where(and(eq(airlineBookings.airlineId, airlineId), eq(airlineBookings.state, 'COMPLETED')));
