/**
 * Flight-engine throughput: frames per second through the engine for 1,000 concurrent flights
 * (frames interleaved flight by flight, as a server receives them), next to a baseline of plain
 * frame parsing (ZTelemetryFrame.parse, what the server does anyway for every frame, and
 * JSON.parse) measured in the same run. Target: under 20 microseconds per frame.
 *
 *   npm run bench:engine            (FLIGHTS=200 npm run bench:engine for a quicker run)
 *
 * Also what a flight's engine keeps alive from one frame to the next: the bytes of each frame's
 * objects that a young-generation collection finds still reachable, with 5,000 flights fed in turn
 * and 10 KB of other garbage per frame (what Socket.IO allocates for a message, bench:ingest's
 * echo), so the collector runs every few thousand frames as in the server. Every such byte is
 * copied by the collection, and the pause of that copy is what a server's slowest answers wait for.
 *
 * The last line is one JSON object: {"flights", "usPerFrame", "baselineUsPerFrame", ...}.
 */
import v8 from 'node:v8';
import { createFlightEngine } from '../src/flight/flight-engine';
import { ZTelemetryFrame, type TTelemetryFrame } from '../src/telemetry/telemetry-frame';
import { A320, EGLL, LFPG } from '../test/flight/support/fixtures';
import { scriptFlight } from '../test/flight/support/scripted-flight';

const FLIGHTS = Number(process.env.FLIGHTS ?? 1000);
const TARGET_US = 20;

const { frames } = scriptFlight({ departure: EGLL, departureRunway: '27L', arrival: LFPG, arrivalRunway: '26R', aircraft: A320, cruiseFt: 24_000 });
const plan = { departure: EGLL, arrival: LFPG, cruiseLevelFt: 24_000, aircraft: A320 };
const perFlight = frames.length;

// Every flight replays the same frames (engines only read them); a server holds one decoded frame
// per flight at a time, so keeping 1,000 private copies of whole flights would only measure the GC.
const measureEngine = (): { seconds: number; count: number } => {
  const engines = Array.from({ length: FLIGHTS }, (_, k) => createFlightEngine({ ...plan, isPNC: k % 4 === 0, pax: { first: 4, business: 20, economy: 120 } }));
  const start = performance.now();
  let count = 0;
  for (let i = 0; i < perFlight; i += 1) {
    for (let k = 0; k < FLIGHTS; k += 1) {
      engines[k]!.ingest(frames[i]!);
      count += 1;
    }
  }
  const seconds = (performance.now() - start) / 1000;
  for (const engine of engines) if (!engine.complete().isArrived) throw new Error('a benchmark flight did not arrive');
  return { seconds, count };
};

const sample = Array.from({ length: 30 }, () => frames).flat();
const measureParse = (): { seconds: number; count: number } => {
  const start = performance.now();
  for (const frame of sample) ZTelemetryFrame.parse(frame);
  return { seconds: (performance.now() - start) / 1000, count: sample.length };
};
const json = sample.map((f) => JSON.stringify(f));
const measureJson = (): { seconds: number; count: number } => {
  const start = performance.now();
  let n = 0;
  for (const text of json) n += (JSON.parse(text) as TTelemetryFrame).timeMs > 0 ? 1 : 0;
  return { seconds: (performance.now() - start) / 1000, count: n };
};

/** Bytes per frame that survive a young-generation collection (V8's GC profiler: exact, not sampled). */
const measureSurvivors = (): number => {
  const flights = 5000;
  const engines = Array.from({ length: flights }, () => createFlightEngine({ ...plan, isPNC: false, pax: { first: 4, business: 20, economy: 120 } }));
  const warmFrames = Math.min(600, perFlight - 40);
  for (let i = 0; i < warmFrames; i += 1) for (const engine of engines) engine.ingest(frames[i]!);
  const youngUsed = (spaces: { spaceName: string; spaceUsedSize: number }[]) => spaces.find((space) => space.spaceName === 'new_space')?.spaceUsedSize ?? 0;
  let otherGarbage: unknown;
  const profiler = new v8.GCProfiler();
  profiler.start();
  let count = 0;
  for (let i = warmFrames; i < warmFrames + 40; i += 1) {
    for (const engine of engines) {
      engine.ingest(frames[i]!);
      otherGarbage = new Array(1250).fill(0);
      count += 1;
    }
  }
  const { statistics } = profiler.stop() as unknown as {
    statistics: { gcType: string; afterGC: { heapSpaceStatistics: { spaceName: string; spaceUsedSize: number }[] } }[];
  };
  void otherGarbage;
  const survived = statistics.filter((gc) => gc.gcType === 'Scavenge').reduce((sum, gc) => sum + youngUsed(gc.afterGC.heapSpaceStatistics), 0);
  return Math.round(survived / count);
};

// Warm up the JIT on a small run of each.
measureParse();
measureJson();
const engineRun = measureEngine();
const parseRun = measureParse();
const jsonRun = measureJson();
const survivingBytesPerFrame = measureSurvivors();

const us = (run: { seconds: number; count: number }) => Math.round(((run.seconds * 1e6) / run.count) * 100) / 100;
const usPerFrame = us(engineRun);
console.log(`flights: ${FLIGHTS}, frames per flight: ${perFlight}, frames through the engine: ${engineRun.count}`);
console.log(`engine:              ${usPerFrame} us/frame, ${Math.round(engineRun.count / engineRun.seconds)} frames/s`);
console.log(`ZTelemetryFrame.parse: ${us(parseRun)} us/frame (baseline)`);
console.log(`JSON.parse:            ${us(jsonRun)} us/frame`);
console.log(`kept alive at a young-generation collection: ${survivingBytesPerFrame} bytes per frame (5,000 flights)`);
console.log(usPerFrame < TARGET_US ? `within the ${TARGET_US} us target` : `OVER the ${TARGET_US} us target`);
console.log(
  JSON.stringify({
    flights: FLIGHTS,
    usPerFrame,
    baselineUsPerFrame: us(parseRun),
    jsonParseUsPerFrame: us(jsonRun),
    framesPerSecond: Math.round(engineRun.count / engineRun.seconds),
    frames: engineRun.count,
    survivingBytesPerFrameAt5000Flights: survivingBytesPerFrame,
  }),
);
if (usPerFrame >= TARGET_US) process.exitCode = 1;
