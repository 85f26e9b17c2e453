import { and, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { MFT_BONUS_FC_PER_HOUR, MFT_MONTHLY_LIMIT_HOURS } from '@contrail/domain/economy/mft-bonus';
import type { TAirlineWalletHistory, TLivemapItem, TPageQuery, TWalletHistoryMonth } from '@contrail/domain/airline/airline-contract';
import { airlineError } from '@contrail/domain/airline/airline-errors';
import { addMonthsUtc, cashRunway, shouldWarnRunway } from '@contrail/domain/economy/airline-economy';
import {
  AIRLINE_ECONOMY,
  BASE_SALARY_FC,
  GROUNDED_AT_WEAR,
  HANGAR_CAPACITY,
  RUNWAY_WARNING_DAYS,
  TRAFFIC_RIGHT_RENEWAL_WINDOW_MONTHS,
  TRAFFIC_RIGHT_VALIDITY_MONTHS,
} from '@contrail/domain/economy/airline-economy-constants';
import { ROUTE_DESTINATIONS_MAX, ROUTE_DESTINATIONS_MIN } from '@contrail/domain/airline/airline-contract';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import { TransactionCategory, type TWalletTransaction } from '@contrail/domain/wallet/wallet-contract';
import type { DbExecutor } from '../../db/database';
import { airlineBookings, airlineHangars, airlineHubs, airlinePlanes, airlineTrafficRights } from './airline.schema';
import { airports } from '../airport/airport.schema';
import { walletTransactions } from '../wallet/wallet.schema';
import { livePositionsOf } from '../flight/live-position.service';
import { requireAccess, type Caller } from '../access/access.service';
import { settleTransaction } from '../wallet/wallet.service';
import { costKey, findAirline, pageOf, parseCostKey } from './airline-common';

type TransactionRow = typeof walletTransactions.$inferSelect;
const toTransaction = (row: TransactionRow): TWalletTransaction => ({
  id: row.id,
  description: row.description,
  executionDate: row.executionDate.toISOString(),
  amount: row.amount,
  currency: row.currency,
  agent: row.agentUserName ? { userName: row.agentUserName } : null,
  transactionType: row.transactionType,
  transactionState: row.transactionState,
  transactionCategory: row.categoryData,
});

/** GET /airline/{id}/wallet/balance (administrator or owner). */
export const getAirlineBalance = async (db: DbExecutor, caller: Caller, airlineId: string) => {
  await requireAccess(db, caller, 'airline.wallet.read', { airlineId });
  return { balance: (await findAirline(db, airlineId)).balance };
};

/** GET /airline/{id}/wallet?page&size&states&categories: newest first. */
export const listAirlineTransactions = async (
  db: DbExecutor,
  caller: Caller,
  airlineId: string,
  query: TPageQuery & { states?: ('PLANNED' | 'FAILED' | 'SUCCESS')[] | undefined; categories?: TransactionCategory[] | undefined },
) => {
  await requireAccess(db, caller, 'airline.wallet.read', { airlineId });
  const where = and(
    eq(walletTransactions.airlineId, airlineId),
    query.states ? inArray(walletTransactions.transactionState, query.states) : undefined,
    query.categories ? inArray(walletTransactions.category, query.categories) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(walletTransactions).where(where);
  const rows = await db
    .select()
    .from(walletTransactions)
    .where(where)
    .orderBy(desc(walletTransactions.executionDate), desc(walletTransactions.createdAt))
    .limit(query.size)
    .offset(query.page * query.size);
  return pageOf(rows.map(toTransaction), total?.n ?? 0, query.size);
};

/** `YYYY-MM` of a UTC month start. */
const monthKey = (date: Date): string => date.toISOString().slice(0, 7);
const isCategory = (value: string): value is TransactionCategory => (TransactionCategory as readonly string[]).includes(value);

/**
 * GET /airline/{id}/wallet/history?months (administrator or owner): income (credits) and costs
 * (debits) per calendar month (UTC), the current month and the `months - 1` before it, oldest
 * first, each split by category. Only executed (SUCCESS) FlightCoin rows count: planned and failed
 * ones moved no money. Amounts FC, both positive.
 */
export const getAirlineWalletHistory = async (db: DbExecutor, caller: Caller, airlineId: string, months: number, now: Date): Promise<TAirlineWalletHistory> => {
  await requireAccess(db, caller, 'airline.wallet.read', { airlineId });
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const month = sql<string>`to_char(${walletTransactions.executionDate} at time zone 'UTC', 'YYYY-MM')`;
  const rows = await db
    .select({ month, category: walletTransactions.category, type: walletTransactions.transactionType, total: sql<string | number>`sum(${walletTransactions.amount})` })
    .from(walletTransactions)
    .where(
      and(
        eq(walletTransactions.airlineId, airlineId),
        eq(walletTransactions.transactionState, 'SUCCESS'),
        eq(walletTransactions.currency, 'MFC'),
        gte(walletTransactions.executionDate, from),
        lt(walletTransactions.executionDate, to),
      ),
    )
    .groupBy(month, walletTransactions.category, walletTransactions.transactionType);
  const byMonth = new Map<string, TWalletHistoryMonth>();
  for (let index = 0; index < months; index += 1) {
    const key = monthKey(new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + index, 1)));
    byMonth.set(key, { month: key, income: 0, costs: 0, byCategory: [] });
  }
  for (const row of rows) {
    const entry = byMonth.get(row.month);
    if (!entry) continue;
    const amount = Number(row.total);
    const category = isCategory(row.category) ? row.category : 'UNKNOWN';
    let share = entry.byCategory.find((item) => item.category === category);
    if (!share) {
      share = { category, income: 0, costs: 0 };
      entry.byCategory.push(share);
    }
    if (row.type === 'CREDIT') {
      entry.income += amount;
      share.income += amount;
    } else {
      entry.costs += amount;
      share.costs += amount;
    }
  }
  for (const entry of byMonth.values()) entry.byCategory.sort((a, b) => TransactionCategory.indexOf(a.category) - TransactionCategory.indexOf(b.category));
  return { months: [...byMonth.values()] };
};

