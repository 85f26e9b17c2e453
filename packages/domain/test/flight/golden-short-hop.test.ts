import { describe, expect, it } from 'vitest';
import { roundedDistanceNm } from '../../src/geo/great-circle';
import { computeReward } from '../../src/rewards/compute-reward';
import { A320, EGLL, LFPG } from './support/fixtures';
import { eventKeys, eventsOf, runEngine, stepNames } from './support/run-engine';
import { scriptFlight } from './support/scripted-flight';

const plan = { departure: EGLL, arrival: LFPG, cruiseLevelFt: 24_000, aircraft: A320 };
const script = { departure: EGLL, departureRunway: '27L', arrival: LFPG, arrivalRunway: '26R', aircraft: A320, cruiseFt: 24_000 };

describe('golden: EGLL 27L to LFPG 26R, A320, clean flight', () => {
  const { frames, marks } = scriptFlight(script);
  const { outcome, engine } = runEngine(plan, frames);

  it('goes through the exact step sequence of a gate-to-gate flight', () => {
    expect(stepNames(outcome)).toEqual([
      'boarding',
      'block_off',
      'pushback',
      'taxi_out',
      'takeoff',
      'initial_climb',
      'climb',
      'cruise',
      'descent',
      'approach',
      'landing',
      'taxi_in',
      'block_on',
      'deboarding',
      'parked',
    ]);
    const at = (step: string) => outcome.steps.find((s) => s.step === step)!.timeMs;
    expect(at('initial_climb')).toBe(frames[marks.liftoff!]!.timeMs);
    expect(at('landing')).toBe(frames[marks.touchdown!]!.timeMs);
    expect(at('takeoff')).toBeLessThan(at('initial_climb'));
  });

  it('raises the procedure events and none of the faults', () => {
    const keys = eventKeys(outcome);
    for (const expected of ['ENGINE_STARTED', 'ENGINE_STOPPED', 'GEAR_UP', 'GEAR_DOWN', 'FLAPS_CHANGED', 'TAXI_OUT_DURATION', 'TAXI_IN_DURATION', 'TOUCHDOWN_POSITION', 'TOUCHDOWN_RATE', 'FUEL_REPORT'] as const) {
      expect(keys.has(expected), expected).toBe(true);
    }
    for (const fault of [
      'OVERSPEED_BELOW_10000_FT',
      'BEACON_OFF_WITH_ENGINE_RUNNING',
      'STROBE_OFF_IN_FLIGHT',
      'LANDING_LIGHTS_OFF_BELOW_10000_FT',
      'LANDING_LIGHTS_ON_ABOVE_10000_FT',
      'ILLEGAL_FUEL_INCREASE',
      'FUEL_BELOW_RESERVE',
      'TAXI_OVERSPEED',
      'EXCESSIVE_BANK',
      'EXCESSIVE_PITCH',
      'GO_AROUND',
      'BOUNCE',
      'TOUCH_AND_GO',
      'POSITION_JUMP',
      'TELEMETRY_GAP',
      'CRASH',
      'TAKEOFF_WITHOUT_SEAT_BELT_SIGN',
      'LANDING_WITHOUT_SEAT_BELT_SIGN',
      'SIMULATION_RATE_CHANGED',
      'PAUSE_IN_FLIGHT_STARTED',
    ] as const) {
      expect(keys.has(fault), fault).toBe(false);
    }
    expect(eventsOf(outcome, 'ENGINE_STARTED')).toHaveLength(2);
    expect(eventsOf(outcome, 'FUEL_REPORT').map((e) => e.data.milestone)).toEqual(['block_off', 'takeoff', 'touchdown', 'block_on']);
    // Events are numbered in order.
    expect(outcome.events.map((e) => e.sequence)).toEqual(outcome.events.map((_, i) => i));
  });

  it('analyses the landing on runway 26R', () => {
    const landing = outcome.landing!;
    expect(landing.isObserved).toBe(true);
    expect(landing.verticalSpeedFpm).toBe(-150);
    expect(landing.rating).toBe('smooth');
    expect(landing.bounces).toBe(0);
    expect(landing.airportIdent).toBe('LFPG');
    expect(landing.runway?.runwayIdent).toBe('26R');
    // Aimed 1,000 ft past the displaced threshold plus the flare: 1,000 to 2,500 ft.
    expect(landing.runway!.distanceFromThresholdFt).toBeGreaterThan(1000);
    expect(landing.runway!.distanceFromThresholdFt).toBeLessThan(2500);
    expect(Math.abs(landing.runway!.centerlineOffsetFt)).toBeLessThan(40);
  });

  it('computes the statistics within stated tolerances', () => {
    const s = outcome.statistics;
    expect(s.distanceNm).toBe(roundedDistanceNm(EGLL.position, LFPG.position));
    expect(s.distanceNm).toBe(187); // great circle between the two reference points
    // Flown: 5 to 30 NM more than the great circle (taxi, runway alignment, the final).
    expect(s.nauticalDistanceNm - s.distanceNm).toBeGreaterThan(5);
    expect(s.nauticalDistanceNm - s.distanceNm).toBeLessThan(30);
    expect(Math.abs(s.miles - s.nauticalDistanceNm * 1.150779)).toBeLessThan(1.5);
    const airborne = (frames[marks.touchdown!]!.timeMs - frames[marks.liftoff!]!.timeMs) / 1000;
    expect(s.flightDurationSeconds).toBe(airborne);
    expect(s.blockTimeSeconds).toBe((s.blockOnTimeMs! - s.blockOffTimeMs!) / 1000);
    expect(s.fuelLoadedKg).toBe(Math.round(frames.find((f) => !f.isParkingBrakeSet)!.fuelKg));
    const burnt = frames[marks.blockOn!]!.fuelKg;
    expect(Math.abs(s.fuelConsumedKg - (s.fuelLoadedKg - burnt))).toBeLessThanOrEqual(2);
    expect(s.averageSpeedKts).toBeGreaterThan(250);
    expect(s.averageSpeedKts).toBeLessThan(450);
    expect(s.progressPercent).toBe(100);
    expect(s.estimatedTimeEnrouteMinutes).toBeNull(); // stopped: no estimate below 40 kts
  });

  it('is arrived, ready to end, and pays a reward', () => {
    expect(outcome.isArrived).toBe(true);
    expect(outcome.isCrashed).toBe(false);
    expect(outcome.startedAtDeparture).toBe(true);
    expect(engine.isReadyToEndFlight()).toBe(true);
    const reward = computeReward(outcome, { hoursFlownLast24h: 0, hoursFlownThisMonth: 0 });
    expect(reward.breakdown.paidDistanceNm).toBe(187);
    expect(reward.breakdown.flightScore).toBe(100);
    expect(reward.breakdown.landingPoints).toBe(90);
    // 187 NM x 1 FC x 1.2 (medium haul) x 1.15 (smooth) x 1 (score 100) = 258.06
    expect(reward.fc).toBe(258);
    expect(reward.fcReason).toBeNull();
    expect(reward.nextRemuneration).toBeNull();
    // XP: 94 distance + round(hours x 30) time + 45 landing
    expect(reward.xp).toBe(94 + Math.round((outcome.statistics.flightDurationSeconds / 3600) * 30) + 45);
  });

  it('estimates time en route only above 40 kts ground speed', () => {
    const { engine: live } = runEngine(plan, frames.slice(0, marks.liftoff! + 600));
    const stats = live.statistics();
    expect(stats.estimatedTimeEnrouteMinutes).not.toBeNull();
    expect(stats.progressPercent).toBeGreaterThan(5);
    expect(stats.progressPercent).toBeLessThan(100);
    const { engine: atGate } = runEngine(plan, frames.slice(0, 100));
    expect(atGate.statistics().estimatedTimeEnrouteMinutes).toBeNull();
    expect(atGate.statistics().progressPercent).toBe(0);
  });
});
