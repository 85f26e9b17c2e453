import { ROUTE_DESTINATIONS_MAX, ROUTE_DESTINATIONS_MIN, ROUTE_TIME_PATTERN, type TConstraint, type TPageQuery } from '@contrail/domain/airline/airline-contract';
import { airlineError } from '@contrail/domain/airline/airline-errors';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import type { PlaneCategory } from '@contrail/domain/reference/aircraft-information';
import type { DbExecutor } from '../../db/database';
import { requireAccess, type Caller } from '../access/access.service';
import { airportRowsOf } from '../airport/airport.service';
import { toPage } from '../../db/paging';
import { assertActive, findAirline } from './airline-common';
import { findActiveHubIdents } from './airline-hub.repository';
import { findPlanesOf, type PlaneRow } from './airline-plane.repository';
import { findRankRow } from './airline-rank.repository';
import { deleteRouteOf, findRouteRowsPage, insertRoute, updateRouteOf, type RouteRow } from './airline-route.repository';

/** An airline's routes: the destinations its pilots fly from a hub, for a plane category. */

export type RouteInput = { name: string; destinations: string[]; constraints: TConstraint[]; planeCategory: PlaneCategory; departureTime: string; arrivalTime: string };

const checkTimes = (departureTime: string, arrivalTime: string) => {
  if (!ROUTE_TIME_PATTERN.test(departureTime) || !ROUTE_TIME_PATTERN.test(arrivalTime)) {
    throw airlineError(ErrorCode.invalidTimeFormat, 'Times are HH:mm (24-hour UTC)');
  }
};

/** Why a route cannot be flown now, as the spec's code (ERR_0038 no plane of the category, ERR_0039 none at the departure). */
const routeRestriction = (route: RouteRow, planes: PlaneRow[]): string | null => {
  const usable = planes.filter((plane) => plane.category === route.planeCategory);
  if (usable.length === 0) return ErrorCode.noAircraftInRouteCategories;
  if (!usable.some((plane) => plane.state === 'AT_AIRPORT' && plane.airportIdent === route.destinations[0])) return ErrorCode.noAircraftAtAirportForRoute;
  return null;
};

export const toRoute = (route: RouteRow, planes: PlaneRow[]) => {
  const reason = routeRestriction(route, planes);
  return {
    id: route.id,
    airlineId: route.airlineId,
    name: route.name,
    destinations: route.destinations,
    airlineConstraints: route.constraints.filter((c) => c.context === 'AIRLINE'),
    externalConstraints: route.constraints.filter((c) => c.context === 'EXTERNAL'),
    planeCategory: route.planeCategory,
    departureTime: route.departureTime,
    arrivalTime: route.arrivalTime,
    departureHub: route.destinations[0]!,
    arrivalHub: route.destinations[route.destinations.length - 1]!,
    restricted: reason !== null,
    restrictionReason: reason,
  };
};

/** One page of the airline's routes (those leaving `fromIdent` when given), with every plane of the airline. */
export const findRoutesPage = async (db: DbExecutor, airlineId: string, query: TPageQuery, fromIdent?: string) => {
  const page = await findRouteRowsPage(db, airlineId, query, fromIdent);
  return { page, planes: await findPlanesOf(db, airlineId) };
};

export const listRoutes = async (db: DbExecutor, caller: Caller, airlineId: string, query: TPageQuery) => {
  await requireAccess(db, caller, 'airline.read', { airlineId });
  const { page, planes } = await findRoutesPage(db, airlineId, query);
  return toPage(page, (row) => toRoute(row, planes));
};

/** POST /airline/{id}/route: destinations from an ACTIVE hub, never the same airport twice in a row. */
export const createRoute = async (db: DbExecutor, caller: Caller, airlineId: string, input: RouteInput) => {
  await requireAccess(db, caller, 'airline.route.manage', { airlineId });
  assertActive(await findAirline(db, airlineId));
  const destinations = input.destinations.map((ident) => ident.toUpperCase());
  if (destinations.length < ROUTE_DESTINATIONS_MIN || destinations.length > ROUTE_DESTINATIONS_MAX) {
    throw airlineError(ErrorCode.invalidDestinationLength, `A route has ${ROUTE_DESTINATIONS_MIN} to ${ROUTE_DESTINATIONS_MAX} destinations`);
  }
  if (destinations.some((ident, i) => i > 0 && ident === destinations[i - 1])) throw airlineError(ErrorCode.invalidRoute, 'The same airport cannot follow itself');
  checkTimes(input.departureTime, input.arrivalTime);
  const hubs = await findActiveHubIdents(db, airlineId);
  if (!hubs.has(destinations[0]!)) throw airlineError(ErrorCode.invalidRouteHub, 'A route starts at one of the airline’s active hubs');
  const known = await airportRowsOf(db, destinations);
  if (known.size !== new Set(destinations).size) throw airlineError(ErrorCode.invalidRoute, 'Unknown airport in the destinations');
  for (const constraint of input.constraints) {
    if (constraint.type !== 'CL' && !(await findRankRow(db, airlineId, constraint.rankId))) {
      throw airlineError(ErrorCode.invalidRoute, 'A rank constraint names a rank of another airline');
    }
  }
  const route = await insertRoute(db, {
    airlineId,
    name: input.name,
    destinations,
    constraints: input.constraints,
    planeCategory: input.planeCategory,
    departureTime: input.departureTime,
    arrivalTime: input.arrivalTime,
  });
  return toRoute(route, await findPlanesOf(db, airlineId));
};

export const updateRoute = async (db: DbExecutor, caller: Caller, airlineId: string, routeId: string, input: Omit<RouteInput, 'destinations' | 'constraints'>) => {
  await requireAccess(db, caller, 'airline.route.manage', { airlineId });
  assertActive(await findAirline(db, airlineId));
  checkTimes(input.departureTime, input.arrivalTime);
  const route = await updateRouteOf(db, airlineId, routeId, { name: input.name, planeCategory: input.planeCategory, departureTime: input.departureTime, arrivalTime: input.arrivalTime });
  if (!route) throw airlineError(ErrorCode.routeNotFound, 'Route not found');
  return toRoute(route, await findPlanesOf(db, airlineId));
};

export const deleteRoute = async (db: DbExecutor, caller: Caller, airlineId: string, routeId: string) => {
  await requireAccess(db, caller, 'airline.route.manage', { airlineId });
  if (!(await deleteRouteOf(db, airlineId, routeId))) throw airlineError(ErrorCode.routeNotFound, 'Route not found');
};
