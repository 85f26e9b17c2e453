import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { airlineError } from '@contrail/domain/airline/airline-errors';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import { isHubAirportSize } from '@contrail/domain/economy/airline-economy';
import type { HubAirportSize } from '@contrail/domain/economy/airline-economy-constants';
import type { NewNotification } from '@contrail/domain/notification/notification-types';
import type { DbExecutor } from '../../db/database';
import { airlineMembers, airlines } from './airline.schema';
import { airports } from '../airport/airport.schema';
import { recordNotifications } from '../notification/notification.service';
import { isPremium } from '../subscription/subscription.service';

export type AirlineRow = typeof airlines.$inferSelect;

export const findAirline = async (db: DbExecutor, airlineId: string): Promise<AirlineRow> => {
  const [row] = await db.select().from(airlines).where(eq(airlines.id, airlineId));
  if (!row) throw airlineError(ErrorCode.airlineNotFound, 'Airline not found');
  return row;
};

/** Assets change only while the airline is ACTIVE; a FAILED one may only be reset or deleted. */
export const assertActive = (airline: AirlineRow): void => {
  if (airline.state !== 'ACTIVE') throw new AppError(ErrorCode.conflict, 'The airline is bankrupt: reset it or delete it');
};

/** Premium airline manager: an AIRLINE_MANAGER subscription not ended at `now`. */
export const isAirlineManagerPremium = (db: DbExecutor, userId: string, now: Date): Promise<boolean> => isPremium(db, userId, 'airline_manager', now);

export type HubAirport = typeof airports.$inferSelect & { type: HubAirportSize };

/** An airport that can hold a hub (small, medium or large airport); ERR_0002 otherwise. */
export const findHubAirport = async (db: DbExecutor, ident: string): Promise<HubAirport> => {
  const [row] = await db.select().from(airports).where(eq(airports.ident, ident.trim().toUpperCase()));
  if (!row || !isHubAirportSize(row.type)) throw airlineError(ErrorCode.unknownHubIcao, `No airport ${ident} that can hold a hub`, 'hubAirportIdent');
  return row as HubAirport;
};

export const toAirport = (row: typeof airports.$inferSelect) => ({
  ident: row.ident,
  label: row.name,
  municipality: row.municipality,
  position: { longitude: row.longitudeDeg, latitude: row.latitudeDeg, altitude: row.elevationFt },
});

export const pageOf = <T>(items: T[], totalItems: number, size: number) => ({ items, totalItems, totalPages: Math.ceil(totalItems / size) });

/** The user ids of the airline's ACTIVE members with these roles (who hears of an event). */
export const memberUserIds = async (db: DbExecutor, airlineId: string, roles: ('OWNER' | 'ADMINISTRATOR' | 'MEMBER')[]): Promise<string[]> =>
  (
    await db
      .select({ userId: airlineMembers.userId })
      .from(airlineMembers)
      .where(and(eq(airlineMembers.airlineId, airlineId), eq(airlineMembers.status, 'ACTIVE'), inArray(airlineMembers.role, roles)))
  ).map((row) => row.userId);

export const notifyAll = async (db: DbExecutor, list: NewNotification[]): Promise<void> => recordNotifications(db, list);

/**
 * The idempotency key of a recurring airline cost: names what it pays for, so the settlement can
 * suspend or renew that asset from the key alone (docs/decisions/0023-airline-economy.md).
 */
export type CostKind = 'hub' | 'hangar' | 'traffic-right';
export const costKey = (kind: CostKind, assetId: string, due: Date): string => `airline-cost:${kind}:${assetId}:${due.toISOString()}`;
export const parseCostKey = (key: string): { kind: CostKind; assetId: string } | undefined => {
  const match = /^airline-cost:(hub|hangar|traffic-right):([0-9a-f-]{36}):/.exec(key);
  return match ? { kind: match[1] as CostKind, assetId: match[2]! } : undefined;
};

/** Owner-only airlines count: a user owns at most one airline that is not CLOSED (ERR_0003). */
export const ownsAirline = async (db: DbExecutor, userId: string): Promise<boolean> => {
  const [row] = await db
    .select({ n: count() })
    .from(airlines)
    .where(and(eq(airlines.ownerId, userId), sql`${airlines.state} <> 'CLOSED'`));
  return (row?.n ?? 0) > 0;
};
