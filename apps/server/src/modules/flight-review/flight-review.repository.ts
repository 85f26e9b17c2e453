import { AirlineRole, airlineRoleGrants } from '@contrail/domain/access/permissions';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { airlineMembers } from '../airline/airline.schema';

/** The airline roles that review its flights, read from the access map. */
const reviewerRoles = AirlineRole.filter((role) => airlineRoleGrants(role, 'airline.flight.review'));

/** The airline's ACTIVE members whose role reviews its flights (its owner and administrators). */
export const findAirlineReviewerIds = async (db: DbExecutor, airlineId: string): Promise<string[]> => {
  const rows = await db
    .select({ id: airlineMembers.userId })
    .from(airlineMembers)
    .where(and(eq(airlineMembers.airlineId, airlineId), eq(airlineMembers.status, 'ACTIVE'), inArray(airlineMembers.role, reviewerRoles)));
  return rows.map((row) => row.id);
};
