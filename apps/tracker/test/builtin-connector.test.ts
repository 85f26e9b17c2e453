import { afterEach, describe, expect, it } from 'vitest';
import { ZTelemetryFrame, type TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';
import type { TSimulatedFlightPlan } from '@contrail/sim/simulated-flight-plan';
import { A320, simAircraft } from '@contrail/test-support/reference-aircraft';
import { EGLL, LFPG, simAirport } from '@contrail/test-support/reference-airports';
import { createSimulatedFlight } from '@contrail/sim/simulated-flight';
import { BuiltinSimulatorConnector } from '../src/connectors/builtin/builtin-connector';
import { waitFor } from './support/wait-for';

/** LFPG -> EGLL in an A320, runway 27R to 27R (real runway thresholds, OurAirports). */
const PLAN: TSimulatedFlightPlan = {
  departure: simAirport(LFPG, '27R'),
  arrival: simAirport(EGLL, '27R'),
  aircraft: simAircraft(A320),
  cruiseLevelFt: 35_000,
  startTimeMs: 1_700_000_000_000,
};

const LIVENESS = { connectTimeoutMs: 1_000, staleAfterMs: 150, retryIntervalMs: 50, giveUpAfterMs: 5_000 };

describe('built-in simulator connector', () => {
  let connector: BuiltinSimulatorConnector | undefined;
  afterEach(async () => {
    await connector?.disconnect();
    connector = undefined;
  });

  it('connects at once and streams valid frames of the planned aircraft, in time order', async () => {
    // Rate 60: every 10 ms tick is 0.6 simulated seconds.
    connector = BuiltinSimulatorConnector.fromPlan(PLAN, { simulationRate: 60 }, { frameIntervalMs: 10, liveness: LIVENESS });
    await connector.connect();
    expect(connector.status).toBe('connected');
    expect(connector.aircraft.aircraftIcao).toBe('A320');
    const frames: TTelemetryFrame[] = [];
    for await (const frame of connector.frames()) {
      frames.push(frame);
      if (frames.length === 10) break;
    }
    for (const frame of frames) expect(ZTelemetryFrame.safeParse(frame).success).toBe(true);
    expect(frames[0]?.isOnGround).toBe(true);
    expect(frames[0]?.position.latitudeDeg).toBeCloseTo(49.0128, 2);
    const times = frames.map((frame) => frame.timeMs);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(times.length);
    // 0.6 simulated seconds per tick at rate 60 is 10 ms of the flight's wall clock.
    expect((times[9] ?? 0) - (times[8] ?? 0)).toBe(10);
  });

  it('at 128x publishes a frame every 2 simulated seconds, not one per tick, so the engine sees the real profile', async () => {
    // One 50 ms tick at rate 128 is 6.4 simulated seconds: four frames (2 + 2 + 2 + 0.4 s).
    connector = BuiltinSimulatorConnector.fromPlan(PLAN, { simulationRate: 128 }, { frameIntervalMs: 50, liveness: LIVENESS });
    await connector.connect();
    const frames: TTelemetryFrame[] = [];
    for await (const frame of connector.frames()) {
      frames.push(frame);
      if (frames.length === 13) break;
    }
    const gapsMs = frames.slice(2).map((frame, index) => frame.timeMs - frames[index + 1]!.timeMs);
    // 2 simulated seconds at 128x is 15.6 ms of the flight's clock; never a whole tick's 6.4 s (50 ms) in one frame.
    expect(Math.max(...gapsMs)).toBeLessThanOrEqual(16);
    expect(gapsMs.every((gap) => gap > 0)).toBe(true);
    expect(frames.every((frame) => frame.simulationRate === 128)).toBe(true);
  });

  it('goes reconnecting during a dropped connection and comes back', async () => {
    connector = BuiltinSimulatorConnector.fromPlan(PLAN, { simulationRate: 10 }, { frameIntervalMs: 10, liveness: LIVENESS });
    const events: string[] = [];
    connector.on('reconnecting', () => events.push('reconnecting'));
    connector.on('connected', () => events.push('connected'));
    await connector.connect();
    // 3 simulated seconds of silence = 300 ms of wall time at rate 10, longer than staleAfterMs.
    connector.inject({ kind: 'droppedConnection', durationSeconds: 3 });
    await waitFor(() => events.includes('reconnecting'), 2_000, 'reconnecting');
    await waitFor(() => connector?.status === 'connected' && events.at(-1) === 'connected', 3_000, 'connected again');
    expect(events.filter((event) => event === 'connected')).toHaveLength(2);
  });

  it('keeps streaming the parked aircraft once the flight is over, so waiting to complete it never reads as a lost simulator', async () => {
    const flight = createSimulatedFlight(PLAN, { simulationRate: 60 });
    while (!flight.isFinished) flight.step(30);
    connector = new BuiltinSimulatorConnector(flight, { frameIntervalMs: 10, liveness: LIVENESS });
    const events: string[] = [];
    connector.on('reconnecting', () => events.push('reconnecting'));
    connector.on('disconnect', (reason) => events.push(`disconnect ${reason}`));
    await connector.connect();
    const frames: TTelemetryFrame[] = [];
    // 40 ticks of 10 ms: longer than staleAfterMs (150 ms), so silence would have gone stale.
    for await (const frame of connector.frames()) {
      frames.push(frame);
      if (frames.length === 40) break;
    }
    expect(events).toEqual([]);
    expect(connector.status).toBe('connected');
    expect(frames.every((frame) => frame.isOnGround && frame.groundSpeedKts < 1 && !frame.enginesRunning.some(Boolean))).toBe(true);
    const times = frames.map((frame) => frame.timeMs);
    expect(new Set(times).size).toBe(times.length);
  });

  it('ends the frames iterator on disconnect', async () => {
    connector = BuiltinSimulatorConnector.fromPlan(PLAN, {}, { frameIntervalMs: 10, liveness: LIVENESS });
    await connector.connect();
    const iterator = connector.frames();
    expect((await iterator.next()).done).toBe(false);
    await connector.disconnect();
    // Frames already buffered may still come; then the iterator ends.
    for (let i = 0; i < 5; i += 1) {
      const result = await iterator.next();
      if (result.done === true) return;
    }
    throw new Error('the iterator did not end');
  });

  it('refuses an invalid plan with a clear error', () => {
    expect(() => BuiltinSimulatorConnector.fromPlan({ ...PLAN, cruiseLevelFt: -5 })).toThrow(/cruiseLevelFt/);
  });
});
