import type { TPageQuery, TPlane } from '@contrail/domain/airline/airline-contract';
import { airlineError } from '@contrail/domain/airline/airline-errors';
import { canStartMaintenance, isGroundedWear, maintenancePlan, planeBuildCost, planeDeliveryTime, wearAfterFlight } from '@contrail/domain/economy/airline-economy';
import { HANGAR_CAPACITY, type GameDifficulty } from '@contrail/domain/economy/airline-economy-constants';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import { findAircraftByIcao } from '@contrail/domain/reference/aircraft-catalogue';
import type { PlaneCategory } from '@contrail/domain/reference/aircraft-information';
import type { DbExecutor } from '../../db/database';
import { requireAccess, type Caller } from '../access/access.service';
import { airportRowOf } from '../airport/airport.service';
import { consumeAircraftItem } from '../store/inventory.service';
import { userNameOf, userNamesOf } from '../user/user-directory.service';
import { debitAirline } from '../wallet/wallet.service';
import { toPage } from '../../db/paging';
import { assertActive, findAirline } from './airline-common';
import { findLiveBookingsOfPlanes } from './airline-booking.repository';
import { findActiveHangarsAt } from './airline-hangar.repository';
import { findActiveHubIdents, findActiveHubOf } from './airline-hub.repository';
import {
  claimForMaintenance,
  countPlanesOf,
  findPlaneOf,
  findPlanesPage,
  findPlaneWithDifficulty,
  insertPlane,
  isTailRegistrationTaken,
  updatePlaneRow,
  type PlaneRow,
} from './airline-plane.repository';

/** An airline's planes: built from aircraft items at a hub, worn by flights, maintained. */

type LiveBooking = { userId: string; userName: string; flightId: string | null; departureIdent: string; arrivalIdent: string };

/** The live booking of each of these planes (who holds a BOOKED plane, what a FLYING one flies). */
const liveBookingsOf = async (db: DbExecutor, planeIds: string[]): Promise<Map<string, LiveBooking>> => {
  if (planeIds.length === 0) return new Map();
  const rows = await findLiveBookingsOfPlanes(db, planeIds);
  const names = await userNamesOf(
    db,
    rows.map((row) => row.userId),
  );
  return new Map(
    rows.flatMap(({ planeId, ...booking }) => {
      const userName = names.get(booking.userId);
      return userName === undefined ? [] : [[planeId, { ...booking, userName }] as const];
    }),
  );
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

export const listPlanes = async (db: DbExecutor, caller: Caller, airlineId: string, query: TPageQuery) => {
  await requireAccess(db, caller, 'airline.read', { airlineId });
  const page = await findPlanesPage(db, airlineId, query);
  const hubs = await findActiveHubIdents(db, airlineId);
  const bookings = await liveBookingsOf(
    db,
    page.rows.map((row) => row.id),
  );
  return toPage(page, (row) => toPlane(row, hubs, bookings.get(row.id)));
};

/** The airline's plane, or not found. */
export const findPlane = async (db: DbExecutor, airlineId: string, planeId: string): Promise<PlaneRow> => {
  const plane = await findPlaneOf(db, airlineId, planeId);
  if (!plane) throw new AppError(ErrorCode.notFound, 'Plane not found');
  return plane;
};

export const getPlane = async (db: DbExecutor, caller: Caller, airlineId: string, planeId: string) => {
  await requireAccess(db, caller, 'airline.read', { airlineId });
  const plane = await findPlane(db, airlineId, planeId);
  return toPlane(plane, await findActiveHubIdents(db, airlineId), (await liveBookingsOf(db, [plane.id])).get(plane.id));
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
  const hub = await findActiveHubOf(db, airlineId, input.hubId);
  if (!hub) throw new AppError(ErrorCode.notFound, 'No active hub of this airline with this id');
  // The cabin must fit the type: no more seats than its certified maximum (the catalogue's figure).
  const type = findAircraftByIcao(input.aircraftIcao.toUpperCase());
  const seats = input.configuration.eco + input.configuration.business + input.configuration.first;
  if (type && seats > type.maxPaxCapacity) {
    throw new AppError(ErrorCode.validation, `The ${type.icao} seats at most ${type.maxPaxCapacity} passengers, not ${seats}`, 'configuration');
  }
  const airport = await airportRowOf(db, hub.airportIdent);
  const agent = (await userNameOf(db, caller.id)) ?? null;
  const planeId = await db.transaction(async (tx) => {
    // The store converts the item (ERR_0023 when already converted).
    const item = await consumeAircraftItem(tx, { airlineId, inventoryItemId: input.itemId }, now);
    if (item.aircraftIcao.toUpperCase() !== input.aircraftIcao.toUpperCase()) {
      throw new AppError(ErrorCode.requestRefused, `This item builds a ${item.aircraftIcao}, not a ${input.aircraftIcao}`, 'aircraftIcao');
    }
    const hangars = await findActiveHangarsAt(tx, hub.id);
    let hangarId: string | null = null;
    if (input.hangarId) {
      const chosen = hangars.find((hangar) => hangar.id === input.hangarId);
      if (!chosen) throw new AppError(ErrorCode.notFound, 'No active hangar at this hub with this id');
      if (chosen.used >= HANGAR_CAPACITY[chosen.size]) throw airlineError(ErrorCode.planesUnavailable, 'This hangar is full');
      hangarId = chosen.id;
    } else {
      hangarId = hangars.find((hangar) => hangar.used < HANGAR_CAPACITY[hangar.size])?.id ?? null;
    }
    const number = (await countPlanesOf(tx, airlineId)) + 1;
    const category = item.planeCategory;
    const cost = planeBuildCost(category, input.configuration, airline.gameDifficulty, number === 1);
    const tailRegistration = input.tailRegistration?.toUpperCase() ?? `${airline.code}-${airline.generation}${String(number).padStart(3, '0')}`;
    if (input.tailRegistration && (await isTailRegistrationTaken(tx, tailRegistration))) {
      throw new AppError(ErrorCode.conflict, `A plane registered ${tailRegistration} already flies for an airline`, 'tailRegistration');
    }
    const plane = await insertPlane(tx, {
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
    });
    await debitAirline(tx, {
      airlineId,
      amount: cost,
      categoryData: { category: 'PLANE_CREATION_COST', planeModel: item.name, planeRegistration: tailRegistration },
      description: `Plane ${tailRegistration} (${item.name}): build`,
      agentUserName: agent,
      idempotencyKey: `airline-plane-build:${plane.id}`,
      executionDate: now,
    });
    return plane.id;
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
  const agent = (await userNameOf(db, caller.id)) ?? null;
  await db.transaction(async (tx) => {
    if (!(await claimForMaintenance(tx, planeId, now, plan.endDate))) throw airlineError(ErrorCode.planesUnavailable, 'The plane is no longer available');
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
  const row = await findPlaneWithDifficulty(db, planeId);
  if (!row) return undefined;
  const wear = wearAfterFlight(row.plane.wear, leg.flightHours, leg.hardLandings, row.difficulty);
  return updatePlaneRow(db, planeId, {
    wear,
    lifetimeHours: row.plane.lifetimeHours + leg.flightHours,
    state: isGroundedWear(wear) ? 'GROUNDED' : 'AT_AIRPORT',
    airportIdent: leg.arrivalIdent,
    latitudeDeg: leg.latitudeDeg,
    longitudeDeg: leg.longitudeDeg,
    headingDeg: leg.headingDeg,
  });
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
