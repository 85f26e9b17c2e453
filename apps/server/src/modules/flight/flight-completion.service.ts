import { randomUUID } from 'node:crypto';
import { AIRPORT_RADIUS_NM } from '@contrail/domain/flight/flight-constants';
import type { FlightOutcome } from '@contrail/domain/flight/flight-engine-types';
import type { TFlightPlanInput } from '@contrail/domain/flight/flight-plan-input';
import { judgeFlight, type FlightVerdict, type ReviewReason } from '@contrail/domain/flight-review/flight-verdict';
import { distanceNm, timeMinutesFor } from '@contrail/domain/geo/great-circle';
import type { TFlightCompleted } from '@contrail/domain/live/flight-messages';
import { monthStartUtc } from '@contrail/domain/mission/mission-rules';
import { careerLevelForXp } from '@contrail/domain/reference/career-levels';
import { computeReward } from '@contrail/domain/rewards/compute-reward';
import { flightSettlementOf, reviewStateOf, settleFlightPayments } from '@contrail/domain/rewards/flight-payments';
import type { DbExecutor } from '../../db/database';
import { notFound } from '../../plugins/error-handler';
import { nearestAirport } from '../airport/airport.service';
import { missionOf } from '../mission/mission.service';
import { findFlightLogOfFlight, insertFlightLog, sumFlightHoursSince, type HeldPayments } from '../flight-log/flight-log.service';
import { notifyReviewNeeded } from '../flight-review/flight-review.service';
import { airlineEvents } from '../webhook/airline-events';
import { thresholdsForAirline } from '../flight-review/review-thresholds.service';
import type { AirlineFlightMoney, AirlineFlightResult, AirlineFlights } from './airline-flights.port';
import { flightNotFound, notInProgress, totalPax, type FlightContext } from './flight-context';
import { makeFlightPayment, type PaymentTarget } from './flight-review-settlement';
import { findPilotSummary, recordPilotFlight } from '../user/user-pilot.service';
import { deleteFrames, findFlightById, lockFlight, updateFlight, type FlightRow } from './flight.repository';

const HOUR_MS = 3_600_000;

/** An aircraft stopped away from the airports of its plan parks at another airport only if it stopped on it. */
const PARKING_SEARCH_RADIUS_NM = AIRPORT_RADIUS_NM;

type CompletedLog = {
  id: string;
  flightId: string;
  fc: number;
  xp: number;
  fcReason: TFlightCompleted['fcReason'];
  missionFcBonus: number;
  missionXpBonus: number;
  reviewStatus: NonNullable<TFlightCompleted['review']>['status'];
  reviewReasons: ReviewReason[];
  practice: boolean;
};

const completedOf = (log: CompletedLog, airline: AirlineFlightResult | null = null): TFlightCompleted => ({
  flightId: log.flightId,
  flightLogId: log.id,
  fc: log.fc + log.missionFcBonus,
  xp: log.xp + log.missionXpBonus,
  fcReason: log.fcReason,
  ...(airline ? { airline } : {}),
  review: { status: log.reviewStatus, practice: log.practice, reasons: log.reviewReasons },
});

type AirportPosition = { latitude: number; longitude: number; altitude: number };
type Parking = { ident: string; latitudeDeg: number; longitudeDeg: number };

/**
 * How long the plan's flight should stay airborne, simulated seconds: the great-circle distance at
 * the aircraft's cruise speed. Null for a local flight (a circuit has no distance to plan from).
 */
const plannedAirborneSecondsOf = (plan: TFlightPlanInput): number | null => {
  const distance = distanceNm(plan.departure.position, plan.arrival.position);
  if (plan.departure.ident === plan.arrival.ident || distance < AIRPORT_RADIUS_NM) return null;
  return Math.round(timeMinutesFor(distance, plan.aircraft.cruiseSpeedKts) * 60);
};

