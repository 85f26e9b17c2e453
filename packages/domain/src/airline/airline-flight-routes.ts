import { z } from 'zod';
import { declareRoute } from '../api/route-declaration';
import { pageOf, ZPageQuery } from '../api/page';
import { ZBookedFlight, ZBookedFlightList, ZBookPlaneRequest, ZProfitAndLoss, ZRouteFromAirport } from './airline-contract';
import { airlineApiBase as base, airlineApiTag as tag, ZSuccess as ok } from './airline-route-parts';

/** Flying for an airline (issue 18): routes from where the pilot stands, bookings, what the flights earned. */
export const airlineFlightRoutes = {
  /** The airline's routes from an airport, each with the planes there and why each is closed to the caller. */
  routesFrom: declareRoute({
    method: 'GET',
    path: `${base}/airline/:id/route/from/:ident`,
    tag,
    params: z.object({ id: z.uuid(), ident: z.string().trim().min(2).max(16) }),
    query: ZPageQuery,
    response: pageOf(ZRouteFromAirport),
  }),
  book: declareRoute({
    method: 'POST',
    path: `${base}/airline/:id/plane/:planeId/booking`,
    tag,
    status: 201,
    params: z.object({ id: z.uuid(), planeId: z.uuid() }),
    body: ZBookPlaneRequest,
    response: ZBookedFlight,
  }),
  cancelBooking: declareRoute({ method: 'DELETE', path: `${base}/airline/:id/booking/:bidId`, tag, params: z.object({ id: z.uuid(), bidId: z.uuid() }), response: ok }),
  myBookings: declareRoute({ method: 'GET', path: `${base}/airline/booking`, tag, response: ZBookedFlightList }),
  profitAndLoss: declareRoute({ method: 'GET', path: `${base}/airline/:id/profit-and-loss`, tag, params: z.object({ id: z.uuid() }), response: ZProfitAndLoss }),
};
