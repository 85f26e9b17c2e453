import { airlineError } from '@contrail/domain/airline/airline-errors';
import { airlineFlightRevenue, airlineFlightSalary, hardLandingsOf } from '@contrail/domain/economy/airline-economy';
import { mftBonusOf } from '@contrail/domain/economy/mft-bonus';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import type { DbExecutor } from '../../db/database';
import type { AirlineFlightLeg, AirlineFlightMoney, AirlineFlightResult } from '../flight/airline-flights.port';
import { userNameOf } from '../user/user-directory.service';
import { creditAirline, creditUser, debitAirline, planTransaction } from '../wallet/wallet.service';
import { refusal } from './airline-booking-rules';
import {
  cancelFlyingBookings,
  findBookedBookingOfUser,
  findBookingOfFlight,
  findCompletedBookingOfFlight,
  startBookingFlight,
  sumMftHoursSince,
  updateBookingRow,
} from './airline-booking.repository';
import { isAirlineManagerPremium } from './airline-common';
import { assertNotGrounded } from './airline-grounding.service';
import { findMemberRankBonus } from './airline-member.repository';
import { findPlaneById, releasePlanes, updatePlaneRow } from './airline-plane.repository';
import { recordPlaneFlight } from './airline-plane.service';

/**
 * The airline side of an AIRLINE flight, called by the flight module inside its own database
 * transactions: the booking it registers with, its start, its cancellation, and what it earns.
 */

/** What an AIRLINE flight registers with: the caller's live booking in that airline, or ERR_0035. */
export const bookingToFly = async (db: DbExecutor, userId: string, airlineId: string, now: Date) => {
  await assertNotGrounded(db, userId, airlineId);
  const row = await findBookedBookingOfUser(db, userId, airlineId);
  if (!row || row.booking.expiresAt.getTime() <= now.getTime()) {
    throw airlineError(ErrorCode.planesUnavailable, 'Book a plane of this airline for a route before flying for it');
  }
  if (!(await isAirlineManagerPremium(db, row.airline.ownerId, now))) throw refusal(ErrorCode.ownerSubscriptionInactive);
  return {
    bookingId: row.booking.id,
    flightNumber: row.booking.flightNumber,
    departureIdent: row.booking.departureIdent,
    arrivalIdent: row.booking.arrivalIdent,
    aircraftIcao: row.plane.icao,
    registration: row.plane.tailRegistration,
    seats: row.plane.ecoSeats + row.plane.businessSeats + row.plane.firstSeats,
  };
};

/** The flight started: booking and plane are FLYING, tied to the flight. */
export const startAirlineFlight = async (db: DbExecutor, bookingId: string, flightId: string): Promise<void> => {
  const flying = await startBookingFlight(db, bookingId, flightId);
  if (!flying) throw refusal(ErrorCode.planesUnavailable);
  await updatePlaneRow(db, flying.planeId, { state: 'FLYING' });
};

/** The flight was cancelled: the plane stays where it was and goes back on the line. */
export const releaseAirlineFlight = async (db: DbExecutor, flightId: string, now: Date): Promise<void> => {
  const planeIds = await cancelFlyingBookings(db, flightId, now);
  await releasePlanes(db, planeIds, 'FLYING');
};

/** The airline answers the flight module's port (an airline settles a flight), so it speaks the port's types. */
export type { AirlineFlightMoney, AirlineFlightResult } from '../flight/airline-flights.port';

/** The flight's booking in this state with its airline and pilot; undefined without one (or without its pilot). */
const bookingOfFlight = async (db: DbExecutor, flightId: string, state: 'FLYING' | 'COMPLETED') => {
  const row = await findBookingOfFlight(db, flightId, state);
  if (!row) return undefined;
  const userName = await userNameOf(db, row.booking.userId);
  return userName === undefined ? undefined : { ...row, pilot: { id: row.booking.userId, userName } };
};

/**
 * The flight completed and was flown: the plane wears by its airborne hours and parks where it
 * stopped, the booking ends; what the flight earns (revenue from the flown distance and the
 * carried load, the salary from the pilot's rank) is answered, not paid: `payAirlineFlight` pays
 * it at once for an accepted flight, or when a reviewer accepts it. Null without a flying booking.
 */
export const parkAirlineFlight = async (db: DbExecutor, leg: AirlineFlightLeg): Promise<AirlineFlightMoney | null> => {
  const row = await bookingOfFlight(db, leg.flightId, 'FLYING');
  if (!row) return null;
  const { booking, airline } = row;
  const plane = await findPlaneById(db, booking.planeId);
  const bonus = await findMemberRankBonus(db, airline.id, leg.pilotId);
  const seats = plane ? plane.ecoSeats + plane.businessSeats + plane.firstSeats : 0;
  const airlineRevenue = airlineFlightRevenue({ seats, paxCarried: leg.paxCarried, cargoKg: leg.cargoKg, distanceNm: leg.distanceNm });
  const salary = airlineFlightSalary(bonus ?? 0);
  await recordPlaneFlight(db, booking.planeId, {
    flightHours: leg.flightHours,
    hardLandings: hardLandingsOf(leg.landing),
    arrivalIdent: leg.arrivalIdent,
    latitudeDeg: leg.arrivalPosition.latitudeDeg,
    longitudeDeg: leg.arrivalPosition.longitudeDeg,
    headingDeg: leg.headingDeg,
  });
  await updateBookingRow(db, booking.id, { state: 'COMPLETED', revenue: 0, salary: 0, arrivalIdent: leg.arrivalIdent, endedAt: leg.now });
  return { airlineRevenue, salary, mftFlightHours: leg.flightHours };
};

