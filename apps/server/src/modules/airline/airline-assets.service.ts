import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  ROUTE_DESTINATIONS_MAX,
  ROUTE_DESTINATIONS_MIN,
  ROUTE_TIME_PATTERN,
  type TConstraint,
  type TPageQuery,
  type TPlane,
} from '@contrail/domain/airline/airline-contract';
import { airlineError } from '@contrail/domain/airline/airline-errors';
import {
  addMonthsUtc,
  canRenewTrafficRight,
  canStartMaintenance,
  hangarCosts,
  hubCosts,
  isGroundedWear,
  maintenancePlan,
  planeBuildCost,
  planeDeliveryTime,
  trafficRightCost,
  wearAfterFlight,
} from '@contrail/domain/economy/airline-economy';
import { HANGAR_CAPACITY, TRAFFIC_RIGHT_VALIDITY_MONTHS, type GameDifficulty } from '@contrail/domain/economy/airline-economy-constants';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import { findAircraftByIcao } from '@contrail/domain/reference/aircraft-catalogue';
import type { PlaneCategory } from '@contrail/domain/reference/aircraft-information';
import type { HangarSize } from '@contrail/domain/store/item-types';
import type { DbExecutor } from '../../db/database';
import { airlineBookings, airlineHangars, airlineHubs, airlinePlanes, airlineRanks, airlineRoutes, airlineTrafficRights } from './airline.schema';
import { airports, countries } from '../airport/airport.schema';
import { inventoryItems, storeItems } from '../store/store.schema';
import { users } from '../user/user.schema';
import { walletTransactions } from '../wallet/wallet.schema';
import { requireAccess, type Caller } from '../access/access.service';
import { consumeAircraftItem } from '../store/inventory.service';
import { debitAirline, planTransaction } from '../wallet/wallet.service';
import { assertActive, costKey, findAirline, findHubAirport, pageOf, toAirport } from './airline-common';

const agentName = async (db: DbExecutor, userId: string) =>
  (await db.select({ userName: users.userName }).from(users).where(eq(users.id, userId)))[0]?.userName ?? null;

// ---- hubs ----

type HubRow = typeof airlineHubs.$inferSelect;
const toHub = (hub: HubRow, airport: typeof airports.$inferSelect) => ({
  id: hub.id,
  airport: toAirport(airport),
  isMain: hub.isMain,
  nextDtOfPayment: hub.nextDtOfPayment?.toISOString() ?? null,
  state: hub.state,
  operatingCost: hub.operatingCost,
});

export const listHubs = async (db: DbExecutor, caller: Caller, airlineId: string, query: TPageQuery) => {
  await requireAccess(db, caller, 'airline.read', { airlineId });
  const where = eq(airlineHubs.airlineId, airlineId);
  const [total] = await db.select({ n: count() }).from(airlineHubs).where(where);
  const rows = await db
    .select()
    .from(airlineHubs)
    .innerJoin(airports, eq(airports.ident, airlineHubs.airportIdent))
    .where(where)
    .orderBy(asc(airlineHubs.createdAt))
    .limit(query.size)
    .offset(query.page * query.size);
  return pageOf(
    rows.map((row) => toHub(row.airline_hubs, row.airports)),
    total?.n ?? 0,
    query.size,
  );
};

export const getHub = async (db: DbExecutor, caller: Caller, airlineId: string, hubId: string) => {
  await requireAccess(db, caller, 'airline.read', { airlineId });
  const [row] = await db
    .select()
    .from(airlineHubs)
    .innerJoin(airports, eq(airports.ident, airlineHubs.airportIdent))
    .where(and(eq(airlineHubs.id, hubId), eq(airlineHubs.airlineId, airlineId)));
  if (!row) throw new AppError(ErrorCode.notFound, 'Hub not found');
  return toHub(row.airline_hubs, row.airports);
};

const planRecurring = async (
  db: DbExecutor,
  airlineId: string,
  kind: 'hub' | 'hangar' | 'traffic-right',
  assetId: string,
  due: Date,
  amount: number,
  categoryData: Parameters<typeof planTransaction>[1]['categoryData'],
  description: string,
) =>
  planTransaction(db, {
    owner: { airlineId },
    currency: 'MFC',
    transactionType: 'DEBIT',
    amount,
    categoryData,
    description,
    idempotencyKey: costKey(kind, assetId, due),
    dueDate: due,
  });

