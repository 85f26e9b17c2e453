import { describe, expect, it } from 'vitest';
import { distanceNm } from '@contrail/domain/geo/great-circle';
import { aircraftCatalogue } from '@contrail/domain/reference/aircraft-catalogue';
import { ZTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';
import { flySimulatedFlight } from '../src/fly-simulated-flight';
import { egll, lfpg, START_TIME_MS } from './fixtures';
import { maxOf, touchdownIndexes } from './frame-helpers';

describe('every aircraft of the catalogue', () => {
  it.each(aircraftCatalogue.map((aircraft) => [aircraft.icao, aircraft] as const))(
    '%s flies EGLL -> LFPG at its cruise altitude and lands at the chosen rate',
    (_icao, aircraft) => {
      const frames = flySimulatedFlight(
        { departure: egll, arrival: lfpg, aircraft, cruiseLevelFt: aircraft.cruiseAltitudeFt, startTimeMs: START_TIME_MS, touchdownRateFpm: -120 },
        { frameIntervalSeconds: 5, boardingSeconds: 60 },
      );
      for (const frame of frames) ZTelemetryFrame.parse(frame);
      expect(frames[0]!.enginesRunning).toHaveLength(aircraft.engineCount);
      const touchdowns = touchdownIndexes(frames);
      expect(touchdowns).toHaveLength(1);
      expect(frames[touchdowns[0]!]!.verticalSpeedFpm).toBe(-120);
      const low = frames.filter((f) => !f.isOnGround && f.position.altitudeFtMsl < 10_000);
      expect(maxOf(low.map((f) => f.indicatedAirspeedKts))).toBeLessThanOrEqual(250);
      expect(distanceNm(frames.at(-1)!.position, lfpg)).toBeLessThan(0.01);
      expect(frames.at(-1)!.fuelKg).toBeGreaterThan(0);
    },
  );
});
