import { currentRate, type SimContext } from './sim-context';
import { fireDueFaults } from './sim-fault-schedule';
import { approach, enroute, initialClimb } from './sim-air-phases';
import { boarding, engineStart, lineUp, parked, pushback, takeoff, taxiOut } from './sim-ground-phases';
import { deboarding, flare, rollout, shutdown, taxiIn } from './sim-landing-phases';
import type { TSimPhase } from './sim-phase';
import { burnFuel } from './sim-pilot';

/** What the simulated pilot does for `dt` simulated seconds in each phase. */
const PHASES: Record<TSimPhase, (ctx: SimContext, dt: number) => void> = {
  parked,
  boarding,
  engineStart,
  pushback,
  taxiOut,
  lineUp,
  takeoffRoll: takeoff,
  rotation: takeoff,
  initialClimb,
  climb: enroute,
  cruise: enroute,
  descent: enroute,
  approach,
  goAround: approach,
  flare,
  rollout,
  taxiIn,
  shutdown,
  deboarding,
  finished: () => {},
};

/** One integration step: the clocks, the faults now due, the fuel burnt, then the phase's work (nothing while paused). */
export const advance = (ctx: SimContext, dt: number): void => {
  const s = ctx.s;
  s.elapsedS += dt;
  s.timeMs += (dt * 1_000) / currentRate(ctx);
  if (s.elapsedS <= s.pausedUntilS) return;
  s.phaseS += dt;
  s.phaseSeconds[s.phase] = (s.phaseSeconds[s.phase] ?? 0) + dt;
  fireDueFaults(ctx);
  if (s.elapsedS <= s.pausedUntilS) return;
  burnFuel(ctx, dt);
  PHASES[s.phase](ctx, dt);
};

/** Integration step, simulated seconds: fine near the ground, coarse in cruise (where nothing changes fast). */
const substepSeconds = (phase: TSimPhase): number => {
  if (phase === 'flare' || phase === 'rotation') return 0.1;
  if (phase === 'cruise') return 2;
  if (phase === 'climb' || phase === 'descent') return 1;
  return 0.5;
};

/** Advances `dtSimSeconds` simulated seconds in steps of the phase's size. */
export const advanceBy = (ctx: SimContext, dtSimSeconds: number): void => {
  if (!Number.isFinite(dtSimSeconds) || dtSimSeconds < 0) throw new RangeError(`step: dtSimSeconds must be a finite number >= 0, got ${dtSimSeconds}`);
  let left = dtSimSeconds;
  while (left > 1e-9) {
    const h = Math.min(left, substepSeconds(ctx.s.phase));
    advance(ctx, h);
    left -= h;
  }
};
