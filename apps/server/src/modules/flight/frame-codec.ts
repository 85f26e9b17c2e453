import type { TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';

/**
 * The stored form of a telemetry frame: a JSON array of its values in a fixed order, as text.
 * About 40 % of the size of the frame object, and text instead of jsonb: PGlite writes 2.5 times
 * more frames per second this way (docs/decisions/0006-frame-ingestion.md). Frames are only read
 * back whole (replay after a restart, the live map's last position), never queried inside.
 * Only frames already validated by ZTelemetryFrame are encoded. An encoded frame is one line
 * (JSON.stringify escapes line breaks inside strings): commit groups send their frames one a line.
 */
const FORMAT = 1;

export const encodeFrame = (f: TTelemetryFrame): string => {
  const values: unknown[] = [
    FORMAT,
    f.timeMs,
    f.position.latitudeDeg,
    f.position.longitudeDeg,
    f.position.altitudeFtMsl,
    f.position.altitudeFtAgl,
    f.groundSpeedKts,
    f.indicatedAirspeedKts,
    f.trueAirspeedKts,
    f.verticalSpeedFpm,
    f.headingDegTrue,
    f.pitchDeg,
    f.bankDeg,
    f.gForce,
    f.isOnGround ? 1 : 0,
    f.gearDownRatio,
    f.flapsRatio,
    f.spoilersRatio,
    f.enginesRunning.map((running) => (running ? 1 : 0)),
    (f.lights.beacon ? 1 : 0) | (f.lights.strobe ? 2 : 0) | (f.lights.landing ? 4 : 0) | (f.lights.taxi ? 8 : 0) | (f.lights.nav ? 16 : 0),
    f.fuelKg,
    f.simulationRate,
    f.isPaused ? 1 : 0,
    f.isParkingBrakeSet ? 1 : 0,
    f.transponder,
    f.isSeatBeltSignOn ? 1 : 0,
    f.aircraftTitle,
    f.aircraftIcao,
  ];
  // Optional fields go after the fixed ones, only when a connector gives one (null for the other),
  // so frames without them keep their size and frames stored before them still decode.
  if (f.isMainGearOnGround !== undefined || f.touchdownVerticalSpeedFpm !== undefined) {
    values.push(f.isMainGearOnGround === undefined ? null : f.isMainGearOnGround ? 1 : 0, f.touchdownVerticalSpeedFpm ?? null);
  }
  return JSON.stringify(values);
};

type Encoded = [
  number, number, number, number, number, number, number, number, number, number, number, number, number, number,
  number, number, number, number, number[], number, number, number, number, number, string, number, string, string,
  (0 | 1 | null)?, (number | null)?,
];

/** Reads an encoded frame back; throws on an unknown format. */
export const decodeFrame = (text: string): TTelemetryFrame => {
  const v = JSON.parse(text) as Encoded;
  if (v[0] !== FORMAT) throw new Error(`unknown frame format ${String(v[0])}`);
  const lights = v[19];
  return {
    timeMs: v[1],
    position: { latitudeDeg: v[2], longitudeDeg: v[3], altitudeFtMsl: v[4], altitudeFtAgl: v[5] },
    groundSpeedKts: v[6],
    indicatedAirspeedKts: v[7],
    trueAirspeedKts: v[8],
    verticalSpeedFpm: v[9],
    headingDegTrue: v[10],
    pitchDeg: v[11],
    bankDeg: v[12],
    gForce: v[13],
    isOnGround: v[14] === 1,
    gearDownRatio: v[15],
    flapsRatio: v[16],
    spoilersRatio: v[17],
    enginesRunning: v[18].map((running) => running === 1),
    lights: { beacon: (lights & 1) !== 0, strobe: (lights & 2) !== 0, landing: (lights & 4) !== 0, taxi: (lights & 8) !== 0, nav: (lights & 16) !== 0 },
    fuelKg: v[20],
    simulationRate: v[21],
    isPaused: v[22] === 1,
    isParkingBrakeSet: v[23] === 1,
    transponder: v[24],
    isSeatBeltSignOn: v[25] === 1,
    aircraftTitle: v[26],
    aircraftIcao: v[27],
    ...(v[28] === undefined || v[28] === null ? {} : { isMainGearOnGround: v[28] === 1 }),
    ...(v[29] === undefined || v[29] === null ? {} : { touchdownVerticalSpeedFpm: v[29] }),
  };
};
