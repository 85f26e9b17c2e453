import { z } from 'zod';
import { SPEED_LIMIT_ALTITUDE_FT, TAXI_MIN_GS_KTS } from '../flight/flight-constants';
import type { TTelemetryFrame } from '../telemetry/telemetry-frame';
import { lbsToKg } from './phpvms-units';

/**
 * A phpVMS ACARS position (POST /pireps/{id}/acars/position) and how Contrail turns it into a
 * telemetry frame for the flight engine. phpVMS clients send a position every few seconds to
 * every 30 s, with far fewer fields than a tracker frame: what a position does not say is either
 * inferred where the inference is sound, or set so that it can neither earn nor cost the pilot
 * anything. The rules, field by field, are in docs/decisions/0046-phpvms-pilot-api.md.
 */

/** A number, or a numeric string as form-encoded clients send; anything else is refused. */
const numeric = z.union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?$/).transform(Number)]).pipe(z.number().finite());
/** phpVMS validates these loosely ('sometimes'): a value that is not a number is dropped, not refused. */
const looseNumber = z
  .unknown()
  .transform((value) => {
    const parsed = numeric.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  })
  .optional();
const dateText = z
  .string()
  .max(64)
  .refine((value) => !Number.isNaN(Date.parse(value)), 'must be a date');

export const ZPhpvmsPosition = z.object({
  id: z.union([z.string().max(64), z.number().int()]).optional().nullable(),
  lat: numeric.pipe(z.number().min(-90).max(90)),
  lon: numeric.pipe(z.number().min(-180).max(180)),
  status: z.string().max(8).optional().nullable(),
  altitude: numeric.optional(),
  altitude_agl: numeric.optional(),
  altitude_msl: numeric.optional(),
  heading: numeric.pipe(z.number().min(0).max(360)).optional(),
  vs: looseNumber,
  gs: looseNumber,
  ias: looseNumber,
  transponder: z.unknown().optional(),
  autopilot: z.unknown().optional(),
  fuel: numeric.optional(),
  fuel_flow: numeric.optional(),
  distance: looseNumber,
  log: z.string().max(1000).optional().nullable(),
  sim_time: dateText.optional().nullable(),
  created_at: dateText.optional().nullable(),
});
export type TPhpvmsPosition = z.output<typeof ZPhpvmsPosition>;

/** Phases (phpVMS `PirepStatus` codes) in which the aircraft is on the ground. */
const GROUND_PHASES = new Set(['INI', 'SCH', 'BST', 'RDT', 'PBT', 'OFB', 'DIR', 'DIC', 'GRT', 'TXI', 'LAN', 'ONB', 'ARR', 'DX']);
/** Phases in which the aircraft is in the air. */
const AIRBORNE_PHASES = new Set(['TKO', 'ICL', 'ENR', 'TEN', 'APR', 'FIN', 'EMG', 'DV']);
/** Phases in which the aircraft moves under its own power. */
const POWERED_PHASES = new Set(['TXI', 'TOF', 'TKO', 'ICL', 'ENR', 'TEN', 'APR', 'FIN', 'EMG', 'DV', 'LDG', 'LAN']);
/** A radio altitude at or below this is on the ground (gear height and sensor noise). */
const ON_GROUND_MAX_AGL_FT = 10;

/** What the previous position left known (fuel and engines carry over when a position omits them). */
export type PositionMemory = { fuelKg: number | null; isOnGround: boolean; enginesRunning: boolean; altitudeFtMsl: number };

export const INITIAL_POSITION_MEMORY: PositionMemory = { fuelKg: null, isOnGround: true, enginesRunning: false, altitudeFtMsl: 0 };

