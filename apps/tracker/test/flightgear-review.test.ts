import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFlightEngine } from '@contrail/domain/flight/flight-engine';
import type { FlightOutcome } from '@contrail/domain/flight/flight-engine-types';
import type { TFlightAirport, TFlightPlanInputRaw } from '@contrail/domain/flight/flight-plan-input';
import { DEFAULT_REVIEW_THRESHOLDS, judgeFlight, type FlightVerdict } from '@contrail/domain/flight-review/flight-verdict';
import { destinationPoint } from '@contrail/domain/geo/great-circle';
import { findAircraftByIcao } from '@contrail/domain/reference/aircraft-catalogue';
import { computeReward } from '@contrail/domain/rewards/compute-reward';
import type { TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';
import { readFlightGearRecording, replayThroughConnector } from './support/flightgear-recording';

/**
 * Issue 31's three cheats, each put into the real FlightGear cross-country (Honolulu to Kalaeloa,
 * replayed through the connector): the honest flight is accepted, each cheat is sent to review
 * with exactly its reason. Before the review rules, all three were paid.
 */
const RECORDING = fileURLToPath(new URL('./fixtures/flightgear/c172-cross-country-goaround-phnl-phjr.tsv.gz', import.meta.url));
const START_MS = Date.UTC(2026, 10, 23, 20, 0, 0);

const c172 = findAircraftByIcao('C172');
if (c172 === undefined) throw new Error('C172 missing from the catalogue');
const PHNL: TFlightAirport = { ident: 'PHNL', position: { latitudeDeg: 21.32062, longitudeDeg: -157.924228, elevationFt: 13 } };
const PHJR: TFlightAirport = { ident: 'PHJR', position: { latitudeDeg: 21.3074, longitudeDeg: -158.070009, elevationFt: 30 } };
const plan: TFlightPlanInputRaw = {
  departure: PHNL,
  arrival: PHJR,
  cruiseLevelFt: 3_000,
  aircraft: { icao: c172.icao, category: c172.category, cruiseSpeedKts: c172.cruiseSpeedKts, fuelBurnKgPerHour: c172.fuelBurnKgPerHour, fuelCapacityKg: c172.fuelCapacityKg, engineCount: c172.engineCount },
};
const pilot = { hoursFlownLast24h: 0, hoursFlownThisMonth: 0 };

const fly = (frames: readonly TTelemetryFrame[]): { outcome: FlightOutcome; verdict: FlightVerdict } => {
  const engine = createFlightEngine(plan);
  for (const frame of frames) engine.ingest(frame);
  const outcome = engine.complete();
  return { outcome, verdict: judgeFlight(outcome, { plannedDurationSeconds: null, thresholds: DEFAULT_REVIEW_THRESHOLDS }) };
};
const changed = (frames: readonly TTelemetryFrame[], isChanged: (frame: TTelemetryFrame) => boolean, change: (frame: TTelemetryFrame) => void) =>
  frames.map((frame) => {
    if (!isChanged(frame)) return frame;
    const copy = structuredClone(frame);
    change(copy);
    return copy;
  });

describe.skipIf(!existsSync(RECORDING))('the FlightGear cross-country judged, honest and with one cheat each', () => {
  let frames: TTelemetryFrame[] = [];
  let honest: { outcome: FlightOutcome; verdict: FlightVerdict };
  beforeAll(async () => {
    const replay = await replayThroughConnector(readFlightGearRecording(RECORDING), START_MS);
    await replay.connector.disconnect();
    frames = replay.frames;
    honest = fly(frames);
  }, 120_000);

  it('the flight as flown is accepted and paid', () => {
    expect(honest.verdict).toEqual({ status: 'accepted', flown: true, reasons: [] });
    expect(honest.outcome.stoppedAt).toMatchObject({ isOnGround: true, airportIdent: 'PHJR' });
    // FlightGear's fuel never rises in the air: any rise is a refuel.
    expect(honest.outcome.integrity.airborneFuelIncreaseKg).toBe(0);
    expect(computeReward(honest.outcome, pilot).fc).toBeGreaterThan(0);
  });

  it('a 24 NM jump away and back while climbing is sent to review', () => {
    const takeoffMs = honest.outcome.statistics.takeoffTimeMs!;
    const isAway = (frame: TTelemetryFrame) => frame.timeMs >= takeoffMs + 120_000 && frame.timeMs < takeoffMs + 150_000;
    const { verdict } = fly(
      changed(frames, isAway, (frame) => {
        const moved = destinationPoint(frame.position, 0, 24);
        frame.position.latitudeDeg = moved.latitudeDeg;
        frame.position.longitudeDeg = moved.longitudeDeg;
      }),
    );
    expect(verdict.status).toBe('needs-review');
    expect(verdict.reasons.map((r) => r.code)).toEqual(['POSITION_JUMP']);
    expect(verdict.reasons[0]!.measured).toBeGreaterThanOrEqual(48);
  });

  it('5 US gallons (15 kg) appearing in the tanks in flight is sent to review', () => {
    const takeoffMs = honest.outcome.statistics.takeoffTimeMs!;
    const { outcome, verdict } = fly(changed(frames, (frame) => frame.timeMs >= takeoffMs + 600_000, (frame) => (frame.fuelKg += 15)));
    // Under the engine's ground-refuel tolerance: unseen before the rule.
    expect(outcome.integrity.illegalFuelIncreases).toBe(0);
    expect(verdict.status).toBe('needs-review');
    expect(verdict.reasons.map((r) => r.code)).toEqual(['FUEL_INCREASE']);
    expect(verdict.reasons[0]!.measured).toBeGreaterThan(14.9);
  });

  it('49 s without data around the touchdown has no landing rate and is sent to review', () => {
    const touchdownMs = honest.outcome.landing!.touchdownTimeMs;
    const { outcome, verdict } = fly(frames.filter((frame) => frame.timeMs <= touchdownMs - 20_000 || frame.timeMs >= touchdownMs + 29_000));
    expect(outcome.landing?.isRateKnown).toBe(false);
    expect(verdict.status).toBe('needs-review');
    expect(verdict.reasons.map((r) => r.code)).toEqual(['TOUCHDOWN_DATA_GAP']);
    expect(verdict.reasons[0]!.measured).toBeGreaterThanOrEqual(48);
    expect(computeReward(outcome, pilot).breakdown.landingPoints).toBe(0);
  });
});
