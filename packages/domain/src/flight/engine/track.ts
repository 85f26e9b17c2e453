import type { TTelemetryFrame } from '../../telemetry/telemetry-frame';
import { TRACK_HEADING_CHANGE_DEG, TRACK_INTERVAL_MS, TRACK_MAX_POINTS, TRACK_MIN_INTERVAL_MS } from '../flight-constants';
import type { FlightEngineState, TrackPoint } from '../flight-engine-types';
import { angleDiffDeg } from './engine-context';

/**
 * Adds a point to the position history when one is due: the first frame, a step change, every
 * TRACK_INTERVAL_MS of simulated time, or a turn after TRACK_MIN_INTERVAL_MS. Past TRACK_MAX_POINTS
 * the resolution is halved. Returns the new point, or null.
 */
export const recordTrack = (s: FlightEngineState, frame: TTelemetryFrame, stepChanged: boolean): TrackPoint | null => {
  const t = frame.timeMs;
  const lastPoint = s.track[s.track.length - 1];
  // Intervals in simulated time (see simClockMs); frame times are wall clock.
  const simNowMs = s.simClockMs ?? 0;
  // A snapshot from before the simulated clock has no lastTrackSimMs: the next frame makes a point.
  const sinceLastMs = lastPoint === undefined || s.lastTrackSimMs === undefined ? Infinity : simNowMs - s.lastTrackSimMs;
  const due =
    lastPoint === undefined ||
    stepChanged ||
    sinceLastMs >= TRACK_INTERVAL_MS ||
    (sinceLastMs >= TRACK_MIN_INTERVAL_MS && angleDiffDeg(frame.headingDegTrue, s.lastTrackHeadingDeg) >= TRACK_HEADING_CHANGE_DEG);
  if (!due) return null;
  s.lastTrackSimMs = simNowMs;
  const point: TrackPoint = {
    timeMs: t,
    latitudeDeg: frame.position.latitudeDeg,
    longitudeDeg: frame.position.longitudeDeg,
    altitudeFt: Math.round(frame.position.altitudeFtMsl),
    groundSpeedKts: Math.round(frame.groundSpeedKts),
  };
  s.track.push(point);
  s.lastTrackHeadingDeg = frame.headingDegTrue;
  if (s.track.length > TRACK_MAX_POINTS) {
    // Halve the resolution, keeping the first and the newest points (amortised O(1) per frame).
    s.track = s.track.filter((_, i) => i % 2 === 0 || i === s.track.length - 1);
  }
  return point;
};
