/**
 * Every threshold the flight engine uses, with a line of reasoning each. Units are in the names.
 * Rewards have their own module (`rewards/reward-constants.ts`); the flight-time limits sit in
 * `user/flight-time-rules.ts`.
 */

// ---- Airports and arrival ----------------------------------------------------------------

/** A flight starts "at the departure" and ends "at the arrival" within this radius of the airport
 * reference point: the largest airports (KDFW, OMDB) have stands 3 NM from their reference point. */
export const AIRPORT_RADIUS_NM = 5;
/** An approach begins within this distance of an airport: a standard final is 10 NM, plus a base leg. */
export const APPROACH_RADIUS_NM = 15;
/** ... and below this height: an ILS intercept is typically at 2,000 to 3,000 ft AGL. */
export const APPROACH_MAX_AGL_FT = 3000;
/** ... and only on a descent: once the aircraft has come down this far from the level it left. Being
 * near and low is not an approach (a light aircraft cruises at 3,000 ft near its field); a circuit
 * leaves its 1,000 ft downwind and is on base or final 300 ft lower. */
export const APPROACH_MIN_DESCENT_FT = 300;
/**
 * A local flight (departure and arrival the same airport: a circuit, a training or sightseeing
 * flight) has arrived only once the aircraft has been this far from the airport in the air. The
 * smallest circuit flies its downwind 1 NM abeam the runway and turns base 1 to 2 NM past the
 * threshold, so its farthest point is 2 NM or more from the reference point of any field; a hop
 * along the runway does not get that far.
 */
export const LOCAL_FLIGHT_MIN_AWAY_NM = 2;

// ---- Ground movement ---------------------------------------------------------------------

/** Below this ground speed the aircraft is stopped (sensor noise of parked aircraft stays under it). */
export const STOPPED_MAX_GS_KTS = 1;
/** Forward taxi starts above this ground speed (a pushback is 2 to 3 kts). */
export const TAXI_MIN_GS_KTS = 3;
/** A take-off roll starts at this ground speed (no taxi goes this fast; light aircraft rotate near 55). */
export const TAKEOFF_ROLL_MIN_GS_KTS = 40;
/** The landing roll ends (taxi-in starts) below this ground speed: a high-speed exit is taken near 30. */
export const LANDING_ROLL_END_GS_KTS = 30;
/** Taxi speed limit: most operators allow 30 kts on straight taxiways. */
export const TAXI_SPEED_LIMIT_KTS = 30;
/** The taxi limit must be exceeded this long: a take-off roll passes 30 kts in a few seconds. */
export const TAXI_OVERSPEED_GRACE_MS = 15_000;
/** Passengers leave in about this time once engines are off (a narrow-body turn takes 10 to 15 minutes). */
export const DEBOARDING_DURATION_MS = 5 * 60_000;

// ---- Flight profile ----------------------------------------------------------------------

/** Initial climb ends at this height: the usual acceleration / clean-up altitude is 1,000 to 1,500 ft. */
export const INITIAL_CLIMB_TOP_AGL_FT = 1500;
/** Within this band of the planned cruise level the aircraft is cruising (RVSM levels are 1,000 ft apart). */
export const CRUISE_BAND_FT = 1000;
/** Smoothed vertical speed above which the aircraft climbs (an airliner climbs at 1,000 to 3,000 fpm). */
export const CLIMB_MIN_VS_FPM = 500;
/** Smoothed vertical speed below which the aircraft descends at once. */
export const DESCENT_MAX_VS_FPM = -500;
/** A slower descent (a light aircraft on a 3-degree final at 55 kts comes down at 290 fpm) is one
 * too, once the smoothed vertical speed stays below this... */
export const SLOW_DESCENT_MAX_VS_FPM = -150;
/** ... and the aircraft has come down this far from the level it left (a hand-flown level wanders
 * by 100 ft; an airliner's turbulence never holds -150 fpm for 200 ft). */
export const SLOW_DESCENT_MIN_LOSS_FT = 200;
/** Smoothed vertical speed within which the aircraft flies level. */
export const LEVEL_MAX_ABS_VS_FPM = 300;
/** Level flight away from the cruise level must last this long to be a `flight_level` step. */
export const LEVEL_MIN_DURATION_MS = 60_000;
/** Time constant of the vertical-speed smoothing: long enough to ignore turbulence, short enough
 * to see a top of descent within a few frames. */
