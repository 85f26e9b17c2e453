import { type LatLon, initialBearingDeg, normalizeHeadingDeg } from '@contrail/domain/geo/great-circle';
import type { TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';
import { type TPerformance, estimateBlockFuelKg, getPerformance } from './aircraft-performance';
import { type TResolvedAirport, resolveAirport } from './runway-geometry';
import type { TSimFault, TSimFaultKind, TSimFaultTrigger } from './sim-fault';
import type { TSimPhase } from './sim-phase';
import type { TParsedSimulatedFlightPlan } from './simulated-flight-plan';

/** Something that happened in the simulated flight, for the harness and the tests. */
export type TSimEvent = { elapsedSeconds: number; timeMs: number } & (
  | { kind: 'phaseChanged'; phase: TSimPhase }
  | { kind: 'faultApplied'; fault: TSimFaultKind }
  /** The cabin safety demonstration is due now (taxi-out); absent with the `noSafetyDemo` fault. */
  | { kind: 'safetyDemonstration' }
  | { kind: 'liftoff' }
  | { kind: 'touchdown'; verticalSpeedFpm: number; gForce: number; airportIdent: string }
  | { kind: 'goAround'; reason: 'injected' | 'unstable' }
  | { kind: 'diversion'; airportIdent: string }
  | { kind: 'cruiseLevelChanged'; levelFt: number }
);

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type TSimEventInput = DistributiveOmit<TSimEvent, 'elapsedSeconds' | 'timeMs'>;

export type ScheduledFault = { fault: TSimFault; trigger: Required<TSimFaultTrigger> };

/** The options once their defaults are applied. */
export type SimSettings = {
  baseRate: number;
  frameIntervalSeconds: number;
  boardingSeconds: number;
  deboardingSeconds: number;
  transponder: string;
  boardsUntilReleased: boolean;
};

const initialSimState = (plan: TParsedSimulatedFlightPlan, origin: TResolvedAirport, firstDestination: TResolvedAirport, settings: SimSettings) => {
  const aircraft = plan.aircraft;
  const initialHeadingDeg = normalizeHeadingDeg(initialBearingDeg(origin.gate, origin.runway.threshold) + 180);
  // The aircraft never flies lower than 1,500 ft above the higher airport between them.
  const minimumCruiseFt = Math.max(origin.runway.elevationFt, firstDestination.runway.elevationFt) + 1_500;
  return {
    elapsedS: 0,
    timeMs: plan.startTimeMs,
    phase: 'parked' as TSimPhase,
    phaseS: 0,
    phaseSeconds: {} as Partial<Record<TSimPhase, number>>,
    position: { ...origin.gate },
    altitudeFt: origin.runway.elevationFt,
    headingDeg: initialHeadingDeg,
    groundSpeedKts: 0,
    iasKts: 0,
    verticalSpeedFpm: 0,
    pitchDeg: 0,
    bankDeg: 0,
    gForce: 1,
    isOnGround: true,
    gearRatio: 1,
    flapsRatio: 0,
    spoilersRatio: 0,
    engines: Array.from({ length: aircraft.engineCount }, () => false),
    lights: { beacon: false, strobe: false, landing: false, taxi: false, nav: false } as TTelemetryFrame['lights'],
    fuelKg: plan.fuelKg ?? estimateBlockFuelKg(aircraft, plan.departure, plan.arrival),
    isParkingBrakeSet: true,
    isSeatBeltSignOn: false,
    destination: firstDestination,
    route: [] as LatLon[],
    routeIndex: 0,
    isLocalizerCaptured: false,
    /** The cruise level asked for: the plan's, then the pilot's (changeCruiseLevel). */
    cruiseLevelFt: plan.cruiseLevelFt,
    levelCapFt: Math.max(plan.cruiseLevelFt, minimumCruiseFt),
    goAroundCount: 0,
    flareStartVsFpm: 0,
    touchdownLatch: null as { verticalSpeedFpm: number; gForce: number } | null,
    bounce: 'none' as 'none' | 'contact' | 'airborne',
    bounceS: 0,
    // Fault state.
    isSeatBeltFaultActive: false,
    isSafetyDemoSkipped: false,
    overspeedIasKts: null as number | null,
    hardLandingRateFpm: null as number | null,
    bounceRateFpm: null as number | null,
    goAroundAtAglFt: null as number | null,
    pausedUntilS: 0,
    droppedUntilS: 0,
    rateOverride: null as { rate: number; untilS: number } | null,
    isHeldAtGate: settings.boardsUntilReleased,
  };
};

/** The whole mutable state of a simulated flight. */
export type SimState = ReturnType<typeof initialSimState>;

/**
 * What every part of the simulator works on: the state, the flight's fixed figures, the events
 * recorded and the faults waiting for their moment.
 */
export type SimContext = {
  s: SimState;
  plan: TParsedSimulatedFlightPlan;
  aircraft: TParsedSimulatedFlightPlan['aircraft'];
  settings: SimSettings;
  performance: TPerformance;
  origin: TResolvedAirport;
  normalTouchdownRateFpm: number;
  events: TSimEvent[];
  scheduled: ScheduledFault[];
};

export const DEFAULT_TOUCHDOWN_RATE_FPM = -150;

export const createSimContext = (plan: TParsedSimulatedFlightPlan, settings: SimSettings): SimContext => {
  const departureTrackDeg = initialBearingDeg(plan.departure, plan.arrival);
  const origin = resolveAirport(plan.departure, departureTrackDeg);
  const arrivalCourseDeg = normalizeHeadingDeg(initialBearingDeg(plan.arrival, plan.departure) + 180);
  const firstDestination = resolveAirport(plan.arrival, arrivalCourseDeg);
  return {
    s: initialSimState(plan, origin, firstDestination, settings),
    plan,
    aircraft: plan.aircraft,
    settings,
    performance: getPerformance(plan.aircraft, plan.cruiseLevelFt),
    origin,
    normalTouchdownRateFpm: plan.touchdownRateFpm ?? DEFAULT_TOUCHDOWN_RATE_FPM,
    events: [],
    scheduled: [],
  };
};

export const record = (ctx: SimContext, event: TSimEventInput): void => {
  ctx.events.push({ ...event, elapsedSeconds: ctx.s.elapsedS, timeMs: Math.round(ctx.s.timeMs) });
};

/** The simulation rate now: the option's, or a `simRateChange` fault's while it lasts. */
export const currentRate = (ctx: SimContext): number => {
  const override = ctx.s.rateOverride;
  return override && ctx.s.elapsedS < override.untilS ? override.rate : ctx.settings.baseRate;
};

export const enter = (ctx: SimContext, phase: TSimPhase): void => {
  const s = ctx.s;
  if (s.phase === phase) return;
  s.phase = phase;
  s.phaseS = 0;
  record(ctx, { kind: 'phaseChanged', phase });
};
