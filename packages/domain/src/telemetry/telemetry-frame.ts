import { z } from 'zod';

/**
 * The fastest simulation rate Contrail takes, from a simulator or the tracker's settings: the
 * highest sim rate FSX and MSFS offer, and the fastest the built-in simulator flies.
 */
export const MAX_SIMULATION_RATE = 128;

/**
 * The telemetry frame: what every simulator connector (built-in simulator, X-Plane, FlightGear,
 * MSFS) produces, and what the flight engine consumes. Units are in the names. Frames arrive at
 * 1 Hz or faster, possibly with gaps and duplicates; `simTimeMs` orders them.
 */
export const ZTelemetryFrame = z.object({
  /** Wall-clock time of the sample, epoch milliseconds (UTC). */
  timeMs: z.number().int().nonnegative(),
  position: z.object({
    latitudeDeg: z.number().min(-90).max(90),
    longitudeDeg: z.number().min(-180).max(180),
    altitudeFtMsl: z.number().min(-2000).max(100_000),
    /** Height above the ground below the aircraft (radio altitude). */
    altitudeFtAgl: z.number().min(-100).max(100_000),
  }),
  groundSpeedKts: z.number().min(0).max(2000),
  indicatedAirspeedKts: z.number().min(0).max(1500),
  trueAirspeedKts: z.number().min(0).max(2000),
  verticalSpeedFpm: z.number().min(-30_000).max(30_000),
  headingDegTrue: z.number().min(0).max(360),
  /** Positive nose up. */
  pitchDeg: z.number().min(-90).max(90),
  /** Positive right wing down. */
  bankDeg: z.number().min(-180).max(180),
  gForce: z.number().min(-10).max(15),
  isOnGround: z.boolean(),
  /**
   * Optional: true while a MAIN gear has weight on it, where the simulator reports each gear
   * (FlightGear gear[1]/gear[2] of a tricycle aircraft, X-Plane per-gear weight on wheels, MSFS
   * contact points). The touchdown rate is taken when the mains touch, which can be a second or two
   * before `isOnGround` when a connector reads the nose wheel. Absent: `isOnGround` is used.
   */
  isMainGearOnGround: z.boolean().optional(),
  /**
   * Optional: the simulator's own measure of the last touchdown's vertical speed, fpm (negative
   * down), where it has one (MSFS PLANE TOUCHDOWN NORMAL VELOCITY). Read on the touchdown frame in
   * preference to `verticalSpeedFpm`.
   */
  touchdownVerticalSpeedFpm: z.number().min(-30_000).max(30_000).optional(),
  /** 0 = fully up, 1 = fully down. */
  gearDownRatio: z.number().min(0).max(1),
  /** Flap handle position: 0 = retracted, 1 = full. */
  flapsRatio: z.number().min(0).max(1),
  /** 0 = retracted, 1 = fully deployed. */
  spoilersRatio: z.number().min(0).max(1),
  /** One flag per engine, in engine order. */
  enginesRunning: z.array(z.boolean()).max(8),
  lights: z.object({
    beacon: z.boolean(),
    strobe: z.boolean(),
    landing: z.boolean(),
    taxi: z.boolean(),
    nav: z.boolean(),
  }),
  /** Total fuel on board. */
  fuelKg: z.number().min(0).max(500_000),
  /** 1 = real time. */
  simulationRate: z.number().min(0).max(MAX_SIMULATION_RATE),
  isPaused: z.boolean(),
  isParkingBrakeSet: z.boolean(),
  /** Squawk code as four octal digits, e.g. "7000". */
  transponder: z.string().regex(/^[0-7]{4}$/),
  isSeatBeltSignOn: z.boolean(),
  aircraftTitle: z.string().max(200),
  aircraftIcao: z.string().max(8),
});

export type TTelemetryFrame = z.infer<typeof ZTelemetryFrame>;