export const VS_SMOOTHING_TAU_MS = 10_000;
/** A go-around is a climb of this much out of the lowest point of an approach... */
export const GO_AROUND_MIN_GAIN_FT = 300;
/** ... at a smoothed vertical speed above this. */
export const GO_AROUND_MIN_VS_FPM = 500;

// ---- Speed and attitude limits -----------------------------------------------------------

/** 250 KIAS below 10,000 ft. */
export const SPEED_LIMIT_BELOW_10000_FT_KTS = 250;
/** Altitude of the speed limit (MSL). */
export const SPEED_LIMIT_ALTITUDE_FT = 10_000;
/** Tolerance on the speed limit: autothrottles overshoot by 5 kts and gusts add a few more. */
export const SPEED_LIMIT_TOLERANCE_KTS = 10;
/** Bank beyond this is excessive: airliners bank 25 to 30 degrees at most; steep turns are 45. */
export const EXCESSIVE_BANK_DEG = 45;
/** Nose-up pitch beyond this is excessive: rotation is 15 degrees, tail strikes near 12, climb 20. */
export const EXCESSIVE_PITCH_UP_DEG = 30;
/** Nose-down pitch beyond this is excessive: a steep descent is -5, an upset -15. */
export const EXCESSIVE_PITCH_DOWN_DEG = -15;
/** An attitude limit re-arms once the attitude is back this far inside the limit (hysteresis). */
export const ATTITUDE_REARM_MARGIN_DEG = 5;

// ---- Lights ------------------------------------------------------------------------------

/** Grace before a lights event: switching lights after a phase change takes a moment. */
export const LIGHTS_GRACE_MS = 60_000;
/** Grace for the beacon and nav lights: they are switched just before engine start. */
export const BEACON_GRACE_MS = 10_000;

// ---- Landing -----------------------------------------------------------------------------

/** A touchdown is observed when the last airborne frame is at most this old; beyond, the tracker
 * missed it (disconnected before touchdown) and the landing earns no points. */
export const TOUCHDOWN_MAX_FRAME_GAP_MS = 5_000;
/** A touchdown's rate is known when the frame carries a measure of it (main-gear contact, the
 * simulator's touchdown velocity) or the last airborne sample is at most this old. A client that
 * reports every few seconds (phpVMS's ACARS clients) has its last sample on the approach, before
 * the flare: its vertical speed is not the touchdown's, so the rate stays unknown (decision 0046). */
export const TOUCHDOWN_RATE_MAX_SAMPLE_AGE_MS = 2_000;
/** A main-gear contact (frame field `isMainGearOnGround`) seen at most this long before the
 * aggregate on-ground flag is the touchdown: FlightGear's nose wheel follows the mains by 1 to 2 s. */
export const MAIN_GEAR_CONTACT_MAX_LEAD_MS = 5_000;
/** A lift-off after a touchdown that comes back down within this time is a bounce... */
export const BOUNCE_MAX_AIRBORNE_MS = 10_000;
/** ... and does not climb above this height. Beyond either it is a touch-and-go. */
export const BOUNCE_MAX_HEIGHT_AGL_FT = 100;
/** Touchdown rate (fpm, negative down) at or below which the aircraft crashed: three times the
 * 600 fpm hard-landing inspection limit of airliners. */
export const CRASH_TOUCHDOWN_VS_FPM = -1800;
/** Load factor at or above which a touchdown is a crash (airframes are certified to 2.5-3.8 g). */
export const CRASH_TOUCHDOWN_G = 4;
/** Gear below this extension at touchdown is a gear-up landing (fixed gear always reads 1). */
export const GEAR_DOWN_MIN_RATIO = 0.5;
/** A runway matches a touchdown up to this far before its threshold (a short landing). */
export const RUNWAY_MATCH_BEFORE_THRESHOLD_FT = 1000;
/** ... and this far beside its edges. */
export const RUNWAY_MATCH_LATERAL_MARGIN_FT = 100;
/** ... and with a heading within this of the runway's. */
export const RUNWAY_MATCH_HEADING_DEG = 45;

/**
 * Touchdown rating tiers, by vertical speed at touchdown (fpm, absolute). Values from airline
 * flight-data monitoring: under 240 fpm is normal; 600 fpm triggers a hard-landing inspection.
 */
