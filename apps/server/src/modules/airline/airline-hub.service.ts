import type { TPageQuery } from '@contrail/domain/airline/airline-contract';
import { airlineError } from '@contrail/domain/airline/airline-errors';
import { addMonthsUtc, hubCosts } from '@contrail/domain/economy/airline-economy';
import type { GameDifficulty } from '@contrail/domain/economy/airline-economy-constants';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import type { DbExecutor } from '../../db/database';
import { requireAccess, type Caller } from '../access/access.service';
import { airportRowsOf } from '../airport/airport.service';
import { userNameOf } from '../user/user-directory.service';
import { debitAirline } from '../wallet/wallet.service';
import { assertActive, findAirline, findHubAirport, toAirport } from './airline-common';
import { cancelPlannedCosts, planRecurring } from './airline-costs';
import { clearMainHub, countHubsAt, findHubById, findHubOf, findHubsOf, findHubsPage, insertHub, updateHubRow, type HubRow } from './airline-hub.repository';

/** An airline's hubs: the airports it flies from, each with a licence and a monthly rent. */

type AirportRow = Parameters<typeof toAirport>[0];

export const toHub = (hub: HubRow, airport: AirportRow) => ({
  id: hub.id,
  airport: toAirport(airport),
  isMain: hub.isMain,
  nextDtOfPayment: hub.nextDtOfPayment?.toISOString() ?? null,
  state: hub.state,
  operatingCost: hub.operatingCost,
});

/** Hubs with their airports; a hub whose airport is not in the reference data is left out. */
export const hubsWithAirports = async (db: DbExecutor, hubs: HubRow[]) => {
  const airports = await airportRowsOf(
    db,
    hubs.map((hub) => hub.airportIdent),
  );
  return hubs.flatMap((hub) => {
    const airport = airports.get(hub.airportIdent);
    return airport ? [toHub(hub, airport)] : [];
  });
};

/** Every hub of the airline with its airport, oldest first. */
export const airlineHubsView = async (db: DbExecutor, airlineId: string) => hubsWithAirports(db, await findHubsOf(db, airlineId));

export const listHubs = async (db: DbExecutor, caller: Caller, airlineId: string, query: TPageQuery) => {
  await requireAccess(db, caller, 'airline.read', { airlineId });
  const { rows, totalItems, totalPages } = await findHubsPage(db, airlineId, query);
  return { items: await hubsWithAirports(db, rows), totalItems, totalPages };
};

export const getHub = async (db: DbExecutor, caller: Caller, airlineId: string, hubId: string) => {
  await requireAccess(db, caller, 'airline.read', { airlineId });
  const hub = await findHubOf(db, airlineId, hubId);
  const [view] = hub ? await hubsWithAirports(db, [hub]) : [];
  if (!view) throw new AppError(ErrorCode.notFound, 'Hub not found');
  return view;
};

/** The main hub of a new (or reset) airline, with its first month's rent planned. */
export const openMainHub = async (tx: DbExecutor, airline: { id: string; gameDifficulty: GameDifficulty }, hubIdent: string, now: Date) => {
  const airport = await findHubAirport(tx, hubIdent);
  const costs = hubCosts(airport.type, airline.gameDifficulty);
  const nextDtOfPayment = addMonthsUtc(now, 1);
  const hub = await insertHub(tx, { airlineId: airline.id, airportIdent: airport.ident, isMain: true, operatingCost: costs.operatingCost, nextDtOfPayment, createdAt: now });
  await planRecurring(tx, airline.id, 'hub', hub!.id, nextDtOfPayment, costs.operatingCost, { category: 'HUB_OPERATIONAL_COST', hubAirportIdent: airport.ident }, `Hub ${airport.ident}: monthly operating cost`);
};

/** POST /airline/{id}/hub: the owner opens a hub, paying its licence now and its rent monthly. */
export const createHub = async (db: DbExecutor, caller: Caller, airlineId: string, airportIdent: string, now: Date) => {
  await requireAccess(db, caller, 'airline.hub.manage', { airlineId });
  const airline = await findAirline(db, airlineId);
  assertActive(airline);
  const airport = await findHubAirport(db, airportIdent);
  const costs = hubCosts(airport.type, airline.gameDifficulty);
  const agent = (await userNameOf(db, caller.id)) ?? null;
  const hubId = await db.transaction(async (tx) => {
    const nextDtOfPayment = addMonthsUtc(now, 1);
    const hub = await insertHub(tx, { airlineId, airportIdent: airport.ident, operatingCost: costs.operatingCost, nextDtOfPayment, createdAt: now });
    if (!hub) throw new AppError(ErrorCode.conflict, 'The airline already has a hub at this airport');
    await debitAirline(tx, {
      airlineId,
      amount: costs.licenceCost,
      categoryData: { category: 'HUB_OPENING_FEE', hubAirportIdent: airport.ident },
      description: `Hub ${airport.ident}: licence`,
      agentUserName: agent,
      idempotencyKey: `airline-hub-licence:${hub.id}`,
      executionDate: now,
    });
    await planRecurring(tx, airlineId, 'hub', hub.id, nextDtOfPayment, costs.operatingCost, { category: 'HUB_OPERATIONAL_COST', hubAirportIdent: airport.ident }, `Hub ${airport.ident}: monthly operating cost`);
    return hub.id;
  });
  return getHub(db, caller, airlineId, hubId);
};