/** POST /airline/{id}/hub: the owner opens a hub, paying its licence now and its rent monthly. */
export const createHub = async (db: DbExecutor, caller: Caller, airlineId: string, airportIdent: string, now: Date) => {
  await requireAccess(db, caller, 'airline.hub.manage', { airlineId });
  const airline = await findAirline(db, airlineId);
  assertActive(airline);
  const airport = await findHubAirport(db, airportIdent);
  const costs = hubCosts(airport.type, airline.gameDifficulty);
  const agent = await agentName(db, caller.id);
  const hubId = await db.transaction(async (tx) => {
    const nextDtOfPayment = addMonthsUtc(now, 1);
    const [hub] = await tx
      .insert(airlineHubs)
      .values({ airlineId, airportIdent: airport.ident, operatingCost: costs.operatingCost, nextDtOfPayment, createdAt: now })
      .onConflictDoNothing()
      .returning();
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
  const [hub] = await db.select().from(airlineHubs).where(eq(airlineHubs.id, hubId));
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
      await tx.update(airlineHubs).set({ state: 'CLOSED' }).where(eq(airlineHubs.id, hubId));
      await tx
        .delete(walletTransactions)
        .where(and(eq(walletTransactions.transactionState, 'PLANNED'), sql`${walletTransactions.idempotencyKey} like ${`airline-cost:hub:${hubId}:%`}`));
    });
  } else {
    if (hub.state === 'SUSPENDED') throw airlineError(ErrorCode.invalidTransactionState, 'Pay the failed transaction to reopen this hub');
    const airport = await findHubAirport(db, hub.airportIdent);
    const agent = await agentName(db, caller.id);
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
      await tx.update(airlineHubs).set({ state: 'ACTIVE', nextDtOfPayment: due }).where(eq(airlineHubs.id, hubId));
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
    await tx.update(airlineHubs).set({ isMain: false }).where(eq(airlineHubs.airlineId, hub.airlineId));
    await tx.update(airlineHubs).set({ isMain: true }).where(eq(airlineHubs.id, hubId));
  });
  return getHub(db, caller, hub.airlineId, hubId);
};

/** GET /hub/airport/{ident}/cost/game_difficulty/{difficulty}. */
export const getHubCost = async (db: DbExecutor, ident: string, difficulty: GameDifficulty) => {
  const airport = await findHubAirport(db, ident);
  const [airlinesThere] = await db.select({ n: count() }).from(airlineHubs).where(eq(airlineHubs.airportIdent, airport.ident));
  return { airportIdent: airport.ident, ...hubCosts(airport.type, difficulty), nbAirline: airlinesThere?.n ?? 0 };
};

// ---- hangars ----

export const listHangars = async (db: DbExecutor, caller: Caller, airlineId: string, query: TPageQuery) => {
  await requireAccess(db, caller, 'airline.read', { airlineId });
  const where = eq(airlineHangars.airlineId, airlineId);
  const [total] = await db.select({ n: count() }).from(airlineHangars).where(where);
  const rows = await db
    .select()
    .from(airlineHangars)
    .innerJoin(airlineHubs, eq(airlineHubs.id, airlineHangars.hubId))
    .where(where)
    .orderBy(asc(airlineHangars.createdAt))
    .limit(query.size)
    .offset(query.page * query.size);
  const planes = await db.select().from(airlinePlanes).where(eq(airlinePlanes.airlineId, airlineId));
  return pageOf(
    rows.map(({ airline_hangars: hangar, airline_hubs: hub }) => ({
      id: hangar.id,
      hub: { id: hub.id, airportIdent: hub.airportIdent },
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
    })),
    total?.n ?? 0,
    query.size,
  );
};

/** GET /airline/hangar/airport/{ident}/cost?type: hangar costs (REALIST; the airline form shows its own difficulty). */
export const getHangarCost = async (db: DbExecutor, ident: string, type: HangarSize, difficulty: GameDifficulty = 'REALIST') => {
  const airport = await findHubAirport(db, ident);
  return { airportIdent: airport.ident, ...hangarCosts(type, difficulty), hangarType: type };
};

/**
 * The difficulty a public quote prices at: REALIST, or the named airline's own (what buying will
 * charge it: EASY halves the hangar costs) when the caller is one of its members.
 */
const quoteDifficulty = async (db: DbExecutor, caller: Caller, airlineId: string | undefined): Promise<GameDifficulty> => {
  if (airlineId === undefined) return 'REALIST';
  await requireAccess(db, caller, 'airline.read', { airlineId });
  return (await findAirline(db, airlineId)).gameDifficulty;
};

/** GET /airline/hangar/airport/{ident}/cost?type&airlineId: a hangar's quote, at the airline's difficulty when one is named. */
export const quoteHangarCost = async (db: DbExecutor, caller: Caller, ident: string, type: HangarSize, airlineId?: string) =>
  getHangarCost(db, ident, type, await quoteDifficulty(db, caller, airlineId));

/** Marks an airline's unused hangar item as used (aircraft items go through commerce's consumeAircraftItem); ERR_0023 when already used. */
const consumeHangarItem = async (db: DbExecutor, airlineId: string, inventoryItemId: string, now: Date) => {
  const [row] = await db
    .select()
    .from(inventoryItems)
    .innerJoin(storeItems, eq(storeItems.id, inventoryItems.itemId))
    .where(and(eq(inventoryItems.id, inventoryItemId), eq(inventoryItems.airlineId, airlineId), eq(storeItems.type, 'HANGAR')));
  if (!row) throw new AppError(ErrorCode.notFound, 'Item not found in the airline inventory');
  const [claimed] = await db
    .update(inventoryItems)
    .set({ converted: true, convertedAt: now })
    .where(and(eq(inventoryItems.id, inventoryItemId), eq(inventoryItems.converted, false)))
    .returning({ id: inventoryItems.id });
  if (!claimed) throw airlineError(ErrorCode.itemAlreadyConverted, 'This item has already been used');
  return row.store_items;
};

