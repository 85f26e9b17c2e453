// phpVMS's flights and bids over Contrail's airline routes and bookings
// (docs/decisions/0046-phpvms-pilot-api.md): a flight is a route of one of the pilot's airlines,
// a bid is a booking of one of its planes for that route, with Contrail's booking rules.
import { isAppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import { distanceFromNm } from '@contrail/domain/phpvms-api/phpvms-units';
import { z } from 'zod';
import { bookPlane, cancelBooking, flightNumberOf, listMyBookings, listRoutesFromAirport } from '../airline/airline-booking.service';
import { getAirportWithRunways } from '../airport/airport.service';
import { distanceNm } from '@contrail/domain/geo/great-circle';
import { queryPage } from '../../db/paging';
import { parseBody, PhpvmsError } from './phpvms-errors';
import { phpvmsPage, phpvmsPageRequest } from './phpvms-page';
import type { PhpvmsPilot } from './phpvms-keys.service';
import { memberAirlinesOf, routesOfAirlines } from '../airline/airline-directory.service';
import type { PhpvmsContext } from './phpvms-pirep.service';

type RouteWithAirline = Awaited<ReturnType<typeof routesOfAirlines>>[number];

const flightNotFound = (id: string) => new PhpvmsError(404, 'not-found', `Flight ${id.slice(0, 64)} not found`, undefined, { flight_id: id.slice(0, 64) });

const flightResource = async (ctx: PhpvmsContext, { route, airlineCode, airlineName }: RouteWithAirline) => {
  const dpt = route.destinations[0]!;
  const arr = route.destinations[route.destinations.length - 1]!;
  const [from, to] = await Promise.all([getAirportWithRunways(ctx.deps.db, dpt), getAirportWithRunways(ctx.deps.db, arr)]);
  const nm = from && to ? distanceNm({ latitudeDeg: from.position.latitude, longitudeDeg: from.position.longitude }, { latitudeDeg: to.position.latitude, longitudeDeg: to.position.longitude }) : 0;
  const number = flightNumberOf({ code: airlineCode }, route);
  return {
    id: route.id,
    airline_id: route.airlineId,
    airline: { id: route.airlineId, icao: airlineCode, name: airlineName },
    ident: number,
    flight_number: number.slice(airlineCode.length),
    callsign: number,
    route_code: null,
    route_leg: null,
    dpt_airport_id: dpt,
    arr_airport_id: arr,
    alt_airport_id: null,
    dpt_time: route.departureTime,
    arr_time: route.arrivalTime,
    level: null,
    distance: distanceFromNm(Math.round(nm)),
    flight_time: null,
    flight_type: 'J',
    route: route.destinations.slice(1, -1).join(' '),
    notes: route.name,
    active: true,
    visible: true,
    subfleets: [],
    fields: [],
  };
};

const ZSearch = z.object({
  dpt_airport_id: z.string().trim().toUpperCase().max(8).optional().catch(undefined),
  arr_airport_id: z.string().trim().toUpperCase().max(8).optional().catch(undefined),
  airline_id: z.string().max(64).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

/** GET /flights/search: the routes of the pilot's airlines, by departure, arrival or airline, paged as phpVMS pages. */
export const searchFlights = async (ctx: PhpvmsContext, pilot: PhpvmsPilot, query: unknown, path: string) => {
  const q = ZSearch.parse(query ?? {});
  const airlines = (await memberAirlinesOf(ctx.deps.db, pilot.id)).filter((airline) => !q.airline_id || airline.id === q.airline_id);
  const rows = (
    await routesOfAirlines(
      ctx.deps.db,
      airlines.map((airline) => airline.id),
    )
  ).filter(({ route }) => (!q.dpt_airport_id || route.destinations[0] === q.dpt_airport_id) && (!q.arr_airport_id || route.destinations.at(-1) === q.arr_airport_id));
  const page = await queryPage(phpvmsPageRequest(q.page), { rows: async ({ limit, offset }) => rows.slice(offset, offset + limit), count: async () => rows.length });
  const data = [];
  for (const row of page.rows) data.push(await flightResource(ctx, row));
  return phpvmsPage(data, page, { path, page: q.page });
};

const routeOfPilot = async (ctx: PhpvmsContext, pilot: PhpvmsPilot, flightId: string): Promise<RouteWithAirline> => {
  if (!z.uuid().safeParse(flightId).success) throw flightNotFound(flightId);
  const airlines = await memberAirlinesOf(ctx.deps.db, pilot.id);
  const [row] = await routesOfAirlines(
    ctx.deps.db,
    airlines.map((airline) => airline.id),
    flightId,
  );
  if (!row) throw flightNotFound(flightId);
  return row;
};

export const getFlightResource = async (ctx: PhpvmsContext, pilot: PhpvmsPilot, flightId: string) => ({ data: await flightResource(ctx, await routeOfPilot(ctx, pilot, flightId)) });

/** GET /user/bids: the pilot's live bookings as phpVMS bids. */
export const listBids = async (ctx: PhpvmsContext, pilot: PhpvmsPilot) => {
  const { db, clock } = ctx.deps;
  const { flights } = await listMyBookings(db, pilot, clock.now());
  const airlines = new Set(flights.map((flight) => flight.airlineId));
  const routes = new Map((await routesOfAirlines(db, [...airlines])).map((row) => [row.route.id, row]));
  const data = [];
  for (const booking of flights) {
    const route = routes.get(booking.routeId);
    data.push({
      id: booking.bidId,
      user_id: pilot.id,
      flight_id: booking.routeId,
      aircraft_id: booking.flight.aircraft.id,
      state: booking.state,
      expires_at: booking.expiresAt,
      flight: route ? await flightResource(ctx, route) : null,
      aircraft: { id: booking.flight.aircraft.id, icao: booking.flight.aircraft.icao, registration: booking.flight.aircraft.registration, name: booking.flight.aircraft.name },
    });
  }
  return { data };
};

/** A booking refusal as phpVMS's error: a second bid is its 409 `bid-exists`, the rest a 400 with Contrail's reason. */
const bidError = (error: unknown, flightId: string): never => {
  if (!isAppError(error)) throw error;
  if (error.code === ErrorCode.conflict) throw new PhpvmsError(409, 'bid-exists', 'A bid already exists for this flight', error.message, { flight_id: flightId });
  throw new PhpvmsError(error.httpStatus === 404 ? 404 : 400, 'bid-error', error.message, undefined, { flight_id: flightId });
};

const ZAddBid = z.object({ flight_id: z.union([z.string().max(64), z.number().transform(String)]), aircraft_id: z.union([z.string().max(64), z.number().transform(String)]).optional().nullable() });

/**
 * POST/PUT /user/bids: books a plane of the airline for the route: the one named, else the first
 * plane at the departure the booking rules open to this pilot.
 */
export const addBid = async (ctx: PhpvmsContext, pilot: PhpvmsPilot, rawBody: unknown) => {
  const body = parseBody(ZAddBid, rawBody);
  const { db, clock } = ctx.deps;
  const { route } = await routeOfPilot(ctx, pilot, body.flight_id);
  const { flights } = await listMyBookings(db, pilot, clock.now());
  if (flights.length > 0) throw new PhpvmsError(409, 'bid-exists', 'A bid already exists for this flight', 'You already have a plane booked: fly it or cancel the booking first', { flight_id: route.id });
  let planeId = body.aircraft_id ?? null;
  if (!planeId) {
    const page = await listRoutesFromAirport(db, pilot, route.airlineId, route.destinations[0]!, { page: 0, size: 100 }, clock.now()).catch((error: unknown) => bidError(error, route.id));
    const open = page.items.find((item) => item.id === route.id)?.planes.find((plane) => plane.restrictionReason === null);
    if (!open) throw new PhpvmsError(400, 'aircraft-not-available', 'The aircraft is not available for flight', 'No plane of the airline at the departure is open to you for this flight', { flight_id: route.id });
    planeId = open.id;
  }
  if (!z.uuid().safeParse(planeId).success) throw new PhpvmsError(404, 'not-found', 'Aircraft not found', undefined, { aircraft_id: planeId.slice(0, 64) });
  const booked = await bookPlane(db, pilot, route.airlineId, planeId, route.id, clock.now()).catch((error: unknown) => bidError(error, route.id));
  const bids = await listBids(ctx, pilot);
  return { data: bids.data.find((bid) => bid.id === booked.bidId) ?? null };
};

const ZRemoveBid = z.object({ bid_id: z.string().max(64).optional(), flight_id: z.union([z.string().max(64), z.number().transform(String)]).optional() });

/** DELETE /user/bids: by `bid_id` or `flight_id`; answers the bids left. */
export const removeBid = async (ctx: PhpvmsContext, pilot: PhpvmsPilot, rawBody: unknown) => {
  const body = parseBody(ZRemoveBid, rawBody);
  const { db, clock } = ctx.deps;
  const { flights } = await listMyBookings(db, pilot, clock.now());
  const booking = flights.find((flight) => (body.bid_id !== undefined && flight.bidId === body.bid_id) || (body.flight_id !== undefined && flight.routeId === body.flight_id));
  if (!booking) {
    const id = (body.bid_id ?? body.flight_id ?? '').slice(0, 64);
    throw new PhpvmsError(404, 'bid-not-found', `The bid ${id} was not found`, undefined, { bid_id: id });
  }
  await cancelBooking(db, pilot, booking.airlineId, booking.bidId, clock.now()).catch((error: unknown) => bidError(error, booking.routeId));
  return listBids(ctx, pilot);
};
