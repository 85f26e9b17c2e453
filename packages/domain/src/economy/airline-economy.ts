import type { HangarSize } from '../store/item-types';
import type { PlaneCategory } from '../reference/aircraft-information';
import {
  AIRLINE_ECONOMY,
  BASE_SALARY_FC,
  CARGO_FARE_PER_KG_PER_100NM,
  DEFAULT_PAX_LOAD_FACTOR,
  FARE_BASE_FC,
  FARE_PER_NM_FC,
  FULL_WEAR,
  GROUNDED_AT_WEAR,
  HARD_LANDING_FPM,
  HubAirportSize,
  MAINTENANCE_CHECKS,
  PLANE_NEW_PRICE_FC,
  TRAFFIC_RIGHT_RENEWAL_WINDOW_MONTHS,
  type GameDifficulty,
  type MaintenanceCheck,
} from './airline-economy-constants';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether an OurAirports type can hold a hub (small, medium or large airport). */
export const isHubAirportSize = (type: string): type is HubAirportSize => (HubAirportSize as readonly string[]).includes(type);

/** Hub licence (one-off) and monthly operating cost for an airport size at a difficulty. */
export const hubCosts = (size: HubAirportSize, difficulty: GameDifficulty) => ({
  licenceCost: AIRLINE_ECONOMY[difficulty].hubLicenceCostFc[size],
  operatingCost: AIRLINE_ECONOMY[difficulty].hubOperatingCostFc[size],
});

/** Hangar licence (one-off) and monthly operating cost for a hangar size at a difficulty. */
export const hangarCosts = (size: HangarSize, difficulty: GameDifficulty) => ({
  licenceCost: AIRLINE_ECONOMY[difficulty].hangarLicenceCostFc[size],
  operatingCost: AIRLINE_ECONOMY[difficulty].hangarOperatingCostFc[size],
});

export type SeatConfiguration = { eco: number; business: number; first: number };

/** What building a plane costs: the yard and the seats; nothing for the airline's first plane. */
export const planeBuildCost = (category: PlaneCategory, seats: SeatConfiguration, difficulty: GameDifficulty, isFirstPlane: boolean): number => {
  if (isFirstPlane) return 0;
  const economy = AIRLINE_ECONOMY[difficulty];
  return (
    economy.planeBuildCostFc[category] +
    seats.eco * economy.seatCostFc.eco +
    seats.business * economy.seatCostFc.business +
    seats.first * economy.seatCostFc.first
  );
};

/** Delivery time of a plane whose build starts at `start`. */
export const planeDeliveryTime = (category: PlaneCategory, difficulty: GameDifficulty, start: Date): Date =>
  new Date(start.getTime() + AIRLINE_ECONOMY[difficulty].planeBuildDays[category] * DAY_MS);

/**
 * Wear after a flight: falls by the hours flown and by each hard landing, never below 0.
 * Wear 100 is new; rounded to 0.01 so stored values stay exact.
 */
export const wearAfterFlight = (wear: number, flightHours: number, hardLandings: number, difficulty: GameDifficulty): number => {
  const economy = AIRLINE_ECONOMY[difficulty];
  const next = wear - Math.max(0, flightHours) * economy.wearPerFlightHour - Math.max(0, hardLandings) * economy.wearPerHardLanding;
  return Math.max(0, Math.round(next * 100) / 100);
};

/** A plane is grounded at wear 20 or lower. */
export const isGroundedWear = (wear: number): boolean => wear <= GROUNDED_AT_WEAR;

/** Maintenance is refused at wear 100. */
export const canStartMaintenance = (wear: number): boolean => wear < FULL_WEAR;

/** The check a plane at this wear gets (the band the wear falls in). */
export const maintenanceCheckFor = (wear: number): MaintenanceCheck =>
  MAINTENANCE_CHECKS.find((check) => wear >= check.minWear) ?? MAINTENANCE_CHECKS[MAINTENANCE_CHECKS.length - 1]!;