/** POST /airline/{id}/hangar: the owner puts a hangar item at a hub (licence now, rent monthly). */
export const createHangar = async (db: DbExecutor, caller: Caller, airlineId: string, hubId: string, itemId: string, now: Date) => {
  await requireAccess(db, caller, 'airline.hub.manage', { airlineId });
  const airline = await findAirline(db, airlineId);
  assertActive(airline);
  const [hub] = await db.select().from(airlineHubs).where(and(eq(airlineHubs.id, hubId), eq(airlineHubs.airlineId, airlineId), eq(airlineHubs.state, 'ACTIVE')));
  if (!hub) throw new AppError(ErrorCode.notFound, 'No active hub of this airline with this id');
  const agent = await agentName(db, caller.id);
  return db.transaction(async (tx) => {
    const item = await consumeHangarItem(tx, airlineId, itemId, now);
    const size = item.hangarSize!;
    const costs = hangarCosts(size, airline.gameDifficulty);
    const nextDtOfPayment = addMonthsUtc(now, 1);
    const [hangar] = await tx
      .insert(airlineHangars)
      .values({ airlineId, hubId, name: item.name, size, rarity: item.rarity!, operatingCost: costs.operatingCost, nextDtOfPayment, inventoryItemId: itemId, createdAt: now })
      .returning();
    await debitAirline(tx, {
      airlineId,
      amount: costs.licenceCost,
      categoryData: { category: 'HANGAR_OPENING_FEE', hangarAirport: hub.airportIdent, hangarName: item.name },
      description: `Hangar ${item.name} at ${hub.airportIdent}: licence`,
      agentUserName: agent,
      idempotencyKey: `airline-hangar-licence:${hangar!.id}`,
      executionDate: now,
    });
    await planRecurring(tx, airlineId, 'hangar', hangar!.id, nextDtOfPayment, costs.operatingCost, { category: 'HANGAR_OPERATIONAL_COST', hangarAirport: hub.airportIdent, hangarName: item.name }, `Hangar ${item.name} at ${hub.airportIdent}: monthly operating cost`);
    return { id: hangar!.id, type: size, rarity: hangar!.rarity, capacity: HANGAR_CAPACITY[size] };
  });
};

// ---- planes ----

type PlaneRow = typeof airlinePlanes.$inferSelect;
type LiveBooking = { userId: string; userName: string; flightId: string | null; departureIdent: string; arrivalIdent: string };

/** The live booking of each of these planes (who holds a BOOKED plane, what a FLYING one flies). */
const liveBookingsOf = async (db: DbExecutor, planeIds: string[]): Promise<Map<string, LiveBooking>> => {
  if (planeIds.length === 0) return new Map();
  const rows = await db
    .select({ planeId: airlineBookings.planeId, userId: airlineBookings.userId, userName: users.userName, flightId: airlineBookings.flightId, departureIdent: airlineBookings.departureIdent, arrivalIdent: airlineBookings.arrivalIdent })
    .from(airlineBookings)
    .innerJoin(users, eq(users.id, airlineBookings.userId))
    .where(and(inArray(airlineBookings.planeId, planeIds), inArray(airlineBookings.state, ['BOOKED', 'FLYING'])));
  return new Map(rows.map(({ planeId, ...booking }) => [planeId, booking]));
};

const toPlane = (plane: PlaneRow, hubIdents: Set<string>, booking?: LiveBooking): TPlane => {
  const base: TPlane = {
    id: plane.id,
    configuration: { eco: plane.ecoSeats, business: plane.businessSeats, first: plane.firstSeats },
    wear: plane.wear,
    lifetime: plane.lifetimeHours,
    mftId: null,
    model: plane.model,
    tailRegistration: plane.tailRegistration,
    icao: plane.icao,
    state: plane.state,
    category: plane.category,
    hangarId: plane.hangarId,
    airport: plane.airportIdent,
  };
  switch (plane.state) {
    case 'AT_AIRPORT':
    case 'GROUNDED':
      return { ...base, airportIsHub: plane.airportIdent !== null && hubIdents.has(plane.airportIdent) };
    case 'BUILDING':
      return { ...base, deliveryTime: plane.deliveryTime?.toISOString() ?? '' };
    case 'UNDER_MAINTENANCE': {
      const start = plane.maintenanceStart ?? new Date(0);
      const end = plane.maintenanceEnd ?? start;
      return { ...base, startDate: start.toISOString(), endDate: end.toISOString(), duration: Math.round((end.getTime() - start.getTime()) / 86_400_000) };
    }
    case 'BOOKED':
      return booking ? { ...base, pilot: { id: booking.userId, userName: booking.userName } } : base;
    case 'FLYING':
      return booking ? { ...base, flight: { id: booking.flightId, departureIdent: booking.departureIdent, arrivalIdent: booking.arrivalIdent } } : base;
  }
};

