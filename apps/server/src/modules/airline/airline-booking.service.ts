import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { TBookedFlight, TPageQuery } from '@contrail/domain/airline/airline-contract';
import { airlineError } from '@contrail/domain/airline/airline-errors';
import { airlineFlightRevenue, airlineFlightSalary, hardLandingsOf, profitAndLoss } from '@contrail/domain/economy/airline-economy';
import { AIRLINE_BOOKING_TIMEOUT_MINUTES } from '@contrail/domain/economy/airline-economy-constants';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import type { DbExecutor } from '../../db/database';
import { mftBonusOf } from '@contrail/domain/economy/mft-bonus';
import { airlineBookings, airlineMembers, airlinePlanes, airlineRanks, airlineRoutes, airlines } from './airline.schema';
import { users } from '../user/user.schema';
import { uniqueViolationOf } from '../../db/unique-violation';
import { requireAccess, type Caller } from '../access/access.service';
import { heldLicences } from '../licence/licence.service';
import { creditAirline, creditUser, debitAirline, planTransaction } from '../wallet/wallet.service';
import { findRoutesPage, recordPlaneFlight, toRoute } from './airline-assets.service';
import { assertNotGrounded } from './airline-grounding.service';
import { assertActive, findAirline, isAirlineManagerPremium, pageOf, type AirlineRow } from './airline-common';

/**
 * Flying for an airline (issue 18, docs/decisions/0028-airline-flights.md): a member books a plane
 * for a route, the flight module registers and completes the AIRLINE flight through the hooks
 * below, inside its own database transactions, and the booking keeps what the flight earned.
 */

type BookingRow = typeof airlineBookings.$inferSelect;
type PlaneRow = typeof airlinePlanes.$inferSelect;
type RouteRow = typeof airlineRoutes.$inferSelect;
type RankRow = typeof airlineRanks.$inferSelect;

export const AIRLINE_BOOKING_EXPIRY_JOB = 'airline-booking-expiry';
export const AIRLINE_BOOKING_EXPIRY_PERIOD_MS = 60_000;
const BOOKING_TIMEOUT_MS = AIRLINE_BOOKING_TIMEOUT_MINUTES * 60_000;

/** Each refusal in a pilot's words; the code tells the web which translation to show. */
const REFUSALS: Record<string, string> = {
  [ErrorCode.ownerSubscriptionInactive]: "The airline's owner has no active airline subscription: its pilots are grounded until it is renewed",
  [ErrorCode.planesUnavailable]: 'This plane is not available: it is booked, flying, in maintenance, grounded or being built',
  [ErrorCode.noAircraftAtAirport]: 'This plane is not parked at an airport',
  [ErrorCode.memberNotAuthorisedForAircraft]: 'Your rank does not allow this aircraft type',
  [ErrorCode.noAircraftInRouteCategories]: 'This plane is not of the category the route flies',
  [ErrorCode.noAircraftAtAirportForRoute]: "This plane is not at the route's departure airport",
  [ErrorCode.rankInsufficient]: 'Your rank or career level is too low for this route',
  [ErrorCode.licenceInsufficient]: 'You do not hold the licence for this aircraft type',
};
const refusal = (code: string) => airlineError(code as ErrorCode, REFUSALS[code] ?? 'This plane cannot be booked');

/** What decides whether one member may fly one plane on one route. */
type Pilot = { ownerPremium: boolean; rank: RankRow | null; ranks: RankRow[]; careerLevel: number; licensedIcaos: ReadonlySet<string> };

/**
 * Why this pilot cannot book this plane for this route, as the spec's code, or null. Checked in
 * the order a pilot would fix them: the airline, the plane, then the pilot.
 */
