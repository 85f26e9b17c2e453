import { MAX_SIMULATION_RATE, type TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';
import {
  clamp,
  feetPerSecondToFeetPerMinute,
  formatSquawkFromBco16,
  normalizeHeadingDeg,
  normalizeSignedDeg,
  poundsToKilograms,
} from '../units';

/** How a SimVar travels in the data block (SimConnect data types used here). */
export type TMsfsDataKind = 'float64' | 'int32' | 'string256' | 'string32';

export type TMsfsSimVar = { key: string; name: string; unit: string | null; kind: TMsfsDataKind };

const MAX_ENGINES = 4;

/**
 * The one data definition the MSFS connector registers, in order (the data block comes back in
 * this order). Units are the ones we ASK for: SimConnect converts. Two signs differ from the
 * frame's: PLANE PITCH DEGREES is negative nose UP, PLANE BANK DEGREES is negative for a RIGHT
 * bank (both inherited from FSX); the mapping flips them.
 */
export const MSFS_SIMVARS = [
  { key: 'latitudeDeg', name: 'PLANE LATITUDE', unit: 'degrees', kind: 'float64' },
  { key: 'longitudeDeg', name: 'PLANE LONGITUDE', unit: 'degrees', kind: 'float64' },
  { key: 'altitudeFt', name: 'PLANE ALTITUDE', unit: 'feet', kind: 'float64' },
  { key: 'altitudeAglFt', name: 'PLANE ALT ABOVE GROUND', unit: 'feet', kind: 'float64' },
  { key: 'groundSpeedKts', name: 'GROUND VELOCITY', unit: 'knots', kind: 'float64' },
  { key: 'indicatedAirspeedKts', name: 'AIRSPEED INDICATED', unit: 'knots', kind: 'float64' },
  { key: 'trueAirspeedKts', name: 'AIRSPEED TRUE', unit: 'knots', kind: 'float64' },
  // SimConnect's default unit is feet per second: ask for per minute.
  { key: 'verticalSpeedFpm', name: 'VERTICAL SPEED', unit: 'feet per minute', kind: 'float64' },
  // Radians by default despite the name: ask for degrees.
  { key: 'headingDegTrue', name: 'PLANE HEADING DEGREES TRUE', unit: 'degrees', kind: 'float64' },
  { key: 'pitchDegNoseDown', name: 'PLANE PITCH DEGREES', unit: 'degrees', kind: 'float64' },
  { key: 'bankDegLeft', name: 'PLANE BANK DEGREES', unit: 'degrees', kind: 'float64' },
  { key: 'gForce', name: 'G FORCE', unit: 'GForce', kind: 'float64' },
  { key: 'onGround', name: 'SIM ON GROUND', unit: 'bool', kind: 'int32' },
  // The actual gear (0 up, 1 down) over all legs; GEAR HANDLE POSITION would be the lever only.
  { key: 'gearExtended', name: 'GEAR TOTAL PCT EXTENDED', unit: 'percent over 100', kind: 'float64' },
  { key: 'flapsHandle', name: 'FLAPS HANDLE PERCENT', unit: 'percent over 100', kind: 'float64' },
  { key: 'spoilersHandle', name: 'SPOILERS HANDLE POSITION', unit: 'percent over 100', kind: 'float64' },
  { key: 'engineCount', name: 'NUMBER OF ENGINES', unit: 'number', kind: 'int32' },
  { key: 'engine1', name: 'GENERAL ENG COMBUSTION:1', unit: 'bool', kind: 'int32' },
  { key: 'engine2', name: 'GENERAL ENG COMBUSTION:2', unit: 'bool', kind: 'int32' },
  { key: 'engine3', name: 'GENERAL ENG COMBUSTION:3', unit: 'bool', kind: 'int32' },
  { key: 'engine4', name: 'GENERAL ENG COMBUSTION:4', unit: 'bool', kind: 'int32' },
  { key: 'lightBeacon', name: 'LIGHT BEACON', unit: 'bool', kind: 'int32' },
  { key: 'lightStrobe', name: 'LIGHT STROBE', unit: 'bool', kind: 'int32' },
  { key: 'lightLanding', name: 'LIGHT LANDING', unit: 'bool', kind: 'int32' },
  { key: 'lightTaxi', name: 'LIGHT TAXI', unit: 'bool', kind: 'int32' },
  { key: 'lightNav', name: 'LIGHT NAV', unit: 'bool', kind: 'int32' },
  { key: 'fuelLbs', name: 'FUEL TOTAL QUANTITY WEIGHT', unit: 'pounds', kind: 'float64' },
  { key: 'simulationRate', name: 'SIMULATION RATE', unit: 'number', kind: 'float64' },
  { key: 'parkingBrake', name: 'BRAKE PARKING POSITION', unit: 'bool', kind: 'int32' },
  // Binary-coded octal: one digit per nibble, squawk 7000 is 0x7000.
  { key: 'transponderBco16', name: 'TRANSPONDER CODE:1', unit: 'Bco16', kind: 'int32' },
  { key: 'seatBeltSign', name: 'CABIN SEATBELTS ALERT SWITCH', unit: 'bool', kind: 'int32' },
  // Seconds of simulated time since the simulation started: stamps the frames (FrameClock).
  { key: 'simulationTimeSec', name: 'SIMULATION TIME', unit: 'seconds', kind: 'float64' },
  // Where the camera is: 2 cockpit to 10 drone while flying; 11 and above in loading screens,
  // the world map, menus and the hangar (see MSFS_FLYING_CAMERA_STATES).
  { key: 'cameraState', name: 'CAMERA STATE', unit: 'number', kind: 'int32' },
  // The main gear's own contact (index 1 left, 2 right; 0 is the centre: the nose wheel of a
  // tricycle aircraft) and MSFS's touchdown measure: the landing rate is the mains', not the nose's.
  { key: 'leftGearOnGround', name: 'GEAR IS ON GROUND:1', unit: 'bool', kind: 'int32' },
  { key: 'rightGearOnGround', name: 'GEAR IS ON GROUND:2', unit: 'bool', kind: 'int32' },
  // Held from the last touchdown until the next one; 0 before any.
  { key: 'touchdownNormalVelocityFps', name: 'PLANE TOUCHDOWN NORMAL VELOCITY', unit: 'feet per second', kind: 'float64' },
  { key: 'title', name: 'TITLE', unit: null, kind: 'string256' },
  { key: 'atcModel', name: 'ATC MODEL', unit: null, kind: 'string32' },
] as const satisfies readonly TMsfsSimVar[];

type TSimVarEntry = (typeof MSFS_SIMVARS)[number];
type TKeysOfKind<K extends TMsfsDataKind> = Extract<TSimVarEntry, { kind: K }>['key'];

/** One data block, decoded: numbers for numeric SimVars, strings for strings. */
export type TMsfsDataBlock = { [K in TKeysOfKind<'float64' | 'int32'>]: number } & {
  [K in TKeysOfKind<'string256' | 'string32'>]: string;
};

/** The reads a data block needs; node-simconnect's RawBuffer has them. */
export type TMsfsDataReader = {
  readFloat64(): number;
  readInt32(): number;
  readString256(): string;
  readString32(): string;
};

/** Reads a data block in definition order. */
export function decodeMsfsDataBlock(reader: TMsfsDataReader): TMsfsDataBlock {
  const block: Record<string, number | string> = {};
  for (const simVar of MSFS_SIMVARS) {
    switch (simVar.kind) {
      case 'float64':
        block[simVar.key] = reader.readFloat64();
        break;
      case 'int32':
        block[simVar.key] = reader.readInt32();
        break;
      case 'string256':
        block[simVar.key] = reader.readString256();
        break;
      case 'string32':
        block[simVar.key] = reader.readString32();
        break;
    }
  }
  return block as TMsfsDataBlock;
}

/**
 * The ICAO type from ATC MODEL. Asobo aircraft answer a localisation key such as
 * "TT:ATCCOM.AC_MODEL A320.0.text" (or "..._A20N..."), third-party ones often the bare "A20N".
 */
export function icaoFromAtcModel(atcModel: string): string {
  const text = atcModel.trim().toUpperCase();
  const fromKey = /AC_MODEL[ _]?([A-Z0-9]{2,4})\b/.exec(text)?.[1];
  if (fromKey !== undefined) return fromKey;
  return /^[A-Z0-9]{2,4}$/.test(text) ? text : '';
}

/**
 * CAMERA STATE values seen while the aircraft is being flown: 2 cockpit, 3 external/chase,
 * 4 drone, 5 fixed on plane, 6 environment, 7 six DoF, 8 gameplay, 9 showcase, 10 drone aircraft.
 * Others are the simulator's loading and menu screens (11 waiting, 12 world map, 15 main menu,
 * 21 hangar...), where the user aircraft is a placeholder, or the replay (17).
 */
const MSFS_FLYING_CAMERA_STATES: ReadonlySet<number> = new Set([2, 3, 4, 5, 6, 7, 8, 9, 10]);

/**
 * What MSFS says beyond the frame: its clock, and whether it is loading. `isSimRunning` is
 * SimConnect's "Sim" system state (the SimStart / SimStop events): false in the menus.
 */
export function msfsSignals(block: TMsfsDataBlock, isSimRunning: boolean): { simTimeSec?: number; loading?: string } {
  const signals: { simTimeSec?: number; loading?: string } = {};
  if (Number.isFinite(block.simulationTimeSec) && block.simulationTimeSec > 0) signals.simTimeSec = block.simulationTimeSec;
  if (!isSimRunning) signals.loading = 'in the menus';
  else if (!MSFS_FLYING_CAMERA_STATES.has(block.cameraState)) signals.loading = `loading or in a menu (camera state ${block.cameraState})`;
  return signals;
}

/**
 * Maps a data block to a telemetry frame. Pure: the pause state comes from SimConnect's
 * Pause_EX1 system event (not a SimVar), passed in.
 */
export function mapMsfsDataToFrame(block: TMsfsDataBlock, timeMs: number, isPaused: boolean): TTelemetryFrame {
  const engineCount = clamp(Math.round(block.engineCount), 0, MAX_ENGINES);
  const engines = [block.engine1, block.engine2, block.engine3, block.engine4].slice(0, engineCount);
  return {
    timeMs,
    position: {
      latitudeDeg: clamp(block.latitudeDeg, -90, 90),
      longitudeDeg: normalizeSignedDeg(block.longitudeDeg),
      altitudeFtMsl: clamp(block.altitudeFt, -2000, 100_000),
      altitudeFtAgl: clamp(block.altitudeAglFt, -100, 100_000),
    },
    groundSpeedKts: clamp(block.groundSpeedKts, 0, 2000),
    indicatedAirspeedKts: clamp(block.indicatedAirspeedKts, 0, 1500),
    trueAirspeedKts: clamp(block.trueAirspeedKts, 0, 2000),
    verticalSpeedFpm: clamp(block.verticalSpeedFpm, -30_000, 30_000),
    headingDegTrue: normalizeHeadingDeg(block.headingDegTrue),
    pitchDeg: clamp(-block.pitchDegNoseDown, -90, 90),
    bankDeg: normalizeSignedDeg(-block.bankDegLeft),
    gForce: clamp(block.gForce, -10, 15),
    isOnGround: block.onGround !== 0,
    isMainGearOnGround: block.leftGearOnGround !== 0 || block.rightGearOnGround !== 0,
    // Its sign varies in the field; a touchdown is a descent: negative, as the frame has it.
    ...(block.onGround !== 0 && Number.isFinite(block.touchdownNormalVelocityFps) && block.touchdownNormalVelocityFps !== 0
      ? { touchdownVerticalSpeedFpm: clamp(-Math.abs(feetPerSecondToFeetPerMinute(block.touchdownNormalVelocityFps)), -30_000, 30_000) }
      : {}),
    gearDownRatio: clamp(block.gearExtended, 0, 1),
    flapsRatio: clamp(block.flapsHandle, 0, 1),
    spoilersRatio: clamp(block.spoilersHandle, 0, 1),
    enginesRunning: engines.map((combustion) => combustion !== 0),
    lights: {
      beacon: block.lightBeacon !== 0,
      strobe: block.lightStrobe !== 0,
      landing: block.lightLanding !== 0,
      taxi: block.lightTaxi !== 0,
      nav: block.lightNav !== 0,
    },
    fuelKg: clamp(poundsToKilograms(block.fuelLbs), 0, 500_000),
    simulationRate: clamp(block.simulationRate, 0, MAX_SIMULATION_RATE),
    isPaused,
    isParkingBrakeSet: block.parkingBrake !== 0,
    transponder: formatSquawkFromBco16(block.transponderBco16),
    isSeatBeltSignOn: block.seatBeltSign !== 0,
    aircraftTitle: block.title.trim().slice(0, 200),
    aircraftIcao: icaoFromAtcModel(block.atcModel),
  };
}