const findHubForAccess = async (db: DbExecutor, hubId: string) => {
  const hub = await findHubById(db, hubId);
  if (!hub) throw new AppError(ErrorCode.notFound, 'Hub not found');
  return hub;
};

/**
 * PUT /hub/{hubId}/state: close (never the main hub, ERR_0028; its planned rent is cancelled) or
 * reopen: free before the next due date, at a new licence after it.
 */
export const setHubState = async (db: DbExecutor, caller: Caller, hubId: string, state: 'ACTIVE' | 'CLOSED', now: Date) => {
  const hub = await findHubForAccess(db, hubId);
  await requireAccess(db, caller, 'airline.hub.manage', { airlineId: hub.airlineId });
  const airline = await findAirline(db, hub.airlineId);
  assertActive(airline);
  if (state === hub.state) return getHub(db, caller, hub.airlineId, hubId);
  if (state === 'CLOSED') {
    if (hub.isMain) throw airlineError(ErrorCode.mainHubCannotBeClosed, 'The main hub cannot be closed');
    await db.transaction(async (tx) => {
      await updateHubRow(tx, hubId, { state: 'CLOSED' });
      await cancelPlannedCosts(tx, hub.airlineId, 'hub', hubId);
    });
  } else {
    if (hub.state === 'SUSPENDED') throw airlineError(ErrorCode.invalidTransactionState, 'Pay the failed transaction to reopen this hub');
    const airport = await findHubAirport(db, hub.airportIdent);
    const agent = (await userNameOf(db, caller.id)) ?? null;
    await db.transaction(async (tx) => {
      let due = hub.nextDtOfPayment ?? now;
      if (due.getTime() <= now.getTime()) {
        await debitAirline(tx, {
          airlineId: hub.airlineId,
          amount: hubCosts(airport.type, airline.gameDifficulty).licenceCost,
          categoryData: { category: 'HUB_OPENING_FEE', hubAirportIdent: hub.airportIdent },
          description: `Hub ${hub.airportIdent}: licence (reopened)`,
          agentUserName: agent,
          idempotencyKey: `airline-hub-licence:${hub.id}:${now.toISOString()}`,
          executionDate: now,
        });
        due = addMonthsUtc(now, 1);
      }
      await updateHubRow(tx, hubId, { state: 'ACTIVE', nextDtOfPayment: due });
      await planRecurring(tx, hub.airlineId, 'hub', hub.id, due, hub.operatingCost, { category: 'HUB_OPERATIONAL_COST', hubAirportIdent: hub.airportIdent }, `Hub ${hub.airportIdent}: monthly operating cost`);
    });
  }
  return getHub(db, caller, hub.airlineId, hubId);
};

/** PUT /hub/{hubId}/main: one ACTIVE hub becomes the main hub. */
export const setMainHub = async (db: DbExecutor, caller: Caller, hubId: string) => {
  const hub = await findHubForAccess(db, hubId);
  await requireAccess(db, caller, 'airline.hub.manage', { airlineId: hub.airlineId });
  assertActive(await findAirline(db, hub.airlineId));
  if (hub.state !== 'ACTIVE') throw new AppError(ErrorCode.requestRefused, 'Only an active hub can be the main hub');
  await db.transaction(async (tx) => {
    await clearMainHub(tx, hub.airlineId);
    await updateHubRow(tx, hubId, { isMain: true });
  });
  return getHub(db, caller, hub.airlineId, hubId);
};

/** GET /hub/airport/{ident}/cost/game_difficulty/{difficulty}. */
export const getHubCost = async (db: DbExecutor, ident: string, difficulty: GameDifficulty) => {
  const airport = await findHubAirport(db, ident);
  return { airportIdent: airport.ident, ...hubCosts(airport.type, difficulty), nbAirline: await countHubsAt(db, airport.ident) };
};