const hubIdentsOf = async (db: DbExecutor, airlineId: string) =>
  new Set((await db.select({ ident: airlineHubs.airportIdent }).from(airlineHubs).where(and(eq(airlineHubs.airlineId, airlineId), eq(airlineHubs.state, 'ACTIVE')))).map((row) => row.ident));

export const listPlanes = async (db: DbExecutor, caller: Caller, airlineId: string, query: TPageQuery) => {
  await requireAccess(db, caller, 'airline.read', { airlineId });
  const where = eq(airlinePlanes.airlineId, airlineId);
  const [total] = await db.select({ n: count() }).from(airlinePlanes).where(where);
  const rows = await db.select().from(airlinePlanes).where(where).orderBy(asc(airlinePlanes.createdAt)).limit(query.size).offset(query.page * query.size);
  const hubs = await hubIdentsOf(db, airlineId);
  const bookings = await liveBookingsOf(
    db,
    rows.map((row) => row.id),
  );
  return pageOf(
    rows.map((row) => toPlane(row, hubs, bookings.get(row.id))),
    total?.n ?? 0,
    query.size,
  );
};

const findPlane = async (db: DbExecutor, airlineId: string, planeId: string) => {
  const [plane] = await db.select().from(airlinePlanes).where(and(eq(airlinePlanes.id, planeId), eq(airlinePlanes.airlineId, airlineId)));
  if (!plane) throw new AppError(ErrorCode.notFound, 'Plane not found');
  return plane;
};

export const getPlane = async (db: DbExecutor, caller: Caller, airlineId: string, planeId: string) => {
  await requireAccess(db, caller, 'airline.read', { airlineId });
  const plane = await findPlane(db, airlineId, planeId);
  return toPlane(plane, await hubIdentsOf(db, airlineId), (await liveBookingsOf(db, [plane.id])).get(plane.id));
};

export type CreatePlaneInput = {
  itemId: string;
  aircraftIcao: string;
  configuration: { eco: number; business: number; first: number };
  hubId: string;
  hangarId?: string | undefined;
  /** A registration the plane already carries elsewhere (an airline moving from phpVMS); else one is given. */
  tailRegistration?: string | undefined;
};

/**
 * POST /airline/{id}/plane: an aircraft item of the airline becomes a plane at a hub (in a hangar
 * with room when there is one), BUILDING until its delivery time. The first plane is free.
 */
export const createPlane = async (db: DbExecutor, caller: Caller, airlineId: string, input: CreatePlaneInput, now: Date) => {
  await requireAccess(db, caller, 'airline.plane.manage', { airlineId });
  const airline = await findAirline(db, airlineId);
  assertActive(airline);
  const [hub] = await db.select().from(airlineHubs).where(and(eq(airlineHubs.id, input.hubId), eq(airlineHubs.airlineId, airlineId), eq(airlineHubs.state, 'ACTIVE')));
  if (!hub) throw new AppError(ErrorCode.notFound, 'No active hub of this airline with this id');
  // The cabin must fit the type: no more seats than its certified maximum (the catalogue's figure).
  const type = findAircraftByIcao(input.aircraftIcao.toUpperCase());
  const seats = input.configuration.eco + input.configuration.business + input.configuration.first;
  if (type && seats > type.maxPaxCapacity) {
    throw new AppError(ErrorCode.validation, `The ${type.icao} seats at most ${type.maxPaxCapacity} passengers, not ${seats}`, 'configuration');
  }
  const [airport] = await db.select().from(airports).where(eq(airports.ident, hub.airportIdent));
  const agent = await agentName(db, caller.id);
  const planeId = await db.transaction(async (tx) => {
    // Contract 6: the commerce module converts the item (ERR_0023 when already converted).
    const item = await consumeAircraftItem(tx, { airlineId, inventoryItemId: input.itemId }, now);
    if (item.aircraftIcao.toUpperCase() !== input.aircraftIcao.toUpperCase()) {
      throw new AppError(ErrorCode.requestRefused, `This item builds a ${item.aircraftIcao}, not a ${input.aircraftIcao}`, 'aircraftIcao');
    }
    const hangars = await tx
      .select({ id: airlineHangars.id, size: airlineHangars.size, used: sql<number>`(select count(*)::int from airline_planes p where p.hangar_id = "airline_hangars"."id")` })
      .from(airlineHangars)
      .where(and(eq(airlineHangars.hubId, hub.id), eq(airlineHangars.state, 'ACTIVE')));
    let hangarId: string | null = null;
    if (input.hangarId) {
      const chosen = hangars.find((hangar) => hangar.id === input.hangarId);
      if (!chosen) throw new AppError(ErrorCode.notFound, 'No active hangar at this hub with this id');
      if (chosen.used >= HANGAR_CAPACITY[chosen.size]) throw airlineError(ErrorCode.planesUnavailable, 'This hangar is full');
      hangarId = chosen.id;
    } else {
      hangarId = hangars.find((hangar) => hangar.used < HANGAR_CAPACITY[hangar.size])?.id ?? null;
    }
    const [existing] = await tx.select({ n: count() }).from(airlinePlanes).where(eq(airlinePlanes.airlineId, airlineId));
    const number = (existing?.n ?? 0) + 1;
    const category = item.planeCategory;
    const cost = planeBuildCost(category, input.configuration, airline.gameDifficulty, number === 1);
    const tailRegistration = input.tailRegistration?.toUpperCase() ?? `${airline.code}-${airline.generation}${String(number).padStart(3, '0')}`;
    if (input.tailRegistration) {
      const [taken] = await tx.select({ id: airlinePlanes.id }).from(airlinePlanes).where(eq(airlinePlanes.tailRegistration, tailRegistration));
      if (taken) throw new AppError(ErrorCode.conflict, `A plane registered ${tailRegistration} already flies for an airline`, 'tailRegistration');
    }
    const [plane] = await tx
      .insert(airlinePlanes)
      .values({
        airlineId,
        hangarId,
        inventoryItemId: input.itemId,
        icao: item.aircraftIcao.toUpperCase(),
        model: item.name,
        tailRegistration,
        category,
        ecoSeats: input.configuration.eco,
        businessSeats: input.configuration.business,
        firstSeats: input.configuration.first,
        state: 'BUILDING',
        airportIdent: hub.airportIdent,
        latitudeDeg: airport?.latitudeDeg ?? null,
        longitudeDeg: airport?.longitudeDeg ?? null,
        deliveryTime: planeDeliveryTime(category, airline.gameDifficulty, now),
        createdAt: now,
      })
      .returning();
    await debitAirline(tx, {
      airlineId,
      amount: cost,
      categoryData: { category: 'PLANE_CREATION_COST', planeModel: item.name, planeRegistration: tailRegistration },
      description: `Plane ${tailRegistration} (${item.name}): build`,
      agentUserName: agent,
      idempotencyKey: `airline-plane-build:${plane!.id}`,
      executionDate: now,
    });
    return plane!.id;
  });
  return getPlane(db, caller, airlineId, planeId);
};

