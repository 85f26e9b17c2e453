import { z } from 'zod';
import { pageOf } from '../api/page';
import { declareRoute } from '../api/route-declaration';
import { GameDifficulty } from '../economy/airline-economy-constants';
import { PlaneCategory } from '../reference/aircraft-information';
import {
  ZAirlineQuoteQuery,
  ZCreatedHangar,
  ZCreateHangarRequest,
  ZCreateHubRequest,
  ZCreatePlaneRequest,
  ZCreateRouteRequest,
  ZCreateTrafficRightRequest,
  ZFlightRestriction,
  ZHangar,
  ZHangarCost,
  ZHangarCostQuery,
  ZHub,
  ZHubCost,
  ZHubStateRequest,
  ZPageQuery,
  ZPlane,
  ZPlaneCost,
  ZRoute,
  ZTrafficRight,
  ZTrafficRightCost,
  ZUpdateRouteRequest,
  ZUpdateTrafficRightRequest,
} from './airline-contract';
import { AirlineParams, airlineApiBase as base, airlineApiTag as tag, ZAirlineId as id, ZSuccess as ok } from './airline-route-parts';

const PlaneParams = z.object({ id, planeId: id });
const RouteParams = z.object({ id, routeId: id });
const IsoParams = z.object({ id, iso: z.string().length(2) });
/** Quote paths take the difficulty in either case: `realist` or `REALIST`. */
const difficulty = z
  .string()
  .transform((value) => value.toUpperCase())
  .pipe(z.enum(GameDifficulty));

/** What an airline owns and runs: hubs, hangars, planes, routes and traffic rights, and their quotes. */
export const airlineAssetRoutes = {
  // ---- hubs ----
  hubs: declareRoute({ method: 'GET', path: `${base}/airline/:id/hub`, tag, params: AirlineParams, query: ZPageQuery, response: pageOf(ZHub) }),
  hub: declareRoute({ method: 'GET', path: `${base}/airline/:id/hub/:hubId`, tag, params: z.object({ id, hubId: id }), response: ZHub }),
  /** Its licence paid now, its rent planned monthly. */
  openHub: declareRoute({ method: 'POST', path: `${base}/airline/:id/hub`, tag, status: 201, params: AirlineParams, body: ZCreateHubRequest, response: ZHub }),
  setHubState: declareRoute({ method: 'PUT', path: `${base}/hub/:hubId/state`, tag, params: z.object({ hubId: id }), body: ZHubStateRequest, response: ZHub }),
  setMainHub: declareRoute({ method: 'PUT', path: `${base}/hub/:hubId/main`, tag, params: z.object({ hubId: id }), response: ZHub }),
  hubCost: declareRoute({
    method: 'GET',
    path: `${base}/hub/airport/:ident/cost/game_difficulty/:difficulty`,
    tag,
    params: z.object({ ident: z.string().max(16), difficulty }),
    response: ZHubCost,
  }),

  // ---- hangars ----
  hangars: declareRoute({ method: 'GET', path: `${base}/airline/:id/hangar`, tag, params: AirlineParams, query: ZPageQuery, response: pageOf(ZHangar) }),
  /** A hangar item of the airline's inventory built at one of its hubs. */
  buildHangar: declareRoute({ method: 'POST', path: `${base}/airline/:id/hangar`, tag, status: 201, params: AirlineParams, body: ZCreateHangarRequest, response: ZCreatedHangar }),
  /** The licence and monthly rent of a hangar of this size there, at the airline's difficulty. */
  hangarCost: declareRoute({
    method: 'GET',
    path: `${base}/airline/hangar/airport/:ident/cost`,
    tag,
    params: z.object({ ident: z.string().max(16) }),
    query: ZHangarCostQuery,
    response: ZHangarCost,
  }),

  // ---- planes ----
  planes: declareRoute({ method: 'GET', path: `${base}/airline/:id/plane`, tag, params: AirlineParams, query: ZPageQuery, response: pageOf(ZPlane) }),
  plane: declareRoute({ method: 'GET', path: `${base}/airline/:id/plane/:planeId`, tag, params: PlaneParams, response: ZPlane }),
  /** An aircraft item of the airline's inventory built at one of its hubs. */
  buildPlane: declareRoute({ method: 'POST', path: `${base}/airline/:id/plane`, tag, status: 201, params: AirlineParams, body: ZCreatePlaneRequest, response: ZPlane }),
  startMaintenance: declareRoute({ method: 'PUT', path: `${base}/airline/:id/plane/:planeId/state/UNDER_MAINTENANCE`, tag, params: PlaneParams, response: ZPlane }),
  planeCost: declareRoute({
    method: 'GET',
    path: `${base}/plane/category/:category/cost/:difficulty`,
    tag,
    params: z.object({ category: z.enum(PlaneCategory), difficulty }),
    response: ZPlaneCost,
  }),

  // ---- routes ----
  routes: declareRoute({ method: 'GET', path: `${base}/airline/:id/route`, tag, params: AirlineParams, query: ZPageQuery, response: pageOf(ZRoute) }),
  createRoute: declareRoute({ method: 'POST', path: `${base}/airline/:id/route`, tag, status: 201, params: AirlineParams, body: ZCreateRouteRequest, response: ZRoute }),
  updateRoute: declareRoute({ method: 'PUT', path: `${base}/airline/:id/route/:routeId`, tag, params: RouteParams, body: ZUpdateRouteRequest, response: ZRoute }),
  deleteRoute: declareRoute({ method: 'DELETE', path: `${base}/airline/:id/route/:routeId`, tag, params: RouteParams, response: ok }),
  /** Which routes the caller may fly with this aircraft type, and why not (the path keeps its trailing slash). */
  flightRestrictions: declareRoute({
    method: 'GET',
    path: `${base}/airline/:id/aircraft/:aircraft/flights-restrictions/`,
    tag,
    params: z.object({ id, aircraft: z.string().min(2).max(4) }),
    response: z.array(ZFlightRestriction),
  }),

  // ---- traffic rights ----
  trafficRights: declareRoute({ method: 'GET', path: `${base}/airline/:id/traffic-right`, tag, params: AirlineParams, query: ZPageQuery, response: pageOf(ZTrafficRight) }),
  buyTrafficRight: declareRoute({ method: 'POST', path: `${base}/airline/:id/traffic-right`, tag, status: 201, params: AirlineParams, body: ZCreateTrafficRightRequest, response: ok }),
  setTrafficRightAutoRenew: declareRoute({ method: 'PUT', path: `${base}/airline/:id/traffic-right/:iso`, tag, params: IsoParams, body: ZUpdateTrafficRightRequest, response: ok }),
  renewTrafficRight: declareRoute({ method: 'POST', path: `${base}/airline/:id/traffic-right/:iso/renew`, tag, params: IsoParams, response: ok }),
  /** The licence of a country's traffic right for its validity, at the airline's difficulty. */
  trafficRightCost: declareRoute({
    method: 'GET',
    path: `${base}/traffic-right/iso/:iso/cost`,
    tag,
    params: z.object({ iso: z.string().length(2) }),
    query: ZAirlineQuoteQuery,
    response: ZTrafficRightCost,
  }),
};
