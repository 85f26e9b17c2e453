import { bankruptcyDate } from '@contrail/domain/economy/airline-economy';
import type { WebhookEventType } from '@contrail/domain/webhook/webhook-contract';
import type { WebhookEventData, WebhookLanding } from '@contrail/domain/webhook/webhook-message';
import type { FlightStep } from '@contrail/domain/flight/flight-step';
import type { LandingAnalysis } from '@contrail/domain/flight/landing-analysis';
import type { DbExecutor } from '../../db/database';
import { userNameOf } from '../user/user-directory.service';
import { failedInSettlement, insertEventWithDeliveries } from './webhook.repository';

/**
 * The port through which modules tell the airline's webhooks what happened
 * (docs/decisions/0045-airline-webhooks.md): each call writes the event and its pending
 * deliveries in the CALLER's transaction, so an event exists exactly when what it tells was
 * committed; the delivery job sends it afterwards. A call is one line in the module where the
 * thing happens, and never fails the caller's work for a webhook's sake (nothing here talks to
 * the network).
 */
export const publishAirlineEvent = async <T extends WebhookEventType>(
  db: DbExecutor,
  event: { airlineId: string; type: T; key: string; occurredAt: Date; data: WebhookEventData[T] },
): Promise<void> => {
  await insertEventWithDeliveries(
    db,
    { airlineId: event.airlineId, type: event.type, key: event.key, occurredAt: event.occurredAt, data: event.data },
    event.occurredAt,
  );
};

// The user name is empty when the account is gone.
const pilotOf = async (db: DbExecutor, userId: string) => ({ id: userId, userName: (await userNameOf(db, userId)) ?? '' });

/** The steps a flight reaches only once off the ground (a batch may jump past `initial_climb`). */
const AIRBORNE_STEPS: ReadonlySet<string> = new Set<FlightStep>(['initial_climb', 'climb', 'cruise', 'flight_level', 'descent', 'approach', 'landing']);

type FlightFacts = {
  id: string;
  userId: string;
  type: string;
  virtualAirlineId: string | null;
  flightNumber: string;
  aircraftIcao: string;
  aircraftRegistration: string | null;
  departureIdent: string;
  arrivalIdent: string;
};

export const airlineEvents = {
  /**
   * An airline flight reached an airborne step: "departed", once per flight (its key), however
   * many step changes follow. The flight module calls it when a batch of frames changed the step.
   */
  flightStep: async (db: DbExecutor, flight: FlightFacts | undefined, step: string, now: Date): Promise<void> => {
    if (!flight || flight.type !== 'AIRLINE' || !flight.virtualAirlineId || !AIRBORNE_STEPS.has(step)) return;
    await publishAirlineEvent(db, {
      airlineId: flight.virtualAirlineId,
      type: 'flight.departed',
      key: `flight.departed:${flight.id}`,
      occurredAt: now,
      data: {
        flightId: flight.id,
        pilot: await pilotOf(db, flight.userId),
        flightNumber: flight.flightNumber,
        aircraftIcao: flight.aircraftIcao,
        aircraftRegistration: flight.aircraftRegistration,
        departureIdent: flight.departureIdent,
        arrivalIdent: flight.arrivalIdent,
      },
    });
  },

  /** An airline flight was completed: its log, with the landing the engine measured. */
  flightCompleted: async (
    db: DbExecutor,
    flight: FlightFacts,
    log: {
      id: string;
      arrivalIdent: string;
      departureIdent: string;
      distanceNm: number | string;
      flightDurationSeconds: number;
      reviewStatus: string;
      outcome: { landing: LandingAnalysis | null } | null;
    },
    now: Date,
  ): Promise<void> => {
    if (flight.type !== 'AIRLINE' || !flight.virtualAirlineId) return;
    const landing = log.outcome?.landing ?? null;
    const known = landing !== null && landing.isObserved && landing.isRateKnown !== false;
    const landingData: WebhookLanding | null = landing && {
      verticalSpeedFpm: known ? Math.round(landing.verticalSpeedFpm) : null,
      gForce: known ? Math.round(landing.gForce * 100) / 100 : null,
      rating: landing.rating,
      bounces: landing.bounces,
      airportIdent: landing.airportIdent,
      runway: landing.runway?.runwayIdent ?? null,
    };
    await publishAirlineEvent(db, {
      airlineId: flight.virtualAirlineId,
      type: 'flight.completed',
      key: `flight.completed:${flight.id}`,
      occurredAt: now,
      data: {
        flightId: flight.id,
        flightLogId: log.id,
        pilot: await pilotOf(db, flight.userId),
        flightNumber: flight.flightNumber,
        aircraftIcao: flight.aircraftIcao,
        aircraftRegistration: flight.aircraftRegistration,
        departureIdent: log.departureIdent,
        arrivalIdent: log.arrivalIdent,
        distanceNm: Math.round(Number(log.distanceNm) * 10) / 10,
        flightDurationSeconds: log.flightDurationSeconds,
        landing: landingData,
        reviewStatus: log.reviewStatus,
      },
    });
  },

  /** A pilot became a member of the airline (their application accepted). */
  memberJoined: async (db: DbExecutor, airlineId: string, userId: string, now: Date): Promise<void> =>
    publishAirlineEvent(db, {
      airlineId,
      type: 'member.joined',
      key: `member.joined:${userId}:${now.toISOString()}`,
      occurredAt: now,
      data: { member: await pilotOf(db, userId) },
    }),

  /** An airline flight waits in the airline's review queue. */
  reviewNeeded: async (
    db: DbExecutor,
    airlineId: string | null,
    log: { id: string; userId: string; flightNumber: string; departureIdent: string; arrivalIdent: string; reviewReasons: { message: string }[] },
    now: Date,
  ): Promise<void> => {
    if (!airlineId) return;
    await publishAirlineEvent(db, {
      airlineId,
      type: 'review.needed',
      key: `review.needed:${log.id}`,
      occurredAt: now,
      data: {
        flightLogId: log.id,
        pilot: await pilotOf(db, log.userId),
        flightNumber: log.flightNumber,
        departureIdent: log.departureIdent,
        arrivalIdent: log.arrivalIdent,
        reasons: log.reviewReasons.map((reason) => reason.message),
      },
    });
  },

  /**
   * The monthly settlement failed payments: each airline concerned is warned, with the date it
   * fails if the oldest failed payment stays unpaid. Called inside the settlement's transaction.
   */
  bankruptcyWarnings: async (db: DbExecutor, now: Date): Promise<void> => {
    for (const row of await failedInSettlement(db)) {
      const oldest = row.oldest ? new Date(row.oldest) : now;
      await publishAirlineEvent(db, {
        airlineId: row.airlineId,
        type: 'bankruptcy.warning',
        key: `bankruptcy.warning:${now.toISOString()}`,
        occurredAt: now,
        data: { failedPayments: row.failed, amount: Number(row.amount), deadline: bankruptcyDate(oldest, row.difficulty).toISOString() },
      });
    }
  },
};