export const bookingRestriction = (pilot: Pilot, route: RouteRow, plane: PlaneRow): string | null => {
  if (!pilot.ownerPremium) return ErrorCode.ownerSubscriptionInactive;
  if (plane.category !== route.planeCategory) return ErrorCode.noAircraftInRouteCategories;
  if (plane.airportIdent === null) return ErrorCode.noAircraftAtAirport;
  if (plane.airportIdent !== route.destinations[0]) return ErrorCode.noAircraftAtAirportForRoute;
  if (plane.state !== 'AT_AIRPORT') return ErrorCode.planesUnavailable;
  const { rank } = pilot;
  if (rank && ((rank.planeWhiteList.length > 0 && !rank.planeWhiteList.includes(plane.icao)) || rank.planeBlackList.includes(plane.icao))) {
    return ErrorCode.memberNotAuthorisedForAircraft;
  }
  const sortOf = (rankId: string) => pilot.ranks.find((r) => r.id === rankId)?.sortIdx ?? 0;
  const mySort = rank?.sortIdx ?? 0;
  const blockedBy = route.constraints.some(
    (c) =>
      (c.type === 'MinRank' && mySort < sortOf(c.rankId)) ||
      (c.type === 'MaxRank' && mySort > sortOf(c.rankId)) ||
      (c.type === 'CL' && pilot.careerLevel < c.value),
  );
  if (blockedBy) return ErrorCode.rankInsufficient;
  if (!pilot.licensedIcaos.has(plane.icao)) return ErrorCode.licenceInsufficient;
  return null;
};

/** The caller as a pilot of this airline: rank, career level, the licences that matter for these planes. */
const pilotOf = async (db: DbExecutor, caller: Caller, airline: AirlineRow, icaos: readonly string[], now: Date): Promise<Pilot> => {
  const [me] = await db
    .select({ rank: airlineRanks, level: users.level })
    .from(airlineMembers)
    .innerJoin(users, eq(users.id, airlineMembers.userId))
    .leftJoin(airlineRanks, eq(airlineRanks.id, airlineMembers.rankId))
    .where(and(eq(airlineMembers.airlineId, airline.id), eq(airlineMembers.userId, caller.id), eq(airlineMembers.status, 'ACTIVE')));
  const ranks = await db.select().from(airlineRanks).where(eq(airlineRanks.airlineId, airline.id));
  // The pilot's licences, read once for every plane in question.
  const held = (await heldLicences(db, caller.id)).flatMap((licence) => licence.aircraftsIcao);
  const licensed = new Set(icaos.filter((icao) => held.includes(icao.toUpperCase())));
  return {
    ownerPremium: await isAirlineManagerPremium(db, airline.ownerId, now),
    rank: me?.rank ?? null,
    ranks,
    careerLevel: me?.level ?? 1,
    licensedIcaos: licensed,
  };
};

/** A route's flight number: the airline's code and a number fixed by the route, as schedules print them. */
export const flightNumberOf = (airline: Pick<AirlineRow, 'code'>, route: Pick<RouteRow, 'id'>) => `${airline.code}${(Number.parseInt(route.id.replace(/-/g, '').slice(0, 8), 16) % 9000) + 1000}`;

const toBookedFlight = (booking: BookingRow, plane: PlaneRow, airline: AirlineRow): TBookedFlight => ({
  bidId: booking.id,
  airlineId: booking.airlineId,
  routeId: booking.routeId ?? '',
  state: booking.state === 'FLYING' ? 'FLYING' : 'BOOKED',
  expiresAt: booking.expiresAt.toISOString(),
  flight: {
    id: booking.flightId,
    code: airline.code,
    flightNumber: booking.flightNumber,
    departureAirport: booking.departureIdent,
    arrivalAirport: booking.arrivalIdent,
    aircraft: { id: plane.id, registration: plane.tailRegistration, name: plane.model, icao: plane.icao, iata: null },
  },
});

const findRouteOf = async (db: DbExecutor, airlineId: string, routeId: string): Promise<RouteRow> => {
  const [route] = await db.select().from(airlineRoutes).where(and(eq(airlineRoutes.id, routeId), eq(airlineRoutes.airlineId, airlineId)));
  if (!route) throw new AppError(ErrorCode.notFound, 'Route not found', 'routeId');
  return route;
};

