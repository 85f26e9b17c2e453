import { describe, expect, it } from 'vitest';
import { distanceNm } from '@contrail/domain/geo/great-circle';
import { ZTelemetryFrame, type TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';
import { createSimulatedFlight } from '../src/simulated-flight';
import type { TSimFault } from '../src/sim-fault';
import { lfpg, lfpo, shortHop } from './fixtures';
import { airborneFrames, liftoffIndexes, maxOf, touchdownIndexes } from './frame-helpers';

const fly = (...faults: TSimFault[]) => {
  const flight = createSimulatedFlight(shortHop(), { faults });
  const frames: TTelemetryFrame[] = [flight.snapshot()];
  while (!flight.isFinished) {
    const frame = flight.next();
    if (frame) frames.push(frame);
  }
  for (const frame of frames) ZTelemetryFrame.parse(frame);
  return { flight, frames };
};

const normal = fly();

describe('the fault-free reference flight', () => {
  it('has the cabin cue, one touchdown, no pause, no gap and rate 1', () => {
    expect(normal.flight.events.some((e) => e.kind === 'safetyDemonstration')).toBe(true);
    expect(normal.flight.isSafetyDemoSkipped).toBe(false);
    expect(touchdownIndexes(normal.frames)).toHaveLength(1);
    expect(normal.frames.some((f) => f.isPaused)).toBe(false);
    expect(normal.frames.every((f) => f.simulationRate === 1)).toBe(true);
    const liftoff = normal.frames[liftoffIndexes(normal.frames)[0]!]!;
    expect(liftoff.isSeatBeltSignOn).toBe(true);
  });
});

describe('faults', () => {
  it('noSeatBeltsOnTakeoff: the sign is off for the take-off roll and the climb, back on for the descent', () => {
    const { frames } = fly({ kind: 'noSeatBeltsOnTakeoff' });
    const liftoff = liftoffIndexes(frames)[0]!;
    expect(frames.slice(liftoff - 30, liftoff + 60).every((f) => !f.isSeatBeltSignOn)).toBe(true);
    expect(frames[touchdownIndexes(frames)[0]!]!.isSeatBeltSignOn).toBe(true);
  });

  it('noSafetyDemo: exposed as a flag, and no safety demonstration cue', () => {
    const { flight } = fly({ kind: 'noSafetyDemo' });
    expect(flight.isSafetyDemoSkipped).toBe(true);
    expect(flight.events.some((e) => e.kind === 'safetyDemonstration')).toBe(false);
  });

  it('overspeedBelow10k: climbs at 300 KIAS below 10,000 ft', () => {
    const { frames } = fly({ kind: 'overspeedBelow10k' });
    const low = airborneFrames(frames).filter((f) => f.position.altitudeFtMsl < 10_000);
    expect(maxOf(low.map((f) => f.indicatedAirspeedKts))).toBeGreaterThan(290);
    expect(maxOf(low.map((f) => f.indicatedAirspeedKts))).toBeLessThanOrEqual(300);
  });

  it('hardLanding: touches down at -700 fpm and about 2 g', () => {
    const { frames } = fly({ kind: 'hardLanding' });
    const touchdown = frames[touchdownIndexes(frames)[0]!]!;
    expect(touchdown.verticalSpeedFpm).toBe(-700);
    expect(touchdown.gForce).toBeCloseTo(2, 1);
  });

  it('bouncedLanding: touches, is airborne again for a few seconds, touches again', () => {
    const { frames, flight } = fly({ kind: 'bouncedLanding' });
    const touchdowns = touchdownIndexes(frames);
    expect(touchdowns).toHaveLength(2);
    const [first, second] = touchdowns as [number, number];
    expect(frames[first]!.verticalSpeedFpm).toBe(-400);
    const inBetween = frames.slice(first, second).filter((f) => !f.isOnGround);
    expect(inBetween.length).toBeGreaterThanOrEqual(3);
    expect(inBetween.length).toBeLessThan(15);
    expect(maxOf(inBetween.map((f) => f.position.altitudeFtAgl))).toBeGreaterThan(5);
    expect(frames[second]!.verticalSpeedFpm).toBeGreaterThan(-250);
    expect(flight.events.filter((e) => e.kind === 'touchdown')).toHaveLength(2);
  });

  it('goAround: climbs away from short final, flies a circuit at 3,000 ft and lands', () => {
    const { frames, flight } = fly({ kind: 'goAround' });
    expect(flight.events).toContainEqual(expect.objectContaining({ kind: 'goAround', reason: 'injected' }));
    const goAround = flight.events.find((e) => e.kind === 'goAround')!;
    const at = frames.findIndex((f) => f.timeMs >= goAround.timeMs);
    expect(frames[at]!.position.altitudeFtAgl).toBeGreaterThan(150);
    expect(frames[at]!.position.altitudeFtAgl).toBeLessThan(250);
    const after = frames.slice(at);
    const touchdown = touchdownIndexes(frames)[0]!;
    const circuit = frames.slice(at, touchdown);
    expect(maxOf(circuit.map((f) => f.position.altitudeFtMsl))).toBeGreaterThan(392 + 2_900);
    expect(maxOf(circuit.map((f) => f.position.altitudeFtMsl))).toBeLessThan(392 + 3_100);
    expect(after.slice(0, 60).some((f) => f.gearDownRatio === 0)).toBe(true);
    expect(touchdownIndexes(frames)).toHaveLength(1);
    expect(frames[touchdown]!.verticalSpeedFpm).toBe(-150);
    expect(distanceNm(frames.at(-1)!.position, lfpg)).toBeLessThan(0.01);
    expect(frames[touchdown]!.timeMs - goAround.timeMs).toBeGreaterThan(8 * 60_000);
  });

  it('diversion: leaves cruise for the plan diversion airport and lands there', () => {
    const { frames, flight } = fly({ kind: 'diversion' });
    expect(flight.destinationIdent).toBe('LFPO');
    expect(flight.events).toContainEqual(expect.objectContaining({ kind: 'diversion', airportIdent: 'LFPO' }));
    expect(flight.events).toContainEqual(expect.objectContaining({ kind: 'touchdown', airportIdent: 'LFPO' }));
    const touchdown = frames[touchdownIndexes(frames)[0]!]!;
    expect(distanceNm(touchdown.position, lfpo)).toBeLessThan(2);
    expect(Math.abs(touchdown.headingDegTrue - 243)).toBeLessThan(3);
    expect(distanceNm(frames.at(-1)!.position, lfpg)).toBeGreaterThan(10);
  });

  it('pause: frames keep coming, paused, with the aircraft frozen', () => {
    const { frames } = fly({ kind: 'pause', durationSeconds: 120 });
    const paused = frames.filter((f) => f.isPaused);
    expect(paused.length).toBeGreaterThanOrEqual(119);
    expect(paused.length).toBeLessThanOrEqual(121);
    expect(new Set(paused.map((f) => `${f.position.latitudeDeg},${f.position.longitudeDeg},${f.fuelKg}`)).size).toBe(1);
    expect(paused.every((f) => !f.isOnGround && f.position.altitudeFtMsl > 20_000)).toBe(true);
    expect(paused.at(-1)!.timeMs - paused[0]!.timeMs).toBeGreaterThan(100_000);
  });

  it('fuelJump: fuel rises by 5,000 kg from one frame to the next', () => {
    const { frames } = fly({ kind: 'fuelJump' });
    const jumps = frames.slice(1).map((f, i) => f.fuelKg - frames[i]!.fuelKg);
    expect(maxOf(jumps)).toBeGreaterThan(4_990);
    expect(maxOf(normal.frames.slice(1).map((f, i) => f.fuelKg - normal.frames[i]!.fuelKg))).toBeLessThanOrEqual(0);
  });

  it('positionJump: the aircraft moves 50 NM between two frames, then still lands at the arrival', () => {
    const { frames } = fly({ kind: 'positionJump', distanceNm: 50, bearingDeg: 180 });
    const moves = frames.slice(1).map((f, i) => distanceNm(f.position, frames[i]!.position));
    expect(maxOf(moves)).toBeGreaterThan(49.5);
    expect(distanceNm(frames.at(-1)!.position, lfpg)).toBeLessThan(0.01);
  });

  it('droppedConnection: no frame for 60 s, the aircraft flies on meanwhile', () => {
    const { frames } = fly({ kind: 'droppedConnection', durationSeconds: 60 });
    const gaps = frames.slice(1).map((f, i) => f.timeMs - frames[i]!.timeMs);
    expect(maxOf(gaps)).toBeGreaterThanOrEqual(60_000);
    const gapAt = gaps.findIndex((g) => g >= 60_000);
    expect(distanceNm(frames[gapAt]!.position, frames[gapAt + 1]!.position)).toBeGreaterThan(6);
    expect(frames.length).toBeLessThan(normal.frames.length);
  });

  it('simRateChange: frames show rate 4 for a while and the wall clock slows down accordingly', () => {
    const { frames } = fly({ kind: 'simRateChange', rate: 4, durationSeconds: 300 });
    const fast = frames.filter((f) => f.simulationRate === 4);
    expect(fast.length).toBeGreaterThanOrEqual(299);
    expect(fast.length).toBeLessThanOrEqual(301);
    expect(fast[10]!.timeMs - fast[9]!.timeMs).toBe(250);
    expect(frames.at(-1)!.simulationRate).toBe(1);
  });

  it('scheduled faults follow their trigger', () => {
    const { flight } = fly({ kind: 'fuelJump', amountKg: 1_000, at: { phase: 'taxiOut', afterSeconds: 30 } });
    const applied = flight.events.find((e) => e.kind === 'faultApplied')!;
    const taxiOut = flight.events.find((e) => e.kind === 'phaseChanged' && e.phase === 'taxiOut')!;
    expect(applied.elapsedSeconds - taxiOut.elapsedSeconds).toBeCloseTo(30, 0);
  });

  it('a diversion without an airport is refused up front', () => {
    expect(() => createSimulatedFlight({ ...shortHop(), diversion: undefined }, { faults: [{ kind: 'diversion' }] })).toThrow(/diversion airport/);
    expect(() => createSimulatedFlight(shortHop(), { faults: [{ kind: 'simRateChange', rate: 500 }] as TSimFault[] })).toThrow();
  });
});

describe('live injection', () => {
  it('applies faults at once: a dropped connection makes next() return null, then frames resume', () => {
    const flight = createSimulatedFlight(shortHop(), { boardingSeconds: 0 });
    while (flight.phase !== 'cruise') flight.step(10);
    const before = flight.next()!;
    flight.inject({ kind: 'fuelJump', amountKg: 2_000 });
    expect(flight.next()!.fuelKg).toBeGreaterThan(before.fuelKg + 1_900);
    flight.inject({ kind: 'droppedConnection', durationSeconds: 10 });
    const during = Array.from({ length: 9 }, () => flight.next());
    expect(during.every((f) => f === null)).toBe(true);
    flight.step(2);
    expect(flight.next()).not.toBeNull();
    flight.inject({ kind: 'pause', durationSeconds: 5 });
    const paused = flight.next()!;
    expect(paused.isPaused).toBe(true);
    expect(flight.next()!.position).toEqual(paused.position);
    flight.inject({ kind: 'simRateChange', rate: 8, durationSeconds: 60 });
    expect(flight.simulationRate).toBe(8);
    expect(() => flight.inject({ kind: 'pause', durationSeconds: -1 })).toThrow();
  });

  it('arms landing faults for the landing', () => {
    const flight = createSimulatedFlight(shortHop(), { boardingSeconds: 0 });
    while (flight.phase !== 'descent') flight.step(10);
    flight.inject({ kind: 'hardLanding', touchdownRateFpm: -900 });
    while (!flight.isFinished) flight.step(5);
    expect(flight.events).toContainEqual(expect.objectContaining({ kind: 'touchdown', verticalSpeedFpm: -900 }));
  });

  it('diverts in flight to the airport the fault names', () => {
    const flight = createSimulatedFlight(shortHop(), { boardingSeconds: 0 });
    while (flight.phase !== 'approach') flight.step(10);
    flight.inject({ kind: 'diversion', airport: lfpo });
    while (!flight.isFinished) flight.step(5);
    expect(flight.events).toContainEqual(expect.objectContaining({ kind: 'touchdown', airportIdent: 'LFPO' }));
  });
});
