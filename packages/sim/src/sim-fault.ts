import { z } from 'zod';
import { MAX_SIMULATION_RATE } from '@contrail/domain/telemetry/telemetry-frame';
import { ZSimAirport } from './simulated-flight-plan';
import { SimPhase, type TSimPhase } from './sim-phase';

/**
 * When a scheduled fault fires: once the aircraft has spent `afterSeconds` (simulated) in `phase`.
 * A phase the flight skips (a short hop has no cruise) counts as reached when a later phase begins.
 */
export type TSimFaultTrigger = { phase: TSimPhase; afterSeconds?: number };

/**
 * Faults the built-in simulator can fly, to exercise the tracker and the flight engine. Pass them in
 * `options.faults` (fired at `at`, or at their natural moment) or `inject` them into a live flight
 * (fired at once, or at their natural moment when that is later).
 *
 * - `noSeatBeltsOnTakeoff`: the seat-belt sign goes off at line-up and stays off until the descent.
 * - `noSafetyDemo`: the simulated crew skips the safety demonstration. The demonstration is a cabin
 *   announcement made by the pilot through the tracker, so the simulator only exposes it:
 *   `isSafetyDemoSkipped` is true and no `safetyDemonstration` cue is emitted during taxi-out.
 * - `overspeedBelow10k`: climbs (or descends) below 10,000 ft at `iasKts` (default 300 KIAS).
 * - `hardLanding`: touches down at `touchdownRateFpm` (default -700 fpm, about 2.0 g).
 * - `bouncedLanding`: touches down at `touchdownRateFpm` (default -400 fpm), is airborne again for a few
 *   seconds (about 10 ft), then touches down a second time at the plan's rate.
 * - `goAround`: on short final, at `atAglFt` (default 200 ft), power up, climb to 3,000 ft above the
 *   runway, fly a left-hand circuit and land.
 * - `diversion`: from cruise (default: 60 s into cruise) flies to `airport` or the plan's `diversion`.
 * - `pause`: the simulator is paused for `durationSeconds` (default 120): frames keep coming with
 *   `isPaused` true and the aircraft frozen.
 * - `fuelJump`: fuel on board rises by `amountKg` (default 5,000 kg) at once.
 * - `positionJump`: the aircraft is teleported `distanceNm` (default 50 NM) along `bearingDeg`
 *   (default: its heading).
 * - `droppedConnection`: no frame for `durationSeconds` (default 60): `step`/`next` return null and
 *   `flySimulatedFlight` omits them; the aircraft flies on meanwhile.
 * - `simRateChange`: the simulation rate becomes `rate` (default 4) for `durationSeconds` (default 600).
 *
 * When scheduled, `overspeedBelow10k` is armed from the start (it shows in the climb); the landing
 * faults wait for the landing; the others fire 60 s into cruise unless `at` says otherwise.
 */
const trigger = z.object({ phase: z.enum(SimPhase), afterSeconds: z.number().nonnegative().optional() }).optional();
const seconds = z.number().positive().max(86_400).optional();

export const ZSimFault = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('noSeatBeltsOnTakeoff') }),
  z.object({ kind: z.literal('noSafetyDemo') }),
  z.object({ kind: z.literal('overspeedBelow10k'), iasKts: z.number().min(251).max(450).optional(), at: trigger }),
  z.object({ kind: z.literal('hardLanding'), touchdownRateFpm: z.number().min(-2_000).max(-10).optional() }),
  z.object({ kind: z.literal('bouncedLanding'), touchdownRateFpm: z.number().min(-2_000).max(-10).optional() }),
  z.object({ kind: z.literal('goAround'), atAglFt: z.number().min(50).max(1_000).optional() }),
  z.object({ kind: z.literal('diversion'), airport: ZSimAirport.optional(), at: trigger }),
  z.object({ kind: z.literal('pause'), durationSeconds: seconds, at: trigger }),
  z.object({ kind: z.literal('fuelJump'), amountKg: z.number().positive().max(100_000).optional(), at: trigger }),
  z.object({
    kind: z.literal('positionJump'),
    distanceNm: z.number().positive().max(5_000).optional(),
    bearingDeg: z.number().min(0).max(360).optional(),
    at: trigger,
  }),
  z.object({ kind: z.literal('droppedConnection'), durationSeconds: seconds, at: trigger }),
  z.object({ kind: z.literal('simRateChange'), rate: z.number().positive().max(MAX_SIMULATION_RATE).optional(), durationSeconds: seconds, at: trigger }),
]);
export type TSimFault = z.infer<typeof ZSimFault>;

export type TSimFaultKind = TSimFault['kind'];

export const DEFAULT_FAULT_TRIGGER: Required<TSimFaultTrigger> = { phase: 'cruise', afterSeconds: 60 };
