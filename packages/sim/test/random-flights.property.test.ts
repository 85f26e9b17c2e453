import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { distanceNm } from '@contrail/domain/geo/great-circle';
import { ZTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';
import { createSimulatedFlight } from '../src/simulated-flight';
import type { TSimAirport } from '../src/simulated-flight-plan';
import { a320, b77w, c172, START_TIME_MS } from './fixtures';

const airport = (ident: string) =>
  fc.record({
    ident: fc.constant(ident),
    latitudeDeg: fc.double({ min: -70, max: 75, noNaN: true }),
    longitudeDeg: fc.double({ min: -180, max: 179.999, noNaN: true }),
    elevationFt: fc.integer({ min: -100, max: 8_000 }),
    runwayHeadingDeg: fc.option(fc.double({ min: 0, max: 359.9, noNaN: true }), { nil: undefined }),
  });

const aircraftFor = (distance: number) => (distance > 1_200 ? b77w : distance > 250 ? a320 : c172);

describe('random flights (property)', () => {
  it('any pair of airports: the flight finishes at the arrival gate with valid, time-ordered frames', () => {
    fc.assert(
      fc.property(
        airport('AAAA'),
        airport('BBBB'),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: -600, max: -60 }),
        (departure: TSimAirport, arrival: TSimAirport, levelPercent, touchdownRateFpm) => {
          const distance = distanceNm(departure, arrival);
          fc.pre(distance > 15 && distance < 6_000);
          const aircraft = aircraftFor(distance);
          const flight = createSimulatedFlight(
            {
              departure,
              arrival,
              aircraft,
              cruiseLevelFt: Math.round(3_000 + (aircraft.cruiseAltitudeFt + 4_000 - 3_000) * (levelPercent / 100)),
              startTimeMs: START_TIME_MS,
              touchdownRateFpm,
            },
            { boardingSeconds: 0, deboardingSeconds: 0, frameIntervalSeconds: 10 },
          );
          let previousTimeMs = -1;
          let frameCount = 0;
          while (!flight.isFinished && flight.elapsedSeconds < 30 * 3_600) {
            const frame = flight.next()!;
            const parsed = ZTelemetryFrame.safeParse(frame);
            if (!parsed.success) throw new Error(`invalid frame in phase ${flight.phase}: ${parsed.error.message}`);
            expect(frame.timeMs).toBeGreaterThan(previousTimeMs);
            if (!frame.isOnGround && frame.position.altitudeFtMsl < 10_000) expect(frame.indicatedAirspeedKts).toBeLessThanOrEqual(250);
            previousTimeMs = frame.timeMs;
            frameCount += 1;
          }
          expect(flight.isFinished).toBe(true);
          expect(frameCount).toBeGreaterThan(100);
          const last = flight.snapshot();
          expect(distanceNm(last.position, arrival)).toBeLessThan(1);
          expect(last.enginesRunning.some(Boolean)).toBe(false);
          expect(last.isParkingBrakeSet).toBe(true);
          const touchdowns = flight.events.filter((e) => e.kind === 'touchdown');
          expect(touchdowns.length).toBeGreaterThanOrEqual(1);
          expect(touchdowns.at(-1)).toMatchObject({ airportIdent: 'BBBB', verticalSpeedFpm: touchdownRateFpm });
        },
      ),
      { numRuns: 30, seed: 20_250_601 },
    );
  }, 180_000);
});
