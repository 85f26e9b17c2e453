import type { AirlineMemberships } from '../access/airline-memberships.port';
import { findAirlineMembership, inMemberAirlines } from './airline-directory.repository';

/**
 * Reads of airlines other modules make without depending on the rest of the airline module: a
 * pilot's airlines and memberships, an airline's fleet and routes. This file imports only the
 * airline's tables (through its repository), so a module the airline module depends on (access)
 * can be given these reads at composition without an import circle.
 */
export {
  findActiveMemberIdsWithRoles as activeMemberIdsWithRoles,
  findAirlineMembership as airlineMembershipOf,
  findMemberAirlines as memberAirlinesOf,
  findPlanesOfAirlines as planesOfAirlines,
  findRoutesOfAirlines as routesOfAirlines,
  inMemberAirlines,
} from './airline-directory.repository';

/** The access module's port on memberships, implemented here and wired where the app is composed. */
export const airlineMemberships: AirlineMemberships = { membershipOf: findAirlineMembership, inMemberAirlines };