/**
 * After a recurring cost is paid by hand: its asset is active again and its next period planned
 * (the same follow-up the settlement job does set-based).
 */
const afterCostPaid = async (db: DbExecutor, row: TransactionRow) => {
  const cost = parseCostKey(row.idempotencyKey);
  if (!cost || !row.airlineId) return;
  const plan = async (due: Date, amount: number) => {
    await db
      .insert(walletTransactions)
      .values({
        airlineId: row.airlineId,
        currency: 'MFC',
        transactionType: 'DEBIT',
        transactionState: 'PLANNED',
        amount,
        category: row.category,
        categoryData: row.categoryData,
        description: row.description,
        idempotencyKey: costKey(cost.kind, cost.assetId, due),
        executionDate: due,
      })
      .onConflictDoNothing();
  };
  const due = addMonthsUtc(row.executionDate, 1);
  if (cost.kind === 'hub') {
    const [hub] = await db.update(airlineHubs).set({ state: 'ACTIVE', nextDtOfPayment: due }).where(and(eq(airlineHubs.id, cost.assetId), sql`${airlineHubs.state} <> 'CLOSED'`)).returning();
    if (hub) await plan(due, hub.operatingCost);
  } else if (cost.kind === 'hangar') {
    const [hangar] = await db.update(airlineHangars).set({ state: 'ACTIVE', nextDtOfPayment: due }).where(eq(airlineHangars.id, cost.assetId)).returning();
    if (hangar) await plan(due, hangar.operatingCost);
  } else {
    const [right] = await db
      .update(airlineTrafficRights)
      .set({ state: 'ACTIVE', endDate: sql`${airlineTrafficRights.endDate} + interval '12 months'` })
      .where(eq(airlineTrafficRights.id, cost.assetId))
      .returning();
    if (right?.autoRenew) await plan(right.endDate, right.licenceCost);
  }
};

/**
 * PUT /airline/{id}/wallet/transaction/{transactionId}/pay (owner): a PLANNED or FAILED row paid
 * now. ERR_0029 when it is neither (or not this airline's), ERR_0013 when the balance is short.
 */
export const payTransaction = async (db: DbExecutor, caller: Caller, airlineId: string, transactionId: string, now: Date) => {
  await requireAccess(db, caller, 'airline.transaction.pay', { airlineId });
  const [row] = await db.select().from(walletTransactions).where(and(eq(walletTransactions.id, transactionId), eq(walletTransactions.airlineId, airlineId)));
  if (!row || row.transactionState === 'SUCCESS') throw airlineError(ErrorCode.invalidTransactionState, 'This transaction is not waiting for a payment');
  return db.transaction(async (tx) => {
    const outcome = await settleTransaction(tx, transactionId, now);
    if (outcome === 'not-pending') throw airlineError(ErrorCode.invalidTransactionState, 'This transaction is not waiting for a payment');
    if (outcome === 'failed') throw airlineError(ErrorCode.airlineNotEnoughFc, 'The airline does not have enough FlightCoins');
    const [paid] = await tx.select().from(walletTransactions).where(eq(walletTransactions.id, transactionId));
    await afterCostPaid(tx, paid!);
    return toTransaction(paid!);
  });
};

/**
 * GET /airline/{id}/forecast: the cash runway from the PLANNED rows, recurring ones repeated each
 * period ("at this rate the airline defaults on <date>"), and whether to warn now.
 */