/**
 * PUT /airline/{id}/plane/{planeId}/state/UNDER_MAINTENANCE (administrator or owner): only a plane
 * at an airport (AT_AIRPORT or GROUNDED) below wear 100; the check is paid now.
 */
export const startMaintenance = async (db: DbExecutor, caller: Caller, airlineId: string, planeId: string, now: Date) => {
  await requireAccess(db, caller, 'airline.plane.maintain', { airlineId });
  const airline = await findAirline(db, airlineId);
  assertActive(airline);
  const plane = await findPlane(db, airlineId, planeId);
  if ((plane.state !== 'AT_AIRPORT' && plane.state !== 'GROUNDED') || !plane.airportIdent) {
    throw airlineError(ErrorCode.planesUnavailable, 'Maintenance needs the plane on the ground at an airport');
  }
  if (!canStartMaintenance(plane.wear)) throw new AppError(ErrorCode.requestRefused, 'The plane is already in perfect condition');
  const plan = maintenancePlan(plane.wear, plane.category, airline.gameDifficulty, now);
  const agent = await agentName(db, caller.id);
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(airlinePlanes)
      .set({ state: 'UNDER_MAINTENANCE', maintenanceStart: now, maintenanceEnd: plan.endDate })
      .where(and(eq(airlinePlanes.id, planeId), sql`${airlinePlanes.state} in ('AT_AIRPORT', 'GROUNDED')`))
      .returning({ id: airlinePlanes.id });
    if (!claimed) throw airlineError(ErrorCode.planesUnavailable, 'The plane is no longer available');
    await debitAirline(tx, {
      airlineId,
      amount: plan.cost,
      categoryData: { category: 'PLANE_REPARATION_COST', planeModel: plane.model, planeRegistration: plane.tailRegistration },
      description: `Plane ${plane.tailRegistration}: ${plan.check} check`,
      agentUserName: agent,
      idempotencyKey: `airline-plane-maintenance:${plane.id}:${now.toISOString()}`,
      executionDate: now,
    });
  });
  return getPlane(db, caller, airlineId, planeId);
};

/**
 * Applies a flown leg to a plane (called by the flight module when an airline flight ends): wear
 * by hours and hard landings, lifetime hours, new position; GROUNDED at wear 20 or lower.
 */
export const recordPlaneFlight = async (
  db: DbExecutor,
  planeId: string,
  leg: { flightHours: number; hardLandings: number; arrivalIdent: string; latitudeDeg: number; longitudeDeg: number; headingDeg: number },
) => {
  const [row] = await db
    .select({ plane: airlinePlanes, difficulty: sql<GameDifficulty>`(select a.game_difficulty from airlines a where a.id = "airline_planes"."airline_id")` })
    .from(airlinePlanes)
    .where(eq(airlinePlanes.id, planeId));
  if (!row) return undefined;
  const wear = wearAfterFlight(row.plane.wear, leg.flightHours, leg.hardLandings, row.difficulty);
  const [plane] = await db
    .update(airlinePlanes)
    .set({
      wear,
      lifetimeHours: row.plane.lifetimeHours + leg.flightHours,
      state: isGroundedWear(wear) ? 'GROUNDED' : 'AT_AIRPORT',
      airportIdent: leg.arrivalIdent,
      latitudeDeg: leg.latitudeDeg,
      longitudeDeg: leg.longitudeDeg,
      headingDeg: leg.headingDeg,
    })
    .where(eq(airlinePlanes.id, planeId))
    .returning();
  return plane;
};

