import { randomUUID } from 'node:crypto';
import type { ReviewReason } from '@contrail/domain/flight-review/flight-verdict';
import type { FlightPayment } from '@contrail/domain/rewards/flight-payments';
import type { App } from '../../../src/app';
import { flights } from '../../../src/modules/flight/flight.schema';
import { type HeldPayments } from '../../../src/modules/flight-log/flight-log.schema';
import { insertStoredFlightLog, shortHopOutcome } from '../../flight-log/support/stored-flight-log';

export const HARD_LANDING: ReviewReason = {
  code: 'HARD_LANDING',
  consequence: 'review',
  measured: 780,
  threshold: 600,
  unit: 'fpm',
  message: 'The touchdown at 780 fpm was harder than the 600 fpm limit.',
};

/**
 * A completed flight whose verdict sent it to review, stored as completion stores one: its row in
 * `flights` (with the airline it flew for), its log pending with the reasons, nothing paid, and the
 * pilot's FC and XP held in the log's payment plan.
 */
export const insertPendingFlightLog = async (app: App, pilotId: string, options: { airlineId?: string; fc?: number; xp?: number } = {}) => {
  const { fc = 120, xp = 45 } = options;
  const now = app.deps.clock.now();
  const flightId = randomUUID();
  const type = options.airlineId ? 'AIRLINE' : 'NORMAL';
  await app.deps.db.insert(flights).values({
    id: flightId,
    userId: pilotId,
    type,
    status: 'complete',
    flightNumber: 'CTR100',
    aircraftIcao: 'A320',
    departureIdent: 'EGLL',
    arrivalIdent: 'LFPG',
    originalArrivalIdent: 'LFPG',
    cruiseLevelFt: 24_000,
    plan: {} as typeof flights.$inferInsert.plan,
    tokenHash: randomUUID(),
    pax: { first: 0, business: 0, economy: 0 },
    cargos: [],
    virtualAirlineId: options.airlineId ?? null,
    createdAt: now,
    updatedAt: now,
    endedAt: now,
  });
  const categoryData = { category: 'FLIGHT_REVENUE' as const, flightNumber: 'CTR100', departureAirport: 'EGLL', arrivalAirport: 'LFPG' };
  const payments: FlightPayment[] = [
    { kind: 'credit-pilot', key: 'fc', currency: 'MFC', amount: fc, categoryData, description: 'Flight CTR100 EGLL-LFPG' },
    { kind: 'credit-pilot', key: 'xp', currency: 'XP', amount: xp, categoryData, description: 'Flight CTR100 EGLL-LFPG' },
  ];
  const heldPayments: HeldPayments = { state: 'held', fc, xp, payments, log: { fc, xp, missionFcBonus: 0, missionXpBonus: 0 }, airline: null };
  const log = await insertStoredFlightLog(app, pilotId, {
    flightId,
    type,
    outcome: shortHopOutcome(now.getTime()),
    fc: 0,
    xp: 0,
    reviewStatus: 'pending',
    reviewReasons: [HARD_LANDING],
    heldPayments,
  });
  return log;
};
