import { UPLINK_MAX_BATCH } from '@contrail/domain/live/uplink-contract';
import { MAX_SIMULATION_RATE, ZTelemetryFrame, type TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';

/**
 * The uplink's per-frame validation, by hand: the frames a tracker sends are almost always valid,
 * and checking one this way costs a few times less CPU than `ZTelemetryFrame.safeParse` (measured
 * with `npm run bench:ingest`, docs/benchmarks/ingest.md), which at thousands of frames a second
 * is a share of the server's one event loop. It only ever says yes to a frame ZTelemetryFrame
 * accepts, and gives the same object back (the known fields, in the schema's order); anything it
 * does not accept goes to ZTelemetryFrame, which decides and words the refusal. The test
 * (test/flight/frame-reader.test.ts) holds it to ZTelemetryFrame on valid and mutated frames.
 *
 * A frame that already is that object (our tracker's: exactly the schema's keys, in its order,
 * plain objects and arrays) is handed on as it is, not copied: a copy was about 1.5 KB of garbage
 * per frame, and at thousands of frames a second the server's pauses for garbage collection are
 * what its slowest acknowledgements wait for (docs/benchmarks/ingest.md).
 */

type Plain = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Plain => {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/** A finite number within [min, max]. */
const inRange = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;

/** A string no longer than `max` UTF-16 units (so no longer than `max` characters, however zod counts them). */
const shortString = (value: unknown, max: number): value is string => typeof value === 'string' && value.length <= max;

const TRANSPONDER = /^[0-7]{4}$/;

/** ZTelemetryFrame's keys in its order (read off the schema, so they cannot drift from it), and which may be missing. */
const FRAME_KEYS = Object.keys(ZTelemetryFrame.shape);
const OPTIONAL_FRAME_KEYS: ReadonlySet<string> = new Set(FRAME_KEYS.filter((key) => ZTelemetryFrame.shape[key as keyof typeof ZTelemetryFrame.shape].isOptional()));
const POSITION_KEYS = Object.keys(ZTelemetryFrame.shape.position.shape);
const LIGHT_KEYS = Object.keys(ZTelemetryFrame.shape.lights.shape);
const NONE_OPTIONAL: ReadonlySet<string> = new Set();

/**
 * An object literal's own keys are exactly `keys` in that order (those in `optional` may be
 * missing), with Object.prototype: what ZTelemetryFrame would build from it. Walks the keys
 * without listing them, so the check allocates nothing.
 */
const hasSchemaKeys = (value: object, keys: readonly string[], optional: ReadonlySet<string>): boolean => {
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  let next = 0;
  for (const key in value) {
    while (next < keys.length && keys[next] !== key && optional.has(keys[next]!)) next += 1;
    if (keys[next] !== key) return false;
    next += 1;
  }
  while (next < keys.length && optional.has(keys[next]!)) next += 1;
  return next === keys.length;
};

const isPosition = (value: unknown): value is TTelemetryFrame['position'] => {
  if (!isPlainObject(value)) return false;
  const { latitudeDeg, longitudeDeg, altitudeFtMsl, altitudeFtAgl } = value;
  return inRange(latitudeDeg, -90, 90) && inRange(longitudeDeg, -180, 180) && inRange(altitudeFtMsl, -2000, 100_000) && inRange(altitudeFtAgl, -100, 100_000);
};

const isLights = (value: unknown): value is TTelemetryFrame['lights'] => {
  if (!isPlainObject(value)) return false;
  const { beacon, strobe, landing, taxi, nav } = value;
  return typeof beacon === 'boolean' && typeof strobe === 'boolean' && typeof landing === 'boolean' && typeof taxi === 'boolean' && typeof nav === 'boolean';
};

const isEngineList = (value: unknown): value is boolean[] => {
  if (!Array.isArray(value) || value.length > 8) return false;
  for (const running of value as unknown[]) if (typeof running !== 'boolean') return false;
  return true;
};

/** The frame when the quick checks accept it, else null (not necessarily invalid: ask ZTelemetryFrame). */
const readQuickly = (raw: unknown): TTelemetryFrame | null => {
  if (!isPlainObject(raw)) return null;
  const f = raw;
  const { timeMs } = f;
  if (typeof timeMs !== 'number' || !Number.isSafeInteger(timeMs) || timeMs < 0) return null;
  const { position } = f;
  if (!isPosition(position)) return null;
  const { groundSpeedKts, indicatedAirspeedKts, trueAirspeedKts, verticalSpeedFpm, headingDegTrue, pitchDeg, bankDeg, gForce, isOnGround } = f;
  if (
    !inRange(groundSpeedKts, 0, 2000) ||
    !inRange(indicatedAirspeedKts, 0, 1500) ||
    !inRange(trueAirspeedKts, 0, 2000) ||
    !inRange(verticalSpeedFpm, -30_000, 30_000) ||
    !inRange(headingDegTrue, 0, 360) ||
    !inRange(pitchDeg, -90, 90) ||
    !inRange(bankDeg, -180, 180) ||
    !inRange(gForce, -10, 15) ||
    typeof isOnGround !== 'boolean'
  ) {
    return null;
  }
  const hasMainGear = 'isMainGearOnGround' in f;
  const hasTouchdown = 'touchdownVerticalSpeedFpm' in f;
  const { isMainGearOnGround, touchdownVerticalSpeedFpm } = f;
  if (isMainGearOnGround !== undefined && typeof isMainGearOnGround !== 'boolean') return null;
  if (touchdownVerticalSpeedFpm !== undefined && !inRange(touchdownVerticalSpeedFpm, -30_000, 30_000)) return null;
  const { gearDownRatio, flapsRatio, spoilersRatio } = f;
  if (!inRange(gearDownRatio, 0, 1) || !inRange(flapsRatio, 0, 1) || !inRange(spoilersRatio, 0, 1)) return null;
  const { enginesRunning, lights } = f;
  if (!isEngineList(enginesRunning) || !isLights(lights)) return null;
  const { fuelKg, simulationRate, isPaused, isParkingBrakeSet, transponder, isSeatBeltSignOn, aircraftTitle, aircraftIcao } = f;
  if (
    !inRange(fuelKg, 0, 500_000) ||
    !inRange(simulationRate, 0, MAX_SIMULATION_RATE) ||
    typeof isPaused !== 'boolean' ||
    typeof isParkingBrakeSet !== 'boolean' ||
    typeof transponder !== 'string' ||
    !TRANSPONDER.test(transponder) ||
    typeof isSeatBeltSignOn !== 'boolean' ||
    !shortString(aircraftTitle, 200) ||
    !shortString(aircraftIcao, 8)
  ) {
    return null;
  }
  if (
    hasSchemaKeys(f, FRAME_KEYS, OPTIONAL_FRAME_KEYS) &&
    hasSchemaKeys(position, POSITION_KEYS, NONE_OPTIONAL) &&
    hasSchemaKeys(lights, LIGHT_KEYS, NONE_OPTIONAL) &&
    Object.getPrototypeOf(enginesRunning) === Array.prototype
  ) {
    return f as TTelemetryFrame;
  }
  // The schema's order, optional fields in their place and only when the frame has the key, as ZTelemetryFrame gives it.
  const { latitudeDeg, longitudeDeg, altitudeFtMsl, altitudeFtAgl } = position;
  const { beacon, strobe, landing, taxi, nav } = lights;
  const frame: Record<string, unknown> = {
    timeMs,
    position: { latitudeDeg, longitudeDeg, altitudeFtMsl, altitudeFtAgl },
    groundSpeedKts,
    indicatedAirspeedKts,
    trueAirspeedKts,
    verticalSpeedFpm,
    headingDegTrue,
    pitchDeg,
    bankDeg,
    gForce,
    isOnGround,
  };
  if (hasMainGear) frame.isMainGearOnGround = isMainGearOnGround;
  if (hasTouchdown) frame.touchdownVerticalSpeedFpm = touchdownVerticalSpeedFpm;
  frame.gearDownRatio = gearDownRatio;
  frame.flapsRatio = flapsRatio;
  frame.spoilersRatio = spoilersRatio;
  frame.enginesRunning = [...enginesRunning];
  frame.lights = { beacon, strobe, landing, taxi, nav };
  frame.fuelKg = fuelKg;
  frame.simulationRate = simulationRate;
  frame.isPaused = isPaused;
  frame.isParkingBrakeSet = isParkingBrakeSet;
  frame.transponder = transponder;
  frame.isSeatBeltSignOn = isSeatBeltSignOn;
  frame.aircraftTitle = aircraftTitle;
  frame.aircraftIcao = aircraftIcao;
  return frame as TTelemetryFrame;
};

/** ZTelemetryFrame.safeParse's answer for a frame of a batch, the usual valid frame checked quickly. */
export const readTelemetryFrame = (raw: unknown): ReturnType<typeof ZTelemetryFrame.safeParse> => {
  const frame = readQuickly(raw);
  return frame ? { success: true, data: frame } : ZTelemetryFrame.safeParse(raw);
};

/**
 * ZFrameBatch's verdict on a batch (an object whose `frames` is an array of 1 to UPLINK_MAX_BATCH
 * items), giving back the batch's own array: zod's copy of the batch was about 1 KB a batch.
 */
export const readFrameBatch = (batch: unknown): readonly unknown[] | null => {
  if (typeof batch !== 'object' || batch === null || Array.isArray(batch)) return null;
  const { frames } = batch as { frames?: unknown };
  return Array.isArray(frames) && frames.length >= 1 && frames.length <= UPLINK_MAX_BATCH ? (frames as unknown[]) : null;
};