/**
 * Where the aircraft is left: the airport of the plan (departure, arrival, diversion) it stopped
 * at, else another airport it stopped on; null when the frames show no flight (it stays where it
 * was) or it stopped away from every airport.
 */
const parkingOf = async (
  db: Parameters<typeof nearestAirport>[0],
  outcome: FlightOutcome,
  verdict: FlightVerdict,
  airports: Record<string, AirportPosition>,
): Promise<Parking | null> => {
  if (!verdict.flown) return null;
  const stop = outcome.stoppedAt ?? null;
  const known = stop?.airportIdent ?? (stop === null && outcome.isArrived ? outcome.arrivalIdent : null);
  const position = known ? airports[known] : undefined;
  if (known && position) return { ident: known, latitudeDeg: position.latitude, longitudeDeg: position.longitude };
  if (stop === null) return null;
  const nearest = await nearestAirport(db, stop, PARKING_SEARCH_RADIUS_NM);
  return nearest ? { ident: nearest.ident, latitudeDeg: nearest.latitudeDeg, longitudeDeg: nearest.longitudeDeg } : null;
};

/**
 * The distance an airline is paid for: flown in the air along the track (position jumps left
 * out), never more than the great circle from the departure to where the aircraft parked, so
 * circling on the way earns nothing. Zero when nothing was flown.
 */
const paidDistanceNmOf = (outcome: FlightOutcome, plan: TFlightPlanInput, parking: Parking | null): number => {
  if (parking === null) return 0;
  const flown = outcome.statistics.airborneDistanceNm ?? outcome.statistics.nauticalDistanceNm;
  return Math.min(flown, Math.round(distanceNm(plan.departure.position, parking)));
};

/**
 * Completes a flight: the judge reads the engine's record of it (judgeFlight, with the airline's
 * thresholds for an airline flight) and every payment follows from its verdict. Accepted: the
 * payments the domain plans (FC and XP, boosters, a mission's bonus, the referral bonus, an
 * airline's revenue and salary) are made as wallet transactions. Needing review: the same plan is
 * held on the log, nothing is credited until a reviewer accepts it. Rejected or not flown, and
 * practice where it does not pay: nothing is paid. The aircraft and the pilot are left where the
 * frames leave them (nowhere new when nothing was flown), flight hours and wear come from the
 * simulated airborne time, all in one database transaction; the raw frames are deleted and the
 * log waits for the ledger. Completing again answers the same result (a tracker retrying after a cut).
 */
