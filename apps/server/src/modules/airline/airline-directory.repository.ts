import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AirlineRole } from '@contrail/domain/access/permissions';
import type { DbExecutor } from '../../db/database';
import { airlineMembers, airlinePlanes, airlineRoutes, airlines } from './airline.schema';

/** Whether the airline exists, and the user's ACTIVE membership role in it (undefined: none). */
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

/** The airlines the pilot is an active member of, by name. */
export const findMemberAirlines = async (db: DbExecutor, userId: string) =>
  db
    .select({ id: airlines.id, code: airlines.code, name: airlines.name, state: airlines.state, role: airlineMembers.role })
    .from(airlineMembers)
    .innerJoin(airlines, eq(airlines.id, airlineMembers.airlineId))
    .where(and(eq(airlineMembers.userId, userId), eq(airlineMembers.status, 'ACTIVE')))
    .orderBy(asc(airlines.name));

/** The planes of these airlines, by type and registration. */
export const findPlanesOfAirlines = async (db: DbExecutor, airlineIds: readonly string[]) =>
  airlineIds.length === 0
    ? []
    : db
        .select({
          id: airlinePlanes.id,
          airlineId: airlinePlanes.airlineId,
          icao: airlinePlanes.icao,
          model: airlinePlanes.model,
          registration: airlinePlanes.tailRegistration,
          category: airlinePlanes.category,
          state: airlinePlanes.state,
          airportIdent: airlinePlanes.airportIdent,
          seats: sql<number>`${airlinePlanes.ecoSeats} + ${airlinePlanes.businessSeats} + ${airlinePlanes.firstSeats}`,
        })
        .from(airlinePlanes)
        .where(inArray(airlinePlanes.airlineId, [...airlineIds]))
        .orderBy(asc(airlinePlanes.icao), asc(airlinePlanes.tailRegistration));

/** The routes of these airlines with the airline's code and name, optionally only one route. */
export const findRoutesOfAirlines = async (db: DbExecutor, airlineIds: readonly string[], routeId?: string) =>
  airlineIds.length === 0
    ? []
    : db
        .select({ route: airlineRoutes, airlineCode: airlines.code, airlineName: airlines.name })
        .from(airlineRoutes)
        .innerJoin(airlines, eq(airlines.id, airlineRoutes.airlineId))
        .where(and(inArray(airlineRoutes.airlineId, [...airlineIds]), routeId ? eq(airlineRoutes.id, routeId) : undefined))
        .orderBy(asc(airlineRoutes.name), asc(airlineRoutes.id));

/** The ids of the airline's ACTIVE members holding one of these roles. */
export const findActiveMemberIdsWithRoles = async (db: DbExecutor, airlineId: string, roles: readonly AirlineRole[]): Promise<string[]> => {
  if (roles.length === 0) return [];
  const rows = await db
    .select({ id: airlineMembers.userId })
    .from(airlineMembers)
    .where(and(eq(airlineMembers.airlineId, airlineId), eq(airlineMembers.status, 'ACTIVE'), inArray(airlineMembers.role, [...roles])));
  return rows.map((row) => row.id);
};