export const TOUCHDOWN_RATING_TIERS = [
  { rating: 'butter', maxAbsFpm: 120 },
  { rating: 'smooth', maxAbsFpm: 240 },
  { rating: 'firm', maxAbsFpm: 400 },
  { rating: 'hard', maxAbsFpm: 600 },
  { rating: 'very_hard', maxAbsFpm: Number.POSITIVE_INFINITY },
] as const;
export type TouchdownRating = (typeof TOUCHDOWN_RATING_TIERS)[number]['rating'];

// ---- Integrity (anti-cheat) --------------------------------------------------------------

/** No frame for this long is a telemetry gap (frames come at 1 Hz; a short stall is normal). */
export const TELEMETRY_GAP_MS = 30_000;
/** A position change implying a ground speed above the aircraft's cruise speed plus this margin is
 * a jump: the strongest jet streams add about 250 kts. */
export const POSITION_JUMP_SPEED_MARGIN_KTS = 250;
/** ... but never flag under this implied speed (helicopters, light aircraft in a storm). */
export const POSITION_JUMP_MIN_LIMIT_KTS = 400;
/** Position changes shorter than this are never jumps (GPS noise, teleports across a stand). */
export const POSITION_JUMP_MIN_DISTANCE_NM = 2;
/** Fuel may rise by this fraction of capacity without an event (sensor noise, fuel temperature). */
export const FUEL_INCREASE_TOLERANCE_RATIO = 0.005;
/** ... or by this many kilograms, whichever is larger. */
export const FUEL_INCREASE_TOLERANCE_KG = 20;
/** Legal fuel reserve, 45 minutes of average consumption. */
export const FUEL_RESERVE_MINUTES = 45;
/** Average consumption is measured once airborne this long; before, the aircraft's book burn is used. */
export const FUEL_BURN_MEASURE_MIN_MS = 10 * 60_000;
/** Transponder codes that declare an emergency: hijack, radio failure, general emergency. */
export const EMERGENCY_SQUAWKS: ReadonlySet<string> = new Set(['7500', '7600', '7700']);

// ---- Statistics and storage --------------------------------------------------------------

/** Time estimates need a ground speed above 40 kts. */
export const ESTIMATE_MIN_GS_KTS = 40;
/** Position history: a point at least every this often... */
export const TRACK_INTERVAL_MS = 60_000;
/** ... or sooner on a heading change of this much (but not more often than every 10 s). */
export const TRACK_HEADING_CHANGE_DEG = 15;
export const TRACK_MIN_INTERVAL_MS = 10_000;
/** The track keeps at most this many points; beyond, every other point is dropped (a 20-hour
 * flight at one point a minute needs 1,200). */
export const TRACK_MAX_POINTS = 2000;
/** Stored events per flight; later events are counted, not stored (a faulty tracker cannot grow
 * a flight without bound). */
export const MAX_STORED_EVENTS = 5000;
/** Stored step changes per flight, for the same reason. */
export const MAX_STORED_STEPS = 1000;
/** The engine's live cabin data is pushed at most this often when nothing else changed. */
export const CABIN_PUSH_INTERVAL_MS = 10_000;
/** Statute miles per nautical mile. */
export const STATUTE_MILES_PER_NM = 1.150779;
export const FEET_PER_NM = 6076.12;

// ---- Cabin (PNC) -------------------------------------------------------------------------

/** Passenger wellness, entertainment and satiety start here (0 to 100): a fresh, fed, calm cabin
 * that a good crew can still improve and a bad one can ruin. */
export const CABIN_INITIAL_CALMNESS = 70;
export const CABIN_INITIAL_ENTERTAINMENT = 60;
export const CABIN_INITIAL_SATIETY = 60;

