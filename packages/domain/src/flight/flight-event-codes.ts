import type { FlightStep } from './flight-step';

/**
 * The flight-event catalogue, codes 0 to 46. The product names the kinds but not their numbers;
 * this table fixes them. Numbers are part of the stored contract: never renumber, only append
 * (and 46 is the last the product allows).
 *
 * Each entry names the event (`key`), says when the engine raises it, and lists its `data` fields
 * with their units. The data types themselves are `FlightEventDataByKey` below.
 */
export const FLIGHT_EVENT_CATALOGUE = {
  0: { key: 'FLIGHT_STEP_UPDATED', description: 'The flight step changed.', data: 'step, previousStep' },
  1: {
    key: 'OVERSPEED_BELOW_10000_FT',
    description: 'Indicated airspeed above 250 KIAS (plus tolerance) while airborne below 10,000 ft MSL. Once per exceedance.',
    data: 'indicatedAirspeedKts, altitudeFtMsl, limitKts',
  },
  2: { key: 'GEAR_DOWN', description: 'Landing gear extended.', data: 'altitudeFtAgl, indicatedAirspeedKts' },
  3: { key: 'GEAR_UP', description: 'Landing gear retracted.', data: 'altitudeFtAgl, indicatedAirspeedKts' },
  4: {
    key: 'FLAPS_CHANGED',
    description: 'The flap handle settled at a new position.',
    data: 'fromRatio, toRatio, indicatedAirspeedKts, altitudeFtAgl',
  },
  5: { key: 'ENGINE_STARTED', description: 'An engine started.', data: 'engineIndex, isOnGround' },
  6: { key: 'ENGINE_STOPPED', description: 'An engine stopped (in flight this is an engine failure or shutdown).', data: 'engineIndex, isOnGround' },
  7: {
    key: 'LANDING_LIGHTS_OFF_BELOW_10000_FT',
    description: 'Airborne below 10,000 ft MSL with the landing lights off (after a grace period).',
    data: 'altitudeFtMsl',
  },
  8: {
    key: 'LANDING_LIGHTS_ON_ABOVE_10000_FT',
    description: 'Above 10,000 ft MSL with the landing lights still on (after a grace period).',
    data: 'altitudeFtMsl',
  },
  9: { key: 'BEACON_OFF_WITH_ENGINE_RUNNING', description: 'An engine runs while the beacon is off.', data: 'isOnGround' },
  10: { key: 'NAV_LIGHTS_OFF_WITH_ENGINE_RUNNING', description: 'An engine runs while the navigation lights are off.', data: 'isOnGround' },
  11: { key: 'SIMULATION_RATE_CHANGED', description: 'The simulation rate changed.', data: 'fromRate, toRate, isOnGround' },
  12: {
    key: 'ILLEGAL_FUEL_INCREASE',
    description: 'Fuel on board rose after off-block (refuelling in flight or while taxiing).',
    data: 'fromKg, toKg, isOnGround',
  },
  13: {
    key: 'FUEL_BELOW_RESERVE',
    description: 'Fuel on board fell below the legal reserve of 45 minutes of average consumption.',
    data: 'fuelKg, reserveKg, averageBurnKgPerHour',
  },
  14: {
    key: 'TOUCHDOWN_POSITION',
    description: 'Where a touchdown happened; runway fields are null when no runway data matched.',
    data: 'latitudeDeg, longitudeDeg, airportIdent, runwayIdent, distanceFromThresholdFt, centerlineOffsetFt',
  },
  15: {
    key: 'TOUCHDOWN_RATE',
    description: 'Vertical speed and load factor of a touchdown, with its rating.',
    data: 'verticalSpeedFpm, gForce, rating, isObserved',
  },
  16: {
    key: 'FUEL_REPORT',
    description: 'Fuel on board at a milestone: off-block, take-off, touchdown, on-block.',
    data: 'milestone, fuelKg, consumedKg',
  },
  17: { key: 'TAXI_OVERSPEED', description: 'Taxiing faster than the taxi limit for longer than the grace period.', data: 'groundSpeedKts, limitKts' },
  18: { key: 'EXCESSIVE_PITCH', description: 'Pitch attitude beyond the limits while airborne.', data: 'pitchDeg, limitDeg' },
  19: { key: 'EXCESSIVE_BANK', description: 'Bank angle beyond the limit while airborne.', data: 'bankDeg, limitDeg' },
  20: { key: 'STROBE_OFF_IN_FLIGHT', description: 'Airborne with the strobe lights off (after a grace period).', data: 'altitudeFtMsl' },
  21: { key: 'TAKEOFF_WITHOUT_SEAT_BELT_SIGN', description: 'Lift-off with the seat-belt sign off.', data: 'flightStep' },
  22: { key: 'LANDING_WITHOUT_SEAT_BELT_SIGN', description: 'Touchdown with the seat-belt sign off.', data: 'flightStep' },
  23: { key: 'TAXI_OUT_DURATION', description: 'Time from off-block to the start of the take-off roll.', data: 'durationSeconds' },
  24: { key: 'TAXI_IN_DURATION', description: 'Time from the end of the landing roll to on-block.', data: 'durationSeconds' },
  25: { key: 'GO_AROUND', description: 'A climb out of an approach without touching down.', data: 'minimumAltitudeFtAgl, distanceToArrivalNm' },
  26: { key: 'BOUNCE', description: 'The aircraft left the ground briefly after a touchdown and touched down again.', data: 'bounceCount, maxHeightFtAgl' },
  27: { key: 'PAUSE_IN_FLIGHT_STARTED', description: 'The simulator was paused while airborne.', data: 'altitudeFtMsl' },
  28: { key: 'PAUSE_IN_FLIGHT_ENDED', description: 'An in-flight pause ended.', data: 'durationSeconds' },
  29: { key: 'TOUCH_AND_GO', description: 'A touchdown followed by a new climb-out without stopping.', data: 'groundSeconds, airportIdent' },
  30: { key: 'DIVERSION', description: 'The arrival airport was changed in flight.', data: 'fromArrivalIdent, toArrivalIdent' },
  31: { key: 'ANNOUNCEMENT_STARTED', description: 'A cabin announcement started (PNC).', data: 'type, durationSeconds' },
  32: { key: 'ANNOUNCEMENT_ENDED', description: 'A cabin announcement ran to its end (PNC).', data: 'type' },
  33: { key: 'ANNOUNCEMENT_STOPPED', description: 'A cabin announcement was stopped before its end (PNC).', data: 'type, reason' },
  34: { key: 'FOOD_SERVICE_STARTED', description: 'A food service started (PNC).', data: 'type, durationSeconds' },
  35: { key: 'FOOD_SERVICE_ENDED', description: 'A food service ran to its end (PNC).', data: 'type' },
  36: { key: 'FOOD_SERVICE_STOPPED', description: 'A food service was stopped before its end (PNC).', data: 'type, reason' },
  37: { key: 'SEAT_BELT_SIGN_SWITCHED', description: 'The cabin seat-belt sign was switched (PNC control).', data: 'isOn' },
  38: { key: 'IFE_SWITCHED', description: 'In-flight entertainment was switched (PNC control).', data: 'isOn' },
  39: { key: 'DUTY_FREE_SWITCHED', description: 'Duty-free sales were switched (PNC control).', data: 'isOn' },
  40: { key: 'TIME_ADDED_ON_DEPARTURE', description: 'The estimated departure time was shifted (PNC control).', data: 'minutes, totalMinutes' },
  41: { key: 'TIME_ADDED_ON_ARRIVAL', description: 'The estimated arrival time was shifted (PNC control).', data: 'minutes, totalMinutes' },
  42: { key: 'CRUISE_LEVEL_CHANGED', description: 'The planned cruise level changed.', data: 'fromFt, toFt' },
  43: {
    key: 'POSITION_JUMP',
    description: 'The position moved faster than the aircraft can fly (slew, teleport or corrupted data). The jumped distance earns nothing.',
    data: 'distanceNm, seconds, impliedSpeedKts, limitKts',
  },
  44: { key: 'CRASH', description: 'The aircraft crashed (touchdown far beyond limits, or gear-up landing).', data: 'reason, verticalSpeedFpm, gForce' },
  45: { key: 'EMERGENCY_SQUAWK', description: 'An emergency transponder code was set (7500, 7600, 7700).', data: 'transponder' },
  46: {
    key: 'TELEMETRY_GAP',
    description: 'No frame for longer than the gap limit (tracker disconnected or stalled).',
    data: 'seconds, wasOnGround, isOnGround',
  },
} as const;

