import { MAX_SIMULATION_RATE, type TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';
import type { TAircraftIdentity } from '../simulator-connector';
import {
  clamp,
  decodeByteString,
  formatSquawkFromDecimalDigits,
  metersPerSecondToKnots,
  metersToFeet,
  normalizeHeadingDeg,
  normalizeSignedDeg,
} from '../units';
import type { TRrefRequest } from './xplane-rref';

/**
 * The datarefs the connector subscribes to, with X-Plane's units (checked against X-Plane's
 * DataRefs.txt). RREF sends every one as a float32: latitude/longitude keep about 0.4 m of
 * precision, which is plenty for tracking.
 */
export const XPLANE_SCALAR_DATAREFS = {
  /** degrees */
  latitudeDeg: 'sim/flightmodel/position/latitude',
  /** degrees */
  longitudeDeg: 'sim/flightmodel/position/longitude',
  /** meters above mean sea level */
  elevationM: 'sim/flightmodel/position/elevation',
  /** meters above ground */
  aglM: 'sim/flightmodel/position/y_agl',
  /** meters/second */
  groundSpeedMps: 'sim/flightmodel/position/groundspeed',
  /** knots (KIAS) */
  indicatedAirspeedKts: 'sim/flightmodel/position/indicated_airspeed',
  /** meters/second */
  trueAirspeedMps: 'sim/flightmodel/position/true_airspeed',
  /** feet/minute */
  verticalSpeedFpm: 'sim/flightmodel/position/vh_ind_fpm',
  /**
   * degrees true. `true_psi` rather than `psi`: psi is measured from the local OpenGL Z axis and
   * drifts from true north far from the scenery origin; true_psi is "true degrees north, always".
   */
  headingDegTrue: 'sim/flightmodel/position/true_psi',
  /** degrees, positive nose up */
  pitchDeg: 'sim/flightmodel/position/theta',
  /** degrees, positive right wing down */
  bankDeg: 'sim/flightmodel/position/phi',
  /** g (1 in level flight) */
  gForce: 'sim/flightmodel2/misc/gforce_normal',
  /** int 0/1 */
  onGroundAny: 'sim/flightmodel/failures/onground_any',
  /**
   * int 0/1 per wheel (flightmodel2/gear/on_ground, X-Plane 10+): gear 0 is the nose wheel of a
   * tricycle aircraft as Plane Maker numbers them, 1 and 2 its mains. The landing rate is read at
   * the mains' contact. Optional: without them the engine uses onground_any.
   */
  gear1OnGround: 'sim/flightmodel2/gear/on_ground[1]',
  gear2OnGround: 'sim/flightmodel2/gear/on_ground[2]',
  /** ratio 0 = up, 1 = down (the actual gear, not the handle) */
  gearDeployRatio: 'sim/flightmodel2/gear/deploy_ratio[0]',
  /** ratio of the flap HANDLE, 0 = retracted, 1 = full */
  flapHandleRatio: 'sim/cockpit2/controls/flap_ratio',
  /** ratio of the speedbrake HANDLE, 0..1; -0.5 means armed (counted as retracted) */
  speedbrakeRatio: 'sim/cockpit2/controls/speedbrake_ratio',
  /** int, number of engines of the aircraft (trims ENGN_running) */
  engineCount: 'sim/aircraft/engine/acf_num_engines',
  beaconOn: 'sim/cockpit/electrical/beacon_lights_on',
  strobeOn: 'sim/cockpit/electrical/strobe_lights_on',
  landingOn: 'sim/cockpit/electrical/landing_lights_on',
  taxiOn: 'sim/cockpit/electrical/taxi_light_on',
  navOn: 'sim/cockpit/electrical/nav_lights_on',
  /** kilograms */
  fuelKg: 'sim/flightmodel/weight/m_fuel_total',
  /** int multiplier, 1 = real time */
  simSpeed: 'sim/time/sim_speed',
  /** int 0/1 */
  paused: 'sim/time/paused',
  /** ratio 0 = released, 1 = set */
  parkingBrakeRatio: 'sim/cockpit2/controls/parking_brake_ratio',
  /** int whose decimal digits are the squawk (7000) */
  transponderCode: 'sim/cockpit/radios/transponder_code',
  /** int 0/1, the seat-belt sign annunciator */
  seatBeltSign: 'sim/cockpit2/annunciators/fasten_seatbelt',
  /**
   * seconds of simulated time since the flight was loaded or reset (stops when paused, runs
   * faster with sim_speed; back to 0 when a flight loads): stamps the frames (FrameClock).
   */
  flightTimeSec: 'sim/time/total_flight_time_sec',
  /** int 0/1: X-Plane is loading or unloading scenery (11.50+; absent before, then read as 0) */
  sceneryLoading: 'sim/graphics/scenery/async_scenery_load_in_progress',
  /** int 0/1: the replay is playing (what it shows is not being flown) */
  replayMode: 'sim/operation/prefs/replay_mode',
} as const;

export type TXPlaneScalarKey = keyof typeof XPLANE_SCALAR_DATAREFS;

/** Without these the connector sends no frame (an older X-Plane may not answer the others). */
const REQUIRED_SCALARS: readonly TXPlaneScalarKey[] = [
  'latitudeDeg',
  'longitudeDeg',
  'elevationM',
  'aglM',
  'groundSpeedMps',
  'indicatedAirspeedKts',
  'trueAirspeedMps',
  'verticalSpeedFpm',
  'headingDegTrue',
  'pitchDeg',
  'bankDeg',
  'onGroundAny',
];

const MAX_ENGINES = 8;
/** acf_ICAO is byte[40]; ICAO designators have at most 4 characters, the frame allows 8. */
const ICAO_BYTES = 8;
/** acf_ui_name (X-Plane 12) and acf_descrip (X-Plane 11 fallback) are byte[260]; 64 is enough for a title. */
const NAME_BYTES = 64;

export type TXPlaneSubscription = TRrefRequest & { field: TXPlaneField };

/** What one subscription index feeds. */
export type TXPlaneField =
  | { kind: 'scalar'; key: TXPlaneScalarKey }
  | { kind: 'engineRunning'; engine: number }
  | { kind: 'icaoByte'; position: number }
  | { kind: 'uiNameByte'; position: number }
  | { kind: 'descriptionByte'; position: number };

/**
 * The subscription table: index i is the i-th entry. Flight data at `frequencyHz`; the aircraft
 * strings (one dataref per byte) at 1 Hz, they only change when the aircraft is reloaded.
 */
export function buildXPlaneSubscriptions(frequencyHz: number): TXPlaneSubscription[] {
  const subscriptions: TXPlaneSubscription[] = [];
  const add = (datarefPath: string, field: TXPlaneField, rateHz: number) => {
    subscriptions.push({ frequencyHz: rateHz, index: subscriptions.length, datarefPath, field });
  };
  for (const [key, path] of Object.entries(XPLANE_SCALAR_DATAREFS) as [TXPlaneScalarKey, string][]) {
    add(path, { kind: 'scalar', key }, frequencyHz);
  }
  for (let engine = 0; engine < MAX_ENGINES; engine += 1) {
    add(`sim/flightmodel/engine/ENGN_running[${engine}]`, { kind: 'engineRunning', engine }, frequencyHz);
  }
  for (let position = 0; position < ICAO_BYTES; position += 1) {
    add(`sim/aircraft/view/acf_ICAO[${position}]`, { kind: 'icaoByte', position }, 1);
  }
  for (let position = 0; position < NAME_BYTES; position += 1) {
    add(`sim/aircraft/view/acf_ui_name[${position}]`, { kind: 'uiNameByte', position }, 1);
  }
  for (let position = 0; position < NAME_BYTES; position += 1) {
    add(`sim/aircraft/view/acf_descrip[${position}]`, { kind: 'descriptionByte', position }, 1);
  }
  return subscriptions;
}

/** The latest value of every subscribed dataref, decoded from RREF answers. */
export class XPlaneState {
  readonly scalars: Partial<Record<TXPlaneScalarKey, number>> = {};
  readonly engineRunning: number[] = new Array<number>(MAX_ENGINES).fill(0);
  readonly icaoBytes: number[] = new Array<number>(ICAO_BYTES).fill(0);
  readonly uiNameBytes: number[] = new Array<number>(NAME_BYTES).fill(0);
  readonly descriptionBytes: number[] = new Array<number>(NAME_BYTES).fill(0);

  constructor(private readonly subscriptions: readonly TXPlaneSubscription[]) {}

  /** Stores one value; false when the index is not one of ours (a stale subscription). */
  apply(index: number, value: number): boolean {
    const field = this.subscriptions[index]?.field;
    if (field === undefined) return false;
    switch (field.kind) {
      case 'scalar':
        this.scalars[field.key] = value;
        break;
      case 'engineRunning':
        this.engineRunning[field.engine] = value;
        break;
      case 'icaoByte':
        this.icaoBytes[field.position] = value;
        break;
      case 'uiNameByte':
        this.uiNameBytes[field.position] = value;
        break;
      case 'descriptionByte':
        this.descriptionBytes[field.position] = value;
        break;
    }
    return true;
  }

  hasRequiredValues(): boolean {
    return REQUIRED_SCALARS.every((key) => this.scalars[key] !== undefined);
  }

  aircraft(): TAircraftIdentity {
    const uiName = decodeByteString(this.uiNameBytes);
    return {
      aircraftTitle: (uiName !== '' ? uiName : decodeByteString(this.descriptionBytes)).slice(0, 200),
      aircraftIcao: decodeByteString(this.icaoBytes).toUpperCase().slice(0, 8),
    };
  }
}

/** What X-Plane says beyond the frame: its clock, and whether it is loading scenery or replaying. */
export function xplaneSignals(state: XPlaneState): { simTimeSec?: number; loading?: string } {
  const signals: { simTimeSec?: number; loading?: string } = {};
  const flightTimeSec = state.scalars.flightTimeSec;
  if (flightTimeSec !== undefined) signals.simTimeSec = flightTimeSec;
  if ((state.scalars.sceneryLoading ?? 0) >= 0.5) signals.loading = 'scenery loading';
  else if ((state.scalars.replayMode ?? 0) >= 0.5) signals.loading = 'replay playing';
  return signals;
}

/**
 * Maps the latest dataref values to a telemetry frame (units converted, values clamped to the
 * frame's ranges). Undefined until the required values have arrived.
 */
export function mapXPlaneStateToFrame(state: XPlaneState, timeMs: number): TTelemetryFrame | undefined {
  if (!state.hasRequiredValues()) return undefined;
  const value = (key: TXPlaneScalarKey): number => state.scalars[key] ?? 0;
  const isOn = (key: TXPlaneScalarKey): boolean => value(key) >= 0.5;
  const engineCount = state.scalars.engineCount;
  const engines =
    engineCount !== undefined && engineCount >= 1
      ? state.engineRunning.slice(0, Math.min(MAX_ENGINES, Math.round(engineCount)))
      : state.engineRunning;
  const aircraft = state.aircraft();
  return {
    timeMs,
    position: {
      latitudeDeg: clamp(value('latitudeDeg'), -90, 90),
      longitudeDeg: normalizeSignedDeg(value('longitudeDeg')),
      altitudeFtMsl: clamp(metersToFeet(value('elevationM')), -2000, 100_000),
      altitudeFtAgl: clamp(metersToFeet(value('aglM')), -100, 100_000),
    },
    groundSpeedKts: clamp(metersPerSecondToKnots(value('groundSpeedMps')), 0, 2000),
    indicatedAirspeedKts: clamp(value('indicatedAirspeedKts'), 0, 1500),
    trueAirspeedKts: clamp(metersPerSecondToKnots(value('trueAirspeedMps')), 0, 2000),
    verticalSpeedFpm: clamp(value('verticalSpeedFpm'), -30_000, 30_000),
    headingDegTrue: normalizeHeadingDeg(value('headingDegTrue')),
    pitchDeg: clamp(value('pitchDeg'), -90, 90),
    bankDeg: normalizeSignedDeg(value('bankDeg')),
    gForce: clamp(state.scalars.gForce ?? 1, -10, 15),
    isOnGround: isOn('onGroundAny'),
    ...(state.scalars.gear1OnGround !== undefined || state.scalars.gear2OnGround !== undefined
      ? { isMainGearOnGround: isOn('gear1OnGround') || isOn('gear2OnGround') }
      : {}),
    gearDownRatio: clamp(value('gearDeployRatio'), 0, 1),
    flapsRatio: clamp(value('flapHandleRatio'), 0, 1),
    // -0.5 is "armed": the spoilers are still retracted.
    spoilersRatio: clamp(value('speedbrakeRatio'), 0, 1),
    enginesRunning: engines.map((running) => running >= 0.5),
    lights: {
      beacon: isOn('beaconOn'),
      strobe: isOn('strobeOn'),
      landing: isOn('landingOn'),
      taxi: isOn('taxiOn'),
      nav: isOn('navOn'),
    },
    fuelKg: clamp(value('fuelKg'), 0, 500_000),
    simulationRate: clamp(state.scalars.simSpeed ?? 1, 0, MAX_SIMULATION_RATE),
    isPaused: isOn('paused'),
    isParkingBrakeSet: isOn('parkingBrakeRatio'),
    transponder: formatSquawkFromDecimalDigits(value('transponderCode')),
    isSeatBeltSignOn: isOn('seatBeltSign'),
    aircraftTitle: aircraft.aircraftTitle,
    aircraftIcao: aircraft.aircraftIcao,
  };
}