/** GET /plane/category/{category}/cost/{difficulty}: build, seats and the worst-case maintenance. */
export const getPlaneCost = (category: PlaneCategory, difficulty: GameDifficulty) => {
  const zero = { eco: 0, business: 0, first: 0 };
  return {
    buildCost: planeBuildCost(category, zero, difficulty, false),
    ecoSeatCost: planeBuildCost(category, { ...zero, eco: 1 }, difficulty, false) - planeBuildCost(category, zero, difficulty, false),
    businessSeatCost: planeBuildCost(category, { ...zero, business: 1 }, difficulty, false) - planeBuildCost(category, zero, difficulty, false),
    firstSeatCost: planeBuildCost(category, { ...zero, first: 1 }, difficulty, false) - planeBuildCost(category, zero, difficulty, false),
    maintenanceCost: maintenancePlan(0, category, difficulty, new Date(0)).cost,
  };
};

// ---- routes ----

type RouteRow = typeof airlineRoutes.$inferSelect;
export type RouteInput = { name: string; destinations: string[]; constraints: TConstraint[]; planeCategory: PlaneCategory; departureTime: string; arrivalTime: string };

const checkTimes = (departureTime: string, arrivalTime: string) => {
  if (!ROUTE_TIME_PATTERN.test(departureTime) || !ROUTE_TIME_PATTERN.test(arrivalTime)) {
    throw airlineError(ErrorCode.invalidTimeFormat, 'Times are HH:mm (24-hour UTC)');
  }
};

/** Why a route cannot be flown now, as the spec's code (ERR_0038 no plane of the category, ERR_0039 none at the departure). */
const routeRestriction = (route: RouteRow, planes: PlaneRow[]): string | null => {
  const usable = planes.filter((plane) => plane.category === route.planeCategory);
  if (usable.length === 0) return ErrorCode.noAircraftInRouteCategories;
  if (!usable.some((plane) => plane.state === 'AT_AIRPORT' && plane.airportIdent === route.destinations[0])) return ErrorCode.noAircraftAtAirportForRoute;
  return null;
};

export const toRoute = (route: RouteRow, planes: PlaneRow[]) => {
  const reason = routeRestriction(route, planes);
  return {
    id: route.id,
    airlineId: route.airlineId,
    name: route.name,
    destinations: route.destinations,
    airlineConstraints: route.constraints.filter((c) => c.context === 'AIRLINE'),
    externalConstraints: route.constraints.filter((c) => c.context === 'EXTERNAL'),
    planeCategory: route.planeCategory,
    departureTime: route.departureTime,
    arrivalTime: route.arrivalTime,
    departureHub: route.destinations[0]!,
    arrivalHub: route.destinations[route.destinations.length - 1]!,
    restricted: reason !== null,
    restrictionReason: reason,
  };
};

/** One page of the airline's routes (those leaving `fromIdent` when given), with every plane of the airline. */
export const findRoutesPage = async (db: DbExecutor, airlineId: string, query: TPageQuery, fromIdent?: string) => {
  const where = and(eq(airlineRoutes.airlineId, airlineId), fromIdent ? sql`${airlineRoutes.destinations}[1] = ${fromIdent.toUpperCase()}` : undefined);
  const [total] = await db.select({ n: count() }).from(airlineRoutes).where(where);
  const rows = await db.select().from(airlineRoutes).where(where).orderBy(asc(airlineRoutes.createdAt)).limit(query.size).offset(query.page * query.size);
  const planes = await db.select().from(airlinePlanes).where(eq(airlinePlanes.airlineId, airlineId));
  return { rows, total: total?.n ?? 0, planes };
};

export const listRoutes = async (db: DbExecutor, caller: Caller, airlineId: string, query: TPageQuery) => {
  await requireAccess(db, caller, 'airline.read', { airlineId });
  const { rows, total, planes } = await findRoutesPage(db, airlineId, query);
  return pageOf(
    rows.map((row) => toRoute(row, planes)),
    total,
    query.size,
  );
};

