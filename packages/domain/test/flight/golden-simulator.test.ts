/**
 * Golden scenarios flown by the built-in simulator (packages/sim) between real airports, fed
 * through the flight engine as the server would receive them. Test-only import: the domain's
 * source never depends on the simulator.
 */
import { describe, expect, it } from 'vitest';
import { createSimulatedFlight } from '../../../sim/src/simulated-flight';
import type { TSimAirport, TSimAircraft } from '../../../sim/src/simulated-flight-plan';
import type { TSimFault } from '../../../sim/src/sim-fault';
import { createFlightEngine } from '../../src/flight/flight-engine';
import type { TFlightAirport } from '../../src/flight/flight-plan-input';
import { roundedDistanceNm } from '../../src/geo/great-circle';
import { computeReward } from '../../src/rewards/compute-reward';
import { A320, B77W, EGKK, EGLL, KJFK } from './support/fixtures';
import { eventKeys, eventsOf, stepNames } from './support/run-engine';

/** LFPG with its 09L/27R runway (no displaced threshold), which the simulator lands on. */
const LFPG: TFlightAirport = {
  ident: 'LFPG',
  position: { latitudeDeg: 49.012798, longitudeDeg: 2.55, elevationFt: 392 },
  runways: [
    {
      lengthFt: 8858,
      widthFt: 197,
      ends: [
        { ident: '09L', latitudeDeg: 49.02470016479492, longitudeDeg: 2.5248899459838867, headingDegTrue: 85.3, displacedThresholdFt: 0 },
        { ident: '27R', latitudeDeg: 49.02669906616211, longitudeDeg: 2.561690092086792, headingDegTrue: 265.3, displacedThresholdFt: 0 },
      ],
    },
  ],
};

const simAirport = (airport: TFlightAirport, runway: string): TSimAirport => {
  const end = airport.runways!.flatMap((r) => r.ends.map((e) => ({ ...e, lengthFt: r.lengthFt }))).find((e) => e.ident === runway)!;
  return {
    ident: airport.ident,
    latitudeDeg: airport.position.latitudeDeg,
    longitudeDeg: airport.position.longitudeDeg,
    elevationFt: airport.position.elevationFt,
    runway: { ident: end.ident, thresholdLatitudeDeg: end.latitudeDeg, thresholdLongitudeDeg: end.longitudeDeg, headingDegTrue: end.headingDegTrue, lengthFt: end.lengthFt },
  };
};
const simAircraft = (a: typeof A320, extra: Pick<TSimAircraft, 'cruiseAltitudeFt' | 'approachSpeedKts' | 'rotationSpeedKts'>): TSimAircraft => ({
  icao: a.icao,
  name: a.icao,
  cruiseSpeedKts: a.cruiseSpeedKts,
  fuelBurnKgPerHour: a.fuelBurnKgPerHour,
  fuelCapacityKg: a.fuelCapacityKg,
  engineCount: a.engineCount,
  ...extra,
});
const simA320 = simAircraft(A320, { cruiseAltitudeFt: 37_000, approachSpeedKts: 135, rotationSpeedKts: 145 });
const simB77W = simAircraft(B77W, { cruiseAltitudeFt: 35_000, approachSpeedKts: 150, rotationSpeedKts: 165 });
const startTimeMs = Date.UTC(2025, 5, 1, 8);
const pilot = { hoursFlownLast24h: 0, hoursFlownThisMonth: 0 };

/** Flies the simulator and the engine together; a simulator diversion is passed on as the pilot would. */
const fly = (faults: TSimFault[] = [], route: 'shortHop' | 'longHaul' = 'shortHop', simulationRate = 1) => {
  const short = route === 'shortHop';
  const departure = short ? EGLL : KJFK;
  const arrival = short ? LFPG : EGLL;
  const flight = createSimulatedFlight(
    {
      departure: short ? simAirport(EGLL, '27R') : simAirport(KJFK, '31L'),
      arrival: short ? simAirport(LFPG, '27R') : simAirport(EGLL, '27L'),
      diversion: simAirport(EGKK, '26L'),
      aircraft: short ? simA320 : simB77W,
      cruiseLevelFt: short ? 24_000 : 35_000,
      startTimeMs,
    },
    { faults, simulationRate },
  );
  const engine = createFlightEngine({ departure, arrival, cruiseLevelFt: short ? 24_000 : 35_000, aircraft: short ? A320 : B77W });
  engine.ingest(flight.snapshot());
  let divertedAt: number | null = null;
  while (!flight.isFinished) {
    const frame = flight.next();
    if (frame) engine.ingest(frame);
    if (divertedAt === null && flight.destinationIdent !== arrival.ident) {
      divertedAt = flight.timeMs;
      engine.divert(EGKK);
    }
  }
  return { outcome: engine.complete(), simEvents: flight.events, ready: engine.isReadyToEndFlight() };
};

