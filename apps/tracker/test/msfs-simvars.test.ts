import { RawBuffer } from 'node-simconnect';
import { describe, expect, it } from 'vitest';
import { ZTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';
import {
  decodeMsfsDataBlock,
  icaoFromAtcModel,
  mapMsfsDataToFrame,
  msfsSignals,
  MSFS_SIMVARS,
  type TMsfsDataBlock,
} from '../src/connectors/msfs/msfs-simvars';

/**
 * Blocks as SimConnect returns them for the definition (units as requested), recorded from the
 * Asobo A320neo in MSFS 2020: cruising at FL350 near Geneva, then parked at a Paris CDG gate.
 * Note the FSX-era signs: pitch -2.6 is 2.6 degrees NOSE UP, bank +1.8 is a LEFT bank.
 */
const CRUISE: TMsfsDataBlock = {
  latitudeDeg: 46.238104,
  longitudeDeg: 6.108974,
  altitudeFt: 35_002.4,
  altitudeAglFt: 33_890.7,
  groundSpeedKts: 448.6,
  indicatedAirspeedKts: 262.3,
  trueAirspeedKts: 457.9,
  verticalSpeedFpm: 12.4,
  headingDegTrue: 231.7,
  pitchDegNoseDown: -2.6,
  bankDegLeft: 1.8,
  gForce: 1.003,
  onGround: 0,
  gearExtended: 0,
  flapsHandle: 0,
  spoilersHandle: 0,
  engineCount: 2,
  engine1: 1,
  engine2: 1,
  engine3: 0,
  engine4: 0,
  lightBeacon: 1,
  lightStrobe: 1,
  lightLanding: 0,
  lightTaxi: 0,
  lightNav: 1,
  fuelLbs: 18_243.6,
  simulationRate: 1,
  parkingBrake: 0,
  transponderBco16: 0x2617,
  seatBeltSign: 1,
  simulationTimeSec: 5231.5,
  cameraState: 2,
  leftGearOnGround: 0,
  rightGearOnGround: 0,
  touchdownNormalVelocityFps: 0,
  title: 'Airbus A320 Neo Asobo',
  atcModel: 'TT:ATCCOM.AC_MODEL A320.0.text',
};

const PARKED: TMsfsDataBlock = {
  ...CRUISE,
  latitudeDeg: 49.009691,
  longitudeDeg: 2.547925,
  altitudeFt: 392.0,
  altitudeAglFt: 8.9,
  groundSpeedKts: 0.0021,
  indicatedAirspeedKts: 0,
  trueAirspeedKts: 0,
  verticalSpeedFpm: -0.03,
  headingDegTrue: 359.99,
  pitchDegNoseDown: 0.4,
  bankDegLeft: -0.02,
  gForce: 1,
  onGround: 1,
  leftGearOnGround: 1,
  rightGearOnGround: 1,
  gearExtended: 1,
  flapsHandle: 0.5,
  spoilersHandle: 0,
  engine1: 0,
  engine2: 0,
  lightBeacon: 0,
  lightStrobe: 0,
  lightNav: 1,
  fuelLbs: 11_023.113,
  simulationRate: 4,
  parkingBrake: 1,
  transponderBco16: 0x1200,
  seatBeltSign: 0,
};

/** Serialises a block in SimConnect's layout (little-endian, fixed NUL-padded strings). */
function encodeBlock(block: TMsfsDataBlock): Buffer {
  const raw = new RawBuffer(2_048);
  for (const simVar of MSFS_SIMVARS) {
    const value = block[simVar.key];
    if (simVar.kind === 'float64') raw.writeFloat64(Number(value));
    else if (simVar.kind === 'int32') raw.writeInt32(Number(value));
    else if (simVar.kind === 'string256') raw.writeString256(String(value));
    else raw.writeString32(String(value));
  }
  return raw.getBuffer();
}

describe('MSFS data block -> telemetry frame', () => {
  it('reports the main gear\'s contact and MSFS\'s touchdown rate (ft/s, either sign) as a negative fpm', () => {
    const cruise = mapMsfsDataToFrame(decodeMsfsDataBlock(new RawBuffer(encodeBlock(CRUISE))), 1_700_000_000_000, false);
    expect(cruise.isMainGearOnGround).toBe(false);
    expect(cruise.touchdownVerticalSpeedFpm).toBeUndefined();
    // The mains down, the nose wheel (index 0) still in the air: MSFS says on ground already.
    const mainsOnly = { ...CRUISE, altitudeAglFt: 3, onGround: 1, leftGearOnGround: 1, rightGearOnGround: 0, touchdownNormalVelocityFps: 4.9 };
    const touchdown = mapMsfsDataToFrame(decodeMsfsDataBlock(new RawBuffer(encodeBlock(mainsOnly))), 1_700_000_000_000, false);
    expect(ZTelemetryFrame.parse(touchdown)).toEqual(touchdown);
    expect(touchdown.isMainGearOnGround).toBe(true);
    expect(touchdown.touchdownVerticalSpeedFpm).toBeCloseTo(-294, 6);
    const negative = mapMsfsDataToFrame({ ...mainsOnly, touchdownNormalVelocityFps: -4.9 }, 1_700_000_000_000, false);
    expect(negative.touchdownVerticalSpeedFpm).toBeCloseTo(-294, 6);
    // The value held from an earlier touchdown is not sent while airborne.
    expect(mapMsfsDataToFrame({ ...CRUISE, touchdownNormalVelocityFps: 4.9 }, 1_700_000_000_000, false).touchdownVerticalSpeedFpm).toBeUndefined();
  });

  it('registers each SimVar once, with an explicit unit for every number', () => {
    const names = MSFS_SIMVARS.map((simVar) => simVar.name);
    expect(new Set(names).size).toBe(names.length);
    for (const simVar of MSFS_SIMVARS) {
      if (simVar.kind === 'float64' || simVar.kind === 'int32') expect(simVar.unit).not.toBeNull();
    }
    expect(MSFS_SIMVARS.find((simVar) => simVar.name === 'PLANE PITCH DEGREES')?.unit).toBe('degrees');
    expect(MSFS_SIMVARS.find((simVar) => simVar.name === 'VERTICAL SPEED')?.unit).toBe('feet per minute');
  });

  it('decodes a block in SimConnect layout through node-simconnect\'s reader', () => {
    const bytes = encodeBlock(CRUISE);
    // 8 bytes per float64, 4 per int32, 256 + 32 for the strings.
    const floats = MSFS_SIMVARS.filter((simVar) => simVar.kind === 'float64').length;
    const ints = MSFS_SIMVARS.filter((simVar) => simVar.kind === 'int32').length;
    expect(bytes.length).toBe(floats * 8 + ints * 4 + 256 + 32);
    expect(decodeMsfsDataBlock(new RawBuffer(bytes))).toEqual(CRUISE);
  });

  it('maps the cruise block with the signs and units fixed', () => {
    const frame = mapMsfsDataToFrame(decodeMsfsDataBlock(new RawBuffer(encodeBlock(CRUISE))), 1_700_000_000_000, false);
    expect(ZTelemetryFrame.parse(frame)).toEqual(frame);
    expect(frame).toMatchObject({
      position: { latitudeDeg: 46.238104, longitudeDeg: 6.108974, altitudeFtMsl: 35_002.4, altitudeFtAgl: 33_890.7 },
      groundSpeedKts: 448.6,
      indicatedAirspeedKts: 262.3,
      trueAirspeedKts: 457.9,
      verticalSpeedFpm: 12.4,
      headingDegTrue: 231.7,
      pitchDeg: 2.6, // nose up
      bankDeg: -1.8, // left wing down
      isOnGround: false,
      gearDownRatio: 0,
      enginesRunning: [true, true], // NUMBER OF ENGINES trims the four combustion flags
      lights: { beacon: true, strobe: true, landing: false, taxi: false, nav: true },
      simulationRate: 1,
      isPaused: false,
      isParkingBrakeSet: false,
      transponder: '2617',
      isSeatBeltSignOn: true,
      aircraftTitle: 'Airbus A320 Neo Asobo',
      aircraftIcao: 'A320',
    });
    expect(frame.fuelKg).toBeCloseTo(8_275.16, 2); // 18 243.6 lb x 0.45359237
  });

  it('maps the parked block: on ground, gear down, engines off, paused from the system event', () => {
    const frame = mapMsfsDataToFrame(PARKED, 1_700_000_100_000, true);
    expect(ZTelemetryFrame.parse(frame)).toEqual(frame);
    expect(frame).toMatchObject({
      isOnGround: true,
      gearDownRatio: 1,
      flapsRatio: 0.5,
      pitchDeg: -0.4,
      bankDeg: 0.02,
      headingDegTrue: 359.99,
      enginesRunning: [false, false],
      isParkingBrakeSet: true,
      isPaused: true,
      simulationRate: 4,
      transponder: '1200',
      isSeatBeltSignOn: false,
    });
    expect(frame.fuelKg).toBeCloseTo(5_000, 2);
  });

  it('keeps out-of-range and odd values inside the frame contract', () => {
    const frame = mapMsfsDataToFrame(
      { ...CRUISE, headingDegTrue: 360, altitudeAglFt: -250, groundSpeedKts: -0.001, transponderBco16: 0x7890, engineCount: 6 },
      0,
      false,
    );
    expect(ZTelemetryFrame.safeParse(frame).success).toBe(true);
    expect(frame.headingDegTrue).toBe(0);
    expect(frame.position.altitudeFtAgl).toBe(-100);
    expect(frame.groundSpeedKts).toBe(0);
    expect(frame.transponder).toBe('0000'); // 8 and 9 are not octal digits
    expect(frame.enginesRunning).toHaveLength(4);
  });

  it('reads the ICAO type from the ATC MODEL forms seen in the wild', () => {
    expect(icaoFromAtcModel('TT:ATCCOM.AC_MODEL A320.0.text')).toBe('A320');
    expect(icaoFromAtcModel('TT:ATCCOM.AC_MODEL_B738.0.text')).toBe('B738');
    expect(icaoFromAtcModel('a20n')).toBe('A20N');
    expect(icaoFromAtcModel('Boeing 747-8 Intercontinental')).toBe('');
    expect(icaoFromAtcModel('')).toBe('');
  });

  it('says MSFS is loading in its menus and loading screens, and gives its clock', () => {
    // Flying from the cockpit, the Sim state on: ready, stamped by SIMULATION TIME.
    expect(msfsSignals(CRUISE, true)).toEqual({ simTimeSec: 5231.5 });
    // The "Sim" system state is 0 in the main menu and world map.
    expect(msfsSignals(CRUISE, false)).toEqual({ simTimeSec: 5231.5, loading: 'in the menus' });
    // Loading screen (camera 11 "waiting"): the user aircraft is a placeholder at 0°N 0°E.
    const loadingScreen = { ...CRUISE, cameraState: 11, latitudeDeg: 0, longitudeDeg: 0, altitudeFt: 0, fuelLbs: 0, simulationTimeSec: 0 };
    expect(msfsSignals(loadingScreen, true)).toEqual({ loading: 'loading or in a menu (camera state 11)' });
    expect(msfsSignals({ ...CRUISE, cameraState: 12 }, true).loading).toBe('loading or in a menu (camera state 12)');
    // Every flying camera is ready: cockpit, chase, drone, showcase...
    for (const cameraState of [2, 3, 4, 5, 6, 7, 8, 9, 10]) expect(msfsSignals({ ...PARKED, cameraState }, true).loading).toBeUndefined();
    // The replay (17) is not flying.
    expect(msfsSignals({ ...PARKED, cameraState: 17 }, true).loading).toBeDefined();
  });
});
