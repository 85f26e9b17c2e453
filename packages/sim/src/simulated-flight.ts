import { z } from 'zod';
import {
  type LatLon,
  alongTrackDistanceNm,
  crossTrackDistanceNm,
  destinationPoint,
  distanceNm,
  initialBearingDeg,
  normalizeHeadingDeg,
} from '@contrail/domain/geo/great-circle';
import { MAX_SIMULATION_RATE, type TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';
import { indicatedAirspeedFromTrueKts, trueAirspeedFromIndicatedKts } from './atmosphere';
import {
  FUEL_FLOW_FACTOR,
  SPEED_LIMIT_ALTITUDE_FT,
  SPEED_LIMIT_BELOW_10K_KTS,
  type TPerformance,
  clamp,
  climbRateFpm,
  estimateBlockFuelKg,
  getPerformance,
  touchdownGForce,
} from './aircraft-performance';
import {
  FINAL_APPROACH_FIX_NM,
  type TResolvedAirport,
  finalCourseOrigin,
  headingDifferenceDeg,
  planApproachWaypoints,
  planGoAroundWaypoints,
  resolveAirport,
} from './runway-geometry';
import { DEFAULT_FAULT_TRIGGER, type TSimFault, type TSimFaultKind, type TSimFaultTrigger, ZSimFault } from './sim-fault';
import { type TSimPhase, simPhaseIndex } from './sim-phase';
import {
  type TParsedSimulatedFlightPlan,
  type TSimAirport,
  type TSimulatedFlightPlan,
  ZSimulatedFlightPlan,
} from './simulated-flight-plan';

export const ZSimulatedFlightOptions = z.object({
  /** Simulated seconds per wall second, as shown in the frames (1 = real time). Default 1. */
  simulationRate: z.number().positive().max(MAX_SIMULATION_RATE).optional(),
  /** Simulated seconds that `next()` advances. Default 1. */
  frameIntervalSeconds: z.number().positive().max(3_600).optional(),
  faults: z.array(ZSimFault).optional(),
  /** Time at the gate with the seat-belt sign on before engine start, simulated seconds. Default 600. */
  boardingSeconds: z.number().nonnegative().max(86_400).optional(),
  /**
   * Boards until `releaseForDeparture()`, then for `boardingSeconds` from there. The tracker's hub
   * starts the simulator when the pilot connects and releases it once the flight is recorded, so
   * the recorded flight starts with its whole boarding, however long the registration took.
   */
  boardsUntilReleased: z.boolean().optional(),
  /** Time at the gate after engine shutdown before the flight is finished. Default 300. */
  deboardingSeconds: z.number().nonnegative().max(86_400).optional(),
  /** Squawk shown in every frame. Default "2000". */
  transponder: z.string().regex(/^[0-7]{4}$/).optional(),
});
export type TSimulatedFlightOptions = z.input<typeof ZSimulatedFlightOptions>;

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

export type TSimulatedFlight = {
  readonly phase: TSimPhase;
  readonly isFinished: boolean;
  /** Current simulation rate (the option, or a `simRateChange` fault's). */
  readonly simulationRate: number;
  /** Simulated seconds since the start. */
  readonly elapsedSeconds: number;
  /** Wall-clock time of the current state, epoch ms (start + elapsed / rate). */
  readonly timeMs: number;
  /** ICAO ident of the airport the aircraft is flying to (the diversion airport once diverted). */
  readonly destinationIdent: string;
  /** True with the `noSafetyDemo` fault: the harness must not make the safety announcement. */
  readonly isSafetyDemoSkipped: boolean;
  readonly events: readonly TSimEvent[];
  /** Advances `dtSimSeconds` simulated seconds; the frame at the end, or null while the connection is dropped. */
  step(dtSimSeconds: number): TTelemetryFrame | null;
  /** `step(frameIntervalSeconds)`. */
  next(): TTelemetryFrame | null;
  /** The current frame, whatever the connection, without advancing. */
  snapshot(): TTelemetryFrame;
  /** Applies a fault now (or arms it for its natural moment: landing faults wait for the landing). */
  inject(fault: TSimFault): void;
  /**
   * The pilot asks for a new cruise level (UpdateCruiseLevel). Before the approach the aircraft climbs
   * or descends to it, within its ceiling and never lower than 1,500 ft above its destination; on
   * the approach or later it is refused. Returns the level it will fly, or null when refused.
   */
  changeCruiseLevel(levelFt: number): number | null;
  /** Ends the wait of `boardsUntilReleased`: boarding lasts its `boardingSeconds` from now. */
  releaseForDeparture(): void;
};

/** Feet per NM of a 3 degree path (tan 3 deg x 6,076 ft); also the ~3 NM per 1,000 ft descent rule. */
const PATH_FT_PER_NM = 318.4;
/** Threshold crossing height on the 3 degree path, feet. */
const THRESHOLD_CROSSING_FT = 50;
const FLARE_HEIGHT_FT = 30;
const APPROACH_START_NM = 20;
const GO_AROUND_HEIGHT_FT = 3_000;
const DEFAULT_TOUCHDOWN_RATE_FPM = -150;
const MAX_GO_AROUNDS = 3;
const TAXI_SPEED_KTS = 15;
const G_FT_PER_S2 = 32.174;
const PREFLIGHT_SECONDS = 60;

type Lights = TTelemetryFrame['lights'];

type ScheduledFault = { fault: TSimFault; trigger: Required<TSimFaultTrigger> };

const flagFaults: ReadonlySet<TSimFaultKind> = new Set(['noSeatBeltsOnTakeoff', 'noSafetyDemo', 'hardLanding', 'bouncedLanding', 'goAround']);

/**
 * Creates a simulated flight of `plan`: a deterministic state machine that a caller advances with
 * `step(dt)` (tests, benchmarks) or in real time (the tracker: at rate 50, one wall second is
 * `step(50)`). See `TSimFault` for the faults.
 *
 * @throws ZodError on an invalid plan, options or fault; Error on a diversion without an airport.
 */
export const createSimulatedFlight = (planInput: TSimulatedFlightPlan, optionsInput: TSimulatedFlightOptions = {}): TSimulatedFlight => {
  const plan: TParsedSimulatedFlightPlan = ZSimulatedFlightPlan.parse(planInput);
  const options = ZSimulatedFlightOptions.parse(optionsInput);
  const aircraft = plan.aircraft;
  const baseRate = options.simulationRate ?? 1;
  const frameIntervalSeconds = options.frameIntervalSeconds ?? 1;
  const boardingSeconds = options.boardingSeconds ?? 600;
  const deboardingSeconds = options.deboardingSeconds ?? 300;
  const transponder = options.transponder ?? '2000';
  const performance: TPerformance = getPerformance(aircraft, plan.cruiseLevelFt);
  const normalTouchdownRateFpm = plan.touchdownRateFpm ?? DEFAULT_TOUCHDOWN_RATE_FPM;

  const departureTrackDeg = initialBearingDeg(plan.departure, plan.arrival);
  const origin = resolveAirport(plan.departure, departureTrackDeg);
  const arrivalCourseDeg = normalizeHeadingDeg(initialBearingDeg(plan.arrival, plan.departure) + 180);
  const firstDestination = resolveAirport(plan.arrival, arrivalCourseDeg);
  const initialHeadingDeg = normalizeHeadingDeg(initialBearingDeg(origin.gate, origin.runway.threshold) + 180);
  // The aircraft never flies lower than 1,500 ft above the higher airport between them.
  const minimumCruiseFt = Math.max(origin.runway.elevationFt, firstDestination.runway.elevationFt) + 1_500;

  const s = {
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
    lights: { beacon: false, strobe: false, landing: false, taxi: false, nav: false } as Lights,
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
    isHeldAtGate: options.boardsUntilReleased ?? false,
  };
  const events: TSimEvent[] = [];
  const scheduled: ScheduledFault[] = [];

  const record = (event: DistributiveOmit<TSimEvent, 'elapsedSeconds' | 'timeMs'>) =>
    events.push({ ...event, elapsedSeconds: s.elapsedS, timeMs: Math.round(s.timeMs) });

  const currentRate = () => (s.rateOverride && s.elapsedS < s.rateOverride.untilS ? s.rateOverride.rate : baseRate);

  const enter = (phase: TSimPhase) => {
    if (s.phase === phase) return;
    s.phase = phase;
    s.phaseS = 0;
    record({ kind: 'phaseChanged', phase });
  };

  // --- faults -------------------------------------------------------------------------------

  const divertTo = (airport: TSimAirport) => {
    const courseDeg = normalizeHeadingDeg(initialBearingDeg(airport, s.position) + 180);
    s.destination = resolveAirport(airport, courseDeg);
    s.route = planApproachWaypoints(s.position, s.destination.runway);
    s.routeIndex = 0;
    s.isLocalizerCaptured = false;
    s.levelCapFt = Math.max(s.cruiseLevelFt, s.destination.runway.elevationFt + 1_500);
    record({ kind: 'diversion', airportIdent: airport.ident });
    if (!s.isOnGround && (s.phase === 'approach' || s.phase === 'goAround' || s.phase === 'flare')) enter('climb');
  };

  const changeCruiseLevel = (levelFt: number): number | null => {
    // From the gate to the descent; on the approach the level no longer matters.
    if (!Number.isFinite(levelFt) || simPhaseIndex(s.phase) > simPhaseIndex('descent')) return null;
    s.cruiseLevelFt = levelFt;
    s.levelCapFt = clamp(levelFt, s.destination.runway.elevationFt + 1_500, performance.ceilingFt);
    record({ kind: 'cruiseLevelChanged', levelFt: s.levelCapFt });
    // Level in cruise: a higher level is a new climb; a lower one is flown down to in cruise.
    if (s.phase === 'cruise' && s.levelCapFt > s.altitudeFt + 500) enter('climb');
    return s.levelCapFt;
  };

  const applyFault = (fault: TSimFault) => {
    switch (fault.kind) {
      case 'noSeatBeltsOnTakeoff':
        s.isSeatBeltFaultActive = true;
        break;
      case 'noSafetyDemo':
        s.isSafetyDemoSkipped = true;
        break;
      case 'overspeedBelow10k':
        s.overspeedIasKts = fault.iasKts ?? 300;
        break;
      case 'hardLanding':
        s.hardLandingRateFpm = fault.touchdownRateFpm ?? -700;
        break;
      case 'bouncedLanding':
        s.bounceRateFpm = fault.touchdownRateFpm ?? -400;
        break;
      case 'goAround':
        s.goAroundAtAglFt = fault.atAglFt ?? 200;
        break;
      case 'diversion': {
        const airport = fault.airport ?? plan.diversion;
        if (!airport) throw new Error('diversion fault: neither the fault nor the plan names a diversion airport');
        divertTo(airport);
        break;
      }
      case 'pause':
        s.pausedUntilS = s.elapsedS + (fault.durationSeconds ?? 120);
        break;
      case 'fuelJump':
        s.fuelKg = Math.min(500_000, s.fuelKg + (fault.amountKg ?? 5_000));
        break;
      case 'positionJump':
        s.position = destinationPoint(s.position, fault.bearingDeg ?? s.headingDeg, fault.distanceNm ?? 50);
        break;
      case 'droppedConnection':
        s.droppedUntilS = s.elapsedS + (fault.durationSeconds ?? 60);
        break;
      case 'simRateChange':
        s.rateOverride = { rate: fault.rate ?? 4, untilS: s.elapsedS + (fault.durationSeconds ?? 600) };
        break;
    }
    record({ kind: 'faultApplied', fault: fault.kind });
  };

  const triggerOf = (fault: TSimFault): Required<TSimFaultTrigger> => {
    const at = 'at' in fault ? fault.at : undefined;
    if (at) return { phase: at.phase, afterSeconds: at.afterSeconds ?? 0 };
    if (fault.kind === 'overspeedBelow10k') return { phase: 'parked', afterSeconds: 0 };
    return DEFAULT_FAULT_TRIGGER;
  };

  const fireDueFaults = () => {
    for (let i = 0; i < scheduled.length; ) {
      const { fault, trigger } = scheduled[i]!;
      const isDue =
        simPhaseIndex(s.phase) > simPhaseIndex(trigger.phase) ||
        (s.phase === trigger.phase && (s.phaseSeconds[trigger.phase] ?? 0) >= trigger.afterSeconds);
      if (isDue) {
        scheduled.splice(i, 1);
        applyFault(fault);
      } else i += 1;
    }
  };

  for (const fault of options.faults ?? []) {
    if (fault.kind === 'diversion' && !fault.airport && !plan.diversion) {
      throw new Error('diversion fault: neither the fault nor the plan names a diversion airport');
    }
    if (flagFaults.has(fault.kind)) applyFault(fault);
    else scheduled.push({ fault, trigger: triggerOf(fault) });
  }

  // --- geometry -------------------------------------------------------------------------------

  const runway = () => s.destination.runway;
  const heightAboveThresholdFt = () => s.altitudeFt - runway().elevationFt;

  /** Ground elevation under the aircraft: the nearer airport's within 20 NM, blended in between. */
  const groundElevationFt = (): number => {
    if (s.isOnGround) return currentGroundAirport().runway.elevationFt;
    const fromOriginNm = distanceNm(s.position, origin.runway.threshold);
    const toDestinationNm = distanceNm(s.position, runway().threshold);
    if (toDestinationNm <= 20 && toDestinationNm <= fromOriginNm) return runway().elevationFt;
    if (fromOriginNm <= 20) return origin.runway.elevationFt;
    const f = clamp((fromOriginNm - 20) / (fromOriginNm - 20 + toDestinationNm - 20), 0, 1);
    return origin.runway.elevationFt + (runway().elevationFt - origin.runway.elevationFt) * f;
  };

  const currentGroundAirport = (): TResolvedAirport => (simPhaseIndex(s.phase) >= simPhaseIndex('flare') ? s.destination : origin);

  const localizerCrossTrackNm = () => crossTrackDistanceNm(finalCourseOrigin(runway()), runway().threshold, s.position);

  /** Distance to the threshold along the planned path, NM (negative past the threshold on final). */
  const distanceToThresholdNm = (): number => {
    if (s.isLocalizerCaptured) return 30 - alongTrackDistanceNm(finalCourseOrigin(runway()), runway().threshold, s.position);
    let total = FINAL_APPROACH_FIX_NM;
    let from = s.position;
    for (let i = s.routeIndex; i < s.route.length; i++) {
      total += distanceNm(from, s.route[i]!);
      from = s.route[i]!;
    }
    return total;
  };

  const pathAltitudeFt = (toThresholdNm: number) => runway().elevationFt + THRESHOLD_CROSSING_FT + toThresholdNm * PATH_FT_PER_NM;

  const maxTurnRateDegPerS = (trueKts: number) => Math.min(3, (1_091 * Math.tan((25 * Math.PI) / 180)) / Math.max(trueKts, 60));

  /** Heading the lateral navigation asks for (airborne). */
  const navigationHeadingDeg = (trueKts: number): number => {
    const rwy = runway();
    if (!s.isLocalizerCaptured) {
      while (s.routeIndex < s.route.length) {
        const waypoint = s.route[s.routeIndex]!;
        const isLast = s.routeIndex === s.route.length - 1;
        const bearingDeg = initialBearingDeg(s.position, waypoint);
        const toWaypointNm = distanceNm(s.position, waypoint);
        if (isLast) {
          const crossTrackNm = localizerCrossTrackNm();
          const alignmentDeg = Math.abs(headingDifferenceDeg(s.headingDeg, rwy.headingDeg));
          const toThresholdNm = 30 - alongTrackDistanceNm(finalCourseOrigin(rwy), rwy.threshold, s.position);
          const isNearFinal = toThresholdNm > 2 && toThresholdNm < FINAL_APPROACH_FIX_NM + 6;
          if ((Math.abs(crossTrackNm) < 1.5 && alignmentDeg < 100 && isNearFinal) || toWaypointNm < 0.3) {
            s.isLocalizerCaptured = true;
            s.routeIndex = s.route.length;
            break;
          }
          return bearingDeg;
        }
        const turnDeg = Math.abs(headingDifferenceDeg(bearingDeg, initialBearingDeg(waypoint, s.route[s.routeIndex + 1]!)));
        const radiusNm = trueKts / (62.83 * maxTurnRateDegPerS(trueKts));
        const anticipationNm = Math.min(radiusNm * Math.tan((Math.min(turnDeg, 120) * Math.PI) / 360), 3);
        const isOrbiting = toWaypointNm < radiusNm * 1.2 && Math.abs(headingDifferenceDeg(s.headingDeg, bearingDeg)) > 90;
        if (toWaypointNm <= Math.max(0.3, anticipationNm) || isOrbiting) {
          s.routeIndex += 1;
          continue;
        }
        return bearingDeg;
      }
      s.isLocalizerCaptured = true;
    }
    const crossTrackNm = localizerCrossTrackNm();
    return normalizeHeadingDeg(rwy.headingDeg - clamp(crossTrackNm * 30, -45, 45));
  };

  // --- motion -------------------------------------------------------------------------------

  const moveTowards = (value: number, target: number, maxDelta: number) =>
    value < target ? Math.min(target, value + maxDelta) : Math.max(target, value - maxDelta);

  const turnTowards = (desiredDeg: number, maxRateDegPerS: number, dt: number): number => {
    const errorDeg = headingDifferenceDeg(s.headingDeg, desiredDeg);
    const rateDegPerS = clamp(errorDeg * 0.5, -maxRateDegPerS, maxRateDegPerS);
    s.headingDeg = normalizeHeadingDeg(s.headingDeg + rateDegPerS * dt);
    return rateDegPerS;
  };

  type AirTargets = {
    iasKts: number;
    verticalSpeedFpm: number;
    headingDeg: number;
    accelerationKtsPerS?: number;
    verticalAccelerationFpmPerS?: number;
    pitchOffsetDeg?: number;
  };

  const flyAirborne = (dt: number, t: AirTargets) => {
    s.iasKts = moveTowards(s.iasKts, t.iasKts, (t.iasKts > s.iasKts ? (t.accelerationKtsPerS ?? 1.5) : 1) * dt);
    const previousVsFpm = s.verticalSpeedFpm;
    s.verticalSpeedFpm = moveTowards(s.verticalSpeedFpm, t.verticalSpeedFpm, (t.verticalAccelerationFpmPerS ?? 200) * dt);
    s.altitudeFt += (s.verticalSpeedFpm * dt) / 60;
    const trueKts = trueAirspeedFromIndicatedKts(s.iasKts, s.altitudeFt);
    const rateDegPerS = turnTowards(t.headingDeg, maxTurnRateDegPerS(trueKts), dt);
    s.groundSpeedKts = trueKts;
    s.position = destinationPoint(s.position, s.headingDeg, (trueKts * dt) / 3_600);
    s.bankDeg = (Math.atan((rateDegPerS * trueKts) / 1_091) * 180) / Math.PI;
    const flightPathDeg = (Math.atan(s.verticalSpeedFpm / Math.max(trueKts * 101.27, 1)) * 180) / Math.PI;
    const angleOfAttackDeg = 2.5 + 4 * s.flapsRatio;
    s.pitchDeg = clamp(angleOfAttackDeg + flightPathDeg + (t.pitchOffsetDeg ?? 0), -20, 25);
    const verticalAccelerationG = (s.verticalSpeedFpm - previousVsFpm) / dt / 60 / G_FT_PER_S2;
    s.gForce = (1 + verticalAccelerationG) / Math.cos((s.bankDeg * Math.PI) / 180);
  };

  /** Ground movement towards `target` (or along the heading), at up to `speedKts`. Returns the distance left, NM. */
  const taxi = (dt: number, target: LatLon, speedKts: number): number => {
    const toTargetNm = distanceNm(s.position, target);
    const bearingDeg = initialBearingDeg(s.position, target);
    const errorDeg = Math.abs(headingDifferenceDeg(s.headingDeg, bearingDeg));
    const slowDownKts = toTargetNm < 0.05 ? 5 : speedKts;
    const desiredKts = errorDeg > 60 ? 3 : errorDeg > 30 ? 8 : slowDownKts;
    s.groundSpeedKts = moveTowards(s.groundSpeedKts, Math.min(desiredKts, slowDownKts), 1.5 * dt);
    turnTowards(bearingDeg, Math.max(2, Math.min(15, s.groundSpeedKts * 1.5)), dt);
    const stepNm = (s.groundSpeedKts * dt) / 3_600;
    if (stepNm >= toTargetNm || toTargetNm < 0.005) {
      s.position = { ...target };
      return 0;
    }
    s.position = destinationPoint(s.position, s.headingDeg, stepNm);
    return toTargetNm - stepNm;
  };

  const rollAlong = (dt: number, headingDeg: number) => {
    s.headingDeg = headingDeg;
    s.position = destinationPoint(s.position, headingDeg, (s.groundSpeedKts * dt) / 3_600);
  };

  const onGroundAt = (airport: TResolvedAirport) => {
    s.isOnGround = true;
    s.altitudeFt = airport.runway.elevationFt;
    s.verticalSpeedFpm = 0;
    s.bankDeg = 0;
    s.gForce = 1;
    s.iasKts = indicatedAirspeedFromTrueKts(s.groundSpeedKts, s.altitudeFt);
  };

  // --- the simulated pilot ----------------------------------------------------------------------

  const climbTargetIasKts = () => {
    if (s.altitudeFt < SPEED_LIMIT_ALTITUDE_FT) return s.overspeedIasKts ?? performance.lowAltitudeIasKts;
    return Math.min(performance.highAltitudeIasKts, indicatedAirspeedFromTrueKts(aircraft.cruiseSpeedKts, s.altitudeFt));
  };

  const cruiseIasKts = () => {
    const ias = indicatedAirspeedFromTrueKts(aircraft.cruiseSpeedKts, s.altitudeFt);
    return s.altitudeFt < SPEED_LIMIT_ALTITUDE_FT + 500 ? Math.min(ias, SPEED_LIMIT_BELOW_10K_KTS - 5) : ias;
  };

  const descentIasKts = () => {
    // Slow down from 13,000 ft at 1 kt/s so that 250 KIAS is held by 10,000 ft.
    if (s.altitudeFt < SPEED_LIMIT_ALTITUDE_FT && s.overspeedIasKts !== null) return s.overspeedIasKts;
    if (s.altitudeFt < SPEED_LIMIT_ALTITUDE_FT + 3_000) return Math.min(performance.lowAltitudeIasKts, cruiseIasKts());
    return Math.min(performance.highAltitudeIasKts, indicatedAirspeedFromTrueKts(aircraft.cruiseSpeedKts, s.altitudeFt));
  };

  /** Vertical speed that follows the descent path, capped by the level the aircraft may not exceed. */
  const pathVerticalSpeedFpm = (toThresholdNm: number, trueKts: number): number => {
    const pathFt = pathAltitudeFt(toThresholdNm);
    const command =
      pathFt < s.levelCapFt ? (-trueKts * PATH_FT_PER_NM) / 60 + ((pathFt - s.altitudeFt) * 60) / 20 : ((s.levelCapFt - s.altitudeFt) * 60) / 20;
    let vs = clamp(command, -performance.maxDescentFpm, climbRateFpm(performance, s.altitudeFt));
    // Speed before path: level off just above 10,000 ft until slowed to 250 KIAS (the aircraft then
    // catches the path again at its steepest descent).
    if (s.iasKts > SPEED_LIMIT_BELOW_10K_KTS && s.overspeedIasKts === null) {
      vs = Math.max(vs, s.altitudeFt >= SPEED_LIMIT_ALTITUDE_FT ? ((SPEED_LIMIT_ALTITUDE_FT + 50 - s.altitudeFt) * 60) / 10 : 0);
    }
    return vs;
  };

  const updateAirborneLights = () => {
    s.lights.landing = s.altitudeFt < SPEED_LIMIT_ALTITUDE_FT;
  };

  const approachTargets = (toThresholdNm: number) => {
    const vApp = aircraft.approachSpeedKts;
    const hatFt = heightAboveThresholdFt();
    let iasKts: number;
    let flaps: number;
    if (toThresholdNm > 12) {
      iasKts = Math.min(descentIasKts(), vApp + 60);
      flaps = toThresholdNm < 16 ? 0.25 : 0;
    } else if (toThresholdNm > 8) {
      iasKts = vApp + 35;
      flaps = 0.5;
    } else if (toThresholdNm > 5) {
      iasKts = vApp + 15;
      flaps = toThresholdNm < 6.5 ? 0.75 : 0.5;
    } else {
      iasKts = vApp;
      flaps = 1;
    }
    const isGearDue = (hatFt < 2_000 && toThresholdNm < 10) || toThresholdNm < 6;
    return { iasKts, flaps: Math.max(flaps, s.phase === 'approach' ? Math.min(s.flapsRatio, 0.5) : 0), isGearDue };
  };

  const startGoAround = (reason: 'injected' | 'unstable') => {
    record({ kind: 'goAround', reason });
    s.goAroundCount += 1;
    s.goAroundAtAglFt = null;
    s.isLocalizerCaptured = false;
    s.route = planGoAroundWaypoints(runway());
    s.routeIndex = 0;
    s.levelCapFt = runway().elevationFt + GO_AROUND_HEIGHT_FT;
    enter('goAround');
  };

  const touchDown = (verticalSpeedFpm: number) => {
    const gForce = touchdownGForce(verticalSpeedFpm);
    onGroundAt(s.destination);
    s.touchdownLatch = { verticalSpeedFpm, gForce };
    s.spoilersRatio = 1;
    record({ kind: 'touchdown', verticalSpeedFpm, gForce, airportIdent: s.destination.ident });
  };

  const burnFuel = (dt: number) => {
    const running = s.engines.filter(Boolean).length;
    if (running === 0) return;
    const flowKgPerS = (aircraft.fuelBurnKgPerHour / 3_600) * FUEL_FLOW_FACTOR[s.phase] * (running / s.engines.length);
    s.fuelKg = Math.max(0, s.fuelKg - flowKgPerS * dt);
  };

  const advance = (dt: number) => {
    s.elapsedS += dt;
    s.timeMs += (dt * 1_000) / currentRate();
    if (s.elapsedS <= s.pausedUntilS) return;
    s.phaseS += dt;
    s.phaseSeconds[s.phase] = (s.phaseSeconds[s.phase] ?? 0) + dt;
    fireDueFaults();
    if (s.elapsedS <= s.pausedUntilS) return;
    burnFuel(dt);

    switch (s.phase) {
      case 'parked':
        if (s.phaseS >= PREFLIGHT_SECONDS) {
          s.lights.nav = true;
          s.isSeatBeltSignOn = true;
          enter('boarding');
        }
        break;
      case 'boarding':
        if (s.phaseS >= boardingSeconds && !s.isHeldAtGate) {
          s.lights.beacon = true;
          enter('engineStart');
        }
        break;
      case 'engineStart': {
        // One engine every 25 s, the first 15 s after the beacon.
        s.engines = s.engines.map((_, i) => s.phaseS >= 15 + 25 * i);
        if (s.phaseS >= 15 + 25 * s.engines.length) {
          s.isParkingBrakeSet = false;
          enter('pushback');
        }
        break;
      }
      case 'pushback': {
        // Pushed back at 3 kt for about 70 s while the tug turns the nose 90 degrees.
        const isPushing = s.phaseS < 75;
        s.groundSpeedKts = moveTowards(s.groundSpeedKts, isPushing ? 3 : 0, 0.5 * dt);
        if (isPushing && s.phaseS > 10) {
          const towardsRunwayDeg = initialBearingDeg(s.position, origin.runway.threshold);
          const sign = headingDifferenceDeg(s.headingDeg, towardsRunwayDeg) >= 0 ? 1 : -1;
          s.headingDeg = normalizeHeadingDeg(s.headingDeg + sign * 1.4 * dt);
        }
        s.position = destinationPoint(s.position, s.headingDeg + 180, (s.groundSpeedKts * dt) / 3_600);
        if (!isPushing && s.groundSpeedKts === 0 && s.phaseS >= 90) {
          s.lights.taxi = true;
          s.flapsRatio = 0;
          enter('taxiOut');
          if (!s.isSafetyDemoSkipped) record({ kind: 'safetyDemonstration' });
        }
        break;
      }
      case 'taxiOut': {
        s.flapsRatio = moveTowards(s.flapsRatio, performance.takeoffFlapsRatio, 0.1 * dt);
        const leftNm = taxi(dt, origin.runway.threshold, TAXI_SPEED_KTS);
        onGroundAt(origin);
        if (leftNm === 0) {
          s.lights.strobe = true;
          s.lights.landing = true;
          if (s.isSeatBeltFaultActive) s.isSeatBeltSignOn = false;
          enter('lineUp');
        }
        break;
      }
      case 'lineUp': {
        s.flapsRatio = moveTowards(s.flapsRatio, performance.takeoffFlapsRatio, 0.1 * dt);
        const errorDeg = headingDifferenceDeg(s.headingDeg, origin.runway.headingDeg);
        s.groundSpeedKts = Math.abs(errorDeg) > 1 ? 2 : moveTowards(s.groundSpeedKts, 0, 2 * dt);
        turnTowards(origin.runway.headingDeg, 10, dt);
        onGroundAt(origin);
        if (Math.abs(errorDeg) <= 1 && s.phaseS >= 20) {
          s.headingDeg = origin.runway.headingDeg;
          enter('takeoffRoll');
        }
        break;
      }
      case 'takeoffRoll':
      case 'rotation': {
        s.groundSpeedKts += performance.takeoffAccelerationKtsPerS * dt;
        rollAlong(dt, origin.runway.headingDeg);
        onGroundAt(origin);
        if (s.phase === 'takeoffRoll') {
          if (s.iasKts >= aircraft.rotationSpeedKts) enter('rotation');
        } else {
          s.pitchDeg = Math.min(15, s.pitchDeg + 3 * dt);
          if (s.pitchDeg >= 8) {
            s.isOnGround = false;
            s.verticalSpeedFpm = 300;
            s.route = planApproachWaypoints(s.position, s.destination.runway);
            s.routeIndex = 0;
            record({ kind: 'liftoff' });
            enter('initialClimb');
          }
        }
        break;
      }
      case 'initialClimb': {
        const hatFt = s.altitudeFt - origin.runway.elevationFt;
        const trueKts = trueAirspeedFromIndicatedKts(s.iasKts, s.altitudeFt);
        flyAirborne(dt, {
          iasKts: aircraft.rotationSpeedKts + 15,
          verticalSpeedFpm: climbRateFpm(performance, s.altitudeFt),
          headingDeg: hatFt < 500 ? origin.runway.headingDeg : navigationHeadingDeg(trueKts),
          accelerationKtsPerS: 2,
          verticalAccelerationFpmPerS: 400,
        });
        // Hold the rotation attitude until the climb is established.
        s.pitchDeg = Math.max(s.pitchDeg, Math.min(12, 8 + s.phaseS));
        if (hatFt > 50 && s.verticalSpeedFpm > 0) {
          s.gearRatio = moveTowards(s.gearRatio, 0, dt / 8);
          s.lights.taxi = false;
        }
        updateAirborneLights();
        if (hatFt >= 1_500) enter('climb');
        break;
      }
      case 'climb':
      case 'cruise':
      case 'descent': {
        const trueKts = trueAirspeedFromIndicatedKts(s.iasKts, s.altitudeFt);
        const headingDeg = navigationHeadingDeg(trueKts);
        const toThresholdNm = distanceToThresholdNm();
        const pathFt = pathAltitudeFt(toThresholdNm);
        const targetFt = Math.min(s.levelCapFt, pathFt);
        let iasKts: number;
        let verticalSpeedFpm = pathVerticalSpeedFpm(toThresholdNm, trueKts);
        if (s.phase === 'climb') {
          iasKts = climbTargetIasKts();
          if (s.iasKts < iasKts - 5) verticalSpeedFpm = Math.min(verticalSpeedFpm, climbRateFpm(performance, s.altitudeFt) / 2);
          const vr = aircraft.rotationSpeedKts;
          // Flaps up by speed, and in any case by 3,000 ft above the runway.
          const hatFt = s.altitudeFt - origin.runway.elevationFt;
          const flapsTarget =
            hatFt > 3_000 ? 0 : s.iasKts < vr + 25 ? performance.takeoffFlapsRatio : s.iasKts < vr + 50 ? performance.takeoffFlapsRatio / 2 : 0;
          s.flapsRatio = moveTowards(s.flapsRatio, Math.min(s.flapsRatio, flapsTarget), 0.05 * dt);
          s.gearRatio = moveTowards(s.gearRatio, 0, dt / 8);
          if (s.altitudeFt >= SPEED_LIMIT_ALTITUDE_FT) s.overspeedIasKts = null;
        } else if (s.phase === 'cruise') {
          iasKts = cruiseIasKts();
          if (s.phaseS >= 120 && !s.isSeatBeltFaultActive) s.isSeatBeltSignOn = false;
        } else {
          iasKts = descentIasKts();
        }
        flyAirborne(dt, { iasKts, verticalSpeedFpm, headingDeg });
        updateAirborneLights();
        if (toThresholdNm <= APPROACH_START_NM || s.isLocalizerCaptured) {
          s.isSeatBeltSignOn = true;
          enter('approach');
        } else if (s.phase === 'climb' && s.altitudeFt >= targetFt - 30) {
          if (targetFt >= s.levelCapFt - 30) enter('cruise');
          else {
            s.isSeatBeltSignOn = true;
            enter('descent');
          }
        } else if (s.phase === 'cruise' && pathFt < s.altitudeFt - 100) {
          s.isSeatBeltSignOn = true;
          enter('descent');
        } else if (s.phase === 'descent' && targetFt > s.altitudeFt + 1_000) {
          enter('climb');
        }
        break;
      }
      case 'approach':
      case 'goAround': {
        const trueKts = trueAirspeedFromIndicatedKts(s.iasKts, s.altitudeFt);
        const hatFt = heightAboveThresholdFt();
        if (s.phase === 'goAround') {
          const isClimbingOut = s.phaseS < 20 || hatFt < 1_000;
          flyAirborne(dt, {
            iasKts: aircraft.approachSpeedKts + 20,
            verticalSpeedFpm: clamp(((s.levelCapFt - s.altitudeFt) * 60) / 20, -500, Math.min(2_000, climbRateFpm(performance, s.altitudeFt))),
            headingDeg: isClimbingOut ? runway().headingDeg : navigationHeadingDeg(trueKts),
            accelerationKtsPerS: 2,
            verticalAccelerationFpmPerS: 400,
          });
          s.flapsRatio = moveTowards(s.flapsRatio, 0.5, 0.1 * dt);
          if (s.verticalSpeedFpm > 300 && hatFt > 100) s.gearRatio = moveTowards(s.gearRatio, 0, dt / 8);
          if (s.phaseS > 60 && Math.abs(s.levelCapFt - s.altitudeFt) < 100) enter('approach');
          updateAirborneLights();
          break;
        }
        const headingDeg = navigationHeadingDeg(trueKts);
        const toThresholdNm = distanceToThresholdNm();
        const targets = approachTargets(toThresholdNm);
        flyAirborne(dt, { iasKts: targets.iasKts, verticalSpeedFpm: pathVerticalSpeedFpm(toThresholdNm, trueKts), headingDeg });
        s.flapsRatio = moveTowards(s.flapsRatio, targets.flaps, 0.05 * dt);
        if (targets.isGearDue) s.gearRatio = moveTowards(s.gearRatio, 1, dt / 8);
        s.isSeatBeltSignOn = true;
        updateAirborneLights();
        if (s.isLocalizerCaptured) {
          // Past the threshold still high, or off the centreline low down: a missed approach.
          const isUnstable = hatFt < 300 && Math.abs(localizerCrossTrackNm()) > 0.3;
          if (s.goAroundAtAglFt !== null && hatFt <= s.goAroundAtAglFt) startGoAround('injected');
          else if (isUnstable && s.goAroundCount < MAX_GO_AROUNDS) startGoAround('unstable');
          else if (hatFt <= FLARE_HEIGHT_FT && toThresholdNm > 1.5) startGoAround('unstable');
          else if (hatFt <= FLARE_HEIGHT_FT) {
            s.flareStartVsFpm = s.verticalSpeedFpm;
            enter('flare');
          }
        }
        break;
      }
      case 'flare': {
        s.iasKts = moveTowards(s.iasKts, aircraft.approachSpeedKts - 5, 1.5 * dt);
        const trueKts = trueAirspeedFromIndicatedKts(s.iasKts, s.altitudeFt);
        s.groundSpeedKts = trueKts;
        const targetRateFpm = s.bounceRateFpm ?? s.hardLandingRateFpm ?? normalTouchdownRateFpm;
        if (s.bounce === 'contact') {
          // Wheels on the runway for a moment before the bounce.
          s.bounceS += dt;
          s.groundSpeedKts = Math.max(0, s.groundSpeedKts - 2 * dt);
          rollAlong(dt, s.headingDeg);
          if (s.bounceS >= 1.2) {
            s.isOnGround = false;
            s.spoilersRatio = 0;
            s.bounce = 'airborne';
            s.verticalSpeedFpm = 400;
            s.bounceRateFpm = null;
          }
          break;
        }
        const hatFt = heightAboveThresholdFt();
        const headingDeg = navigationHeadingDeg(trueKts);
        let verticalSpeedFpm: number;
        if (s.bounce === 'airborne') verticalSpeedFpm = Math.max(normalTouchdownRateFpm, s.verticalSpeedFpm - 150 * dt);
        else verticalSpeedFpm = targetRateFpm + (s.flareStartVsFpm - targetRateFpm) * clamp(hatFt / FLARE_HEIGHT_FT, 0, 1);
        const previousVsFpm = s.verticalSpeedFpm;
        s.verticalSpeedFpm = verticalSpeedFpm;
        const nextHatFt = hatFt + (verticalSpeedFpm * dt) / 60;
        turnTowards(headingDeg, 3, dt);
        s.position = destinationPoint(s.position, s.headingDeg, (trueKts * dt) / 3_600);
        s.pitchDeg = moveTowards(s.pitchDeg, 2.5 + 4 * s.flapsRatio + 2, 1 * dt);
        s.gForce = 1 + (verticalSpeedFpm - previousVsFpm) / dt / 60 / G_FT_PER_S2;
        s.bankDeg = 0;
        if (nextHatFt > 0) {
          s.altitudeFt = runway().elevationFt + nextHatFt;
          break;
        }
        const touchdownRateFpm = s.bounce === 'airborne' ? verticalSpeedFpm : targetRateFpm;
        touchDown(touchdownRateFpm);
        if (s.bounceRateFpm !== null) {
          s.bounce = 'contact';
          s.bounceS = 0;
        } else {
          s.bounce = 'none';
          s.hardLandingRateFpm = null;
          enter('rollout');
        }
        break;
      }
      case 'rollout': {
        s.spoilersRatio = 1;
        s.groundSpeedKts = Math.max(0, s.groundSpeedKts - (s.groundSpeedKts > 60 ? 4.5 : 2.5) * dt);
        s.pitchDeg = moveTowards(s.pitchDeg, 0, 2 * dt);
        rollAlong(dt, s.headingDeg);
        onGroundAt(s.destination);
        if (s.groundSpeedKts <= 15) {
          s.lights.strobe = false;
          s.lights.landing = false;
          s.lights.taxi = true;
          s.spoilersRatio = 0;
          enter('taxiIn');
        }
        break;
      }
      case 'taxiIn': {
        s.flapsRatio = moveTowards(s.flapsRatio, 0, 0.1 * dt);
        const leftNm = taxi(dt, s.destination.gate, TAXI_SPEED_KTS);
        onGroundAt(s.destination);
        if (leftNm === 0) {
          s.groundSpeedKts = 0;
          s.iasKts = 0;
          s.isParkingBrakeSet = true;
          s.lights.taxi = false;
          enter('shutdown');
        }
        break;
      }
      case 'shutdown':
        s.flapsRatio = moveTowards(s.flapsRatio, 0, 0.1 * dt);
        if (s.phaseS >= 30) s.engines = s.engines.map(() => false);
        if (s.phaseS >= 35) s.isSeatBeltSignOn = false;
        if (s.phaseS >= 40) {
          s.lights.beacon = false;
          enter('deboarding');
        }
        break;
      case 'deboarding':
        if (s.phaseS >= deboardingSeconds) {
          s.lights.nav = false;
          enter('finished');
        }
        break;
      case 'finished':
        break;
    }
  };

  /** Integration step, simulated seconds: fine near the ground, coarse in cruise (where nothing changes fast). */
  const substepSeconds = () => {
    if (s.phase === 'flare' || s.phase === 'rotation') return 0.1;
    if (s.phase === 'cruise') return 2;
    if (s.phase === 'climb' || s.phase === 'descent') return 1;
    return 0.5;
  };

  const advanceBy = (dtSimSeconds: number) => {
    if (!Number.isFinite(dtSimSeconds) || dtSimSeconds < 0) throw new RangeError(`step: dtSimSeconds must be a finite number >= 0, got ${dtSimSeconds}`);
    let left = dtSimSeconds;
    while (left > 1e-9) {
      const h = Math.min(left, substepSeconds());
      advance(h);
      left -= h;
    }
  };

  const snapshot = (): TTelemetryFrame => {
    const latch = s.touchdownLatch;
    const isPaused = s.elapsedS < s.pausedUntilS;
    const trueKts = s.isOnGround ? s.groundSpeedKts : trueAirspeedFromIndicatedKts(s.iasKts, s.altitudeFt);
    return {
      timeMs: Math.round(s.timeMs),
      position: {
        latitudeDeg: clamp(s.position.latitudeDeg, -90, 90),
        longitudeDeg: clamp(s.position.longitudeDeg, -180, 180),
        altitudeFtMsl: clamp(s.altitudeFt, -2_000, 100_000),
        altitudeFtAgl: s.isOnGround ? 0 : clamp(s.altitudeFt - groundElevationFt(), 0, 100_000),
      },
      groundSpeedKts: clamp(s.groundSpeedKts, 0, 2_000),
      indicatedAirspeedKts: clamp(s.iasKts, 0, 1_500),
      trueAirspeedKts: clamp(trueKts, 0, 2_000),
      verticalSpeedFpm: clamp(latch ? latch.verticalSpeedFpm : s.verticalSpeedFpm, -30_000, 30_000),
      headingDegTrue: normalizeHeadingDeg(s.headingDeg),
      pitchDeg: clamp(s.pitchDeg, -90, 90),
      bankDeg: clamp(s.bankDeg, -180, 180),
      gForce: clamp(latch ? latch.gForce : s.gForce, -10, 15),
      isOnGround: s.isOnGround,
      gearDownRatio: clamp(s.gearRatio, 0, 1),
      flapsRatio: clamp(s.flapsRatio, 0, 1),
      spoilersRatio: clamp(s.spoilersRatio, 0, 1),
      enginesRunning: [...s.engines],
      lights: { ...s.lights },
      fuelKg: clamp(s.fuelKg, 0, 500_000),
      simulationRate: currentRate(),
      isPaused,
      isParkingBrakeSet: s.isParkingBrakeSet,
      transponder,
      isSeatBeltSignOn: s.isSeatBeltSignOn,
      aircraftTitle: aircraft.name.slice(0, 200),
      aircraftIcao: aircraft.icao,
    };
  };

  const step = (dtSimSeconds: number): TTelemetryFrame | null => {
    advanceBy(dtSimSeconds);
    if (s.elapsedS < s.droppedUntilS) return null;
    const frame = snapshot();
    s.touchdownLatch = null;
    return frame;
  };

  return {
    get phase() {
      return s.phase;
    },
    get isFinished() {
      return s.phase === 'finished';
    },
    get simulationRate() {
      return currentRate();
    },
    get elapsedSeconds() {
      return s.elapsedS;
    },
    get timeMs() {
      return Math.round(s.timeMs);
    },
    get destinationIdent() {
      return s.destination.ident;
    },
    get isSafetyDemoSkipped() {
      return s.isSafetyDemoSkipped;
    },
    events,
    step,
    next: () => step(frameIntervalSeconds),
    snapshot,
    inject: (faultInput: TSimFault) => {
      const fault = ZSimFault.parse(faultInput);
      applyFault(fault);
    },
    changeCruiseLevel,
    releaseForDeparture: () => {
      if (!s.isHeldAtGate) return;
      s.isHeldAtGate = false;
      if (s.phase === 'boarding') s.phaseS = 0;
    },
  };
};

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