const GATE_TO_GATE = ['boarding', 'block_off', 'pushback', 'taxi_out', 'takeoff', 'initial_climb', 'climb', 'cruise', 'descent', 'approach', 'landing', 'taxi_in', 'block_on', 'deboarding', 'parked'];
const FAULT_KEYS = ['OVERSPEED_BELOW_10000_FT', 'ILLEGAL_FUEL_INCREASE', 'FUEL_BELOW_RESERVE', 'POSITION_JUMP', 'TELEMETRY_GAP', 'GO_AROUND', 'BOUNCE', 'TOUCH_AND_GO', 'CRASH', 'PAUSE_IN_FLIGHT_STARTED', 'SIMULATION_RATE_CHANGED', 'TAKEOFF_WITHOUT_SEAT_BELT_SIGN', 'LANDING_WITHOUT_SEAT_BELT_SIGN', 'TAXI_OVERSPEED', 'EXCESSIVE_BANK', 'EXCESSIVE_PITCH', 'STROBE_OFF_IN_FLIGHT', 'BEACON_OFF_WITH_ENGINE_RUNNING', 'DIVERSION'] as const;
const faultsRaised = (outcome: ReturnType<typeof fly>['outcome']) => FAULT_KEYS.filter((k) => eventKeys(outcome).has(k));

describe('simulator golden: EGLL 27R to LFPG 27R, A320', () => {
  const { outcome, simEvents, ready } = fly();
  const simTouchdown = simEvents.find((e) => e.kind === 'touchdown')!;

  it('yields the gate-to-gate steps, no fault, and arrives', () => {
    expect(stepNames(outcome)).toEqual(GATE_TO_GATE);
    expect(faultsRaised(outcome)).toEqual([]);
    expect(outcome.isArrived).toBe(true);
    expect(ready).toBe(true);
  });

  it('analyses the landing the simulator flew (rate within 30 fpm, on 27R)', () => {
    const landing = outcome.landing!;
    expect(simTouchdown.kind === 'touchdown' && Math.abs(landing.verticalSpeedFpm - simTouchdown.verticalSpeedFpm)).toBeLessThanOrEqual(30);
    expect(landing.runway?.runwayIdent).toBe('27R');
    expect(landing.runway!.distanceFromThresholdFt).toBeGreaterThan(0);
    expect(landing.runway!.distanceFromThresholdFt).toBeLessThan(3000);
    expect(Math.abs(landing.runway!.centerlineOffsetFt)).toBeLessThan(30);
  });

  it('keeps the statistics within tolerance of the simulator', () => {
    const s = outcome.statistics;
    expect(s.distanceNm).toBe(roundedDistanceNm(EGLL.position, LFPG.position));
    expect(s.nauticalDistanceNm).toBeGreaterThan(s.distanceNm);
    expect(s.nauticalDistanceNm).toBeLessThan(s.distanceNm * 1.3);
    const liftoff = simEvents.find((e) => e.kind === 'liftoff')!.timeMs;
    // Airborne time within 2 s of the simulator's own lift-off to touchdown (frames are 1 s apart).
    expect(Math.abs(s.flightDurationSeconds - (simTouchdown.timeMs - liftoff) / 1000)).toBeLessThanOrEqual(2);
    expect(s.fuelConsumedKg).toBeGreaterThan(0);
    expect(s.fuelConsumedKg).toBeLessThan(s.fuelLoadedKg);
    expect(s.progressPercent).toBe(100);
    expect(computeReward(outcome, pilot).fc).toBeGreaterThan(200);
  });
});

describe('simulator golden: the same hop at simulation rate 50', () => {
  const realTime = fly().outcome;
  const fast = fly([], 'shortHop', 50).outcome;

  it('reports the speed the aircraft flew and the simulated flight time, not the wall-clock ones', () => {
    expect(Math.abs(fast.statistics.averageSpeedKts - realTime.statistics.averageSpeedKts)).toBeLessThanOrEqual(realTime.statistics.averageSpeedKts * 0.05);
    // Flight time is simulated time: the hop lasts what it lasted in the simulator (pilot hours follow it).
    expect(Math.abs(fast.statistics.flightDurationSeconds - realTime.statistics.flightDurationSeconds)).toBeLessThanOrEqual(
      realTime.statistics.flightDurationSeconds * 0.02,
    );
    expect(fast.statistics.flightDurationSeconds).toBeGreaterThan(1200);
    expect(Math.abs(fast.statistics.blockTimeSeconds - realTime.statistics.blockTimeSeconds)).toBeLessThanOrEqual(realTime.statistics.blockTimeSeconds * 0.02);
  });

  it('keeps a track sampled in simulated time: as many points as in real time, reaching the cruise level', () => {
    expect(fast.positionHistory.length).toBeGreaterThanOrEqual(realTime.positionHistory.length * 0.9);
    expect(fast.positionHistory.length).toBeLessThanOrEqual(realTime.positionHistory.length * 1.1);
    expect(Math.max(...fast.positionHistory.map((point) => point.altitudeFt))).toBeGreaterThan(23_500);
  });

  it('costs score points for flying faster than real time', () => {
    expect(eventKeys(fast).has('SIMULATION_RATE_CHANGED')).toBe(true);
    expect(computeReward(fast, pilot).breakdown.flightScore).toBeLessThan(100);
  });
});

