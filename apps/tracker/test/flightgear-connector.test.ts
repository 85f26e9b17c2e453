import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ZTelemetryFrame, type TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';
import { FlightGearConnector } from '../src/connectors/flightgear/flightgear-connector';
import {
  FLIGHTGEAR_CHUNKS,
  parseFlightGearLine,
  renderFlightGearProtocolXml,
} from '../src/connectors/flightgear/flightgear-protocol';
import { FakeFlightGear } from './support/fake-flightgear';
import { waitFor } from './support/wait-for';

const PROTOCOL_XML = fileURLToPath(new URL('../protocol/contrail.xml', import.meta.url));

/** A FlightGear A320 (FGAddon A320-family) climbing out of LFPG, as its property tree holds it. */
const CLIMB_PROPERTIES: Record<string, number | boolean | string> = {
  '/position/latitude-deg': 49.0123456,
  '/position/longitude-deg': 2.5987654,
  '/position/altitude-ft': 8_123.4,
  '/position/altitude-agl-ft': 7_733.1,
  '/velocities/groundspeed-kt': 281.25,
  '/velocities/airspeed-kt': 250.4,
  '/instrumentation/airspeed-indicator/true-speed-kt': 283.6,
  '/velocities/vertical-speed-fps': 35.5, // 2130 fpm
  '/orientation/heading-deg': 359.996, // prints 360.00
  '/orientation/pitch-deg': 8.5,
  '/orientation/roll-deg': 12.25,
  '/accelerations/pilot-g': 1.081,
  '/gear/gear[0]/wow': false,
  '/gear/gear[1]/wow': false,
  '/gear/gear[2]/wow': false,
  '/gear/gear[0]/position-norm': 0,
  '/controls/flight/flaps': 0.25,
  '/surface-positions/speedbrake-pos-norm': 0,
  '/engines/engine[0]/running': true,
  '/engines/engine[1]/running': true,
  '/controls/lighting/beacon': true,
  '/controls/lighting/strobe': true,
  '/controls/lighting/landing-lights': true,
  '/controls/lighting/taxi-lights': true, // the airliner spelling
  '/controls/lighting/nav-lights': true,
  '/consumables/fuel/total-fuel-kg': 11_950.2,
  '/sim/speed-up': 1,
  '/sim/freeze/master': false,
  '/sim/freeze/clock': false,
  '/controls/gear/brake-parking': 0,
  '/instrumentation/transponder/id-code': 5017,
  '/controls/switches/seatbelt-sign': true,
  '/sim/description': 'Airbus A320-214 (CFM)',
  '/sim/aircraft': 'A320-200-CFM',
  '/sim/time/elapsed-sec': 1_234.5,
  '/sim/signals/fdm-initialized': true,
  '/sim/sceneryloaded': true,
};

const START_MS = 1_700_000_123_000;