export const completeFlight = async (ctx: FlightContext, flightId: string): Promise<TFlightCompleted> =>
  ctx.runtime.serialize(flightId, async () => {
    const { db, clock, config } = ctx.deps;
    const row = await findFlightById(db, flightId);
    if (!row) throw flightNotFound();
    if (row.status === 'complete') {
      const log = await findFlightLogOfFlight(db, flightId);
      if (log) return completedOf(log, row.type === 'AIRLINE' ? await ctx.airlineFlights.resultOf(db, flightId) : null);
    }
    if (row.status !== 'in_progress') throw notInProgress();
    const live = await ctx.runtime.load(flightId);
    if (!live) throw notInProgress();
    // The engine is spent once completed: forget it, a failed write rebuilds it from the database.
    ctx.runtime.evict(flightId);
    const outcome = live.engine.complete();
    const now = clock.now();
    const pilot = await findPilotSummary(db, row.userId);
    if (!pilot) throw notFound('User');
    const flightPlan = live.engine.snapshot().plan;
    const thresholds = await thresholdsForAirline(db, row.type === 'AIRLINE' ? row.virtualAirlineId : null);
    const verdict = judgeFlight(outcome, { plannedDurationSeconds: plannedAirborneSecondsOf(row.plan), thresholds, isPractice: row.practice });
    const settlement = flightSettlementOf(verdict, { isPractice: row.practice, practiceFlightsPay: config.PRACTICE_FLIGHTS_PAY === 'on' });
    const reviewStatus = reviewStateOf(verdict, settlement);
    const [hoursFlownLast24h, hoursFlownThisMonth] = await Promise.all([
      sumFlightHoursSince(db, row.userId, new Date(now.getTime() - 24 * HOUR_MS)),
      sumFlightHoursSince(db, row.userId, monthStartUtc(now)),
    ]);
    const reward = computeReward(outcome, {
      hoursFlownLast24h,
      hoursFlownThisMonth,
      restUntilMs: pilot.nextRemuneration?.getTime() ?? null,
    });
    const mission = row.missionId ? await missionOf(db, row.missionId) : undefined;
    // Simulated airborne time: what the pilot logs and the plane wears by.
    const flightHours = outcome.statistics.flightDurationSeconds / 3600;
    const plan = settleFlightPayments(
      {
        type: row.type,
        flightNumber: row.flightNumber,
        departureIdent: outcome.departureIdent,
        arrivalIdent: outcome.arrivalIdent,
        flightHours,
        reward,
        mission: mission ?? null,
      },
      settlement,
    );
    const logId = randomUUID();
    const airports: Record<string, AirportPosition> = Object.fromEntries(
      [flightPlan.departure, flightPlan.arrival, row.plan.arrival].map((airport) => [
        airport.ident,
        { latitude: airport.position.latitudeDeg, longitude: airport.position.longitudeDeg, altitude: airport.position.elevationFt },
      ]),
    );
    const parking = await parkingOf(db, outcome, verdict, airports);
    const flownDistanceNm = paidDistanceNmOf(outcome, row.plan, parking);
    // The rest period starts with a flight that pays (or may, once reviewed), not with a refused one.
    const isPayable = settlement === 'pay' || settlement === 'hold';
    const keepsResting = pilot.nextRemuneration !== null && pilot.nextRemuneration.getTime() > now.getTime();
    const restUntil = (isPayable ? reward.nextRemuneration : null) ?? (keepsResting ? pilot.nextRemuneration : null);

    let airlineResult: AirlineFlightResult | null = null;
    const log = await db.transaction(async (tx) => {
      const locked = await lockFlight(tx, flightId);
      if (locked?.status !== 'in_progress') throw notInProgress();
      const airlineMoney = row.type === 'AIRLINE' ? await endAirlineFlight(ctx.airlineFlights, tx, row, outcome, { parking, flownDistanceNm, flightHours, now }) : null;
      const held: HeldPayments | null = plan.held && {
        state: 'held',
        fc: plan.held.figures.fc + plan.held.figures.missionFcBonus + (airlineMoney?.salary ?? 0),
        xp: plan.held.figures.xp + plan.held.figures.missionXpBonus,
        payments: plan.held.payments,
        log: plan.held.figures,
        airline: airlineMoney,
      };
      const inserted = await insertFlightLog(tx, {
        id: logId,
        userId: row.userId,
        flightId,
        type: row.type,
        flightNumber: row.flightNumber,
        aircraftIcao: row.aircraftIcao,
        aircraftRegistration: row.aircraftRegistration,
        departureIdent: outcome.departureIdent,
        arrivalIdent: outcome.arrivalIdent,
        originalArrivalIdent: outcome.originalArrivalIdent,
        airports: parking && !airports[parking.ident] ? { ...airports, [parking.ident]: { latitude: parking.latitudeDeg, longitude: parking.longitudeDeg, altitude: 0 } } : airports,
        cruiseLevelFt: outcome.cruiseLevelFt,
        isPNC: outcome.isPNC,
        startDate: new Date(outcome.startTimeMs ?? row.createdAt.getTime()),
        endDate: new Date(outcome.endTimeMs ?? now.getTime()),
        flightDurationSeconds: outcome.statistics.flightDurationSeconds,
        flightHours,
        distanceNm: verdict.flown ? (outcome.statistics.airborneDistanceNm ?? outcome.statistics.nauticalDistanceNm) : 0,
        isArrived: outcome.isArrived,
        ...plan.paid,
        satisfactionXp: reward.breakdown.satisfactionXp,
        fcReason: reward.fcReason,
        inRestPeriod: reward.fcReason === 'InRestTime',
        nextRemuneration: isPayable ? reward.nextRemuneration : null,
        flightScore: reward.breakdown.flightScore,
        pax: row.pax,
        cargos: row.cargos,
        missionId: row.missionId,
        outcome,
        reward: reward.breakdown,
        ledgerState: 'pending',
        reviewStatus,
        reviewReasons: verdict.reasons,
        practice: row.practice,
        heldPayments: held,
        createdAt: now,
      });
      const target: PaymentTarget = { userId: row.userId, flightId, flightLogId: logId, airline: airlineMoney, now, airlineFlights: ctx.airlineFlights };
      // One after the other, in the plan's order: they share the transaction (and the wallet's rows).
      for (const payment of plan.payments) {
        airlineResult = (await makeFlightPayment(tx, target, payment)) ?? airlineResult;
      }
      const after = await findPilotSummary(tx, row.userId);
      await recordPilotFlight(tx, row.userId, {
        flightHours,
        lastLocationIdent: parking?.ident ?? null,
        level: Math.max(pilot.level, careerLevelForXp(after?.walletXp ?? 0).level),
        nextRemuneration: restUntil,
        now,
      });
      await updateFlight(tx, flightId, {
        status: 'complete',
        endedAt: now,
        updatedAt: now,
        flightLogId: logId,
        snapshot: null,
        flightStep: outcome.finalStep,
        readyToEndFlight: live.isReadyToEndFlight,
        arrivalIdent: outcome.arrivalIdent,
      });
      await deleteFrames(tx, flightId);
      await airlineEvents.flightCompleted(tx, row, inserted, now);
      // The pilot learns why the pay is held, the reviewers that a flight waits for them.
      if (reviewStatus === 'pending') await notifyReviewNeeded(tx, logId);
      return inserted;
    });
    const completed = completedOf(log, airlineResult);
    ctx.channels.toFlight(flightId, { event: 'FlightCompleted', payload: completed });
    ctx.channels.releaseFlight(flightId, { disconnect: false });
    ctx.channels.notifyLive('set');
    return completed;
  });