const findPlaneOf = async (db: DbExecutor, airlineId: string, planeId: string): Promise<PlaneRow> => {
  const [plane] = await db.select().from(airlinePlanes).where(and(eq(airlinePlanes.id, planeId), eq(airlinePlanes.airlineId, airlineId)));
  if (!plane) throw new AppError(ErrorCode.notFound, 'Plane not found');
  return plane;
};

/**
 * POST /airline/{id}/plane/{planeId}/booking: holds the plane for the pilot and the route. Two
 * pilots at once: the conditional update lets one through, the other gets ERR_0035.
 */
export const bookPlane = async (db: DbExecutor, caller: Caller, airlineId: string, planeId: string, routeId: string, now: Date): Promise<TBookedFlight> => {
  // Before the access check: a grounded member holds no member permission, and deserves the reason.
  await assertNotGrounded(db, caller.id, airlineId);
  await requireAccess(db, caller, 'airline.fly', { airlineId });
  const airline = await findAirline(db, airlineId);
  assertActive(airline);
  const [route, plane] = await Promise.all([findRouteOf(db, airlineId, routeId), findPlaneOf(db, airlineId, planeId)]);
  const reason = bookingRestriction(await pilotOf(db, caller, airline, [plane.icao], now), route, plane);
  if (reason) throw refusal(reason);
  try {
    return await db.transaction(async (tx) => {
      const [held] = await tx
        .update(airlinePlanes)
        .set({ state: 'BOOKED' })
        .where(and(eq(airlinePlanes.id, plane.id), eq(airlinePlanes.state, 'AT_AIRPORT'), eq(airlinePlanes.airportIdent, route.destinations[0]!)))
        .returning();
      if (!held) throw refusal(ErrorCode.planesUnavailable);
      const [booking] = await tx
        .insert(airlineBookings)
        .values({
          airlineId,
          planeId,
          routeId,
          userId: caller.id,
          flightNumber: flightNumberOf(airline, route),
          departureIdent: route.destinations[0]!,
          arrivalIdent: route.destinations[route.destinations.length - 1]!,
          expiresAt: new Date(now.getTime() + BOOKING_TIMEOUT_MS),
          createdAt: now,
        })
        .returning();
      return toBookedFlight(booking!, held, airline);
    });
  } catch (error) {
    if (uniqueViolationOf(error) === 'airline_bookings_live_user_idx') {
      throw new AppError(ErrorCode.conflict, 'You already have a plane booked: fly it or cancel the booking first');
    }
    if (uniqueViolationOf(error) === 'airline_bookings_live_plane_idx') throw refusal(ErrorCode.planesUnavailable);
    throw error;
  }
};

/** Puts a booked plane back on the line (a cancelled or expired booking, a cancelled flight). */
const releasePlanes = async (db: DbExecutor, planeIds: string[], from: 'BOOKED' | 'FLYING') => {
  if (planeIds.length > 0) {
    await db.update(airlinePlanes).set({ state: 'AT_AIRPORT' }).where(and(inArray(airlinePlanes.id, planeIds), eq(airlinePlanes.state, from)));
  }
};

/** DELETE /airline/{id}/booking/{bidId}: by the pilot who booked, or the owner or an administrator. */
export const cancelBooking = async (db: DbExecutor, caller: Caller, airlineId: string, bidId: string, now: Date): Promise<void> => {
  await requireAccess(db, caller, 'airline.read', { airlineId });
  const [booking] = await db.select().from(airlineBookings).where(and(eq(airlineBookings.id, bidId), eq(airlineBookings.airlineId, airlineId)));
  if (!booking) throw new AppError(ErrorCode.notFound, 'Booking not found');
  if (booking.userId !== caller.id) await requireAccess(db, caller, 'airline.plane.manage', { airlineId });
  if (booking.state === 'FLYING') throw new AppError(ErrorCode.conflict, 'This plane is flying: cancel the flight instead');
  if (booking.state !== 'BOOKED') throw new AppError(ErrorCode.conflict, 'This booking is already over');
  await db.transaction(async (tx) => {
    const [ended] = await tx
      .update(airlineBookings)
      .set({ state: 'CANCELLED', endedAt: now })
      .where(and(eq(airlineBookings.id, bidId), eq(airlineBookings.state, 'BOOKED')))
      .returning();
    if (ended) await releasePlanes(tx, [ended.planeId], 'BOOKED');
  });
};

