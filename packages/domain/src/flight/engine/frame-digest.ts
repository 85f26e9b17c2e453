import type { TTelemetryFrame } from '../../telemetry/telemetry-frame';
import type { FrameDigest } from '../flight-engine-types';

/** A compact copy of a frame: what the engine keeps of the last accepted one. */
export const digestOf = (frame: TTelemetryFrame): FrameDigest => ({
  timeMs: frame.timeMs,
  latitudeDeg: frame.position.latitudeDeg,
  longitudeDeg: frame.position.longitudeDeg,
  altitudeFtMsl: frame.position.altitudeFtMsl,
  altitudeFtAgl: frame.position.altitudeFtAgl,
  groundSpeedKts: frame.groundSpeedKts,
  indicatedAirspeedKts: frame.indicatedAirspeedKts,
  verticalSpeedFpm: frame.verticalSpeedFpm,
  headingDegTrue: frame.headingDegTrue,
  isOnGround: frame.isOnGround,
  isPaused: frame.isPaused,
  flapsRatio: frame.flapsRatio,
  fuelKg: frame.fuelKg,
  simulationRate: frame.simulationRate,
  transponder: frame.transponder,
});

/** Overwrites `d` with `frame` (the engine reuses the object of the previous frame: no garbage per frame). */
export const copyIntoDigest = (d: FrameDigest, frame: TTelemetryFrame): void => {
  d.timeMs = frame.timeMs;
  d.latitudeDeg = frame.position.latitudeDeg;
  d.longitudeDeg = frame.position.longitudeDeg;
  d.altitudeFtMsl = frame.position.altitudeFtMsl;
  d.altitudeFtAgl = frame.position.altitudeFtAgl;
  d.groundSpeedKts = frame.groundSpeedKts;
  d.indicatedAirspeedKts = frame.indicatedAirspeedKts;
  d.verticalSpeedFpm = frame.verticalSpeedFpm;
  d.headingDegTrue = frame.headingDegTrue;
  d.isOnGround = frame.isOnGround;
  d.isPaused = frame.isPaused;
  d.flapsRatio = frame.flapsRatio;
  d.fuelKg = frame.fuelKg;
  d.simulationRate = frame.simulationRate;
  d.transponder = frame.transponder;
};
