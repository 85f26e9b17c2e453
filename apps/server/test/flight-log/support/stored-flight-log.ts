import { randomUUID } from 'node:crypto';
import { createFlightEngine } from '@contrail/domain/flight/flight-engine';
import type { FlightOutcome } from '@contrail/domain/flight/flight-engine-types';
import { computeReward } from '@contrail/domain/rewards/compute-reward';
import { flightAircraft } from '@contrail/test-support/reference-aircraft';
import { flightAirportPosition } from '@contrail/test-support/reference-airports';
import { REFERENCE_FLIGHT } from '@contrail/test-support/reference-flight';
import type { App } from '../../../src/app';
import type { flightLogs } from '../../../src/modules/flight-log/flight-log.schema';
import { insertFlightLog } from '../../../src/modules/flight-log/flight-log.repository';
import { shortHopFrames } from '../../flight/support/flight-kit';

let outcome: FlightOutcome | undefined;

/** The engine's outcome of the simulated EGLL-LFPG hop, computed once per test file. */
export const shortHopOutcome = (startTimeMs: number): FlightOutcome => {
  if (outcome) return outcome;
  const { departure, arrival, aircraft, cruiseLevelFt } = REFERENCE_FLIGHT;
  const engine = createFlightEngine({
    departure: flightAirportPosition(departure),
    arrival: flightAirportPosition(arrival),
    cruiseLevelFt,
    aircraft: flightAircraft(aircraft),
  });
  for (const frame of shortHopFrames(startTimeMs)) engine.ingest(frame);
  outcome = engine.complete();
  return outcome;
};

/**
 * A stored log made of a real outcome, written as completion writes it (with its ledger record
 * hash), for list, search, lock and ledger tests that need many logs without flying each one.
 */
export const insertStoredFlightLog = async (app: App, userId: string, overrides: Partial<typeof flightLogs.$inferInsert> = {}) => {
  const now = app.deps.clock.now();
  const flown = shortHopOutcome(now.getTime());
  const reward = computeReward(flown, { hoursFlownLast24h: 0, hoursFlownThisMonth: 0 });
  return insertFlightLog(app.deps.db, {
    userId,
    flightId: randomUUID(),
    type: 'NORMAL',
    flightNumber: 'CTR100',
    aircraftIcao: 'A320',
    departureIdent: 'EGLL',
    arrivalIdent: 'LFPG',
    originalArrivalIdent: 'LFPG',
    airports: { EGLL: { latitude: 51.47, longitude: -0.46, altitude: 83 }, LFPG: { latitude: 49.01, longitude: 2.55, altitude: 392 } },
    cruiseLevelFt: 24_000,
    isPNC: false,
    startDate: new Date(now.getTime() - 2 * 3_600_000),
    endDate: new Date(now.getTime() - 3_600_000),
    flightDurationSeconds: flown.statistics.flightDurationSeconds,
    flightHours: flown.statistics.flightDurationSeconds / 3600,
    distanceNm: flown.statistics.distanceNm,
    isArrived: true,
    fc: reward.fc,
    xp: reward.xp,
    satisfactionXp: 0,
    fcReason: null,
    inRestPeriod: false,
    flightScore: reward.breakdown.flightScore,
    pax: { first: 0, business: 0, economy: 0 },
    cargos: [],
    outcome: flown,
    reward: reward.breakdown,
    createdAt: now,
    ...overrides,
  });
};
