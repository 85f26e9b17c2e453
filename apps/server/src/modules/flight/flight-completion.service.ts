import { randomUUID } from 'node:crypto';
import type { FlightOutcome } from '@contrail/domain/flight/flight-engine-types';
import type { TFlightCompleted } from '@contrail/domain/live/flight-messages';
import { monthStartUtc } from '@contrail/domain/mission/mission-rules';
import { careerLevelForXp } from '@contrail/domain/reference/career-levels';
import { computeReward } from '@contrail/domain/rewards/compute-reward';
import { planFlightPayments, type FlightPayment } from '@contrail/domain/rewards/flight-payments';
import type { DbExecutor } from '../../db/database';
import { notFound } from '../../plugins/error-handler';
import { airlineFlightResultOf, settleAirlineFlight, type AirlineFlightResult } from '../airline/airline-booking.service';
import { findFlightLogOfFlight, insertFlightLog, sumFlightHoursSince } from '../flight-log/flight-log.service';
import { payReferralBonusOnValidFlight } from '../referral/referral.service';
import { flightHourMilesBonus } from '../store/inventory.service';
import { creditUser } from '../wallet/wallet.service';
import { finishMission, flightNotFound, notInProgress, totalPax, type FlightContext } from './flight-context';
import { findMission } from './flight-mission.repository';
import { deleteFrames, findFlightById, findPilot, lockFlight, updateFlight, updatePilotAfterFlight, type FlightRow } from './flight.repository';

const HOUR_MS = 3_600_000;

const completedOf = (
  log: { id: string; flightId: string; fc: number; xp: number; fcReason: TFlightCompleted['fcReason']; missionFcBonus: number; missionXpBonus: number },
  airline: AirlineFlightResult | null = null,
): TFlightCompleted => ({
  flightId: log.flightId,
  flightLogId: log.id,
  fc: log.fc + log.missionFcBonus,
  xp: log.xp + log.missionXpBonus,
  fcReason: log.fcReason,
  ...(airline ? { airline } : {}),
});

type AirportPosition = { latitude: number; longitude: number; altitude: number };

/** What the payments of one completion share: the flight, its log and what the engine saw. */
type Settlement = {
  row: FlightRow;
  logId: string;
  outcome: FlightOutcome;
  flightHours: number;
  airports: Record<string, AirportPosition>;
  now: Date;
};

/**
 * Makes one payment of the plan in the completion's transaction. Each credit has its own
 * idempotency key on the log (`flight-log:<id>:<key>`): a retried completion pays nothing twice.
 * Answers what an airline settlement earned, null otherwise.
 */
const makePayment = async (tx: DbExecutor, s: Settlement, payment: FlightPayment): Promise<AirlineFlightResult | null> => {
  const { row, logId, outcome, now } = s;
  const paid = { userId: row.userId, executionDate: now };
  const key = (name: string) => `flight-log:${logId}:${name}`;
  switch (payment.kind) {
    case 'credit-pilot':
      await creditUser(tx, { ...paid, idempotencyKey: key(payment.key), currency: payment.currency, amount: payment.amount, categoryData: payment.categoryData, description: payment.description });
      return null;
    case 'booster-miles': {
      // Miles boosters the pilot holds (store items): miles per flight hour while they run.
      const amount = await flightHourMilesBonus(tx, row.userId, payment.flightHours, now);
      await creditUser(tx, { ...paid, idempotencyKey: key(payment.key), currency: 'MILES', amount, categoryData: payment.categoryData, description: payment.description });
      return null;
    }
    case 'mission-result':
      await finishMission(tx, row.id, payment.status, now);
      return null;
    case 'referral-bonus':
      await payReferralBonusOnValidFlight(tx, { userId: row.userId, flightLogId: logId, isValidFlight: true, now });
      return null;
    case 'airline-settlement': {
      const parkedAt = s.airports[outcome.arrivalIdent] ?? { latitude: outcome.landing?.latitudeDeg ?? 0, longitude: outcome.landing?.longitudeDeg ?? 0 };
      return settleAirlineFlight(tx, {
        flightId: row.id,
        pilotId: row.userId,
        distanceNm: outcome.statistics.distanceNm,
        flightHours: s.flightHours,
        paxCarried: totalPax(row.pax),
        cargoKg: row.cargos.reduce((sum, cargo) => sum + cargo.weight * cargo.quantity, 0),
        landing: outcome.landing,
        arrivalIdent: outcome.arrivalIdent,
        arrivalPosition: { latitudeDeg: parkedAt.latitude, longitudeDeg: parkedAt.longitude },
        headingDeg: 0,
        now,
      });
    }
  }
};

/**
 * Completes a flight: the engine's outcome becomes the flight log; the payments the domain plans
 * (FC and XP, boosters, a mission's bonus, the referral bonus, an airline's settlement) are made
 * as wallet transactions, the pilot moves to the arrival and their counters grow, all in one
 * database transaction; the raw frames are deleted and the log waits for the ledger ('pending').
 * Completing again answers the same result (a tracker retrying after a cut).
 */
