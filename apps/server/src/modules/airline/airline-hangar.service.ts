import type { TPageQuery } from '@contrail/domain/airline/airline-contract';
import { airlineError } from '@contrail/domain/airline/airline-errors';
import { addMonthsUtc, hangarCosts } from '@contrail/domain/economy/airline-economy';
import { HANGAR_CAPACITY, type GameDifficulty } from '@contrail/domain/economy/airline-economy-constants';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import type { HangarSize } from '@contrail/domain/store/item-types';
import type { DbExecutor } from '../../db/database';
import { requireAccess, type Caller } from '../access/access.service';
import { claimHangarItem } from '../store/inventory.service';
import { userNameOf } from '../user/user-directory.service';
import { debitAirline } from '../wallet/wallet.service';
import { toPage } from '../../db/paging';
import { assertActive, findAirline, findHubAirport, quoteDifficulty } from './airline-common';
import { planRecurring } from './airline-costs';
import { findHangarsPage, insertHangar } from './airline-hangar.repository';
import { findActiveHubOf } from './airline-hub.repository';
import { findPlanesOf } from './airline-plane.repository';

/** An airline's hangars: bought in the store, put at a hub, holding planes, rented monthly. */

export const listHangars = async (db: DbExecutor, caller: Caller, airlineId: string, query: TPageQuery) => {
  await requireAccess(db, caller, 'airline.read', { airlineId });
  const page = await findHangarsPage(db, airlineId, query);
  const planes = await findPlanesOf(db, airlineId);
  return toPage(page, (hangar) => ({
    id: hangar.id,
    hub: { id: hangar.hubId, airportIdent: hangar.hubAirportIdent },
    nextDtOfPayment: hangar.nextDtOfPayment?.toISOString() ?? null,
    rarity: hangar.rarity,
    type: hangar.size,
    capacity: HANGAR_CAPACITY[hangar.size],
    state: hangar.state,
    occupations: planes
      .filter((plane) => plane.hangarId === hangar.id)
      .map((plane) => ({
        planeId: plane.id,
        planeModel: plane.model,
        planeName: plane.tailRegistration,
        availabilityDate: (plane.state === 'BUILDING' ? plane.deliveryTime : plane.state === 'UNDER_MAINTENANCE' ? plane.maintenanceEnd : null)?.toISOString() ?? null,
      })),
  }));
};

/** GET /airline/hangar/airport/{ident}/cost?type: hangar costs (REALIST; the airline form shows its own difficulty). */
export const getHangarCost = async (db: DbExecutor, ident: string, type: HangarSize, difficulty: GameDifficulty = 'REALIST') => {
  const airport = await findHubAirport(db, ident);
  return { airportIdent: airport.ident, ...hangarCosts(type, difficulty), hangarType: type };
};

/** GET /airline/hangar/airport/{ident}/cost?type&airlineId: a hangar's quote, at the airline's difficulty when one is named. */
export const quoteHangarCost = async (db: DbExecutor, caller: Caller, ident: string, type: HangarSize, airlineId?: string) =>
  getHangarCost(db, ident, type, await quoteDifficulty(db, caller, airlineId));

/** Marks an airline's unused hangar item as used (the store decides); ERR_0023 when already used. */
const consumeHangarItem = async (db: DbExecutor, airlineId: string, inventoryItemId: string, now: Date) => {
  const item = await claimHangarItem(db, { airlineId, inventoryItemId }, now);
  if (item === 'not-found') throw new AppError(ErrorCode.notFound, 'Item not found in the airline inventory');
  if (item === 'already-used') throw airlineError(ErrorCode.itemAlreadyConverted, 'This item has already been used');
  return item;
};

/** POST /airline/{id}/hangar: the owner puts a hangar item at a hub (licence now, rent monthly). */
export const createHangar = async (db: DbExecutor, caller: Caller, airlineId: string, hubId: string, itemId: string, now: Date) => {
  await requireAccess(db, caller, 'airline.hub.manage', { airlineId });
  const airline = await findAirline(db, airlineId);
  assertActive(airline);
  const hub = await findActiveHubOf(db, airlineId, hubId);
  if (!hub) throw new AppError(ErrorCode.notFound, 'No active hub of this airline with this id');
  const agent = (await userNameOf(db, caller.id)) ?? null;
  return db.transaction(async (tx) => {
    const item = await consumeHangarItem(tx, airlineId, itemId, now);
    const size = item.hangarSize!;
    const costs = hangarCosts(size, airline.gameDifficulty);
    const nextDtOfPayment = addMonthsUtc(now, 1);
    const hangar = await insertHangar(tx, { airlineId, hubId, name: item.name, size, rarity: item.rarity!, operatingCost: costs.operatingCost, nextDtOfPayment, inventoryItemId: itemId, createdAt: now });
    await debitAirline(tx, {
      airlineId,
      amount: costs.licenceCost,
      categoryData: { category: 'HANGAR_OPENING_FEE', hangarAirport: hub.airportIdent, hangarName: item.name },
      description: `Hangar ${item.name} at ${hub.airportIdent}: licence`,
      agentUserName: agent,
      idempotencyKey: `airline-hangar-licence:${hangar.id}`,
      executionDate: now,
    });
    await planRecurring(tx, airlineId, 'hangar', hangar.id, nextDtOfPayment, costs.operatingCost, { category: 'HANGAR_OPERATIONAL_COST', hangarAirport: hub.airportIdent, hangarName: item.name }, `Hangar ${item.name} at ${hub.airportIdent}: monthly operating cost`);
    return { id: hangar.id, type: size, rarity: hangar.rarity, capacity: HANGAR_CAPACITY[size] };
  });
};
