import type { TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';

/** A valid frame (A320 cruising), with overrides; `n` moves it along so frames differ. */
export function makeFrame(n = 0, overrides: Partial<TTelemetryFrame> = {}): TTelemetryFrame {
  return {
    timeMs: 1_700_000_000_000 + n * 1_000,
    position: { latitudeDeg: 45 + n * 0.001, longitudeDeg: 5 + n * 0.001, altitudeFtMsl: 35_000, altitudeFtAgl: 34_000 },
    groundSpeedKts: 450,
    indicatedAirspeedKts: 270,
    trueAirspeedKts: 460,
    verticalSpeedFpm: 0,
    headingDegTrue: 90,
    pitchDeg: 2.5,
    bankDeg: 0,
    gForce: 1,
    isOnGround: false,
    gearDownRatio: 0,
    flapsRatio: 0,
    spoilersRatio: 0,
    enginesRunning: [true, true],
    lights: { beacon: true, strobe: true, landing: false, taxi: false, nav: true },
    fuelKg: 8_000 - n,
    simulationRate: 1,
    isPaused: false,
    isParkingBrakeSet: false,
    transponder: '2000',
    isSeatBeltSignOn: true,
    aircraftTitle: 'Airbus A320neo',
    aircraftIcao: 'A20N',
    ...overrides,
  };
}