/** Maintenance cost and duration for a plane of this category at this wear (EASY halves the cost). */
export const maintenancePlan = (wear: number, category: PlaneCategory, difficulty: GameDifficulty, start: Date) => {
  const check = maintenanceCheckFor(wear);
  const costScale = difficulty === 'EASY' ? 0.5 : 1;
  return {
    check: check.name,
    durationDays: check.durationDays,
    cost: Math.round(PLANE_NEW_PRICE_FC[category] * check.shareOfPrice * costScale),
    endDate: new Date(start.getTime() + check.durationDays * DAY_MS),
  };
};

/** Traffic-right licence for a country with this many airports. */
export const trafficRightCost = (airportCount: number, difficulty: GameDifficulty): number => {
  const rule = AIRLINE_ECONOMY[difficulty].trafficRightLicenceCostFc;
  return Math.min(rule.max, rule.base + Math.floor(Math.max(0, airportCount) / 100) * rule.perHundredAirports);
};

/** Adds calendar months in UTC, clamping to the month's last day (Jan 31 + 1 month = Feb 28/29). */
export const addMonthsUtc = (date: Date, months: number): Date => {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
};

/** A traffic right may be renewed only within one month before its end date. */
export const canRenewTrafficRight = (endDate: Date, now: Date): boolean =>
  now.getTime() <= endDate.getTime() && now.getTime() >= addMonthsUtc(endDate, -TRAFFIC_RIGHT_RENEWAL_WINDOW_MONTHS).getTime();

/** Fare per seat for a leg (phpVMS: base plus a rate per nautical mile). */
export const farePerSeat = (distanceNm: number): number => Math.round(FARE_BASE_FC + FARE_PER_NM_FC * Math.max(0, distanceNm));

/** Revenue of a passenger flight at the default load factor. */
export const passengerRevenue = (seats: number, distanceNm: number, loadFactor = DEFAULT_PAX_LOAD_FACTOR): number =>
  Math.round(Math.floor(seats * loadFactor) * farePerSeat(distanceNm));

/**
 * What an airline flight earns (FLIGHT_REVENUE): the passengers carried at the fare for the
 * distance flown, plus the cargo by weight and distance. Without a cabin or cargo declared, the
 * plane's seats at the default load factor stand in for passengers (the phpVMS default).
 */
export const airlineFlightRevenue = (flight: { seats: number; paxCarried: number; cargoKg: number; distanceNm: number }): number => {
  const distanceNm = Math.max(0, flight.distanceNm);
  const passengers = flight.paxCarried > 0 ? flight.paxCarried * farePerSeat(distanceNm) : passengerRevenue(flight.seats, distanceNm);
  const cargo = Math.max(0, flight.cargoKg) * CARGO_FARE_PER_KG_PER_100NM * (distanceNm / 100);
  return Math.round(passengers + cargo);
};

/** The pilot's pay for an airline flight: the base salary plus the rank's bonus in percent of it. */
export const airlineFlightSalary = (rankBonusPercent: number): number => Math.round(BASE_SALARY_FC * (1 + Math.max(0, rankBonusPercent) / 100));

/** Hard landings for wear: the last touchdown above the hard-landing rate, bounces counted as more. */
export const hardLandingsOf = (landing: { verticalSpeedFpm: number; bounces: number } | null): number =>
  landing !== null && Math.abs(landing.verticalSpeedFpm) > HARD_LANDING_FPM ? 1 + landing.bounces : 0;

export type FailedTransactionDates = readonly Date[];

/**
 * Bankruptcy information: the count of FAILED transactions and the days left, counted
 * from the oldest one. With none failed, dayLeft is the full deadline.
 */
export const bankruptcyInformation = (failedDates: FailedTransactionDates, now: Date, difficulty: GameDifficulty) => {
  const deadlineDays = AIRLINE_ECONOMY[difficulty].bankruptcyDeadlineDays;
  if (failedDates.length === 0) return { nbFailedTransaction: 0, dayLeft: deadlineDays };
  const oldest = Math.min(...failedDates.map((date) => date.getTime()));
  const elapsedDays = Math.floor((now.getTime() - oldest) / DAY_MS);
  return { nbFailedTransaction: failedDates.length, dayLeft: Math.max(0, deadlineDays - elapsedDays) };
};

