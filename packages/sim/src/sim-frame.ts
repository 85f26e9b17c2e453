import { normalizeHeadingDeg } from '@contrail/domain/geo/great-circle';
import type { TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';
import { trueAirspeedFromIndicatedKts } from './atmosphere';
import { clamp } from './aircraft-performance';
import { currentRate, type SimContext } from './sim-context';
import { groundElevationFt } from './sim-navigation';

/** The telemetry frame of the current state, every field within the frame's ranges; a touchdown shows its latched rate and load. */
export const frameOf = (ctx: SimContext): TTelemetryFrame => {
  const s = ctx.s;
  const latch = s.touchdownLatch;
  const isPaused = s.elapsedS < s.pausedUntilS;
  const trueKts = s.isOnGround ? s.groundSpeedKts : trueAirspeedFromIndicatedKts(s.iasKts, s.altitudeFt);
  return {
    timeMs: Math.round(s.timeMs),
    position: {
      latitudeDeg: clamp(s.position.latitudeDeg, -90, 90),
      longitudeDeg: clamp(s.position.longitudeDeg, -180, 180),
      altitudeFtMsl: clamp(s.altitudeFt, -2_000, 100_000),
      altitudeFtAgl: s.isOnGround ? 0 : clamp(s.altitudeFt - groundElevationFt(ctx), 0, 100_000),
    },
    groundSpeedKts: clamp(s.groundSpeedKts, 0, 2_000),
    indicatedAirspeedKts: clamp(s.iasKts, 0, 1_500),
    trueAirspeedKts: clamp(trueKts, 0, 2_000),
    verticalSpeedFpm: clamp(latch ? latch.verticalSpeedFpm : s.verticalSpeedFpm, -30_000, 30_000),
    headingDegTrue: normalizeHeadingDeg(s.headingDeg),
    pitchDeg: clamp(s.pitchDeg, -90, 90),
    bankDeg: clamp(s.bankDeg, -180, 180),
    gForce: clamp(latch ? latch.gForce : s.gForce, -10, 15),
    isOnGround: s.isOnGround,
    gearDownRatio: clamp(s.gearRatio, 0, 1),
    flapsRatio: clamp(s.flapsRatio, 0, 1),
    spoilersRatio: clamp(s.spoilersRatio, 0, 1),
    enginesRunning: [...s.engines],
    lights: { ...s.lights },
    fuelKg: clamp(s.fuelKg, 0, 500_000),
    simulationRate: currentRate(ctx),
    isPaused,
    isParkingBrakeSet: s.isParkingBrakeSet,
    transponder: ctx.settings.transponder,
    isSeatBeltSignOn: s.isSeatBeltSignOn,
    aircraftTitle: ctx.aircraft.name.slice(0, 200),
    aircraftIcao: ctx.aircraft.icao,
  };
};