/** POST /airline/{id}/route: destinations from an ACTIVE hub, never the same airport twice in a row. */
export const createRoute = async (db: DbExecutor, caller: Caller, airlineId: string, input: RouteInput) => {
  await requireAccess(db, caller, 'airline.route.manage', { airlineId });
  assertActive(await findAirline(db, airlineId));
  const destinations = input.destinations.map((ident) => ident.toUpperCase());
  if (destinations.length < ROUTE_DESTINATIONS_MIN || destinations.length > ROUTE_DESTINATIONS_MAX) {
    throw airlineError(ErrorCode.invalidDestinationLength, `A route has ${ROUTE_DESTINATIONS_MIN} to ${ROUTE_DESTINATIONS_MAX} destinations`);
  }
  if (destinations.some((ident, i) => i > 0 && ident === destinations[i - 1])) throw airlineError(ErrorCode.invalidRoute, 'The same airport cannot follow itself');
  checkTimes(input.departureTime, input.arrivalTime);
  const hubs = await hubIdentsOf(db, airlineId);
  if (!hubs.has(destinations[0]!)) throw airlineError(ErrorCode.invalidRouteHub, 'A route starts at one of the airline’s active hubs');
  const known = await db.select({ ident: airports.ident }).from(airports).where(inArray(airports.ident, destinations));
  if (new Set(known.map((row) => row.ident)).size !== new Set(destinations).size) throw airlineError(ErrorCode.invalidRoute, 'Unknown airport in the destinations');
  for (const constraint of input.constraints) {
    if (constraint.type !== 'CL') {
      const [rank] = await db.select({ id: airlineRanks.id }).from(airlineRanks).where(and(eq(airlineRanks.id, constraint.rankId), eq(airlineRanks.airlineId, airlineId)));
      if (!rank) throw airlineError(ErrorCode.invalidRoute, 'A rank constraint names a rank of another airline');
    }
  }
  const [route] = await db
    .insert(airlineRoutes)
    .values({ airlineId, name: input.name, destinations, constraints: input.constraints, planeCategory: input.planeCategory, departureTime: input.departureTime, arrivalTime: input.arrivalTime })
    .returning();
  const planes = await db.select().from(airlinePlanes).where(eq(airlinePlanes.airlineId, airlineId));
  return toRoute(route!, planes);
};

export const updateRoute = async (db: DbExecutor, caller: Caller, airlineId: string, routeId: string, input: Omit<RouteInput, 'destinations' | 'constraints'>) => {
  await requireAccess(db, caller, 'airline.route.manage', { airlineId });
  assertActive(await findAirline(db, airlineId));
  checkTimes(input.departureTime, input.arrivalTime);
  const [route] = await db
    .update(airlineRoutes)
    .set({ name: input.name, planeCategory: input.planeCategory, departureTime: input.departureTime, arrivalTime: input.arrivalTime })
    .where(and(eq(airlineRoutes.id, routeId), eq(airlineRoutes.airlineId, airlineId)))
    .returning();
  if (!route) throw airlineError(ErrorCode.routeNotFound, 'Route not found');
  const planes = await db.select().from(airlinePlanes).where(eq(airlinePlanes.airlineId, airlineId));
  return toRoute(route, planes);
};

export const deleteRoute = async (db: DbExecutor, caller: Caller, airlineId: string, routeId: string) => {
  await requireAccess(db, caller, 'airline.route.manage', { airlineId });
  const [route] = await db.delete(airlineRoutes).where(and(eq(airlineRoutes.id, routeId), eq(airlineRoutes.airlineId, airlineId))).returning({ id: airlineRoutes.id });
  if (!route) throw airlineError(ErrorCode.routeNotFound, 'Route not found');
};

/**
 * GET /airline/{id}/aircraft/{aircraft}/flights-restrictions: for the calling member and an aircraft
 * type, each route with why it cannot be flown (ERR_0006 owner subscription, ERR_0037 rank lists,
 * ERR_0040 rank constraints, then the route's own restriction).
 */
// ---- traffic rights ----

const findCountry = async (db: DbExecutor, iso: string) => {
  const [country] = await db.select().from(countries).where(eq(countries.code, iso.toUpperCase()));
  if (!country) throw airlineError(ErrorCode.countryNotFound, 'Country not found');
  return country;
};

/** GET /traffic-right/iso/{iso}/cost: by the country's airport count. */
export const getTrafficRightCost = async (db: DbExecutor, iso: string, difficulty: GameDifficulty = 'REALIST') => {
  const country = await findCountry(db, iso);
  const [airportsThere] = await db.select({ n: count() }).from(airports).where(eq(airports.isoCountry, country.code));
  return { isoCountry: country.code, licenceCost: trafficRightCost(airportsThere?.n ?? 0, difficulty) };
};

/** GET /traffic-right/iso/{iso}/cost?airlineId: a traffic right's quote, at the airline's difficulty when one is named. */
export const quoteTrafficRightCost = async (db: DbExecutor, caller: Caller, iso: string, airlineId?: string) =>
  getTrafficRightCost(db, iso, await quoteDifficulty(db, caller, airlineId));

export const listTrafficRights = async (db: DbExecutor, caller: Caller, airlineId: string, query: TPageQuery) => {
  await requireAccess(db, caller, 'airline.read', { airlineId });
  const where = eq(airlineTrafficRights.airlineId, airlineId);
  const [total] = await db.select({ n: count() }).from(airlineTrafficRights).where(where);
  const rows = await db
    .select()
    .from(airlineTrafficRights)
    .innerJoin(countries, eq(countries.code, airlineTrafficRights.isoCountry))
    .where(where)
    .orderBy(asc(airlineTrafficRights.isoCountry))
    .limit(query.size)
    .offset(query.page * query.size);
  return pageOf(
    rows.map(({ airline_traffic_rights: right, countries: country }) => ({
      isoCountry: right.isoCountry,
      countryName: country.name,
      endDate: right.endDate.toISOString(),
      autoRenew: right.autoRenew,
      state: right.state,
    })),
    total?.n ?? 0,
    query.size,
  );
};

