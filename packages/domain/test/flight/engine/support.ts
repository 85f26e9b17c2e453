import { createEngineContext, newCallOutput, type EngineContext } from '../../../src/flight/engine/engine-context';
import { digestOf } from '../../../src/flight/engine/frame-digest';
import { initialState } from '../../../src/flight/engine/initial-state';
import type { TFlightPlanInputRaw } from '../../../src/flight/flight-plan-input';
import type { TTelemetryFrame } from '../../../src/telemetry/telemetry-frame';
import { A320, EGLL, LFPG } from '../support/fixtures';

export const plan: TFlightPlanInputRaw = { departure: EGLL, arrival: LFPG, cruiseLevelFt: 24_000, aircraft: A320 };
export const T0 = Date.UTC(2025, 5, 1, 8);

/** A fresh engine context (the state of a flight before its first frame) for one part under test. */
export const contextFor = (overrides: Partial<TFlightPlanInputRaw> = {}): EngineContext => createEngineContext(initialState({ ...plan, ...overrides }));

/** Starts a new call's output, as the engine does before each frame. */
export const newCall = (ctx: EngineContext): EngineContext => {
  ctx.out = newCallOutput();
  return ctx;
};

export const keysOf = (ctx: EngineContext) => ctx.out.events.map((e) => e.key);

/** An A320 parked at the EGLL reference point, engines off, parking brake set; `over` changes any field. */
/** A frame's fields to change; `position` is merged into the default one. */
export type FrameChanges = Partial<Omit<TTelemetryFrame, 'position'>> & { position?: Partial<TTelemetryFrame['position']> };

export const frameAt = (secondsFromT0: number, over: FrameChanges = {}): TTelemetryFrame => {
  const { position, ...rest } = over;
  return {
    timeMs: T0 + secondsFromT0 * 1000,
    position: { latitudeDeg: EGLL.position.latitudeDeg, longitudeDeg: EGLL.position.longitudeDeg, altitudeFtMsl: EGLL.position.elevationFt, altitudeFtAgl: 0, ...position },
    groundSpeedKts: 0,
    indicatedAirspeedKts: 0,
    trueAirspeedKts: 0,
    verticalSpeedFpm: 0,
    headingDegTrue: 270,
    pitchDeg: 0,
    bankDeg: 0,
    gForce: 1,
    isOnGround: true,
    gearDownRatio: 1,
    flapsRatio: 0,
    spoilersRatio: 0,
    enginesRunning: [false, false],
    lights: { beacon: true, strobe: false, landing: false, taxi: false, nav: true },
    fuelKg: 10_000,
    simulationRate: 1,
    isPaused: false,
    isParkingBrakeSet: true,
    transponder: '2000',
    isSeatBeltSignOn: true,
    aircraftTitle: 'A320',
    aircraftIcao: 'A320',
    ...rest,
  };
};

/** An airborne frame at `altitudeFtMsl` (AGL above EGLL), `ias` knots, `vs` fpm. */
export const airFrameAt = (secondsFromT0: number, altitudeFtMsl: number, over: FrameChanges = {}): TTelemetryFrame =>
  frameAt(secondsFromT0, {
    isOnGround: false,
    groundSpeedKts: 250,
    indicatedAirspeedKts: 240,
    enginesRunning: [true, true],
    lights: { beacon: true, strobe: true, landing: altitudeFtMsl < 10_000, taxi: false, nav: true },
    gearDownRatio: 0,
    isParkingBrakeSet: false,
    ...over,
    position: { altitudeFtMsl, altitudeFtAgl: altitudeFtMsl - EGLL.position.elevationFt, ...over.position },
  });

/** Sets the engine's last frame, as the engine does at the end of each ingest. */
export const setLast = (ctx: EngineContext, frame: TTelemetryFrame) => {
  ctx.s.last = digestOf(frame);
  return ctx.s.last;
};