/** GET /airline/booking: the caller's live bookings; grounded when an owner's subscription lapsed. */
export const listMyBookings = async (db: DbExecutor, caller: Caller, now: Date) => {
  const rows = await db
    .select({ booking: airlineBookings, plane: airlinePlanes, airline: airlines })
    .from(airlineBookings)
    .innerJoin(airlinePlanes, eq(airlinePlanes.id, airlineBookings.planeId))
    .innerJoin(airlines, eq(airlines.id, airlineBookings.airlineId))
    .where(and(eq(airlineBookings.userId, caller.id), inArray(airlineBookings.state, ['BOOKED', 'FLYING'])))
    .orderBy(asc(airlineBookings.createdAt));
  let isGrounded = false;
  for (const { airline } of rows) if (!(await isAirlineManagerPremium(db, airline.ownerId, now))) isGrounded = true;
  return { flights: rows.map(({ booking, plane, airline }) => toBookedFlight(booking, plane, airline)), isGrounded };
};

/** The expiry job: bookings never flown within the timeout end, and their planes go back on the line. */
export const expireBookings = async (db: DbExecutor, now: Date): Promise<number> =>
  db.transaction(async (tx) => {
    const expired = await tx
      .update(airlineBookings)
      .set({ state: 'EXPIRED', endedAt: now })
      .where(and(eq(airlineBookings.state, 'BOOKED'), lte(airlineBookings.expiresAt, now)))
      .returning({ planeId: airlineBookings.planeId });
    await releasePlanes(
      tx,
      expired.map((row) => row.planeId),
      'BOOKED',
    );
    return expired.length;
  });

/** GET /airline/{id}/route/from/{ident}: the routes from there, each with the planes there and why each is closed to this pilot. */
export const listRoutesFromAirport = async (db: DbExecutor, caller: Caller, airlineId: string, ident: string, query: TPageQuery, now: Date) => {
  await requireAccess(db, caller, 'airline.read', { airlineId });
  const airline = await findAirline(db, airlineId);
  const here = ident.toUpperCase();
  const { rows, total, planes } = await findRoutesPage(db, airlineId, query, here);
  const planesHere = planes.filter((plane) => plane.airportIdent === here).sort((a, b) => a.tailRegistration.localeCompare(b.tailRegistration));
  const pilot = await pilotOf(db, caller, airline, planesHere.map((plane) => plane.icao), now);
  const items = rows.map((route) => {
    // Each plane checked once: its own answer, and the route's from all of them.
    const reasons = new Map(planes.map((plane) => [plane.id, bookingRestriction(pilot, route, plane)]));
    const choices = planesHere.map((plane) => ({
      id: plane.id,
      registration: plane.tailRegistration,
      icao: plane.icao,
      name: plane.model,
      state: plane.state,
      wear: plane.wear,
      restrictionReason: reasons.get(plane.id) ?? null,
    }));
    const reason = closestRestriction(pilot, [...reasons.values()]);
    return { ...toRoute(route, planes), restricted: reason !== null, restrictionReason: reason, planes: choices.filter((c) => c.restrictionReason !== ErrorCode.noAircraftInRouteCategories) };
  });
  return pageOf(items, total, query.size);
};

/** The checks of `bookingRestriction`, in their order: a later refusal means the plane came closer to being open. */
const CHECK_ORDER: readonly string[] = [
  ErrorCode.ownerSubscriptionInactive,
  ErrorCode.noAircraftInRouteCategories,
  ErrorCode.noAircraftAtAirport,
  ErrorCode.noAircraftAtAirportForRoute,
  ErrorCode.planesUnavailable,
  ErrorCode.memberNotAuthorisedForAircraft,
  ErrorCode.rankInsufficient,
  ErrorCode.licenceInsufficient,
];

