import dgram from 'node:dgram';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';
import { FlightGearConnector } from '../../src/connectors/flightgear/flightgear-connector';
import { parseFlightGearLine, type TFlightGearSample } from '../../src/connectors/flightgear/flightgear-protocol';
import type { TSimulatorReadinessState } from '../../src/connectors/simulator-connector';
import { waitFor } from './wait-for';

/** One datagram of a recording: when it arrived (ms after the recording started) and its line. */
export type TRecordedLine = { atMs: number; line: string };

/** Reads a recording made by fixtures/flightgear/record-udp.py (gzipped "<ms>\t<line>" rows). */
export function readFlightGearRecording(path: string): TRecordedLine[] {
  const text = gunzipSync(readFileSync(path)).toString('utf8');
  return text
    .split('\n')
    .filter((row) => row !== '')
    .map((row) => {
      const tab = row.indexOf('\t');
      return { atMs: Number(row.slice(0, tab)), line: row.slice(tab + 1) };
    });
}

/** The lines as FlightGear's own values (every recorded line parses). */
export function samplesOf(recording: readonly TRecordedLine[]): { atMs: number; sample: TFlightGearSample }[] {
  return recording.map(({ atMs, line }) => {
    const parsed = parseFlightGearLine(line);
    if (!parsed.ok) throw new Error(`recorded line at ${atMs} ms does not parse: ${parsed.reason}`);
    return { atMs, sample: parsed.sample };
  });
}

export type TReplay = {
  connector: FlightGearConnector;
  frames: TTelemetryFrame[];
  /** Readiness changes, with the recording time of the line that caused them. */
  readiness: { atMs: number; state: TSimulatorReadinessState }[];
  /** For each published frame, the recording time of its line. */
  frameAtMs: number[];
  /** The steady simulation rates the connector reported ([rate, previous rate]). */
  rates: [number, number][];
};

/**
 * Plays a recording to a FlightGearConnector over UDP, datagram by datagram, the connector's
 * wall clock set to `startMs` + the line's arrival time (so the replay runs as fast as the
 * socket allows and still sees the recorded timing).
 */
export async function replayThroughConnector(recording: readonly TRecordedLine[], startMs: number): Promise<TReplay> {
  let clockMs = startMs;
  let currentAtMs = 0;
  const connector = new FlightGearConnector({
    port: 0,
    aircraftIcao: 'C172',
    nowMs: () => clockMs,
    liveness: { connectTimeoutMs: 5_000, staleAfterMs: 60_000, retryIntervalMs: 60_000, giveUpAfterMs: 120_000 },
  });
  const frames: TTelemetryFrame[] = [];
  const frameAtMs: number[] = [];
  const readiness: TReplay['readiness'] = [];
  const rates: TReplay['rates'] = [];
  connector.on('simulation_rate', (rate, previousRate) => rates.push([rate, previousRate]));
  connector.on('frame', (frame) => {
    frames.push(frame);
    frameAtMs.push(currentAtMs);
  });
  connector.on('readiness', ({ state }) => readiness.push({ atMs: currentAtMs, state }));
  const socket = dgram.createSocket('udp4');
  try {
    const connecting = connector.connect();
    const port = await waitFor(() => connector.listeningPort, 2_000, 'the listening socket');
    let handled = 0;
    for (const [position, { atMs, line }] of recording.entries()) {
      clockMs = startMs + atMs;
      currentAtMs = atMs;
      await new Promise<void>((resolve, reject) =>
        socket.send(Buffer.from(`${line}\n`, 'utf8'), port, '127.0.0.1', (error) => (error ? reject(error) : resolve())),
      );
      handled += 1;
      // Polled at every turn of the event loop (waitFor's 10 ms would make a flight take minutes).
      const deadline = Date.now() + 2_000;
      while (connector.stats.messagesReceived + connector.stats.messagesRejected < handled) {
        if (Date.now() > deadline) throw new Error(`line ${position} was not received`);
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (position === 0) await connecting;
    }
  } finally {
    socket.close();
  }
  return { connector, frames, readiness, frameAtMs, rates };
}