/** POST /airline/{id}/traffic-right: buys a country's right for 12 months. */
export const createTrafficRight = async (db: DbExecutor, caller: Caller, airlineId: string, iso: string, now: Date) => {
  await requireAccess(db, caller, 'airline.traffic-right.renew', { airlineId });
  const airline = await findAirline(db, airlineId);
  assertActive(airline);
  const { isoCountry, licenceCost } = await getTrafficRightCost(db, iso, airline.gameDifficulty);
  const agent = await agentName(db, caller.id);
  await db.transaction(async (tx) => {
    const [right] = await tx
      .insert(airlineTrafficRights)
      .values({ airlineId, isoCountry, licenceCost, endDate: addMonthsUtc(now, TRAFFIC_RIGHT_VALIDITY_MONTHS), createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!right) throw airlineError(ErrorCode.trafficRightAlreadyOwned, 'The airline already holds this traffic right');
    await debitAirline(tx, {
      airlineId,
      amount: licenceCost,
      categoryData: { category: 'TRAFFIC_RIGHT_LICENCE_COST', country: isoCountry },
      description: `Traffic right ${isoCountry}: licence`,
      agentUserName: agent,
      idempotencyKey: `airline-traffic-right:${right.id}:${right.endDate.toISOString()}`,
      executionDate: now,
    });
  });
};

const findTrafficRight = async (db: DbExecutor, airlineId: string, iso: string) => {
  const [right] = await db.select().from(airlineTrafficRights).where(and(eq(airlineTrafficRights.airlineId, airlineId), eq(airlineTrafficRights.isoCountry, iso.toUpperCase())));
  if (!right) throw airlineError(ErrorCode.invalidTrafficRight, 'The airline does not hold this traffic right');
  return right;
};

/** PUT /airline/{id}/traffic-right/{iso}: auto-renew plans (or cancels) the renewal at the end date. */
export const setTrafficRightAutoRenew = async (db: DbExecutor, caller: Caller, airlineId: string, iso: string, autoRenew: boolean) => {
  await requireAccess(db, caller, 'airline.traffic-right.renew', { airlineId });
  assertActive(await findAirline(db, airlineId));
  const right = await findTrafficRight(db, airlineId, iso);
  await db.transaction(async (tx) => {
    await tx.update(airlineTrafficRights).set({ autoRenew }).where(eq(airlineTrafficRights.id, right.id));
    if (autoRenew) {
      await planRecurring(tx, airlineId, 'traffic-right', right.id, right.endDate, right.licenceCost, { category: 'TRAFFIC_RIGHT_LICENCE_COST', country: right.isoCountry }, `Traffic right ${right.isoCountry}: renewal`);
    } else {
      await tx.delete(walletTransactions).where(and(eq(walletTransactions.transactionState, 'PLANNED'), eq(walletTransactions.idempotencyKey, costKey('traffic-right', right.id, right.endDate))));
    }
  });
};

/** POST /airline/{id}/traffic-right/{iso}/renew: only within the last month (ERR_0031). */
export const renewTrafficRight = async (db: DbExecutor, caller: Caller, airlineId: string, iso: string, now: Date) => {
  await requireAccess(db, caller, 'airline.traffic-right.renew', { airlineId });
  assertActive(await findAirline(db, airlineId));
  const right = await findTrafficRight(db, airlineId, iso);
  if (!canRenewTrafficRight(right.endDate, now)) throw airlineError(ErrorCode.renewOnlyOneMonthBeforeEnd, 'A traffic right can be renewed only in its last month');
  const agent = await agentName(db, caller.id);
  await db.transaction(async (tx) => {
    const endDate = addMonthsUtc(right.endDate, TRAFFIC_RIGHT_VALIDITY_MONTHS);
    const [moved] = await tx
      .update(airlineTrafficRights)
      .set({ endDate, state: 'ACTIVE' })
      .where(and(eq(airlineTrafficRights.id, right.id), eq(airlineTrafficRights.endDate, right.endDate)))
      .returning();
    if (!moved) throw airlineError(ErrorCode.renewOnlyOneMonthBeforeEnd, 'This traffic right was just renewed');
    await tx.delete(walletTransactions).where(and(eq(walletTransactions.transactionState, 'PLANNED'), eq(walletTransactions.idempotencyKey, costKey('traffic-right', right.id, right.endDate))));
    await debitAirline(tx, {
      airlineId,
      amount: right.licenceCost,
      categoryData: { category: 'TRAFFIC_RIGHT_LICENCE_COST', country: right.isoCountry },
      description: `Traffic right ${right.isoCountry}: renewal`,
      agentUserName: agent,
      idempotencyKey: `airline-traffic-right:${right.id}:${endDate.toISOString()}`,
      executionDate: now,
    });
    if (right.autoRenew) {
      await planRecurring(tx, airlineId, 'traffic-right', right.id, endDate, right.licenceCost, { category: 'TRAFFIC_RIGHT_LICENCE_COST', country: right.isoCountry }, `Traffic right ${right.isoCountry}: renewal`);
    }
  });
};

