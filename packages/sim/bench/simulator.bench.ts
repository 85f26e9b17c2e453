/**
 * Built-in simulator throughput: how fast it generates a two-hour flight at one frame per second
 * (EGLL to Madrid in an A320), next to a baseline measured in the same run: ZTelemetryFrame.parse
 * of the same frames, which the tracker and the server do for every frame anyway. Target: the
 * two-hour flight in under a second, so the built-in simulator is never what slows a 128x flight
 * or a test that flies one.
 *
 *   npm run bench:sim
 *
 * The last line is one JSON object: {"frames", "usPerFrame", "baselineUsPerFrame", "ratio", ...}.
 */
import { ZTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';
import { flySimulatedFlight } from '../src/fly-simulated-flight';
import { lemd, shortHop } from '../test/fixtures';

const RUNS = Number(process.env.RUNS ?? 5);
const TARGET_SECONDS = 1;

const plan = shortHop({ arrival: lemd });
const fly = () => {
  const start = performance.now();
  const frames = flySimulatedFlight(plan);
  return { seconds: (performance.now() - start) / 1000, frames };
};

// The first flight warms up the JIT; the median of the next ones is reported.
const { frames } = fly();
const flights = Array.from({ length: RUNS }, fly).map((run) => run.seconds).sort((a, b) => a - b);
const flightSeconds = flights[Math.floor(flights.length / 2)]!;

const parses = Array.from({ length: RUNS }, () => {
  const start = performance.now();
  for (const frame of frames) ZTelemetryFrame.parse(frame);
  return (performance.now() - start) / 1000;
}).sort((a, b) => a - b);
const parseSeconds = parses[Math.floor(parses.length / 2)]!;

const us = (seconds: number) => Math.round(((seconds * 1e6) / frames.length) * 100) / 100;
const ratio = Math.round((flightSeconds / parseSeconds) * 100) / 100;
console.log(`two-hour flight: ${frames.length} frames in ${flightSeconds.toFixed(3)} s (median of ${RUNS})`);
console.log(`simulator:             ${us(flightSeconds)} us/frame`);
console.log(`ZTelemetryFrame.parse: ${us(parseSeconds)} us/frame (baseline), the simulator ${ratio}x that`);
console.log(flightSeconds < TARGET_SECONDS ? `within the ${TARGET_SECONDS} s target` : `OVER the ${TARGET_SECONDS} s target`);
console.log(
  JSON.stringify({ frames: frames.length, flightSeconds: Math.round(flightSeconds * 1000) / 1000, usPerFrame: us(flightSeconds), baselineUsPerFrame: us(parseSeconds), ratio }),
);
if (flightSeconds >= TARGET_SECONDS) process.exitCode = 1;