export type FlightEventCode = keyof typeof FLIGHT_EVENT_CATALOGUE;
export type FlightEventKey = (typeof FLIGHT_EVENT_CATALOGUE)[FlightEventCode]['key'];

/** The highest code in the catalogue (codes 0 to 46). */
export const LAST_FLIGHT_EVENT_CODE = 46;

/** Code for each key, e.g. `FLIGHT_EVENT_CODE.GO_AROUND === 25`. */
export const FLIGHT_EVENT_CODE = Object.fromEntries(
  Object.entries(FLIGHT_EVENT_CATALOGUE).map(([code, entry]) => [entry.key, Number(code)]),
) as { readonly [K in FlightEventKey]: number };

type Step = FlightStep;

/** The `data` of each event kind. Units are in the field names. */
export type FlightEventDataByKey = {
  FLIGHT_STEP_UPDATED: { step: Step; previousStep: Step };
  OVERSPEED_BELOW_10000_FT: { indicatedAirspeedKts: number; altitudeFtMsl: number; limitKts: number };
  GEAR_DOWN: { altitudeFtAgl: number; indicatedAirspeedKts: number };
  GEAR_UP: { altitudeFtAgl: number; indicatedAirspeedKts: number };
  FLAPS_CHANGED: { fromRatio: number; toRatio: number; indicatedAirspeedKts: number; altitudeFtAgl: number };
  ENGINE_STARTED: { engineIndex: number; isOnGround: boolean };
  ENGINE_STOPPED: { engineIndex: number; isOnGround: boolean };
  LANDING_LIGHTS_OFF_BELOW_10000_FT: { altitudeFtMsl: number };
  LANDING_LIGHTS_ON_ABOVE_10000_FT: { altitudeFtMsl: number };
  BEACON_OFF_WITH_ENGINE_RUNNING: { isOnGround: boolean };
  NAV_LIGHTS_OFF_WITH_ENGINE_RUNNING: { isOnGround: boolean };
  SIMULATION_RATE_CHANGED: { fromRate: number; toRate: number; isOnGround: boolean };
  ILLEGAL_FUEL_INCREASE: { fromKg: number; toKg: number; isOnGround: boolean };
  FUEL_BELOW_RESERVE: { fuelKg: number; reserveKg: number; averageBurnKgPerHour: number };
  TOUCHDOWN_POSITION: {
    latitudeDeg: number;
    longitudeDeg: number;
    airportIdent: string | null;
    runwayIdent: string | null;
    distanceFromThresholdFt: number | null;
    centerlineOffsetFt: number | null;
  };
  TOUCHDOWN_RATE: { verticalSpeedFpm: number; gForce: number; rating: string; isObserved: boolean };
  FUEL_REPORT: { milestone: 'block_off' | 'takeoff' | 'touchdown' | 'block_on'; fuelKg: number; consumedKg: number };
  TAXI_OVERSPEED: { groundSpeedKts: number; limitKts: number };
  EXCESSIVE_PITCH: { pitchDeg: number; limitDeg: number };
  EXCESSIVE_BANK: { bankDeg: number; limitDeg: number };
  STROBE_OFF_IN_FLIGHT: { altitudeFtMsl: number };
  TAKEOFF_WITHOUT_SEAT_BELT_SIGN: { flightStep: Step };
  LANDING_WITHOUT_SEAT_BELT_SIGN: { flightStep: Step };
  TAXI_OUT_DURATION: { durationSeconds: number };
  TAXI_IN_DURATION: { durationSeconds: number };
  GO_AROUND: { minimumAltitudeFtAgl: number; distanceToArrivalNm: number };
  BOUNCE: { bounceCount: number; maxHeightFtAgl: number };
  PAUSE_IN_FLIGHT_STARTED: { altitudeFtMsl: number };
  PAUSE_IN_FLIGHT_ENDED: { durationSeconds: number };
  TOUCH_AND_GO: { groundSeconds: number; airportIdent: string | null };
  DIVERSION: { fromArrivalIdent: string; toArrivalIdent: string };
  ANNOUNCEMENT_STARTED: { type: number; durationSeconds: number };
  ANNOUNCEMENT_ENDED: { type: number };
  ANNOUNCEMENT_STOPPED: { type: number; reason: string };
  FOOD_SERVICE_STARTED: { type: number; durationSeconds: number };
  FOOD_SERVICE_ENDED: { type: number };
  FOOD_SERVICE_STOPPED: { type: number; reason: string };
  SEAT_BELT_SIGN_SWITCHED: { isOn: boolean };
  IFE_SWITCHED: { isOn: boolean };
  DUTY_FREE_SWITCHED: { isOn: boolean };
  TIME_ADDED_ON_DEPARTURE: { minutes: number; totalMinutes: number };
  TIME_ADDED_ON_ARRIVAL: { minutes: number; totalMinutes: number };
  CRUISE_LEVEL_CHANGED: { fromFt: number; toFt: number };
  POSITION_JUMP: { distanceNm: number; seconds: number; impliedSpeedKts: number; limitKts: number };
  CRASH: { reason: 'touchdown_rate' | 'load_factor' | 'gear_up_landing'; verticalSpeedFpm: number; gForce: number };
  EMERGENCY_SQUAWK: { transponder: string };
  TELEMETRY_GAP: { seconds: number; wasOnGround: boolean; isOnGround: boolean };
};

/**
 * One flight event as the engine records it (stored with an id, the flight id, createdAt, eventCode,
 * data). `sequence` numbers the flight's events from 0; the server adds the ids.
 */
export type FlightEvent<K extends FlightEventKey = FlightEventKey> = {
  [P in K]: { sequence: number; eventCode: number; key: P; createdAtMs: number; data: FlightEventDataByKey[P] };
}[K];
