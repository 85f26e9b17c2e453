import type { TBookedFlight, TPageQuery } from '@contrail/domain/airline/airline-contract';
import { profitAndLoss } from '@contrail/domain/economy/airline-economy';
import { AIRLINE_BOOKING_TIMEOUT_MINUTES } from '@contrail/domain/economy/airline-economy-constants';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import type { DbExecutor } from '../../db/database';
import { uniqueViolationOf } from '../../db/unique-violation';
import { requireAccess, type Caller } from '../access/access.service';
import { bookingRestriction, closestRestriction, pilotOf, refusal, routeRestrictionFor } from './airline-booking-rules';
import {
  cancelBookedBooking,
  expireBookedBookings,
  findBookingOf,
  findCompletedBookingsOf,
  findLiveBookingsOfUser,
  insertBooking,
  type BookingRow,
} from './airline-booking.repository';
import { toPage } from '../../db/paging';
import { assertActive, findAirline, isAirlineManagerPremium, type AirlineRow } from './airline-common';
import { assertNotGrounded } from './airline-grounding.service';
import { findPlanesOfType, holdPlane, releasePlanes, type PlaneRow } from './airline-plane.repository';
import { findPlane } from './airline-plane.service';
import { findRouteOf, findRoutesOf, type RouteRow } from './airline-route.repository';
import { findRoutesPage, toRoute } from './airline-route.service';

/**
 * Flying for an airline (issue 18, docs/decisions/0028-airline-flights.md): a member books a plane
 * for a route, the flight module registers and completes the AIRLINE flight through the hooks of
 * airline-flight.service.ts, inside its own database transactions, and the booking keeps what the
 * flight earned.
 */

export const AIRLINE_BOOKING_EXPIRY_JOB = 'airline-booking-expiry';
export const AIRLINE_BOOKING_EXPIRY_PERIOD_MS = 60_000;
const BOOKING_TIMEOUT_MS = AIRLINE_BOOKING_TIMEOUT_MINUTES * 60_000;

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

const findRoute = async (db: DbExecutor, airlineId: string, routeId: string): Promise<RouteRow> => {
  const route = await findRouteOf(db, airlineId, routeId);
  if (!route) throw new AppError(ErrorCode.notFound, 'Route not found', 'routeId');
  return route;
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
  const [route, plane] = await Promise.all([findRoute(db, airlineId, routeId), findPlane(db, airlineId, planeId)]);
  const reason = bookingRestriction(await pilotOf(db, caller, airline, [plane.icao], now), route, plane);
  if (reason) throw refusal(reason);
  try {
    return await db.transaction(async (tx) => {
      const held = await holdPlane(tx, plane.id, route.destinations[0]!);
      if (!held) throw refusal(ErrorCode.planesUnavailable);
      const booking = await insertBooking(tx, {
        airlineId,
        planeId,
        routeId,
        userId: caller.id,
        flightNumber: flightNumberOf(airline, route),
        departureIdent: route.destinations[0]!,
        arrivalIdent: route.destinations[route.destinations.length - 1]!,
        expiresAt: new Date(now.getTime() + BOOKING_TIMEOUT_MS),
        createdAt: now,
      });
      return toBookedFlight(booking, held, airline);
    });
  } catch (error) {
    if (uniqueViolationOf(error) === 'airline_bookings_live_user_idx') {
      throw new AppError(ErrorCode.conflict, 'You already have a plane booked: fly it or cancel the booking first');
    }
    if (uniqueViolationOf(error) === 'airline_bookings_live_plane_idx') throw refusal(ErrorCode.planesUnavailable);
    throw error;
  }
};

