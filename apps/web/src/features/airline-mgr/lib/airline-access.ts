import { airlineRoleGrants, type AirlinePermission, type AirlineRole } from '@contrail/domain/access/permissions';
import type { TAirline } from '../api/airline-mgr';

/** The caller's role in the airline, from the flags the airline carries for them. */
export const airlineRoleOf = (airline: Pick<TAirline, 'isOwner' | 'isAdmin'>): AirlineRole => (airline.isOwner ? 'OWNER' : airline.isAdmin ? 'ADMINISTRATOR' : 'MEMBER');

/**
 * Whether the caller may do this in the airline: the same role table the server checks, so a
 * button shows only where its request would be accepted.
 */
export const canInAirline = (airline: Pick<TAirline, 'isOwner' | 'isAdmin'>, permission: AirlinePermission): boolean =>
  airlineRoleGrants(airlineRoleOf(airline), permission);
