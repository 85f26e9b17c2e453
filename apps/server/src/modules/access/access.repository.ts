import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AirlineRole, UserRole } from '@contrail/domain/access/permissions';
import type { DbExecutor } from '../../db/database';
import { airlineMembers, airlines } from '../airline/airline.schema';
import { users } from '../user/user.schema';

/** The user's role as stored now (undefined when the user no longer exists). */
export const findUserRole = async (db: DbExecutor, userId: string): Promise<UserRole | undefined> => {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row?.role;
};

/** Whether the airline exists, and the caller's ACTIVE membership role in it (undefined: none). */
export const findAirlineMembership = async (
  db: DbExecutor,
  airlineId: string,
  userId: string,
): Promise<{ airlineExists: boolean; role: AirlineRole | undefined }> => {
  const [row] = await db
    .select({ id: airlines.id, role: airlineMembers.role })
    .from(airlines)
    .leftJoin(
      airlineMembers,
      and(eq(airlineMembers.airlineId, airlines.id), eq(airlineMembers.userId, userId), eq(airlineMembers.status, 'ACTIVE')),
    )
    .where(eq(airlines.id, airlineId));
  return { airlineExists: Boolean(row), role: row?.role ?? undefined };
};

/**
 * A `where` condition keeping rows whose airline column is one of the user's ACTIVE memberships:
 * list queries put it in their `where` clause, so another airline's rows never leave the database.
 */
export const inMemberAirlines = (airlineIdColumn: AnyPgColumn, userId: string): SQL =>
  sql`${airlineIdColumn} in (select ${airlineMembers.airlineId} from ${airlineMembers} where ${airlineMembers.userId} = ${userId} and ${airlineMembers.status} = 'ACTIVE')`;

/** Sets a user's role by user name (case-insensitive, as sign-in matches it); returns the user, or undefined. */
export const updateUserRoleByName = async (db: DbExecutor, userName: string, role: UserRole) => {
  const [row] = await db
    .update(users)
    .set({ role })
    .where(sql`lower(${users.userName}) = lower(${userName})`)
    .returning({ id: users.id, userName: users.userName, role: users.role });
  return row;
};