/**
 * An airline flight ends its booking: flown, the plane wears by the simulated airborne hours and
 * parks where it stopped, and what it earns is answered for the plan to pay or hold; not flown
 * (or stopped far from any airport), the plane stays where it was booked and earns nothing.
 */
const endAirlineFlight = async (
  airlineFlights: AirlineFlights,
  tx: DbExecutor,
  row: FlightRow,
  outcome: FlightOutcome,
  flown: { parking: Parking | null; flownDistanceNm: number; flightHours: number; now: Date },
): Promise<AirlineFlightMoney | null> => {
  const { parking, now } = flown;
  if (parking === null) {
    await airlineFlights.endUnflownFlight(tx, row.id, now);
    return null;
  }
  // A touchdown whose rate the frames do not prove wears the plane as a soft one: no invented hard landing.
  const landing = outcome.landing && outcome.landing.isRateKnown !== false ? outcome.landing : null;
  return airlineFlights.parkFlight(tx, {
    flightId: row.id,
    pilotId: row.userId,
    distanceNm: flown.flownDistanceNm,
    flightHours: flown.flightHours,
    paxCarried: totalPax(row.pax),
    cargoKg: row.cargos.reduce((sum, cargo) => sum + cargo.weight * cargo.quantity, 0),
    landing,
    arrivalIdent: parking.ident,
    arrivalPosition: { latitudeDeg: parking.latitudeDeg, longitudeDeg: parking.longitudeDeg },
    headingDeg: 0,
    now,
  });
};
