import { describe, expect, it } from 'vitest';
import { distanceNm } from '@contrail/domain/geo/great-circle';
import type { TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';
import { flySimulatedFlight } from '../src/fly-simulated-flight';
import { createSimulatedFlight } from '../src/simulated-flight';
import { a320, c172, egll, egll09L, kjfk, lemd, lfpg, longHaul, shortHop, START_TIME_MS } from './fixtures';
import { airborneFrames, invalidFrames, liftoffIndexes, maxOf, touchdownIndexes } from './frame-helpers';

const thresholdOf = (airport: typeof lfpg) => ({
  latitudeDeg: airport.runway!.thresholdLatitudeDeg,
  longitudeDeg: airport.runway!.thresholdLongitudeDeg,
});

describe('a short hop EGLL -> LFPG in an A320', () => {
  const frames = flySimulatedFlight(shortHop());

  it('produces only valid telemetry frames, one per simulated second, in time order', () => {
    expect(invalidFrames(frames)).toEqual([]);
    for (let i = 1; i < frames.length; i++) expect(frames[i]!.timeMs - frames[i - 1]!.timeMs).toBe(1_000);
    expect(frames[0]!.timeMs).toBe(START_TIME_MS);
    expect(frames[0]!.aircraftIcao).toBe('A320');
  });

  it('starts cold and dark at the departure gate and ends shut down at the arrival gate', () => {
    const first = frames[0]!;
    expect(distanceNm(first.position, egll)).toBeLessThan(0.01);
    expect(first.enginesRunning).toEqual([false, false]);
    expect(first.isParkingBrakeSet).toBe(true);
    expect(first.lights.beacon).toBe(false);
    const last = frames.at(-1)!;
    expect(distanceNm(last.position, lfpg)).toBeLessThan(0.01);
    expect(last.enginesRunning).toEqual([false, false]);
    expect(last.isParkingBrakeSet).toBe(true);
    expect(last.isSeatBeltSignOn).toBe(false);
    expect(last.lights).toEqual({ beacon: false, strobe: false, landing: false, taxi: false, nav: false });
    expect(last.groundSpeedKts).toBe(0);
  });

  it('sets the seat-belt sign and the beacon before the engines start, and pushes back slowly', () => {
    const firstEngine = frames.findIndex((f) => f.enginesRunning.some(Boolean));
    expect(frames[firstEngine]!.lights.beacon).toBe(true);
    expect(frames[firstEngine]!.isSeatBeltSignOn).toBe(true);
    const firstMove = frames.findIndex((f) => f.groundSpeedKts > 0);
    expect(firstMove).toBeGreaterThan(firstEngine);
    const pushback = frames.slice(firstMove, firstMove + 60);
    expect(maxOf(pushback.map((f) => f.groundSpeedKts))).toBeLessThan(5);
    expect(pushback.every((f) => !f.isParkingBrakeSet)).toBe(true);
  });

  it('taxis at 10 to 20 kt with the taxi and nav lights, then lines up with strobes and landing lights', () => {
    const lineUp = frames.findIndex((f) => f.lights.strobe);
    const taxiFrames = frames.slice(0, lineUp).filter((f) => f.groundSpeedKts > 5);
    expect(taxiFrames.length).toBeGreaterThan(60);
    expect(maxOf(taxiFrames.map((f) => f.groundSpeedKts))).toBeLessThanOrEqual(20);
    expect(taxiFrames.every((f) => f.lights.taxi && f.lights.nav)).toBe(true);
    const rollStart = frames.findIndex((f) => f.groundSpeedKts > 40);
    expect(frames[rollStart]!.lights.strobe).toBe(true);
    expect(frames[rollStart]!.lights.landing).toBe(true);
    expect(frames[rollStart]!.flapsRatio).toBeGreaterThan(0);
    expect(frames[rollStart]!.isSeatBeltSignOn).toBe(true);
    expect(distanceNm(frames[rollStart]!.position, thresholdOf(egll))).toBeLessThan(0.3);
    expect(Math.abs(frames[rollStart]!.headingDegTrue - 270)).toBeLessThan(1);
  });

  it('rotates at Vr with a take-off pitch and raises the gear after a positive climb', () => {
    const liftoff = liftoffIndexes(frames)[0]!;
    const atLiftoff = frames[liftoff]!;
    expect(atLiftoff.indicatedAirspeedKts).toBeGreaterThanOrEqual(a320.rotationSpeedKts);
    expect(atLiftoff.indicatedAirspeedKts).toBeLessThan(a320.rotationSpeedKts + 20);
    expect(frames[liftoff - 1]!.pitchDeg).toBeGreaterThan(5);
    const climbPitch = frames.slice(liftoff, liftoff + 20).map((f) => f.pitchDeg);
    expect(maxOf(climbPitch)).toBeGreaterThanOrEqual(8);
    expect(maxOf(climbPitch)).toBeLessThanOrEqual(16);
    const gearUp = frames.findIndex((f, i) => i > liftoff && f.gearDownRatio === 0);
    expect(frames[gearUp]!.position.altitudeFtAgl).toBeLessThan(1_500);
    expect(frames.slice(liftoff, gearUp).every((f) => f.verticalSpeedFpm > 0)).toBe(true);
  });

  it('never exceeds 250 KIAS below 10,000 ft and keeps the landing lights on there', () => {
    const low = airborneFrames(frames).filter((f) => f.position.altitudeFtMsl < 10_000);
    expect(low.length).toBeGreaterThan(100);
    expect(maxOf(low.map((f) => f.indicatedAirspeedKts))).toBeLessThanOrEqual(250);
    expect(low.every((f) => f.lights.landing && f.lights.strobe && f.lights.nav && f.lights.beacon)).toBe(true);
    const high = airborneFrames(frames).filter((f) => f.position.altitudeFtMsl > 10_500);
    expect(high.every((f) => !f.lights.landing)).toBe(true);
    expect(maxOf(high.map((f) => f.indicatedAirspeedKts))).toBeGreaterThan(270);
  });

  it('reaches the cruise level at about the cruise speed and switches the seat-belt sign off there', () => {
    const levelled = frames.filter((f) => Math.abs(f.position.altitudeFtMsl - 24_000) < 20);
    expect(levelled.length).toBeGreaterThan(300);
    // Once the aircraft has accelerated after levelling off.
    const cruise = levelled.slice(60);
    expect(maxOf(frames.map((f) => f.position.altitudeFtMsl))).toBeLessThan(24_050);
    expect(cruise.every((f) => Math.abs(f.trueAirspeedKts - a320.cruiseSpeedKts) < 1)).toBe(true);
    // IAS = TAS x sqrt(sigma): about 307 kt at FL240.
    expect(cruise[0]!.indicatedAirspeedKts).toBeGreaterThan(295);
    expect(cruise[0]!.indicatedAirspeedKts).toBeLessThan(320);
    expect(cruise.some((f) => !f.isSeatBeltSignOn)).toBe(true);
  });

  it('flies a stabilised 3 degree approach aligned with runway 27R, gear down and full flaps', () => {
    const touchdown = touchdownIndexes(frames)[0]!;
    const topOfDescent = frames.findIndex((f) => f.verticalSpeedFpm < -1_000);
    const final = frames.slice(topOfDescent, touchdown).filter((f) => !f.isOnGround && f.position.altitudeFtAgl < 1_000);
    expect(final.length).toBeGreaterThan(60);
    for (const f of final) {
      expect(f.gearDownRatio).toBe(1);
      expect(f.flapsRatio).toBe(1);
      expect(Math.abs(f.headingDegTrue - 265.3)).toBeLessThan(3);
      expect(Math.abs(f.indicatedAirspeedKts - a320.approachSpeedKts)).toBeLessThan(8);
    }
    const at500 = final.find((f) => f.position.altitudeFtAgl < 500)!;
    expect(at500.verticalSpeedFpm).toBeGreaterThan(-900);
    expect(at500.verticalSpeedFpm).toBeLessThan(-500);
    const gearDown = frames.findIndex((f, i) => i > 2_000 && !f.isOnGround && f.gearDownRatio > 0);
    expect(frames[gearDown]!.position.altitudeFtAgl).toBeGreaterThan(1_500);
    expect(frames[gearDown]!.position.altitudeFtAgl).toBeLessThan(2_600);
  });

  it('touches down at the chosen rate near the threshold of 27R, then slows down with the spoilers', () => {
    const touchdowns = touchdownIndexes(frames);
    expect(touchdowns).toHaveLength(1);
    const touchdown = frames[touchdowns[0]!]!;
    expect(touchdown.verticalSpeedFpm).toBe(-150);
    expect(touchdown.gForce).toBeGreaterThan(1.1);
    expect(touchdown.gForce).toBeLessThan(1.3);
    expect(touchdown.spoilersRatio).toBe(1);
    expect(distanceNm(touchdown.position, thresholdOf(lfpg))).toBeLessThan(1);
    expect(frames[touchdowns[0]! - 1]!.verticalSpeedFpm).toBeGreaterThan(-400);
    const vacated = frames.findIndex((f, i) => i > touchdowns[0]! && f.groundSpeedKts <= 20);
    expect(vacated - touchdowns[0]!).toBeLessThan(90);
    expect(frames[vacated + 5]!.lights.strobe).toBe(false);
    expect(frames[vacated + 5]!.lights.taxi).toBe(true);
  });

  it('burns a plausible amount of fuel, most of it in the air', () => {
    const burntKg = frames[0]!.fuelKg - frames.at(-1)!.fuelKg;
    expect(burntKg).toBeGreaterThan(1_000);
    expect(burntKg).toBeLessThan(3_500);
    const liftoff = liftoffIndexes(frames)[0]!;
    expect(frames[0]!.fuelKg - frames[liftoff]!.fuelKg).toBeLessThan(200);
    // Default block fuel covers the trip plus a 45 min reserve.
    expect(frames.at(-1)!.fuelKg).toBeGreaterThan((a320.fuelBurnKgPerHour * 45) / 60);
  });

  it('is deterministic: the same plan gives the same frames', () => {
    expect(flySimulatedFlight(shortHop())).toEqual(frames);
  });
});

describe('a long haul KJFK -> EGLL in a 777', () => {
  const frames = flySimulatedFlight(longHaul());

  it('takes about the great-circle distance over the cruise speed', () => {
    const airborneHours = (frames[touchdownIndexes(frames)[0]!]!.timeMs - frames[liftoffIndexes(frames)[0]!]!.timeMs) / 3_600_000;
    const expectedHours = distanceNm(kjfk, egll09L) / 490;
    expect(airborneHours).toBeGreaterThan(expectedHours);
    expect(airborneHours).toBeLessThan(expectedHours + 0.6);
  });

  it('starts down at about 3 NM per 1,000 ft on a straight-in arrival', () => {
    const topOfDescent = frames.findIndex((f) => f.verticalSpeedFpm < -500);
    const toThresholdNm = distanceNm(frames[topOfDescent]!.position, thresholdOf(egll09L));
    const toLoseThousands = (35_000 - 79) / 1_000;
    expect(toThresholdNm / toLoseThousands).toBeGreaterThan(2.8);
    expect(toThresholdNm / toLoseThousands).toBeLessThan(3.5);
    expect(frames[topOfDescent]!.isSeatBeltSignOn).toBe(true);
  });

  it('lands on 09L at London with the reserve still in the tanks', () => {
    const touchdown = frames[touchdownIndexes(frames)[0]!]!;
    expect(distanceNm(touchdown.position, thresholdOf(egll09L))).toBeLessThan(1);
    expect(frames.at(-1)!.fuelKg).toBeGreaterThan(7_500 * 0.75);
    expect(invalidFrames(frames)).toEqual([]);
  });
});

describe('other aircraft and plans', () => {
  it('flies a Cessna without a runway given, at its own speeds, landing at the chosen rate', () => {
    const frames = flySimulatedFlight({
      departure: { ident: 'LFPN', latitudeDeg: 48.7519, longitudeDeg: 2.1061, elevationFt: 538 },
      arrival: { ident: 'LFOC', latitudeDeg: 48.0581, longitudeDeg: 1.3766, elevationFt: 509, runwayHeadingDeg: 220 },
      aircraft: c172,
      cruiseLevelFt: 4_500,
      startTimeMs: START_TIME_MS,
      touchdownRateFpm: -100,
    });
    expect(invalidFrames(frames)).toEqual([]);
    expect(maxOf(frames.map((f) => f.indicatedAirspeedKts))).toBeLessThan(120);
    expect(frames[0]!.enginesRunning).toEqual([false]);
    const touchdown = frames[touchdownIndexes(frames)[0]!]!;
    expect(touchdown.verticalSpeedFpm).toBe(-100);
    expect(Math.abs(touchdown.headingDegTrue - 220)).toBeLessThan(3);
    expect(distanceNm(frames.at(-1)!.position, { latitudeDeg: 48.0581, longitudeDeg: 1.3766 })).toBeLessThan(0.5);
  });

  it('reports the simulation rate and spaces the wall-clock times by it', () => {
    const frames = flySimulatedFlight(shortHop(), { simulationRate: 120, frameIntervalSeconds: 60 });
    expect(frames.every((f) => f.simulationRate === 120)).toBe(true);
    expect(frames[2]!.timeMs - frames[1]!.timeMs).toBe(500);
    // About an hour of flight runs in well under a minute of wall time.
    expect(frames.at(-1)!.timeMs - frames[0]!.timeMs).toBeLessThan(60_000);
  });

  it('rejects an invalid plan with a clear error', () => {
    expect(() => createSimulatedFlight({ ...shortHop(), cruiseLevelFt: -5 })).toThrow(/cruiseLevelFt/);
    expect(() => createSimulatedFlight({ ...shortHop(), departure: { ...lfpg, latitudeDeg: 123 } })).toThrow(/latitudeDeg/);
    expect(() => createSimulatedFlight(shortHop(), { simulationRate: 1_000 })).toThrow(/simulationRate/);
    const flight = createSimulatedFlight(shortHop());
    expect(() => flight.step(-1)).toThrow(RangeError);
    expect(() => flight.step(Number.NaN)).toThrow(RangeError);
  });

  // How fast it is generated is measured by `npm run bench:sim`, not timed here.
  it('generates a two-hour flight at one frame per second, ending shut down at Madrid', () => {
    const frames = flySimulatedFlight({ ...shortHop(), arrival: lemd });
    expect(frames.length).toBeGreaterThan(2 * 3_600);
    const last = frames.at(-1)!;
    expect(distanceNm(last.position, lemd)).toBeLessThan(1);
    expect(last.isOnGround && !last.enginesRunning.some(Boolean)).toBe(true);
  });
});

describe('the live flight object', () => {
  it('advances by the given simulated seconds and exposes its phase', () => {
    const flight = createSimulatedFlight(shortHop(), { boardingSeconds: 30 });
    expect(flight.phase).toBe('parked');
    expect(flight.isFinished).toBe(false);
    const frame = flight.step(100) as TTelemetryFrame;
    expect(frame.timeMs).toBe(START_TIME_MS + 100_000);
    expect(flight.phase).toBe('engineStart');
    expect(flight.next()!.timeMs).toBe(START_TIME_MS + 101_000);
    expect(flight.snapshot().timeMs).toBe(START_TIME_MS + 101_000);
    let guard = 0;
    while (!flight.isFinished && guard++ < 10_000) flight.step(5);
    expect(flight.isFinished).toBe(true);
    expect(flight.events.filter((e) => e.kind === 'touchdown')).toHaveLength(1);
  });

  it('boards until released for departure when asked to, then boards its whole time from there', () => {
    const flight = createSimulatedFlight(shortHop(), { boardingSeconds: 600, boardsUntilReleased: true });
    // An hour at the gate: seat belts on, doors open, nothing started.
    for (let i = 0; i < 60; i++) flight.step(60);
    expect(flight.phase).toBe('boarding');
    expect(flight.snapshot().enginesRunning).toEqual([false, false]);
    expect(flight.snapshot().isSeatBeltSignOn).toBe(true);

    flight.releaseForDeparture();
    flight.step(590);
    expect(flight.phase).toBe('boarding');
    flight.step(20);
    expect(flight.phase).toBe('engineStart');
    // Released again later: nothing changes.
    flight.releaseForDeparture();
    expect(flight.phase).toBe('engineStart');
  });
});
