import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFlightEngine, restoreFlightEngine } from '../../src/flight/flight-engine';
import type { FlightEngineSnapshot } from '../../src/flight/flight-engine-types';
import { distanceNm, roundedDistanceNm } from '../../src/geo/great-circle';
import { ZTelemetryFrame, type TTelemetryFrame } from '../../src/telemetry/telemetry-frame';
import { A320, EGLL, LFPG } from './support/fixtures';
import { feedEngine } from './support/run-engine';
import { scriptFlight } from './support/scripted-flight';

const plan = { departure: EGLL, arrival: LFPG, cruiseLevelFt: 15_000, aircraft: A320, isPNC: true, pax: { first: 4, business: 20, economy: 100 } };
const { frames } = scriptFlight({ departure: EGLL, departureRunway: '27L', arrival: LFPG, arrivalRunway: '26R', aircraft: A320, cruiseFt: 15_000 });
/** Every 7th frame: a coarser but complete flight keeps the properties fast. */
const sparse = frames.filter((_, i) => i % 7 === 0 || i === frames.length - 1);

const latLon = fc.record({
  latitudeDeg: fc.double({ min: -89.9, max: 89.9, noNaN: true }),
  longitudeDeg: fc.double({ min: -180, max: 180, noNaN: true }),
});

describe('great-circle laws', () => {
  it('distance is symmetric and non-negative', () => {
    fc.assert(
      fc.property(latLon, latLon, (a, b) => {
        expect(distanceNm(a, b)).toBeGreaterThanOrEqual(0);
        expect(Math.abs(distanceNm(a, b) - distanceNm(b, a))).toBeLessThan(1e-6);
        expect(roundedDistanceNm(a, b)).toBe(roundedDistanceNm(b, a));
      }),
    );
  });

  it('distance obeys the triangle inequality', () => {
    fc.assert(fc.property(latLon, latLon, latLon, (a, b, c) => distanceNm(a, c) <= distanceNm(a, b) + distanceNm(b, c) + 1e-6));
  });
});

const outcomeOf = (input: readonly TTelemetryFrame[]) => {
  const engine = createFlightEngine(plan);
  for (const frame of input) engine.ingest(frame);
  return engine.complete();
};

describe('engine laws', () => {
  const reference = outcomeOf(sparse);

  it('progress never decreases', () => {
    const engine = createFlightEngine(plan);
    let previous = 0;
    for (const frame of sparse) {
      const progress = engine.ingest(frame).statistics!.progressPercent;
      expect(progress).toBeGreaterThanOrEqual(previous);
      expect(Number.isInteger(progress)).toBe(true);
      previous = progress;
    }
    expect(previous).toBe(100);
  });

  it('a duplicated or late (reordered) frame never changes the outcome', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ from: fc.nat(sparse.length - 1), delay: fc.nat(40) }), { minLength: 1, maxLength: 30 }),
        (copies) => {
          // Each copy of frame `from` is delivered again `delay` frames later (0 = an exact duplicate).
          const delivery: TTelemetryFrame[] = [];
          const inserts = new Map<number, TTelemetryFrame[]>();
          for (const { from, delay } of copies) {
            const at = Math.min(sparse.length - 1, from + delay);
            inserts.set(at, [...(inserts.get(at) ?? []), sparse[from]!]);
          }
          sparse.forEach((frame, i) => {
            delivery.push(frame);
            delivery.push(...(inserts.get(i) ?? []));
          });
          expect(outcomeOf(delivery)).toEqual(reference);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('a snapshot restored at any frame continues identically', () => {
    fc.assert(
      fc.property(fc.nat(sparse.length - 1), (cut) => {
        const first = feedEngine(plan, sparse.slice(0, cut));
        const restored = restoreFlightEngine(JSON.parse(JSON.stringify(first.snapshot())) as FlightEngineSnapshot);
        for (const frame of sparse.slice(cut)) restored.ingest(frame);
        expect(restored.complete()).toEqual(reference);
      }),
      { numRuns: 20 },
    );
  });

  it('never throws on any sequence of valid frames', () => {
    const frame = fc.record({
      timeMs: fc.integer({ min: 0, max: 4_000_000_000_000 }),
      position: fc.record({
        latitudeDeg: fc.double({ min: -90, max: 90, noNaN: true }),
        longitudeDeg: fc.double({ min: -180, max: 180, noNaN: true }),
        altitudeFtMsl: fc.double({ min: -2000, max: 100_000, noNaN: true }),
        altitudeFtAgl: fc.double({ min: -100, max: 100_000, noNaN: true }),
      }),
      groundSpeedKts: fc.double({ min: 0, max: 2000, noNaN: true }),
      indicatedAirspeedKts: fc.double({ min: 0, max: 1500, noNaN: true }),
      trueAirspeedKts: fc.double({ min: 0, max: 2000, noNaN: true }),
      verticalSpeedFpm: fc.double({ min: -30_000, max: 30_000, noNaN: true }),
      headingDegTrue: fc.double({ min: 0, max: 360, noNaN: true }),
      pitchDeg: fc.double({ min: -90, max: 90, noNaN: true }),
      bankDeg: fc.double({ min: -180, max: 180, noNaN: true }),
      gForce: fc.double({ min: -10, max: 15, noNaN: true }),
      isOnGround: fc.boolean(),
      gearDownRatio: fc.double({ min: 0, max: 1, noNaN: true }),
      flapsRatio: fc.double({ min: 0, max: 1, noNaN: true }),
      spoilersRatio: fc.double({ min: 0, max: 1, noNaN: true }),
      enginesRunning: fc.array(fc.boolean(), { maxLength: 8 }),
      lights: fc.record({ beacon: fc.boolean(), strobe: fc.boolean(), landing: fc.boolean(), taxi: fc.boolean(), nav: fc.boolean() }),
      fuelKg: fc.double({ min: 0, max: 500_000, noNaN: true }),
      simulationRate: fc.double({ min: 0, max: 128, noNaN: true }),
      isPaused: fc.boolean(),
      isParkingBrakeSet: fc.boolean(),
      transponder: fc.constantFrom('2000', '7000', '7500', '7600', '7700', '1234'),
      isSeatBeltSignOn: fc.boolean(),
      aircraftTitle: fc.string({ maxLength: 20 }),
      aircraftIcao: fc.constantFrom('A320', 'B738'),
    });
    const command = fc.constantFrom(
      { type: 'LaunchAnnouncement', announcementType: 0 } as const,
      { type: 'LaunchAnnouncement', announcementType: 6 } as const,
      { type: 'ServeFood', foodType: 1 } as const,
      { type: 'SwitchSeatBeltSign' } as const,
      { type: 'AddTimeOnEstimateArrivalTime', minutes: 10 } as const,
      { type: 'UpdateCruiseLevel', cruiseLevelFt: 30_000 } as const,
      { type: 'DivertFlight', arrival: EGLL } as const,
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(frame.map((f) => ({ f })), command.map((c) => ({ c }))), { maxLength: 60 }), (items) => {
        const engine = createFlightEngine(plan);
        for (const item of items) {
          if ('f' in item) {
            expect(ZTelemetryFrame.safeParse(item.f).success).toBe(true);
            const update = engine.ingest(item.f);
            if (update.statistics) expect(update.statistics.progressPercent).toBeGreaterThanOrEqual(0);
          } else engine.cabinCommand(item.c);
        }
        const outcome = engine.complete();
        expect(JSON.parse(JSON.stringify(outcome))).toEqual(outcome);
        expect(outcome.eventCounts).toHaveLength(47);
      }),
      { numRuns: 300 },
    );
  });
});