/** Hours of the monthly flight-time bonus already credited to this pilot's flights this UTC month (every airline). */
const mftHoursThisMonth = (db: DbExecutor, pilotId: string, now: Date): Promise<number> =>
  sumMftHoursSince(db, pilotId, new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)));

/**
 * The flight completed without being flown: nothing wears and nothing is earned, the plane stays
 * where it was booked (it never left its departure) and is free again; the booking ends.
 */
export const endUnflownAirlineFlight = async (db: DbExecutor, flightId: string, now: Date): Promise<void> => {
  const row = await bookingOfFlight(db, flightId, 'FLYING');
  if (!row) return;
  await updateBookingRow(db, row.booking.id, { state: 'COMPLETED', revenue: 0, salary: 0, arrivalIdent: row.booking.departureIdent, endedAt: now });
  await releasePlanes(db, [row.booking.planeId], 'FLYING');
};

/**
 * Pays a completed airline flight: the airline earns FLIGHT_REVENUE and pays the pilot's salary
 * (planned, and so failed by the settlement, when its balance is short). Idempotent per booking;
 * in the caller's transaction with the flight log.
 */
export const payAirlineFlight = async (db: DbExecutor, flightId: string, money: AirlineFlightMoney, now: Date): Promise<AirlineFlightResult | null> => {
  const row = await bookingOfFlight(db, flightId, 'COMPLETED');
  if (!row) return null;
  const { booking, airline, pilot } = row;
  const { airlineRevenue: revenue, salary } = money;
  const key = (payment: string) => `airline-flight:${booking.id}:${payment}`;
  const executionDate = now;
  const arrivalIdent = booking.arrivalIdent;

  await creditAirline(db, {
    airlineId: airline.id,
    amount: revenue,
    idempotencyKey: key('revenue'),
    executionDate,
    agentUserName: pilot.userName,
    description: `Flight ${booking.flightNumber} ${booking.departureIdent}-${arrivalIdent}`,
    categoryData: { category: 'FLIGHT_REVENUE', flightNumber: booking.flightNumber, departureAirport: booking.departureIdent, arrivalAirport: arrivalIdent },
  });
  const transfer = { category: 'MEMBER_TRANSFER' as const, fromUsername: airline.name, toUsername: pilot.userName };
  const salaryDebit = { airlineId: airline.id, amount: salary, idempotencyKey: key('salary-debit'), agentUserName: pilot.userName, description: `Salary ${pilot.userName}, flight ${booking.flightNumber}`, categoryData: transfer };
  try {
    await debitAirline(db, { ...salaryDebit, executionDate });
  } catch (error) {
    if (!(error instanceof AppError && error.code === ErrorCode.airlineNotEnoughFc)) throw error;
    // The pilot is paid regardless; the airline owes it, and the settlement counts it if unpaid.
    await planTransaction(db, { ...salaryDebit, owner: { airlineId: airline.id }, currency: 'MFC', transactionType: 'DEBIT', dueDate: executionDate });
  }
  await creditUser(db, { userId: pilot.id, currency: 'MFC', amount: salary, idempotencyKey: key('salary'), executionDate, description: `Salary from ${airline.name}, flight ${booking.flightNumber}`, categoryData: transfer });
  // The monthly flight-time bonus, to whom the airline's mftOption names, within the pilot's monthly limit.
  // A retry finds the booking's hours already counted and the same idempotency key: it pays nothing twice.
  const mft = booking.revenue > 0 || booking.mftHours > 0
    ? { creditedHours: booking.mftHours, amount: booking.mftBonus, recipient: airline.mftOption }
    : mftBonusOf({ flightHours: money.mftFlightHours ?? 0, hoursCreditedThisMonth: await mftHoursThisMonth(db, pilot.id, now), option: airline.mftOption });
  const mftCredit = {
    amount: mft.amount,
    idempotencyKey: key('mft'),
    executionDate,
    description: `Monthly flight-time bonus, flight ${booking.flightNumber} (${mft.creditedHours} h)`,
    categoryData: { category: 'MF_BONUS' as const, reason: 'Monthly flight-time bonus' },
  };
  if (mft.recipient === 'pilot') await creditUser(db, { ...mftCredit, userId: pilot.id, currency: 'MFC' });
  else await creditAirline(db, { ...mftCredit, airlineId: airline.id, agentUserName: pilot.userName });
  await updateBookingRow(db, booking.id, { revenue, salary, mftHours: mft.creditedHours, mftBonus: mft.amount });
  return { airlineRevenue: revenue, salary };
};

/** An accepted flight's whole settlement: the plane parks, the airline and the pilot are paid. */
export const settleAirlineFlight = async (db: DbExecutor, leg: AirlineFlightLeg): Promise<AirlineFlightResult | null> => {
  const money = await parkAirlineFlight(db, leg);
  return money ? payAirlineFlight(db, leg.flightId, money, leg.now) : null;
};

/** What a completed airline flight earned (a completion answered again after a cut). */
export const airlineFlightResultOf = async (db: DbExecutor, flightId: string): Promise<AirlineFlightResult | null> => {
  const booking = await findCompletedBookingOfFlight(db, flightId);
  return booking ? { airlineRevenue: booking.revenue, salary: booking.salary } : null;
};