/**
 * Why a route is closed to this pilot with these planes, or null when one of them is open: the
 * reason of the plane that came closest, so the pilot reads the one thing left to fix.
 */
const routeRestrictionFor = (pilot: Pilot, route: RouteRow, planes: readonly PlaneRow[]): string | null =>
  closestRestriction(
    pilot,
    planes.map((plane) => bookingRestriction(pilot, route, plane)),
  );

/** The route's answer from its planes' answers (`bookingRestriction` of each plane). */
const closestRestriction = (pilot: Pilot, planeReasons: readonly (string | null)[]): string | null => {
  if (!pilot.ownerPremium) return ErrorCode.ownerSubscriptionInactive;
  let closest: string = ErrorCode.noAircraftInRouteCategories;
  for (const reason of planeReasons) {
    if (reason === null) return null;
    if (CHECK_ORDER.indexOf(reason) > CHECK_ORDER.indexOf(closest)) closest = reason;
  }
  return closest;
};

/**
 * GET /airline/{id}/aircraft/{aircraft}/flights-restrictions: for each route of the airline,
 * whether this pilot can fly it with a plane of that type, by the same rules as a booking.
 */
export const flightRestrictions = async (db: DbExecutor, caller: Caller, airlineId: string, aircraftIcao: string, now: Date) => {
  await requireAccess(db, caller, 'airline.fly', { airlineId });
  const airline = await findAirline(db, airlineId);
  const icao = aircraftIcao.toUpperCase();
  const planes = await db.select().from(airlinePlanes).where(and(eq(airlinePlanes.airlineId, airlineId), eq(airlinePlanes.icao, icao)));
  const routes = await db.select().from(airlineRoutes).where(eq(airlineRoutes.airlineId, airlineId)).orderBy(asc(airlineRoutes.createdAt));
  const pilot = await pilotOf(db, caller, airline, [icao], now);
  return routes.map((route) => {
    const reason = routeRestrictionFor(pilot, route, planes);
    return { routeId: route.id, restricted: reason !== null, restrictionReason: reason };
  });
};

// ---- hooks for the flight module (inside its transactions) ----

/** What an AIRLINE flight registers with: the caller's live booking in that airline, or ERR_0035. */
export const bookingToFly = async (db: DbExecutor, userId: string, airlineId: string, now: Date) => {
  await assertNotGrounded(db, userId, airlineId);
  const [row] = await db
    .select({ booking: airlineBookings, plane: airlinePlanes, airline: airlines })
    .from(airlineBookings)
    .innerJoin(airlinePlanes, eq(airlinePlanes.id, airlineBookings.planeId))
    .innerJoin(airlines, eq(airlines.id, airlineBookings.airlineId))
    .where(and(eq(airlineBookings.userId, userId), eq(airlineBookings.airlineId, airlineId), eq(airlineBookings.state, 'BOOKED')));
  if (!row || row.booking.expiresAt.getTime() <= now.getTime()) {
    throw airlineError(ErrorCode.planesUnavailable, 'Book a plane of this airline for a route before flying for it');
  }
  if (!(await isAirlineManagerPremium(db, row.airline.ownerId, now))) throw refusal(ErrorCode.ownerSubscriptionInactive);
  return {
    bookingId: row.booking.id,
    flightNumber: row.booking.flightNumber,
    departureIdent: row.booking.departureIdent,
    arrivalIdent: row.booking.arrivalIdent,
    aircraftIcao: row.plane.icao,
    registration: row.plane.tailRegistration,
    seats: row.plane.ecoSeats + row.plane.businessSeats + row.plane.firstSeats,
  };
};

