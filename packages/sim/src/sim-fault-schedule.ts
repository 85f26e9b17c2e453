import { destinationPoint, initialBearingDeg, normalizeHeadingDeg } from '@contrail/domain/geo/great-circle';
import { clamp } from './aircraft-performance';
import { planApproachWaypoints, resolveAirport } from './runway-geometry';
import { enter, record, type SimContext } from './sim-context';
import { DEFAULT_FAULT_TRIGGER, type TSimFault, type TSimFaultKind, type TSimFaultTrigger } from './sim-fault';
import { simPhaseIndex } from './sim-phase';
import type { TSimAirport } from './simulated-flight-plan';

/** Faults that are states (flags) from the start rather than events at a moment. */
const flagFaults: ReadonlySet<TSimFaultKind> = new Set(['noSeatBeltsOnTakeoff', 'noSafetyDemo', 'hardLanding', 'bouncedLanding', 'goAround']);

const NO_DIVERSION_AIRPORT = 'diversion fault: neither the fault nor the plan names a diversion airport';

/** Flies to `airport` from here: a new approach; an aircraft on its approach climbs away first. */
export const divertTo = (ctx: SimContext, airport: TSimAirport): void => {
  const s = ctx.s;
  const courseDeg = normalizeHeadingDeg(initialBearingDeg(airport, s.position) + 180);
  s.destination = resolveAirport(airport, courseDeg);
  s.route = planApproachWaypoints(s.position, s.destination.runway);
  s.routeIndex = 0;
  s.isLocalizerCaptured = false;
  s.levelCapFt = Math.max(s.cruiseLevelFt, s.destination.runway.elevationFt + 1_500);
  record(ctx, { kind: 'diversion', airportIdent: airport.ident });
  if (!s.isOnGround && (s.phase === 'approach' || s.phase === 'goAround' || s.phase === 'flare')) enter(ctx, 'climb');
};

/** The pilot's new cruise level (see `TSimulatedFlight.changeCruiseLevel`): the level flown, or null when refused. */
export const changeCruiseLevel = (ctx: SimContext, levelFt: number): number | null => {
  const s = ctx.s;
  // From the gate to the descent; on the approach the level no longer matters.
  if (!Number.isFinite(levelFt) || simPhaseIndex(s.phase) > simPhaseIndex('descent')) return null;
  s.cruiseLevelFt = levelFt;
  s.levelCapFt = clamp(levelFt, s.destination.runway.elevationFt + 1_500, ctx.performance.ceilingFt);
  record(ctx, { kind: 'cruiseLevelChanged', levelFt: s.levelCapFt });
  // Level in cruise: a higher level is a new climb; a lower one is flown down to in cruise.
  if (s.phase === 'cruise' && s.levelCapFt > s.altitudeFt + 500) enter(ctx, 'climb');
  return s.levelCapFt;
};

export const applyFault = (ctx: SimContext, fault: TSimFault): void => {
  const s = ctx.s;
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
      const airport = fault.airport ?? ctx.plan.diversion;
      if (!airport) throw new Error(NO_DIVERSION_AIRPORT);
      divertTo(ctx, airport);
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
  record(ctx, { kind: 'faultApplied', fault: fault.kind });
};

const triggerOf = (fault: TSimFault): Required<TSimFaultTrigger> => {
  const at = 'at' in fault ? fault.at : undefined;
  if (at) return { phase: at.phase, afterSeconds: at.afterSeconds ?? 0 };
  if (fault.kind === 'overspeedBelow10k') return { phase: 'parked', afterSeconds: 0 };
  return DEFAULT_FAULT_TRIGGER;
};

/** The option's faults: flags apply at once, the others wait for their trigger. Throws on a diversion without an airport. */
export const scheduleFaults = (ctx: SimContext, faults: readonly TSimFault[]): void => {
  for (const fault of faults) {
    if (fault.kind === 'diversion' && !fault.airport && !ctx.plan.diversion) throw new Error(NO_DIVERSION_AIRPORT);
    if (flagFaults.has(fault.kind)) applyFault(ctx, fault);
    else ctx.scheduled.push({ fault, trigger: triggerOf(fault) });
  }
};

/** Applies the scheduled faults whose moment has come (a skipped phase counts as reached once a later one begins). */
export const fireDueFaults = (ctx: SimContext): void => {
  const s = ctx.s;
  const scheduled = ctx.scheduled;
  for (let i = 0; i < scheduled.length; ) {
    const { fault, trigger } = scheduled[i]!;
    const isDue =
      simPhaseIndex(s.phase) > simPhaseIndex(trigger.phase) || (s.phase === trigger.phase && (s.phaseSeconds[trigger.phase] ?? 0) >= trigger.afterSeconds);
    if (isDue) {
      scheduled.splice(i, 1);
      applyFault(ctx, fault);
    } else i += 1;
  }
};
