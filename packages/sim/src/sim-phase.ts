/**
 * The simulator's own phases, in flight order. They are not the engine's flight steps (the flight
 * engine derives those from the frames); they drive what the simulated pilot does.
 */
export const SimPhase = [
  'parked',
  'boarding',
  'engineStart',
  'pushback',
  'taxiOut',
  'lineUp',
  'takeoffRoll',
  'rotation',
  'initialClimb',
  'climb',
  'cruise',
  'descent',
  'approach',
  'goAround',
  'flare',
  'rollout',
  'taxiIn',
  'shutdown',
  'deboarding',
  'finished',
] as const;
export type TSimPhase = (typeof SimPhase)[number];

/** Position of a phase in flight order (for "at or after this phase" tests). */
export const simPhaseIndex = (phase: TSimPhase): number => SimPhase.indexOf(phase);