/** The flight started: booking and plane are FLYING, tied to the flight. */
export const startAirlineFlight = async (db: DbExecutor, bookingId: string, flightId: string): Promise<void> => {
  const [flying] = await db
    .update(airlineBookings)
    .set({ state: 'FLYING', flightId })
    .where(and(eq(airlineBookings.id, bookingId), eq(airlineBookings.state, 'BOOKED')))
    .returning();
  if (!flying) throw refusal(ErrorCode.planesUnavailable);
  await db.update(airlinePlanes).set({ state: 'FLYING' }).where(eq(airlinePlanes.id, flying.planeId));
};

/** The flight was cancelled: the plane stays where it was and goes back on the line. */
export const releaseAirlineFlight = async (db: DbExecutor, flightId: string, now: Date): Promise<void> => {
  const ended = await db
    .update(airlineBookings)
    .set({ state: 'CANCELLED', endedAt: now })
    .where(and(eq(airlineBookings.flightId, flightId), eq(airlineBookings.state, 'FLYING')))
    .returning({ planeId: airlineBookings.planeId });
  await releasePlanes(
    db,
    ended.map((row) => row.planeId),
    'FLYING',
  );
};

export type AirlineFlightResult = { airlineRevenue: number; salary: number };

type FlownLeg = {
  flightId: string;
  pilotId: string;
  /** Flown, from the track (not the plan's great-circle distance). */
  distanceNm: number;
  /** Airborne hours of simulated time: what wears the plane. */
  flightHours: number;
  paxCarried: number;
  cargoKg: number;
  landing: { verticalSpeedFpm: number; bounces: number; latitudeDeg: number; longitudeDeg: number } | null;
  /** The airport where the plane stopped: the arrival, or the airport of a diversion. */
  arrivalIdent: string;
  arrivalPosition: { latitudeDeg: number; longitudeDeg: number };
  headingDeg: number;
  now: Date;
};

/**
 * What an airline flight pays: the airline's revenue, the pilot's salary, and the airborne hours
 * of the monthly flight-time bonus (absent from flights held for review before the bonus existed).
 */
export type AirlineFlightMoney = { airlineRevenue: number; salary: number; mftFlightHours?: number };

const flyingBookingOf = async (db: DbExecutor, flightId: string) => {
  const [row] = await db
    .select({ booking: airlineBookings, airline: airlines, pilot: users })
    .from(airlineBookings)
    .innerJoin(airlines, eq(airlines.id, airlineBookings.airlineId))
    .innerJoin(users, eq(users.id, airlineBookings.userId))
    .where(and(eq(airlineBookings.flightId, flightId), eq(airlineBookings.state, 'FLYING')));
  return row;
};

/**
 * The flight completed and was flown: the plane wears by its airborne hours and parks where it
 * stopped, the booking ends; what the flight earns (revenue from the flown distance and the
 * carried load, the salary from the pilot's rank) is answered, not paid: `payAirlineFlight` pays
 * it at once for an accepted flight, or when a reviewer accepts it. Null without a flying booking.
 */
export const parkAirlineFlight = async (db: DbExecutor, leg: FlownLeg): Promise<AirlineFlightMoney | null> => {
  const row = await flyingBookingOf(db, leg.flightId);
  if (!row) return null;
  const { booking, airline } = row;
  const [plane] = await db.select().from(airlinePlanes).where(eq(airlinePlanes.id, booking.planeId));
  const [member] = await db
    .select({ bonus: airlineRanks.fcBonusPercent })
    .from(airlineMembers)
    .leftJoin(airlineRanks, eq(airlineRanks.id, airlineMembers.rankId))
    .where(and(eq(airlineMembers.airlineId, airline.id), eq(airlineMembers.userId, leg.pilotId)));
  const seats = plane ? plane.ecoSeats + plane.businessSeats + plane.firstSeats : 0;
  const airlineRevenue = airlineFlightRevenue({ seats, paxCarried: leg.paxCarried, cargoKg: leg.cargoKg, distanceNm: leg.distanceNm });
  const salary = airlineFlightSalary(member?.bonus ?? 0);
  await recordPlaneFlight(db, booking.planeId, {
    flightHours: leg.flightHours,
    hardLandings: hardLandingsOf(leg.landing),
    arrivalIdent: leg.arrivalIdent,
    latitudeDeg: leg.arrivalPosition.latitudeDeg,
    longitudeDeg: leg.arrivalPosition.longitudeDeg,
    headingDeg: leg.headingDeg,
  });
  await db.update(airlineBookings).set({ state: 'COMPLETED', revenue: 0, salary: 0, arrivalIdent: leg.arrivalIdent, endedAt: leg.now }).where(eq(airlineBookings.id, booking.id));
  return { airlineRevenue, salary, mftFlightHours: leg.flightHours };
};