describe('FlightGear connector (generic protocol over UDP)', () => {
  let flightgear: FakeFlightGear;
  let connector: FlightGearConnector | undefined;

  beforeEach(() => {
    flightgear = new FakeFlightGear(PROTOCOL_XML);
  });
  afterEach(async () => {
    await connector?.disconnect();
    connector = undefined;
    flightgear.close();
  });

  let clockMs = START_MS;

  /**
   * Connects and sends `properties` as FlightGear would sample them over two seconds (five lines
   * 0.5 s apart, FlightGear's clock advancing): the connector publishes once they have settled.
   */
  async function connect(properties: Record<string, number | boolean | string>): Promise<{ target: FlightGearConnector; frames: TTelemetryFrame[] }> {
    clockMs = START_MS;
    const target = new FlightGearConnector({
      port: 0,
      aircraftIcao: 'A320',
      nowMs: () => clockMs,
      liveness: { connectTimeoutMs: 2_000, staleAfterMs: 500, retryIntervalMs: 200, giveUpAfterMs: 5_000 },
    });
    connector = target;
    const frames: TTelemetryFrame[] = [];
    target.on('frame', (frame) => frames.push(frame));
    const connecting = target.connect();
    const port = await waitFor(() => target.listeningPort, 2_000, 'the listening socket');
    for (let line = 0; line < 4; line += 1) {
      clockMs = START_MS + line * 500;
      const simTimeSec = Number(properties['/sim/time/elapsed-sec'] ?? 0) + line * 0.5;
      await flightgear.send(port, flightgear.formatLine({ ...properties, '/sim/time/elapsed-sec': simTimeSec }));
      await waitFor(() => target.stats.messagesReceived === line + 1 || undefined, 2_000, `line ${line + 1}`);
      if (line === 0) await connecting;
    }
    return { target, frames };
  }

  it('ships a protocol file identical to the table the parser reads', () => {
    expect(readFileSync(PROTOCOL_XML, 'utf8')).toBe(renderFlightGearProtocolXml());
    expect(flightgear.chunks.map((chunk) => chunk.node)).toEqual(FLIGHTGEAR_CHUNKS.map((chunk) => chunk.node));
    // The protocol file must be well-formed XML: no double hyphen inside a comment.
    const comments = readFileSync(PROTOCOL_XML, 'utf8').match(/<!--([\s\S]*?)-->/g) ?? [];
    for (const comment of comments) expect(comment.slice(4, -3)).not.toContain('--');
  });

  it('turns real generic-protocol lines into valid frames', async () => {
    const { target, frames } = await connect(CLIMB_PROPERTIES);
    const frame = await waitFor(() => frames[0], 2_000, 'a frame');
    expect(() => ZTelemetryFrame.parse(frame)).not.toThrow();
    // The first three lines settle the state (withheld); the fourth is the first frame.
    expect(frames).toHaveLength(1);
    expect(target.stats.framesWithheld).toBe(3);
    expect(target.readiness.state).toBe('ready');
    expect(frame.timeMs).toBe(START_MS + 1_500);
    expect(frame.position).toEqual({
      latitudeDeg: 49.0123456,
      longitudeDeg: 2.5987654,
      altitudeFtMsl: 8_123.4,
      altitudeFtAgl: 7_733.1,
    });
    expect(frame.groundSpeedKts).toBe(281.25);
    expect(frame.indicatedAirspeedKts).toBe(250.4);
    expect(frame.trueAirspeedKts).toBe(283.6);
    expect(frame.verticalSpeedFpm).toBe(2_130);
    expect(frame.headingDegTrue).toBe(0); // 360.00 wraps to 0
    expect(frame.pitchDeg).toBe(8.5);
    expect(frame.bankDeg).toBe(12.25);
    expect(frame.gForce).toBe(1.081);
    expect(frame.isOnGround).toBe(false);
    expect(frame.flapsRatio).toBe(0.25);
    expect(frame.enginesRunning).toEqual([true, true]); // engines 2 and 3 do not exist
    expect(frame.lights).toEqual({ beacon: true, strobe: true, landing: true, taxi: true, nav: true });
    expect(frame.fuelKg).toBe(11_950.2);
    expect(frame.simulationRate).toBe(1);
    expect(frame.isPaused).toBe(false);
    expect(frame.isParkingBrakeSet).toBe(false);
    expect(frame.transponder).toBe('5017');
    expect(frame.isSeatBeltSignOn).toBe(true);
    expect(frame.aircraftTitle).toBe('Airbus A320-214 (CFM)');
    expect(frame.aircraftIcao).toBe('A320');
    expect(target.aircraft).toEqual({ aircraftTitle: 'Airbus A320-214 (CFM)', aircraftIcao: 'A320' });
  });

  it('reads a parked Cessna: on ground, paused, one stopped engine, the single-light spellings', async () => {
    const { frames, target } = await connect({
        ...CLIMB_PROPERTIES,
        '/position/altitude-agl-ft': 3.2,
        '/velocities/vertical-speed-fps': -0.01,
        '/gear/gear[1]/wow': true,
        '/gear/gear[0]/position-norm': 1,
        '/engines/engine[0]/running': false,
        '/engines/engine[1]/running': '',
        '/controls/lighting/landing-lights': false,
        '/controls/lighting/landing-light': true,
        '/controls/lighting/taxi-lights': false,
        '/controls/lighting/taxi-light': true,
        '/sim/freeze/master': true,
        '/controls/gear/brake-parking': 1,
        '/instrumentation/transponder/id-code': 7000,
        '/sim/description': '',
        '/sim/aircraft': 'c172p',
      });
    const frame = await waitFor(() => frames[0], 2_000, 'a frame');
    expect(target.readiness.state).toBe('paused');
    expect(frame.isOnGround).toBe(true);
    expect(frame.gearDownRatio).toBe(1);
    expect(frame.enginesRunning).toEqual([false]);
    expect(frame.lights.landing).toBe(true);
    expect(frame.lights.taxi).toBe(true);
    expect(frame.isPaused).toBe(true);
    expect(frame.isParkingBrakeSet).toBe(true);
    expect(frame.transponder).toBe('7000');
    expect(frame.aircraftTitle).toBe('c172p');
  });

  it('skips and counts lines with the wrong field count or a bad value, and keeps reading', async () => {
    const good = flightgear.formatLine(CLIMB_PROPERTIES);
    const { target, frames } = await connect(CLIMB_PROPERTIES);
    await waitFor(() => frames.length === 1, 2_000, 'the first frame');
    const port = target.listeningPort ?? 0;
    const fields = good.trimEnd().split('\t');
    await flightgear.send(port, fields.slice(1).join('\t') + '\n'); // one field short
    await flightgear.send(port, [...fields, 'extra'].join('\t') + '\n'); // one too many (a tab in a title)
    await flightgear.send(port, ['nan', ...fields.slice(1)].join('\t') + '\n'); // not a number
    await flightgear.send(port, good);
    await waitFor(() => frames.length === 2, 2_000, 'the frame after the bad lines');
    expect(target.stats.messagesRejected).toBe(3);
    expect(target.stats.messagesReceived).toBe(5);
    expect(target.lastRejection).toMatch(/latitude-deg: not a number/);
  });

  it('parses strictly', () => {
    const line = new FakeFlightGear(PROTOCOL_XML).formatLine(CLIMB_PROPERTIES).trimEnd();
    expect(parseFlightGearLine(line).ok).toBe(true);
    expect(parseFlightGearLine(line.replace('\t1\t', '\tyes\t'))).toMatchObject({ ok: false });
    expect(parseFlightGearLine('')).toEqual({ ok: false, reason: `expected ${FLIGHTGEAR_CHUNKS.length} fields, got 1` });
  });

  it('fails to connect when FlightGear sends nothing', async () => {
    const target = new FlightGearConnector({
      port: 0,
      liveness: { connectTimeoutMs: 100, staleAfterMs: 500, retryIntervalMs: 200, giveUpAfterMs: 5_000 },
    });
    await expect(target.connect()).rejects.toThrow(/No data from flightgear/);
    expect(target.status).toBe('idle');
  });
});
