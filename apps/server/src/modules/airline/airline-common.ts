import { airlineError } from '@contrail/domain/airline/airline-errors';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import { isHubAirportSize } from '@contrail/domain/economy/airline-economy';
import type { GameDifficulty, HubAirportSize } from '@contrail/domain/economy/airline-economy-constants';
import type { NewNotification } from '@contrail/domain/notification/notification-types';
import type { DbExecutor } from '../../db/database';
import { requireAccess, type Caller } from '../access/access.service';
import { airportRowOf } from '../airport/airport.service';
import { recordNotifications } from '../notification/notification.service';
import { isPremium } from '../subscription/subscription.service';
import { findMemberUserIds, type MemberRole } from './airline-member.repository';
import { findAirlineRow, ownsLiveAirline, type AirlineRow } from './airline.repository';

export type { AirlineRow };

export const findAirline = async (db: DbExecutor, airlineId: string): Promise<AirlineRow> => {
  const row = await findAirlineRow(db, airlineId);
  if (!row) throw airlineError(ErrorCode.airlineNotFound, 'Airline not found');
  return row;
};

/** Assets change only while the airline is ACTIVE; a FAILED one may only be reset or deleted. */
export const assertActive = (airline: AirlineRow): void => {
  if (airline.state !== 'ACTIVE') throw new AppError(ErrorCode.conflict, 'The airline is bankrupt: reset it or delete it');
};

/** Premium airline manager: an AIRLINE_MANAGER subscription not ended at `now`. */
export const isAirlineManagerPremium = (db: DbExecutor, userId: string, now: Date): Promise<boolean> => isPremium(db, userId, 'airline_manager', now);

type AirportRow = NonNullable<Awaited<ReturnType<typeof airportRowOf>>>;
export type HubAirport = AirportRow & { type: HubAirportSize };

/** An airport that can hold a hub (small, medium or large airport); ERR_0002 otherwise. */
export const findHubAirport = async (db: DbExecutor, ident: string): Promise<HubAirport> => {
  const row = await airportRowOf(db, ident.trim().toUpperCase());
  if (!row || !isHubAirportSize(row.type)) throw airlineError(ErrorCode.unknownHubIcao, `No airport ${ident} that can hold a hub`, 'hubAirportIdent');
  return row as HubAirport;
};

export const toAirport = (row: AirportRow) => ({
  ident: row.ident,
  label: row.name,
  municipality: row.municipality,
  position: { longitude: row.longitudeDeg, latitude: row.latitudeDeg, altitude: row.elevationFt },
});

/** The user ids of the airline's ACTIVE members with these roles (who hears of an event). */
export const memberUserIds = (db: DbExecutor, airlineId: string, roles: MemberRole[]): Promise<string[]> => findMemberUserIds(db, airlineId, roles);

export const notifyAll = async (db: DbExecutor, list: NewNotification[]): Promise<void> => recordNotifications(db, list);

/** Owner-only airlines count: a user owns at most one airline that is not CLOSED (ERR_0003). */
export const ownsAirline = (db: DbExecutor, userId: string): Promise<boolean> => ownsLiveAirline(db, userId);

/**
 * The difficulty a public quote prices at: REALIST, or the named airline's own (what buying will
 * charge it: EASY halves the hangar costs) when the caller is one of its members.
 */
export const quoteDifficulty = async (db: DbExecutor, caller: Caller, airlineId: string | undefined): Promise<GameDifficulty> => {
  if (airlineId === undefined) return 'REALIST';
  await requireAccess(db, caller, 'airline.read', { airlineId });
  return (await findAirline(db, airlineId)).gameDifficulty;
};
