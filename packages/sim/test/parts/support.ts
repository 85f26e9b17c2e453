import { createSimContext, type SimContext, type SimSettings } from '../../src/sim-context';
import { ZSimulatedFlightPlan, type TSimulatedFlightPlan } from '../../src/simulated-flight-plan';
import { shortHop } from '../fixtures';

export const SETTINGS: SimSettings = { baseRate: 1, frameIntervalSeconds: 1, boardingSeconds: 600, deboardingSeconds: 300, transponder: '2000', boardsUntilReleased: false };

/** A simulated flight's context (parked at the gate) for one part under test. */
export const simContextFor = (plan: TSimulatedFlightPlan = shortHop(), settings: Partial<SimSettings> = {}): SimContext =>
  createSimContext(ZSimulatedFlightPlan.parse(plan), { ...SETTINGS, ...settings });

/**
 * Runs `part` for `seconds` in steps of `dt`, counting the phase's time as the simulator does, and
 * stops once the phase has changed (the next phase is another part's).
 */
export const runFor = (ctx: SimContext, part: (ctx: SimContext, dt: number) => void, seconds: number, dt = 0.5) => {
  const phase = ctx.s.phase;
  for (let t = 0; t < seconds && ctx.s.phase === phase; t += dt) {
    ctx.s.elapsedS += dt;
    ctx.s.phaseS += dt;
    part(ctx, dt);
  }
};

export const kinds = (ctx: SimContext) => ctx.events.map((e) => (e.kind === 'phaseChanged' ? `phase:${e.phase}` : e.kind));
