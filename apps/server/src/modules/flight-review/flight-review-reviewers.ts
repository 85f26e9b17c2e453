import { AirlineRole, airlineRoleGrants } from '@contrail/domain/access/permissions';
import type { DbExecutor } from '../../db/database';
import { activeMemberIdsWithRoles } from '../airline/airline-directory.service';
import { adminUserIds } from '../user/user-directory.service';
import type { ReviewScope } from './flight-review-logs';

/** The airline roles that review its flights, read from the access map. */
const reviewerRoles = AirlineRole.filter((role) => airlineRoleGrants(role, 'airline.flight.review'));

/** Who reviews a scope's flights: the airline's ACTIVE owner and administrators, or the site admins. */
export const reviewerIdsOf = (db: DbExecutor, scope: ReviewScope): Promise<string[]> =>
  scope.kind === 'airline' ? activeMemberIdsWithRoles(db, scope.airlineId, reviewerRoles) : adminUserIds(db);