/** Hours of the monthly flight-time bonus already credited to this pilot's flights this UTC month (every airline). */
const mftHoursThisMonth = async (db: DbExecutor, pilotId: string, now: Date): Promise<number> => {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [row] = await db
    .select({ hours: sql<number>`coalesce(sum(${airlineBookings.mftHours}), 0)` })
    .from(airlineBookings)
    .where(and(eq(airlineBookings.userId, pilotId), eq(airlineBookings.state, 'COMPLETED'), gte(airlineBookings.endedAt, monthStart)));
  return Number(row?.hours ?? 0);
};

/**
 * The flight completed without being flown: nothing wears and nothing is earned, the plane stays
 * where it was booked (it never left its departure) and is free again; the booking ends.
 */
export const endUnflownAirlineFlight = async (db: DbExecutor, flightId: string, now: Date): Promise<void> => {
  const row = await flyingBookingOf(db, flightId);
  if (!row) return;
  await db.update(airlineBookings).set({ state: 'COMPLETED', revenue: 0, salary: 0, arrivalIdent: row.booking.departureIdent, endedAt: now }).where(eq(airlineBookings.id, row.booking.id));
  await releasePlanes(db, [row.booking.planeId], 'FLYING');
};

/**
 * Pays a completed airline flight: the airline earns FLIGHT_REVENUE and pays the pilot's salary
 * (planned, and so failed by the settlement, when its balance is short). Idempotent per booking;
 * in the caller's transaction with the flight log.
 */
