import type { TPageQuery } from '@contrail/domain/airline/airline-contract';
import { airlineError } from '@contrail/domain/airline/airline-errors';
import { addMonthsUtc, canRenewTrafficRight, trafficRightCost } from '@contrail/domain/economy/airline-economy';
import { TRAFFIC_RIGHT_VALIDITY_MONTHS, type GameDifficulty } from '@contrail/domain/economy/airline-economy-constants';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import type { DbExecutor } from '../../db/database';
import { requireAccess, type Caller } from '../access/access.service';
import { airportCountIn, countryNamesOf, countryOf } from '../airport/airport.service';
import { userNameOf } from '../user/user-directory.service';
import { debitAirline } from '../wallet/wallet.service';
import { assertActive, findAirline, quoteDifficulty } from './airline-common';
import { cancelPlannedCost, planRecurring } from './airline-costs';
import {
  extendTrafficRight,
  findTrafficRightOf,
  findTrafficRightsPage,
  insertTrafficRight,
  setTrafficRightAutoRenewRow,
} from './airline-traffic-right.repository';

/** An airline's traffic rights: a country's, bought for twelve months, renewed by hand or automatically. */

const findCountry = async (db: DbExecutor, iso: string) => {
  const country = await countryOf(db, iso.toUpperCase());
  if (!country) throw airlineError(ErrorCode.countryNotFound, 'Country not found');
  return country;
};

/** GET /traffic-right/iso/{iso}/cost: by the country's airport count. */
export const getTrafficRightCost = async (db: DbExecutor, iso: string, difficulty: GameDifficulty = 'REALIST') => {
  const country = await findCountry(db, iso);
  return { isoCountry: country.code, licenceCost: trafficRightCost(await airportCountIn(db, country.code), difficulty) };
};

/** GET /traffic-right/iso/{iso}/cost?airlineId: a traffic right's quote, at the airline's difficulty when one is named. */
export const quoteTrafficRightCost = async (db: DbExecutor, caller: Caller, iso: string, airlineId?: string) =>
  getTrafficRightCost(db, iso, await quoteDifficulty(db, caller, airlineId));

export const listTrafficRights = async (db: DbExecutor, caller: Caller, airlineId: string, query: TPageQuery) => {
  await requireAccess(db, caller, 'airline.read', { airlineId });
  const { rows, totalItems, totalPages } = await findTrafficRightsPage(db, airlineId, query);
  const names = await countryNamesOf(
    db,
    rows.map((right) => right.isoCountry),
  );
  // A right of a country missing from the reference data is left out, as the list always did.
  const items = rows.flatMap((right) => {
    const countryName = names.get(right.isoCountry);
    return countryName === undefined
      ? []
      : [{ isoCountry: right.isoCountry, countryName, endDate: right.endDate.toISOString(), autoRenew: right.autoRenew, state: right.state }];
  });
  return { items, totalItems, totalPages };
};

/** POST /airline/{id}/traffic-right: buys a country's right for 12 months. */
export const createTrafficRight = async (db: DbExecutor, caller: Caller, airlineId: string, iso: string, now: Date) => {
  await requireAccess(db, caller, 'airline.traffic-right.renew', { airlineId });
  const airline = await findAirline(db, airlineId);
  assertActive(airline);
  const { isoCountry, licenceCost } = await getTrafficRightCost(db, iso, airline.gameDifficulty);
  const agent = (await userNameOf(db, caller.id)) ?? null;
  await db.transaction(async (tx) => {
    const right = await insertTrafficRight(tx, { airlineId, isoCountry, licenceCost, endDate: addMonthsUtc(now, TRAFFIC_RIGHT_VALIDITY_MONTHS), createdAt: now });
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
  const right = await findTrafficRightOf(db, airlineId, iso.toUpperCase());
  if (!right) throw airlineError(ErrorCode.invalidTrafficRight, 'The airline does not hold this traffic right');
  return right;
};

/** PUT /airline/{id}/traffic-right/{iso}: auto-renew plans (or cancels) the renewal at the end date. */
export const setTrafficRightAutoRenew = async (db: DbExecutor, caller: Caller, airlineId: string, iso: string, autoRenew: boolean) => {
  await requireAccess(db, caller, 'airline.traffic-right.renew', { airlineId });
  assertActive(await findAirline(db, airlineId));
  const right = await findTrafficRight(db, airlineId, iso);
  await db.transaction(async (tx) => {
    await setTrafficRightAutoRenewRow(tx, right.id, autoRenew);
    if (autoRenew) {
      await planRecurring(tx, airlineId, 'traffic-right', right.id, right.endDate, right.licenceCost, { category: 'TRAFFIC_RIGHT_LICENCE_COST', country: right.isoCountry }, `Traffic right ${right.isoCountry}: renewal`);
    } else {
      await cancelPlannedCost(tx, airlineId, 'traffic-right', right.id, right.endDate);
    }
  });
};

/** POST /airline/{id}/traffic-right/{iso}/renew: only within the last month (ERR_0031). */
export const renewTrafficRight = async (db: DbExecutor, caller: Caller, airlineId: string, iso: string, now: Date) => {
  await requireAccess(db, caller, 'airline.traffic-right.renew', { airlineId });
  assertActive(await findAirline(db, airlineId));
  const right = await findTrafficRight(db, airlineId, iso);
  if (!canRenewTrafficRight(right.endDate, now)) throw airlineError(ErrorCode.renewOnlyOneMonthBeforeEnd, 'A traffic right can be renewed only in its last month');
  const agent = (await userNameOf(db, caller.id)) ?? null;
  await db.transaction(async (tx) => {
    const endDate = addMonthsUtc(right.endDate, TRAFFIC_RIGHT_VALIDITY_MONTHS);
    if (!(await extendTrafficRight(tx, right.id, right.endDate, endDate))) throw airlineError(ErrorCode.renewOnlyOneMonthBeforeEnd, 'This traffic right was just renewed');
    await cancelPlannedCost(tx, airlineId, 'traffic-right', right.id, right.endDate);
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