/** The time a position was taken: the simulator's time, else the client's, else when it arrived. */
export const positionTimeMs = (position: TPhpvmsPosition, receivedAtMs: number): number => {
  const text = position.sim_time ?? position.created_at;
  const parsed = text ? Date.parse(text) : Number.NaN;
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : receivedAtMs;
};

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * Pure. One position as a telemetry frame for an aircraft with `engineCount` engines.
 * - On the ground: a radio altitude at or below 10 ft when sent, else the phase the client
 *   reports, else as before.
 * - Engines: a fuel flow when sent; else running while airborne, while the phase is a powered one,
 *   or while moving at taxi speed (a towed push-back, PBT, is not powered); else as before.
 * - Gear, lights, attitude and load factor are not sent: they are set so that no event can come of
 *   them (gear down, lights as the rules want, level, 1 g). The engine can then neither reward nor
 *   penalise what nobody measured, and a gear-up landing or a hard load is never invented.
 * - Speeds: the indicated airspeed when sent, else the ground speed.
 */
export const positionToFrame = (
  position: TPhpvmsPosition,
  memory: PositionMemory,
  context: { engineCount: number; receivedAtMs: number; aircraftIcao: string },
): { frame: TTelemetryFrame; memory: PositionMemory } => {
  const phase = position.status?.toUpperCase() ?? null;
  const msl = position.altitude_msl ?? position.altitude ?? memory.altitudeFtMsl;
  const agl = position.altitude_agl ?? null;
  const gs = clamp(position.gs ?? 0, 0, 2000);
  let isOnGround: boolean;
  if (agl !== null) isOnGround = agl <= ON_GROUND_MAX_AGL_FT;
  else if (phase !== null && GROUND_PHASES.has(phase)) isOnGround = true;
  else if (phase !== null && AIRBORNE_PHASES.has(phase)) isOnGround = false;
  else isOnGround = memory.isOnGround;
  let enginesRunning: boolean;
  if (position.fuel_flow !== undefined) enginesRunning = position.fuel_flow > 0;
  else if (!isOnGround) enginesRunning = true;
  else if (phase !== null && POWERED_PHASES.has(phase)) enginesRunning = true;
  else if (phase === 'PBT') enginesRunning = memory.enginesRunning;
  else if (gs >= TAXI_MIN_GS_KTS) enginesRunning = true;
  else enginesRunning = memory.enginesRunning;
  const fuelKg = position.fuel !== undefined ? lbsToKg(position.fuel) : memory.fuelKg;
  const aglFt = clamp(agl ?? (isOnGround ? 0 : Math.max(msl, ON_GROUND_MAX_AGL_FT + 1)), -100, 100_000);
  const ias = clamp(position.ias ?? gs, 0, 1500);
  const frame: TTelemetryFrame = {
    timeMs: positionTimeMs(position, context.receivedAtMs),
    position: { latitudeDeg: position.lat, longitudeDeg: position.lon, altitudeFtMsl: clamp(msl, -2000, 100_000), altitudeFtAgl: aglFt },
    groundSpeedKts: gs,
    indicatedAirspeedKts: ias,
    trueAirspeedKts: gs,
    verticalSpeedFpm: clamp(position.vs ?? 0, -30_000, 30_000),
    headingDegTrue: position.heading ?? 0,
    pitchDeg: 0,
    bankDeg: 0,
    gForce: 1,
    isOnGround,
    gearDownRatio: 1,
    flapsRatio: 0,
    spoilersRatio: 0,
    enginesRunning: Array.from({ length: clamp(context.engineCount, 1, 8) }, () => enginesRunning),
    lights: {
      beacon: enginesRunning,
      nav: true,
      strobe: !isOnGround,
      landing: !isOnGround && msl < SPEED_LIMIT_ALTITUDE_FT,
      taxi: false,
    },
    fuelKg: clamp(fuelKg ?? 0, 0, 500_000),
    simulationRate: 1,
    isPaused: false,
    isParkingBrakeSet: false,
    transponder: typeof position.transponder === 'string' && /^[0-7]{4}$/.test(position.transponder) ? position.transponder : '2000',
    isSeatBeltSignOn: !isOnGround || enginesRunning,
    aircraftTitle: '',
    aircraftIcao: context.aircraftIcao.slice(0, 8),
  };
  return { frame, memory: { fuelKg, isOnGround, enginesRunning, altitudeFtMsl: frame.position.altitudeFtMsl } };
};
