import {
  airlineRefusalCode,
  airlineRoleGrants,
  permissionScope,
  userRoleGrants,
  type AirlinePermission,
  type AirlineRole,
  type GlobalPermission,
  type Permission,
  type UserRole,
} from '@contrail/domain/access/permissions';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import type { DbExecutor } from '../../db/database';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { setRoleByUserName, userRoleOf } from '../user/user-directory.service';
import { airlineMemberships } from './airline-memberships.port';

/**
 * A `where` condition keeping rows whose airline column is one of the user's ACTIVE memberships:
 * list queries put it in their `where` clause, so another airline's rows never leave the database.
 */
export const inMemberAirlines = (airlineIdColumn: AnyPgColumn, userId: string): SQL => airlineMemberships().inMemberAirlines(airlineIdColumn, userId);

/** Who calls: the verified token's user id (the user name in the token is never trusted for access). */
export type Caller = { id: string };

/** The ids a permission is about: the path's user for `self`, the airline for `airline`. */
export type AccessIds = { userId?: string; airlineId?: string };

/** What a granted check learned, so the service does not read it again. */
export type Access = { userId: string; userRole?: UserRole; airlineRole?: AirlineRole };

/**
 * The check every service runs first (docs/decisions/0016-access-model.md): throws AppError
 * FORBIDDEN (or the spec's ERR_0009 / ERR_0012 for airline actions) when the caller may not, and
 * NOT_FOUND (ERR_0011 for an airline) when the target does not exist. Roles are read from the
 * database on every call, so a grant or a revocation holds from the next request.
 */
export const requireAccess = async (db: DbExecutor, caller: Caller, permission: Permission, ids: AccessIds = {}): Promise<Access> => {
  switch (permissionScope(permission)) {
    case 'self': {
      if (!ids.userId) throw new Error(`requireAccess(${permission}) needs ids.userId`);
      if (ids.userId !== caller.id) throw new AppError(ErrorCode.forbidden, 'You can only access your own account');
      return { userId: caller.id };
    }
    case 'global': {
      const userRole = await userRoleOf(db, caller.id);
      if (!userRole) throw new AppError(ErrorCode.unauthorized, 'Authentication required');
      if (!userRoleGrants(userRole, permission as GlobalPermission)) {
        throw new AppError(ErrorCode.forbidden, 'Only administrators can do this');
      }
      return { userId: caller.id, userRole };
    }
    case 'airline': {
      if (!ids.airlineId) throw new Error(`requireAccess(${permission}) needs ids.airlineId`);
      const { airlineExists, role } = await airlineMemberships().membershipOf(db, ids.airlineId, caller.id);
      if (!airlineExists) throw new AppError(ErrorCode.airlineNotFound, 'Airline not found');
      if (!role || !airlineRoleGrants(role, permission as AirlinePermission)) {
        const code = role ? airlineRefusalCode(permission as AirlinePermission) : ErrorCode.forbidden;
        throw new AppError(code, refusalMessage[code] ?? 'You are not a member of this airline');
      }
      return { userId: caller.id, airlineRole: role };
    }
  }
};

/**
 * requireAccess for what must look absent to whoever may not reach it (a flight, a flight log, a
 * configuration): the refusal answers `hidden()` instead, so ids cannot be probed.
 */
export const requireAccessOrHide = async (db: DbExecutor, caller: Caller, permission: Permission, ids: AccessIds, hidden: () => AppError): Promise<Access> => {
  try {
    return await requireAccess(db, caller, permission, ids);
  } catch (error) {
    if (error instanceof AppError && error.code === ErrorCode.forbidden) throw hidden();
    throw error;
  }
};

const refusalMessage: Partial<Record<ErrorCode, string>> = {
  [ErrorCode.mustBeOwner]: 'Only the owner of the airline can do this',
  [ErrorCode.mustBeAdminOrOwner]: 'Only an administrator or the owner of the airline can do this',
};

/** `npm run admin:grant`: makes the user (by user name) an administrator; undefined when there is no such user. */
export const grantAdminRole = async (db: DbExecutor, userName: string): Promise<{ id: string; userName: string } | undefined> => {
  const row = await setRoleByUserName(db, userName.trim(), 'ADMIN');
  return row ? { id: row.id, userName: row.userName } : undefined;
};