/** Per-class weights of how fast needs grow: premium passengers expect more (first, business, economy). */
export const CABIN_CLASS_DEMAND = { first: 1.4, business: 1.2, economy: 1 } as const;
/** Satiety lost per hour in the cabin (economy; scaled by class demand): a meal lasts about 5 hours. */
export const CABIN_SATIETY_DECAY_PER_HOUR = 8;
/** Entertainment lost per hour airborne (economy): boredom sets in within a few hours. */
export const CABIN_ENTERTAINMENT_DECAY_PER_HOUR = 10;
/** Entertainment gained per hour of IFE: more than the decay, so IFE on a long flight pays. */
export const CABIN_IFE_GAIN_PER_HOUR = 16;
/** Entertainment gained per hour of duty-free sales while cruising. */
export const CABIN_DUTY_FREE_GAIN_PER_HOUR = 5;
/** Calmness lost per second of turbulence (load factor off 1 g by more than the threshold), seat belts off / on. */
export const CABIN_TURBULENCE_G_THRESHOLD = 0.4;
export const CABIN_TURBULENCE_LOSS_PER_SECOND_BELTS_OFF = 0.5;
export const CABIN_TURBULENCE_LOSS_PER_SECOND_BELTS_ON = 0.1;
/** Calmness lost for flight events passengers feel. */
export const CABIN_CALMNESS_LOSS_BY_EVENT: Readonly<Record<string, number>> = {
  EXCESSIVE_BANK: 5,
  EXCESSIVE_PITCH: 5,
  GO_AROUND: 3,
  BOUNCE: 3,
  ENGINE_STOPPED_IN_FLIGHT: 10,
};
/** Calmness lost for a hard / very hard touchdown (ratings of TOUCHDOWN_RATING_TIERS). */
export const CABIN_CALMNESS_LOSS_BY_RATING: Readonly<Record<string, number>> = { hard: 10, very_hard: 20 };

/**
 * Announcements (boarding=0, safety demonstration=2, cruise=6, descent=7, after landing=8):
 * the steps they may be made in, how long they last (seconds) and the calmness they bring.
 */
export const ANNOUNCEMENTS = {
  0: { name: 'boarding', steps: ['ground', 'boarding'], durationSeconds: 60, calmness: 3, entertainment: 0 },
  2: {
    name: 'safety_demonstration',
    steps: ['boarding', 'block_off', 'pushback', 'taxi_out'],
    durationSeconds: 120,
    calmness: 5,
    entertainment: 0,
  },
  6: { name: 'cruise', steps: ['climb', 'cruise', 'flight_level'], durationSeconds: 60, calmness: 3, entertainment: 2 },
  7: { name: 'descent', steps: ['cruise', 'flight_level', 'descent'], durationSeconds: 60, calmness: 4, entertainment: 0 },
  8: { name: 'after_landing', steps: ['landing', 'taxi_in', 'block_on'], durationSeconds: 45, calmness: 3, entertainment: 0 },
} as const;
export type AnnouncementType = keyof typeof ANNOUNCEMENTS;
export const ANNOUNCEMENT_TYPES = [0, 2, 6, 7, 8] as const;

/**
 * Food services (breakfast=0, lunch=1, diner=2, snacks=3): served in climb, cruise or level
 * flight (trolleys stay stowed on the ground and in descent). A meal takes 15 minutes for the
 * cabin, snacks 6; satiety gained at the end (a stopped service gives its done fraction).
 */
export const FOOD_SERVICES = {
  0: { name: 'breakfast', durationSeconds: 15 * 60, satiety: 35 },
  1: { name: 'lunch', durationSeconds: 15 * 60, satiety: 40 },
  2: { name: 'diner', durationSeconds: 15 * 60, satiety: 40 },
  3: { name: 'snacks', durationSeconds: 6 * 60, satiety: 15 },
} as const;
export type FoodServiceType = keyof typeof FOOD_SERVICES;
export const FOOD_SERVICE_TYPES = [0, 1, 2, 3] as const;
export const FOOD_SERVICE_STEPS: readonly string[] = ['climb', 'cruise', 'flight_level'];
/** A second service of a kind already served feeds half as much (passengers are already full). */
export const FOOD_REPEAT_FACTOR = 0.5;

/** Minutes of lateness forgiven before a delay incident (the usual on-time definition, 15 minutes). */
export const DELAY_TOLERANCE_MINUTES = 15;
/** Calmness lost per PNC incident code (0 to 11). Announced delays cost less than silent ones. */
export const CABIN_CALMNESS_LOSS_BY_INCIDENT: Readonly<Record<number, number>> = {
  0: 0,
  1: 10,
  2: 10,
  3: 8,
  4: 8,
  5: 10,
  6: 3,
  7: 3,
  8: 1,
  9: 1,
  10: 1,
  11: 1,
};