export const payAirlineFlight = async (db: DbExecutor, flightId: string, money: AirlineFlightMoney, now: Date): Promise<AirlineFlightResult | null> => {
  const [row] = await db
    .select({ booking: airlineBookings, airline: airlines, pilot: users })
    .from(airlineBookings)
    .innerJoin(airlines, eq(airlines.id, airlineBookings.airlineId))
    .innerJoin(users, eq(users.id, airlineBookings.userId))
    .where(and(eq(airlineBookings.flightId, flightId), eq(airlineBookings.state, 'COMPLETED')));
  if (!row) return null;
  const { booking, airline, pilot } = row;
  const { airlineRevenue: revenue, salary } = money;
  const key = (payment: string) => `airline-flight:${booking.id}:${payment}`;
  const executionDate = now;
  const arrivalIdent = booking.arrivalIdent;

  await creditAirline(db, {
    airlineId: airline.id,
    amount: revenue,
    idempotencyKey: key('revenue'),
    executionDate,
    agentUserName: pilot.userName,
    description: `Flight ${booking.flightNumber} ${booking.departureIdent}-${arrivalIdent}`,
    categoryData: { category: 'FLIGHT_REVENUE', flightNumber: booking.flightNumber, departureAirport: booking.departureIdent, arrivalAirport: arrivalIdent },
  });
  const transfer = { category: 'MEMBER_TRANSFER' as const, fromUsername: airline.name, toUsername: pilot.userName };
  const salaryDebit = { airlineId: airline.id, amount: salary, idempotencyKey: key('salary-debit'), agentUserName: pilot.userName, description: `Salary ${pilot.userName}, flight ${booking.flightNumber}`, categoryData: transfer };
  try {
    await debitAirline(db, { ...salaryDebit, executionDate });
  } catch (error) {
    if (!(error instanceof AppError && error.code === ErrorCode.airlineNotEnoughFc)) throw error;
    // The pilot is paid regardless; the airline owes it, and the settlement counts it if unpaid.
    await planTransaction(db, { ...salaryDebit, owner: { airlineId: airline.id }, currency: 'MFC', transactionType: 'DEBIT', dueDate: executionDate });
  }
  await creditUser(db, { userId: pilot.id, currency: 'MFC', amount: salary, idempotencyKey: key('salary'), executionDate, description: `Salary from ${airline.name}, flight ${booking.flightNumber}`, categoryData: transfer });
  // The monthly flight-time bonus, to whom the airline's mftOption names, within the pilot's monthly limit.
  // A retry finds the booking's hours already counted and the same idempotency key: it pays nothing twice.
  const mft = booking.revenue > 0 || booking.mftHours > 0
    ? { creditedHours: booking.mftHours, amount: booking.mftBonus, recipient: airline.mftOption }
    : mftBonusOf({ flightHours: money.mftFlightHours ?? 0, hoursCreditedThisMonth: await mftHoursThisMonth(db, pilot.id, now), option: airline.mftOption });
  const mftCredit = {
    amount: mft.amount,
    idempotencyKey: key('mft'),
    executionDate,
    description: `Monthly flight-time bonus, flight ${booking.flightNumber} (${mft.creditedHours} h)`,
    categoryData: { category: 'MF_BONUS' as const, reason: 'Monthly flight-time bonus' },
  };
  if (mft.recipient === 'pilot') await creditUser(db, { ...mftCredit, userId: pilot.id, currency: 'MFC' });
  else await creditAirline(db, { ...mftCredit, airlineId: airline.id, agentUserName: pilot.userName });
  await db.update(airlineBookings).set({ revenue, salary, mftHours: mft.creditedHours, mftBonus: mft.amount }).where(eq(airlineBookings.id, booking.id));
  return { airlineRevenue: revenue, salary };
};

/** An accepted flight's whole settlement: the plane parks, the airline and the pilot are paid. */
export const settleAirlineFlight = async (db: DbExecutor, leg: FlownLeg): Promise<AirlineFlightResult | null> => {
  const money = await parkAirlineFlight(db, leg);
  return money ? payAirlineFlight(db, leg.flightId, money, leg.now) : null;
};

/** What a completed airline flight earned (a completion answered again after a cut). */
export const airlineFlightResultOf = async (db: DbExecutor, flightId: string): Promise<AirlineFlightResult | null> => {
  const [booking] = await db.select().from(airlineBookings).where(and(eq(airlineBookings.flightId, flightId), eq(airlineBookings.state, 'COMPLETED')));
  return booking ? { airlineRevenue: booking.revenue, salary: booking.salary } : null;
};

/** GET /airline/{id}/profit-and-loss: revenue against the salary paid, per route and per plane, from the flights flown. */
export const getProfitAndLoss = async (db: DbExecutor, caller: Caller, airlineId: string) => {
  await requireAccess(db, caller, 'airline.wallet.read', { airlineId });
  const flown = await db
    .select({ booking: airlineBookings, plane: airlinePlanes.tailRegistration, route: airlineRoutes.name })
    .from(airlineBookings)
    .innerJoin(airlinePlanes, eq(airlinePlanes.id, airlineBookings.planeId))
    .leftJoin(airlineRoutes, eq(airlineRoutes.id, airlineBookings.routeId))
    .where(and(eq(airlineBookings.airlineId, airlineId), eq(airlineBookings.state, 'COMPLETED')));
  return {
    byRoute: profitAndLoss(flown.map(({ booking, route }) => ({ key: route ?? `${booking.departureIdent}-${booking.arrivalIdent}`, revenue: booking.revenue, cost: booking.salary }))),
    byPlane: profitAndLoss(flown.map(({ booking, plane }) => ({ key: plane, revenue: booking.revenue, cost: booking.salary }))),
  };
};