export const completeFlight = async (ctx: FlightContext, flightId: string): Promise<TFlightCompleted> =>
  ctx.runtime.serialize(flightId, async () => {
    const { db, clock } = ctx.deps;
    const row = await findFlightById(db, flightId);
    if (!row) throw flightNotFound();
    if (row.status === 'complete') {
      const log = await findFlightLogOfFlight(db, flightId);
      if (log) return completedOf(log, row.type === 'AIRLINE' ? await airlineFlightResultOf(db, flightId) : null);
    }
    if (row.status !== 'in_progress') throw notInProgress();
    const live = await ctx.runtime.load(flightId);
    if (!live) throw notInProgress();
    // The engine is spent once completed: forget it, a failed write rebuilds it from the database.
    ctx.runtime.evict(flightId);
    const outcome = live.engine.complete();
    const now = clock.now();
    const pilot = await findPilot(db, row.userId);
    if (!pilot) throw notFound('User');
    const [hoursFlownLast24h, hoursFlownThisMonth] = await Promise.all([
      sumFlightHoursSince(db, row.userId, new Date(now.getTime() - 24 * HOUR_MS)),
      sumFlightHoursSince(db, row.userId, monthStartUtc(now)),
    ]);
    const reward = computeReward(outcome, {
      hoursFlownLast24h,
      hoursFlownThisMonth,
      restUntilMs: pilot.nextRemuneration?.getTime() ?? null,
    });
    const mission = row.missionId ? await findMission(db, row.missionId) : undefined;
    const flightHours = outcome.statistics.flightDurationSeconds / 3600;
    const plan = planFlightPayments({
      type: row.type,
      flightNumber: row.flightNumber,
      departureIdent: outcome.departureIdent,
      arrivalIdent: outcome.arrivalIdent,
      flightHours,
      reward,
      mission: mission ?? null,
    });
    const logId = randomUUID();
    const airports = Object.fromEntries(
      [live.engine.snapshot().plan.departure, live.engine.snapshot().plan.arrival, row.plan.arrival].map((airport) => [
        airport.ident,
        { latitude: airport.position.latitudeDeg, longitude: airport.position.longitudeDeg, altitude: airport.position.elevationFt },
      ]),
    );

    let airlineResult: AirlineFlightResult | null = null;
    const log = await db.transaction(async (tx) => {
      const locked = await lockFlight(tx, flightId);
      if (locked?.status !== 'in_progress') throw notInProgress();
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
        airports,
        cruiseLevelFt: outcome.cruiseLevelFt,
        isPNC: outcome.isPNC,
        startDate: new Date(outcome.startTimeMs ?? row.createdAt.getTime()),
        endDate: new Date(outcome.endTimeMs ?? now.getTime()),
        flightDurationSeconds: outcome.statistics.flightDurationSeconds,
        flightHours,
        distanceNm: outcome.statistics.distanceNm,
        isArrived: outcome.isArrived,
        fc: reward.fc,
        xp: reward.xp,
        satisfactionXp: reward.breakdown.satisfactionXp,
        missionFcBonus: plan.missionFcBonus,
        missionXpBonus: plan.missionXpBonus,
        fcReason: reward.fcReason,
        inRestPeriod: reward.fcReason === 'InRestTime',
        nextRemuneration: reward.nextRemuneration,
        flightScore: reward.breakdown.flightScore,
        pax: row.pax,
        cargos: row.cargos,
        missionId: row.missionId,
        outcome,
        reward: reward.breakdown,
        ledgerState: 'pending',
        createdAt: now,
      });
      const settlement: Settlement = { row, logId, outcome, flightHours, airports, now };
      // One after the other, in the plan's order: they share the transaction (and the wallet's rows).
      for (const payment of plan.payments) {
        airlineResult = (await makePayment(tx, settlement, payment)) ?? airlineResult;
      }
      const after = await findPilot(tx, row.userId);
      const keepsResting = pilot.nextRemuneration !== null && pilot.nextRemuneration.getTime() > now.getTime();
      await updatePilotAfterFlight(tx, row.userId, {
        flightHours,
        lastLocationIdent: outcome.isArrived ? outcome.arrivalIdent : null,
        level: Math.max(pilot.level, careerLevelForXp(after?.walletXp ?? 0).level),
        nextRemuneration: reward.nextRemuneration ?? (keepsResting ? pilot.nextRemuneration : null),
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
      return inserted;
    });
    const completed = completedOf(log, airlineResult);
    ctx.channels.toFlight(flightId, { event: 'FlightCompleted', payload: completed });
    ctx.channels.releaseFlight(flightId, { disconnect: false });
    ctx.channels.notifyLive('set');
    return completed;
  });
