/**
 * The flight steps, in flight order. A flight moves through them as the
 * engine reads telemetry; each step change is stored with the time it began.
 *
 * Block naming follows aviation usage: `block_off` is the moment the aircraft leaves its parking
 * position at departure (off-block time, the start of block time) and `block_on` the moment it
 * stops at its parking position at arrival (on-block time, the end of block time).
 */
export const FlightStep = [
  'none',
  'ground',
  'boarding',
  'pushback',
  'block_on',
  'initial_climb',
  'taxi_out',
  'takeoff',
  'climb',
  'cruise',
  'descent',
  'approach',
  'landing',
  'taxi_in',
  'block_off',
  'deboarding',
  'parked',
  'emergency',
  'crashed',
  'diversion',
  'flight_level',
] as const;
export type FlightStep = (typeof FlightStep)[number];

/** Steps whose display shows the ground speed. */
export const GROUND_PHASE_STEPS: ReadonlySet<FlightStep> = new Set<FlightStep>([
  'block_off',
  'block_on',
  'boarding',
  'deboarding',
  'ground',
  'parked',
  'pushback',
  'taxi_in',
  'taxi_out',
  'takeoff',
  'landing',
]);

/** Steps whose display shows the indicated airspeed. */
export const AIR_PHASE_STEPS: ReadonlySet<FlightStep> = new Set<FlightStep>([
  'initial_climb',
  'climb',
  'descent',
  'approach',
  'cruise',
  'flight_level',
]);

export type DisplayedSpeedKind = 'groundSpeed' | 'indicatedAirspeed';

/**
 * Which speed a screen shows for a step. The steps in neither phase
 * (none, emergency, crashed, diversion) show the ground speed on the ground and the indicated
 * airspeed in the air.
 */
export const displayedSpeedKindFor = (step: FlightStep, isOnGround: boolean): DisplayedSpeedKind => {
  if (GROUND_PHASE_STEPS.has(step)) return 'groundSpeed';
  if (AIR_PHASE_STEPS.has(step)) return 'indicatedAirspeed';
  return isOnGround ? 'groundSpeed' : 'indicatedAirspeed';
};

/** A flight's status. */
export const FlightStatus = ['in_progress', 'complete'] as const;
export type FlightStatus = (typeof FlightStatus)[number];
