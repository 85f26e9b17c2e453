import { airlineError } from '@contrail/domain/airline/airline-errors';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import type { DbExecutor } from '../../db/database';
import type { Caller } from '../access/access.service';
import { heldLicences } from '../licence/licence.service';
import { pilotLevelAndXp } from '../user/user-pilot.service';
import { isAirlineManagerPremium, type AirlineRow } from './airline-common';
import { findActiveMemberRank } from './airline-member.repository';
import type { PlaneRow } from './airline-plane.repository';
import { findRanksOf, type RankRow } from './airline-rank.repository';
import type { RouteRow } from './airline-route.repository';

/** Whether one member may fly one plane on one route, and each refusal in the pilot's words. */

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
export const refusal = (code: string) => airlineError(code as ErrorCode, REFUSALS[code] ?? 'This plane cannot be booked');

/** What decides whether one member may fly one plane on one route. */
export type Pilot = { ownerPremium: boolean; rank: RankRow | null; ranks: RankRow[]; careerLevel: number; licensedIcaos: ReadonlySet<string> };

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
export const pilotOf = async (db: DbExecutor, caller: Caller, airline: AirlineRow, icaos: readonly string[], now: Date): Promise<Pilot> => {
  const me = await findActiveMemberRank(db, airline.id, caller.id);
  // The career level counts for an active member only, as the rank does.
  const level = me ? (await pilotLevelAndXp(db, caller.id))?.level : undefined;
  const ranks = await findRanksOf(db, airline.id);
  // The pilot's licences, read once for every plane in question.
  const held = (await heldLicences(db, caller.id)).flatMap((licence) => licence.aircraftsIcao);
  const licensed = new Set(icaos.filter((icao) => held.includes(icao.toUpperCase())));
  return {
    ownerPremium: await isAirlineManagerPremium(db, airline.ownerId, now),
    rank: me?.rank ?? null,
    ranks,
    careerLevel: level ?? 1,
    licensedIcaos: licensed,
  };
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

/** The route's answer from its planes' answers (`bookingRestriction` of each plane). */
export const closestRestriction = (pilot: Pilot, planeReasons: readonly (string | null)[]): string | null => {
  if (!pilot.ownerPremium) return ErrorCode.ownerSubscriptionInactive;
  let closest: string = ErrorCode.noAircraftInRouteCategories;
  for (const reason of planeReasons) {
    if (reason === null) return null;
    if (CHECK_ORDER.indexOf(reason) > CHECK_ORDER.indexOf(closest)) closest = reason;
  }
  return closest;
};

/**
 * Why a route is closed to this pilot with these planes, or null when one of them is open: the
 * reason of the plane that came closest, so the pilot reads the one thing left to fix.
 */
export const routeRestrictionFor = (pilot: Pilot, route: RouteRow, planes: readonly PlaneRow[]): string | null =>
  closestRestriction(
    pilot,
    planes.map((plane) => bookingRestriction(pilot, route, plane)),
  );