export const getCashRunway = async (db: DbExecutor, caller: Caller, airlineId: string, now: Date) => {
  await requireAccess(db, caller, 'airline.wallet.read', { airlineId });
  const airline = await findAirline(db, airlineId);
  const planned = await db
    .select()
    .from(walletTransactions)
    .where(and(eq(walletTransactions.airlineId, airlineId), eq(walletTransactions.transactionState, 'PLANNED')));
  const runway = cashRunway(
    airline.balance,
    planned.map((row) => {
      const kind = parseCostKey(row.idempotencyKey)?.kind;
      return {
        executionDate: row.executionDate,
        amount: row.amount,
        type: row.transactionType,
        recurringMonths: kind === 'traffic-right' ? TRAFFIC_RIGHT_VALIDITY_MONTHS : kind ? 1 : undefined,
      };
    }),
    now,
  );
  return {
    balance: airline.balance,
    defaultDate: runway.defaultDate?.toISOString() ?? null,
    warn: shouldWarnRunway(runway.defaultDate, now, RUNWAY_WARNING_DAYS),
    plannedTotal: planned.reduce((sum, row) => sum + (row.transactionType === 'DEBIT' ? row.amount : -row.amount), 0),
  };
};

/**
 * GET /airline/{id}/livemap/item?categories: the airline's hubs and its planes where they are
 * (members). A plane in flight is where its flight's newest frame puts it, not where it took off.
 */
export const getLivemapItems = async (db: DbExecutor, caller: Caller, airlineId: string, categories: ('PLANE' | 'HUB')[]): Promise<TLivemapItem[]> => {
  await requireAccess(db, caller, 'airline.read', { airlineId });
  const items: TLivemapItem[] = [];
  if (categories.includes('HUB')) {
    const hubs = await db
      .select({ id: airlineHubs.id, airportIdent: airlineHubs.airportIdent, latitude: airports.latitudeDeg, longitude: airports.longitudeDeg })
      .from(airlineHubs)
      .innerJoin(airports, eq(airports.ident, airlineHubs.airportIdent))
      .where(and(eq(airlineHubs.airlineId, airlineId), sql`${airlineHubs.state} <> 'CLOSED'`));
    items.push(...hubs.map((hub) => ({ ...hub, heading: 0, category: 'HUB' as const })));
  }
  if (categories.includes('PLANE')) {
    const planes = await db
      .select({ plane: airlinePlanes, flightId: airlineBookings.flightId })
      .from(airlinePlanes)
      .leftJoin(airlineBookings, and(eq(airlineBookings.planeId, airlinePlanes.id), eq(airlineBookings.state, 'FLYING')))
      .where(eq(airlinePlanes.airlineId, airlineId));
    const flightIds = planes.flatMap(({ plane, flightId }) => (plane.state === 'FLYING' && flightId ? [flightId] : []));
    const inFlight = await livePositionsOf(db, flightIds);
    for (const { plane, flightId } of planes) {
      const live = flightId ? inFlight.get(flightId) : undefined;
      const latitude = live?.latitudeDeg ?? plane.latitudeDeg;
      const longitude = live?.longitudeDeg ?? plane.longitudeDeg;
      if (latitude === null || longitude === null) continue;
      items.push({
        id: plane.id,
        heading: Math.round(live?.headingDeg ?? plane.headingDeg),
        latitude,
        longitude,
        category: 'PLANE',
        tailRegistration: plane.tailRegistration,
        state: plane.state,
        ...(plane.airportIdent && !live ? { airportIdent: plane.airportIdent } : {}),
      });
    }
  }
  return items;
};

/** GET /airline/{id}/configuration: the numbers the airline screens show, for the airline's difficulty. */
export const getConfigurationData = async (db: DbExecutor, caller: Caller, airlineId: string) => {
  await requireAccess(db, caller, 'airline.read', { airlineId });
  const economy = AIRLINE_ECONOMY[(await findAirline(db, airlineId)).gameDifficulty];
  return {
    hangar: { capacity: HANGAR_CAPACITY, licenceCost: economy.hangarLicenceCostFc, operatingCost: economy.hangarOperatingCostFc },
    hub: { licenceCost: economy.hubLicenceCostFc, operatingCost: economy.hubOperatingCostFc },
    plane: { groundedAtWear: GROUNDED_AT_WEAR, buildCost: economy.planeBuildCostFc, seatCost: economy.seatCostFc },
    route: { minDestinations: ROUTE_DESTINATIONS_MIN, maxDestinations: ROUTE_DESTINATIONS_MAX },
    rank: { maxFcBonus: 1000 },
    salaryInformation: { baseSalary: BASE_SALARY_FC },
    trafficRight: { validityMonths: TRAFFIC_RIGHT_VALIDITY_MONTHS, renewalWindowMonths: TRAFFIC_RIGHT_RENEWAL_WINDOW_MONTHS },
    mftOption: ['pilot', 'airline'] as ('pilot' | 'airline')[],
    mftBonus: { fcPerHour: MFT_BONUS_FC_PER_HOUR, monthlyLimitHours: MFT_MONTHLY_LIMIT_HOURS },
    bankruptcyDeadlineDays: economy.bankruptcyDeadlineDays,
  };
};