/** DELETE /airline/{id}/booking/{bidId}: by the pilot who booked, or the owner or an administrator. */
export const cancelBooking = async (db: DbExecutor, caller: Caller, airlineId: string, bidId: string, now: Date): Promise<void> => {
  await requireAccess(db, caller, 'airline.read', { airlineId });
  const booking = await findBookingOf(db, airlineId, bidId);
  if (!booking) throw new AppError(ErrorCode.notFound, 'Booking not found');
  if (booking.userId !== caller.id) await requireAccess(db, caller, 'airline.plane.manage', { airlineId });
  if (booking.state === 'FLYING') throw new AppError(ErrorCode.conflict, 'This plane is flying: cancel the flight instead');
  if (booking.state !== 'BOOKED') throw new AppError(ErrorCode.conflict, 'This booking is already over');
  await db.transaction(async (tx) => {
    const ended = await cancelBookedBooking(tx, bidId, now);
    if (ended) await releasePlanes(tx, [ended.planeId], 'BOOKED');
  });
};

/** GET /airline/booking: the caller's live bookings; grounded when an owner's subscription lapsed. */
export const listMyBookings = async (db: DbExecutor, caller: Caller, now: Date) => {
  const rows = await findLiveBookingsOfUser(db, caller.id);
  let isGrounded = false;
  for (const { airline } of rows) if (!(await isAirlineManagerPremium(db, airline.ownerId, now))) isGrounded = true;
  return { flights: rows.map(({ booking, plane, airline }) => toBookedFlight(booking, plane, airline)), isGrounded };
};

/** The expiry job: bookings never flown within the timeout end, and their planes go back on the line. */
export const expireBookings = async (db: DbExecutor, now: Date): Promise<number> =>
  db.transaction(async (tx) => {
    const planeIds = await expireBookedBookings(tx, now);
    await releasePlanes(tx, planeIds, 'BOOKED');
    return planeIds.length;
  });

/** GET /airline/{id}/route/from/{ident}: the routes from there, each with the planes there and why each is closed to this pilot. */
export const listRoutesFromAirport = async (db: DbExecutor, caller: Caller, airlineId: string, ident: string, query: TPageQuery, now: Date) => {
  await requireAccess(db, caller, 'airline.read', { airlineId });
  const airline = await findAirline(db, airlineId);
  const here = ident.toUpperCase();
  const { page, planes } = await findRoutesPage(db, airlineId, query, here);
  const planesHere = planes.filter((plane) => plane.airportIdent === here).sort((a, b) => a.tailRegistration.localeCompare(b.tailRegistration));
  const pilot = await pilotOf(db, caller, airline, planesHere.map((plane) => plane.icao), now);
  return toPage(page, (route) => {
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
};

/**
 * GET /airline/{id}/aircraft/{aircraft}/flights-restrictions: for each route of the airline,
 * whether this pilot can fly it with a plane of that type, by the same rules as a booking.
 */
export const flightRestrictions = async (db: DbExecutor, caller: Caller, airlineId: string, aircraftIcao: string, now: Date) => {
  await requireAccess(db, caller, 'airline.fly', { airlineId });
  const airline = await findAirline(db, airlineId);
  const icao = aircraftIcao.toUpperCase();
  const planes = await findPlanesOfType(db, airlineId, icao);
  const routes = await findRoutesOf(db, airlineId);
  const pilot = await pilotOf(db, caller, airline, [icao], now);
  return routes.map((route) => {
    const reason = routeRestrictionFor(pilot, route, planes);
    return { routeId: route.id, restricted: reason !== null, restrictionReason: reason };
  });
};

/** GET /airline/{id}/profit-and-loss: revenue against the salary paid, per route and per plane, from the flights flown. */
export const getProfitAndLoss = async (db: DbExecutor, caller: Caller, airlineId: string) => {
  await requireAccess(db, caller, 'airline.wallet.read', { airlineId });
  const flown = await findCompletedBookingsOf(db, airlineId);
  return {
    byRoute: profitAndLoss(flown.map(({ booking, route }) => ({ key: route ?? `${booking.departureIdent}-${booking.arrivalIdent}`, revenue: booking.revenue, cost: booking.salary }))),
    byPlane: profitAndLoss(flown.map(({ booking, plane }) => ({ key: plane, revenue: booking.revenue, cost: booking.salary }))),
  };
};

