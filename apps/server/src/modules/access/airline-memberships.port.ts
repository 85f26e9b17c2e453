import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AirlineRole } from '@contrail/domain/access/permissions';
import type { DbExecutor } from '../../db/database';

/**
 * What the access check needs to know of airline memberships. The airline module depends on access
 * (every airline action calls requireAccess), so access does not import the airline module: the
 * airline module implements this port (airline/airline-directory.service.ts) and the composition
 * (wireModulePorts in src/module-ports.ts, called when the app or a script starts) hands it over.
 */
export type AirlineMemberships = {
  /** Whether the airline exists, and the user's ACTIVE membership role in it (undefined: none). */
  membershipOf: (db: DbExecutor, airlineId: string, userId: string) => Promise<{ airlineExists: boolean; role: AirlineRole | undefined }>;
  /** A `where` condition keeping rows whose airline column is one of the user's ACTIVE memberships. */
  inMemberAirlines: (airlineIdColumn: AnyPgColumn, userId: string) => SQL;
};

let wired: AirlineMemberships | undefined;

export const useAirlineMemberships = (memberships: AirlineMemberships): void => {
  wired = memberships;
};

export const airlineMemberships = (): AirlineMemberships => {
  if (!wired) throw new Error('The access module has no airline memberships: call wireModulePorts() (src/module-ports.ts) at start-up');
  return wired;
};