/** The date the airline becomes FAILED when its oldest failed transaction stays unpaid. */
export const bankruptcyDate = (oldestFailed: Date, difficulty: GameDifficulty): Date =>
  new Date(oldestFailed.getTime() + AIRLINE_ECONOMY[difficulty].bankruptcyDeadlineDays * DAY_MS);

export type WalletMove = { type: 'CREDIT' | 'DEBIT'; amount: number; state: 'PLANNED' | 'FAILED' | 'SUCCESS' };

/** The law of the airline wallet: the balance is the sum of its SUCCESS transactions. */
export const balanceOf = (moves: readonly WalletMove[]): number =>
  moves.reduce((sum, move) => (move.state === 'SUCCESS' ? sum + (move.type === 'CREDIT' ? move.amount : -move.amount) : sum), 0);

/**
 * Settles due debits in order against a balance, as the settlement job does in SQL: each is paid
 * while the running total fits the balance, the rest FAIL (a prefix, since amounts are positive).
 */
export const settleInOrder = (balance: number, dueAmounts: readonly number[]) => {
  let paid = 0;
  let failed = false;
  const states = dueAmounts.map((amount) => {
    if (!failed && paid + amount <= balance) {
      paid += amount;
      return 'SUCCESS' as const;
    }
    failed = true;
    return 'FAILED' as const;
  });
  return { states, paid };
};

export type PlannedCost = { executionDate: Date; amount: number; type: 'CREDIT' | 'DEBIT'; recurringMonths?: number };

/**
 * Cash-runway forecast: plays the PLANNED transactions (repeating the recurring ones each period)
 * forward from `now` over `horizonDays` and returns the first date the balance cannot cover a cost,
 * or null when it lasts. Flight revenue is not assumed: the forecast is what the airline owes.
 */
export const cashRunway = (balance: number, planned: readonly PlannedCost[], now: Date, horizonDays = 365) => {
  const horizon = now.getTime() + horizonDays * DAY_MS;
  const events: { time: number; delta: number }[] = [];
  for (const cost of planned) {
    let when = cost.executionDate;
    for (let guard = 0; when.getTime() <= horizon && guard < 1000; guard += 1) {
      events.push({ time: Math.max(when.getTime(), now.getTime()), delta: cost.type === 'CREDIT' ? cost.amount : -cost.amount });
      if (!cost.recurringMonths) break;
      when = addMonthsUtc(when, cost.recurringMonths);
    }
  }
  events.sort((a, b) => a.time - b.time || b.delta - a.delta);
  let running = balance;
  for (const event of events) {
    running += event.delta;
    if (running < 0) return { defaultDate: new Date(event.time), balanceAtHorizon: null };
  }
  return { defaultDate: null, balanceAtHorizon: running };
};

/** Whether to warn: the projected default falls within the warning window. */
export const shouldWarnRunway = (defaultDate: Date | null, now: Date, warningDays: number): boolean =>
  defaultDate !== null && defaultDate.getTime() - now.getTime() <= warningDays * DAY_MS;

export type FlightResult = { key: string; revenue: number; cost: number };

/** Profit and loss grouped by a key (route id or plane id) from flights flown. */
export const profitAndLoss = (flights: readonly FlightResult[]) => {
  const byKey = new Map<string, { key: string; revenue: number; cost: number; profit: number; flights: number }>();
  for (const flight of flights) {
    const entry = byKey.get(flight.key) ?? { key: flight.key, revenue: 0, cost: 0, profit: 0, flights: 0 };
    entry.revenue += flight.revenue;
    entry.cost += flight.cost;
    entry.profit = entry.revenue - entry.cost;
    entry.flights += 1;
    byKey.set(flight.key, entry);
  }
  return [...byKey.values()].sort((a, b) => b.profit - a.profit);
};