describe('simulator golden: KJFK 31L to EGLL 27L, B77W', () => {
  it('flies the long haul with a cruise and arrives', () => {
    const { outcome } = fly([], 'longHaul');
    expect(stepNames(outcome)).toEqual(GATE_TO_GATE);
    expect(faultsRaised(outcome)).toEqual([]);
    expect(outcome.isArrived).toBe(true);
    expect(outcome.landing?.runway?.runwayIdent).toBe('27L');
    expect(outcome.statistics.flightDurationSeconds / 3600).toBeGreaterThan(5.5);
    expect(computeReward(outcome, pilot).breakdown.categoryMultiplier).toBe(1.4);
  }, 60_000);
});

describe('simulator golden: each fault', () => {
  it('goAround', () => {
    const { outcome } = fly([{ kind: 'goAround' }]);
    expect(faultsRaised(outcome)).toEqual(['GO_AROUND']);
    const steps = stepNames(outcome);
    expect(steps.slice(steps.indexOf('approach'), steps.indexOf('approach') + 2)).toEqual(['approach', 'climb']);
    expect(outcome.isArrived).toBe(true);
  });

  it('bouncedLanding', () => {
    const { outcome } = fly([{ kind: 'bouncedLanding' }]);
    expect(faultsRaised(outcome)).toEqual(['BOUNCE']);
    expect(outcome.landing).toMatchObject({ bounces: 1, verticalSpeedFpm: -400, rating: 'firm' });
  });

  it('hardLanding', () => {
    const { outcome } = fly([{ kind: 'hardLanding' }]);
    expect(outcome.landing!.rating).toBe('very_hard');
    expect(outcome.landing!.gForce).toBeGreaterThanOrEqual(1.9);
    expect(outcome.isCrashed).toBe(false);
  });

  it('diversion', () => {
    const { outcome } = fly([{ kind: 'diversion' }]);
    expect(faultsRaised(outcome)).toEqual(['DIVERSION']);
    expect(stepNames(outcome)).toContain('diversion');
    expect(outcome).toMatchObject({ isDiverted: true, arrivalIdent: 'EGKK', isArrived: true });
    expect(outcome.landing?.runway?.runwayIdent).toBe('26L');
  });

  it('pause, fuelJump and positionJump', () => {
    const { outcome } = fly([
      { kind: 'pause' },
      { kind: 'fuelJump', at: { phase: 'cruise', afterSeconds: 300 } },
      { kind: 'positionJump', at: { phase: 'cruise', afterSeconds: 400 } },
    ]);
    expect(faultsRaised(outcome)).toEqual(['ILLEGAL_FUEL_INCREASE', 'POSITION_JUMP', 'PAUSE_IN_FLIGHT_STARTED']);
    expect(eventsOf(outcome, 'PAUSE_IN_FLIGHT_ENDED')[0]!.data.durationSeconds).toBe(120);
    expect(eventsOf(outcome, 'POSITION_JUMP')[0]!.data.distanceNm).toBeCloseTo(50, 0);
    expect(eventsOf(outcome, 'ILLEGAL_FUEL_INCREASE')[0]!.data.toKg - eventsOf(outcome, 'ILLEGAL_FUEL_INCREASE')[0]!.data.fromKg).toBe(5000);
  });

  it('droppedConnection over the flare: the touchdown is unobserved and earns no landing points', () => {
    const { outcome } = fly([{ kind: 'droppedConnection', at: { phase: 'flare' } }]);
    expect(faultsRaised(outcome)).toEqual(['TELEMETRY_GAP']);
    expect(outcome.landing).toMatchObject({ isObserved: false, rating: 'unobserved' });
    expect(computeReward(outcome, pilot).breakdown).toMatchObject({ landingPoints: 0, landingMultiplier: 1 });
  });

  it('simRateChange, overspeedBelow10k, noSeatBeltsOnTakeoff', () => {
    const { outcome } = fly([{ kind: 'simRateChange', durationSeconds: 300 }, { kind: 'overspeedBelow10k' }, { kind: 'noSeatBeltsOnTakeoff' }]);
    expect(faultsRaised(outcome)).toEqual(['OVERSPEED_BELOW_10000_FT', 'SIMULATION_RATE_CHANGED', 'TAKEOFF_WITHOUT_SEAT_BELT_SIGN']);
    expect(eventsOf(outcome, 'SIMULATION_RATE_CHANGED').map((e) => e.data.toRate)).toEqual([4, 1]);
    // At 4x the aircraft covers 4x the ground per wall-clock second: not a position jump.
    expect(outcome.integrity.maxSimulationRate).toBe(4);
  });
});
