import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TStartRequest } from '@contrail/domain/live/tracker-hub-contract';
import { flightAirportPosition } from '@contrail/test-support/reference-airports';
import { REFERENCE_FLIGHT } from '@contrail/test-support/reference-flight';
import { BuiltinSimulatorConnector } from '../src/connectors/builtin/builtin-connector';
import { ZServeConfig } from '../src/config/tracker-config';
import { TrackerHub, type TTrackerHubOptions } from '../src/hub/tracker-hub';
import dgram from 'node:dgram';
import { fileURLToPath } from 'node:url';
import { BrowserClient } from './support/browser-client';
import { FakeFlightGear } from './support/fake-flightgear';
import { FakeUplinkServer } from './support/fake-uplink-server';
import { waitFor } from './support/wait-for';

const WEB_ORIGIN = 'http://localhost:8080';
const TOKEN = 'flight-token-0123456789abcdef';

/** The reference flight, EGLL -> LFPG (positions from OurAirports; runways left to the simulator). */
const START: TStartRequest = {
  simulator: 'builtin',
  builtin: {
    departure: flightAirportPosition(REFERENCE_FLIGHT.departure),
    arrival: flightAirportPosition(REFERENCE_FLIGHT.arrival),
    aircraftIcao: REFERENCE_FLIGHT.aircraft.icao,
    cruiseLevelFt: 20_000,
    simulationRate: 100,
  },
};

const LIVENESS = { connectTimeoutMs: 300, staleAfterMs: 2_000, retryIntervalMs: 500, giveUpAfterMs: 10_000 };

describe('tracker hub', () => {
  let dataDir: string;
  const hubs: TrackerHub[] = [];
  const browsers: BrowserClient[] = [];
  const servers: FakeUplinkServer[] = [];

  async function startHub(overrides: Partial<TTrackerHubOptions> = {}): Promise<TrackerHub> {
    const hub = await TrackerHub.start({
      ...ZServeConfig.parse({ port: 0, webOrigins: [WEB_ORIGIN], dataDir }),
      liveness: LIVENESS,
      recording: { reconnectDelayMs: 20, reconnectDelayMaxMs: 100, ackTimeoutMs: 2_000 },
      uplinkConnectTimeoutMs: 3_000,
      ...overrides,
    });
    hubs.push(hub);
    return hub;
  }

  async function openBrowser(hub: TrackerHub, origin: string | undefined = WEB_ORIGIN): Promise<BrowserClient> {
    const browser = new BrowserClient(hub.port, origin);
    browsers.push(browser);
    await browser.connected();
    return browser;
  }

  async function startServer(port = 0, from?: FakeUplinkServer): Promise<FakeUplinkServer> {
    const server = await FakeUplinkServer.start(port, from?.flights);
    servers.push(server);
    return server;
  }

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'contrail-hub-'));
  });
  afterEach(async () => {
    for (const browser of browsers.splice(0)) browser.close();
    for (const hub of hubs.splice(0)) await hub.close();
    for (const server of servers.splice(0)) await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  describe('origin check at the handshake', () => {
    it('accepts the web app origin and reports the initial status `disconnect`', async () => {
      const hub = await startHub();
      const browser = await openBrowser(hub);
      await browser.waitForStatus('disconnect');
      expect(browser.statuses()).toEqual(['disconnect']);
    });

    it('refuses another origin, and a client without origin', async () => {
      const hub = await startHub();
      await expect(new BrowserClient(hub.port, 'http://evil.example').connected()).rejects.toThrow();
      await expect(new BrowserClient(hub.port, 'http://localhost:8081').connected()).rejects.toThrow();
      await expect(new BrowserClient(hub.port, undefined).connected()).rejects.toThrow();
      // The hub is still there for the web app.
      await openBrowser(hub);
    });

    it('refuses the polling transport from another origin too', async () => {
      const hub = await startHub();
      const refused = await fetch(`http://127.0.0.1:${hub.port}/socket.io/?EIO=4&transport=polling`, { headers: { origin: 'http://evil.example' } });
      expect(refused.status).toBe(403);
      const accepted = await fetch(`http://127.0.0.1:${hub.port}/socket.io/?EIO=4&transport=polling`, { headers: { origin: WEB_ORIGIN } });
      expect(accepted.status).toBe(200);
      expect(accepted.headers.get('access-control-allow-origin')).toBe(WEB_ORIGIN);
      await accepted.text();
    });
  });

  describe('a flight through the hub', () => {
    it('Start -> connected + ReadyToRecord; StartRecord -> recording and frames reach the server; controls; CompleteFlight', async () => {
      const server = await startServer();
      const flightId = randomUUID();
      const flight = server.addFlight(flightId, TOKEN, { isReadyToEnd: false });
      const hub = await startHub();
      const browser = await openBrowser(hub);
      const otherTab = await openBrowser(hub);

      expect(await browser.request('Start', START)).toEqual({ ok: true });
      await browser.waitForStatus('connected');
      expect(await browser.waitForMessage('ReadyToRecord')).toEqual({ simulator: 'builtin', aircraftTitle: expect.any(String), aircraftIcao: REFERENCE_FLIGHT.aircraft.icao });

      // Controls need a recorded flight.
      expect(await browser.request('SwitchIfe')).toEqual({ accepted: false, rejection: 'No flight is being recorded' });

      expect(await browser.request('StartRecord', { flightId, token: TOKEN, serverUrl: server.url })).toEqual({ ok: true });
      await browser.waitForStatus('recording');
      await otherTab.waitForStatus('recording');
      await waitFor(() => flight.stored.length >= 30, 5_000, 'frames at the server');
      // The uplink names the simulator: the server makes a built-in-simulator flight practice.
      expect(flight.simulator).toBe('builtin');

      // A cabin control reaches the server, and the built-in simulator's sign follows the pilot's switch.
      const connector = hub.currentConnector;
      expect(connector).toBeInstanceOf(BuiltinSimulatorConnector);
      const signBefore = (connector as BuiltinSimulatorConnector).isSeatBeltSignOn;
      expect(await browser.request('SwitchSeatBeltSign')).toEqual({ accepted: true, rejection: null });
      expect((connector as BuiltinSimulatorConnector).isSeatBeltSignOn).toBe(!signBefore);
      // Wait for a frame the simulator made after the switch, not for a few more frames: on a loaded
      // machine the uplink lags behind the simulator, and the next frames stored were made before it.
      const switchedAtMs = (connector as BuiltinSimulatorConnector).flight.timeMs;
      await waitFor(() => (flight.stored.at(-1)?.frame.timeMs ?? 0) > switchedAtMs, 5_000, 'a frame made after the switch');
      expect(flight.stored.at(-1)?.frame.isSeatBeltSignOn).toBe(!signBefore);
      // The server's answer is relayed to every tab.
      expect(await otherTab.waitForMessage('SeatBeltSignSwitched')).toEqual({ flightId, isOn: true });

      expect(await browser.request('ServeFood', { foodType: 1 })).toEqual({ accepted: true, rejection: null });
      const invalid = (await browser.request('ServeFood', { foodType: 42 })) as { accepted: boolean; rejection: string };
      expect(invalid.accepted).toBe(false);
      expect(invalid.rejection).toMatch(/Invalid control/);
      // A new cruise level reaches the server and the built-in simulator will fly it.
      expect(await browser.request('UpdateCruiseLevel', { cruiseLevelFt: 24_000 })).toEqual({ accepted: true, rejection: null });
      expect((connector as BuiltinSimulatorConnector).flight.events).toContainEqual(expect.objectContaining({ kind: 'cruiseLevelChanged', levelFt: 24_000 }));
      // A diversion reaches the server and the built-in simulator flies to the new airport.
      const lfob = { ident: 'LFOB', position: { latitudeDeg: 49.4544, longitudeDeg: 2.11278, elevationFt: 359 } };
      expect(await browser.request('DivertFlight', { arrival: lfob })).toEqual({ accepted: true, rejection: null });
      expect((connector as BuiltinSimulatorConnector).flight.destinationIdent).toBe('LFOB');
      expect(flight.controls).toEqual([
        { type: 'SwitchSeatBeltSign' },
        { type: 'ServeFood', foodType: 1 },
        { type: 'UpdateCruiseLevel', cruiseLevelFt: 24_000 },
        { type: 'DivertFlight', arrival: lfob },
      ]);

      // The server refuses to complete (not ready): FlightError, still recording.
      const refused = (await browser.request('CompleteFlight')) as { ok: boolean; error: { code: string } };
      expect(refused).toEqual({ ok: false, error: { code: 'ERR_0040', message: 'The flight is not ready to be completed' } });
      expect(await browser.waitForMessage('FlightError')).toEqual({ message: 'The flight is not ready to be completed', errorCode: 'ERR_0040' });
      expect(hub.connectionStatus).toBe('recording');

      server.emitTo(flightId, 'ReadyToEndFlight', { flightId });
      expect(await otherTab.waitForMessage('ReadyToEndFlight')).toEqual({ flightId });
      flight.isReadyToEnd = true;

      expect(await browser.request('CompleteFlight')).toEqual({ ok: true });
      expect(await otherTab.waitForMessage('FlightCompleted')).toMatchObject({ flightId, fc: 120, xp: 35 });
      await browser.waitForStatus('disconnect');
      // Every frame journaled was delivered once, in order, before completion; the journal is gone.
      expect(flight.stored.map((item) => item.seq)).toEqual(Array.from({ length: flight.stored.length }, (_, index) => index + 1));
      expect(flight.status).toBe('complete');
      expect(await readdir(path.join(dataDir, 'uplink'))).toEqual([]);
      expect(browser.messages('FlightCompleted')).toHaveLength(1);
    });

    it('the built-in simulator boards until its flight is recorded, then boards its whole time', async () => {
      const server = await startServer();
      const flightId = randomUUID();
      server.addFlight(flightId, TOKEN);
      const hub = await startHub();
      const browser = await openBrowser(hub);
      expect(await browser.request('Start', START)).toEqual({ ok: true });
      const simulated = (hub.currentConnector as BuiltinSimulatorConnector).flight;

      // The pilot takes an hour to register the flight: the aircraft is still boarding at the gate.
      simulated.step(3_600);
      expect(simulated.phase).toBe('boarding');
      expect(await browser.request('StartRecord', { flightId, token: TOKEN, serverUrl: server.url })).toEqual({ ok: true });
      // Recorded from here: the doors close after the whole boarding time (600 s), not at once.
      expect(simulated.phase).toBe('boarding');
      simulated.step(610);
      expect(simulated.phase).toBe('engineStart');
    });

    it('StartPaxNCargo passes through pncready once the server sends PncReady', async () => {
      const server = await startServer();
      const flightId = randomUUID();
      server.addFlight(flightId, TOKEN, { isPnc: true });
      const hub = await startHub();
      const browser = await openBrowser(hub);
      expect(await browser.request('Start', START)).toEqual({ ok: true });
      expect(await browser.request('StartPaxNCargo', { flightId, token: TOKEN, serverUrl: server.url })).toEqual({ ok: true });
      await browser.waitForStatus('recording');
      expect(browser.statuses()).toEqual(['disconnect', 'connected', 'pncready', 'recording']);
      expect(await browser.waitForMessage('PncReady')).toEqual({ flightId });
    });

    it('CancelFlight cancels on the server and resets; StartRecord with a bad token is refused', async () => {
      const server = await startServer();
      const flightId = randomUUID();
      const flight = server.addFlight(flightId, TOKEN);
      const hub = await startHub();
      const browser = await openBrowser(hub);
      expect(await browser.request('Start', START)).toEqual({ ok: true });

      const bad = (await browser.request('StartRecord', { flightId, token: 'wrong-token-0123456789', serverUrl: server.url })) as {
        ok: boolean;
        error: { code: string; message: string };
      };
      expect(bad.ok).toBe(false);
      expect(bad.error.message).toMatch(/refused.*bad token/);
      expect(hub.connectionStatus).toBe('connected');

      expect(await browser.request('StartRecord', { flightId, token: TOKEN, serverUrl: server.url })).toEqual({ ok: true });
      await browser.waitForStatus('recording');
      expect(await browser.request('CancelFlight')).toEqual({ ok: true });
      expect(await browser.waitForMessage('FlightCanceled')).toEqual({ flightId });
      await browser.waitForStatus('disconnect');
      expect(flight.status).toBe('canceled');
      expect(await readdir(path.join(dataDir, 'uplink'))).toEqual([]);
    });

    it('refuses a bad Start, an unknown aircraft, and a simulator that does not answer (connection_failed)', async () => {
      const hub = await startHub({ simulators: { ...ZServeConfig.parse({}).simulators, xplanePort: 9 } });
      const browser = await openBrowser(hub);
      const invalid = (await browser.request('Start', { simulator: 'p3d' })) as { ok: boolean; error: { code: string } };
      expect(invalid).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
      const unknownType = (await browser.request('Start', { ...START, builtin: { ...START.builtin, aircraftIcao: 'ZZZZ' } })) as {
        ok: boolean;
        error: { code: string; message: string };
      };
      expect(unknownType).toMatchObject({ ok: false, error: { code: 'invalid_flight' } });
      expect(unknownType.error.message).toMatch(/ZZZZ/);
      await browser.waitForStatus('connection_failed');
      const noXPlane = (await browser.request('Start', { simulator: 'xplane' })) as { ok: boolean; error: { code: string } };
      expect(noXPlane).toMatchObject({ ok: false, error: { code: 'connection_failed' } });
      expect(browser.messages('HubError').length).toBeGreaterThanOrEqual(3);
    });
  });

  describe('resume after a restart', () => {
    it('a restarted tracker resends the journal of the flight in progress, and nothing twice', async () => {
      const server = await startServer();
      const flightId = randomUUID();
      const flight = server.addFlight(flightId, TOKEN);
      const first = await startHub();
      const browser = await openBrowser(first);
      expect(await browser.request('Start', START)).toEqual({ ok: true });
      expect(await browser.request('StartRecord', { flightId, token: TOKEN, serverUrl: server.url })).toEqual({ ok: true });
      await waitFor(() => flight.stored.length >= 20, 5_000, 'frames at the server');

      // The server goes down; frames pile up in the journal; then the tracker stops.
      await server.stop();
      servers.splice(0);
      const emittedWhenServerStopped = first.currentConnector?.stats.framesEmitted ?? 0;
      await browser.waitForStatus('reconnecting');
      // More than ten frames the server never saw wait in the journal before the tracker stops. A fixed
      // 200 ms pause was a race: on a loaded machine the simulator's 10 ms ticks starve and too few
      // frames piled up. They are counted from the simulator, not from the uplink's pending frames:
      // those also hold the last batch the server stored but could not acknowledge as it went down,
      // a large one when the uplink lags on a loaded machine.
      await waitFor(
        () => (first.currentConnector?.stats.framesEmitted ?? 0) > emittedWhenServerStopped + 10,
        3_000,
        'frames journaled while the server is down',
      );
      await first.close();
      hubs.splice(0);
      browser.close();
      const deliveredBefore = flight.stored.length;

      // Server and tracker come back; the tracker finds the flight in its data folder.
      const restarted = await startServer(server.port, server);
      const second = await startHub();
      expect(second.currentFlightId).toBe(flightId);
      const again = await openBrowser(second);
      await again.waitForStatus('recording');
      expect(await again.waitForMessage('Reconnection')).toMatchObject({ flightId, lastAckSeq: expect.any(Number) });
      const resumed = restarted.flights.get(flightId);
      await waitFor(() => (resumed?.stored.length ?? 0) > deliveredBefore + 10, 5_000, 'journaled frames delivered');
      expect(resumed?.stored.map((item) => item.seq)).toEqual(Array.from({ length: resumed?.stored.length ?? 0 }, (_, index) => index + 1));
      expect(resumed?.duplicates).toBe(0);

      // The pilot cancels the resumed flight from the web app.
      expect(await again.request('CancelResumedFlight', { flightId, token: TOKEN, serverUrl: restarted.url })).toEqual({ ok: true });
      expect(await again.waitForMessage('FlightCanceled')).toEqual({ flightId });
      expect(await readdir(path.join(dataDir, 'uplink'))).toEqual([]);
    });

    it('CancelResumedFlight cancels a flight this tracker never recorded', async () => {
      const server = await startServer();
      const flightId = randomUUID();
      const flight = server.addFlight(flightId, TOKEN);
      const hub = await startHub({ serverUrl: server.url });
      const browser = await openBrowser(hub);
      // No serverUrl: the tracker's configured server.
      expect(await browser.request('CancelResumedFlight', { flightId, token: TOKEN })).toEqual({ ok: true });
      expect(flight.status).toBe('canceled');
      expect(await browser.waitForMessage('FlightCanceled')).toEqual({ flightId });
    });
  });

  describe('a simulator that is still loading', () => {
    it('reports FlightGear loading, refuses StartRecord until it is ready, then sends ReadyToRecord', async () => {
      const flightgearPort = await new Promise<number>((resolve) => {
        const probe = dgram.createSocket('udp4');
        probe.bind(0, '127.0.0.1', () => {
          const { port } = probe.address();
          probe.close(() => resolve(port));
        });
      });
      const logs: string[] = [];
      const hub = await startHub({
        simulators: { xplaneHost: '127.0.0.1', xplanePort: 49_000, flightgearHost: '127.0.0.1', flightgearPort },
        log: (line) => logs.push(line),
      });
      const browser = await openBrowser(hub);
      const flightgear = new FakeFlightGear(fileURLToPath(new URL('../protocol/contrail.xml', import.meta.url)));
      // FlightGear 2020.3 while it loads: -9999 ft, no fuel, its flight model not initialised.
      const parked = {
        '/position/latitude-deg': 21.3068,
        '/position/longitude-deg': -157.9106452,
        '/position/altitude-ft': 11,
        '/position/altitude-agl-ft': 4,
        '/orientation/heading-deg': 270,
        '/accelerations/pilot-g': 1,
        '/gear/gear[0]/wow': true,
        '/gear/gear[1]/wow': true,
        '/gear/gear[2]/wow': true,
        '/gear/gear[0]/position-norm': 1,
        '/engines/engine[0]/running': false,
        '/consumables/fuel/total-fuel-kg': 29.4,
        '/sim/speed-up': 1,
        '/sim/aircraft': 'c172p',
        '/sim/description': 'Cessna 172P Skyhawk (1982)',
        '/sim/signals/fdm-initialized': true,
        '/sim/sceneryloaded': true,
      };
      const loading = { ...parked, '/position/altitude-ft': -9999, '/position/altitude-agl-ft': 0, '/consumables/fuel/total-fuel-kg': 0, '/sim/signals/fdm-initialized': false, '/sim/sceneryloaded': false };
      let isLoaded = false;
      let simTimeSec = 0;
      const timer = setInterval(() => {
        simTimeSec += 0.5;
        void flightgear.send(flightgearPort, flightgear.formatLine({ ...(isLoaded ? parked : loading), '/sim/time/elapsed-sec': simTimeSec }));
      }, 50);
      try {
        expect(await browser.request('Start', { simulator: 'flightgear' })).toEqual({ ok: true });
        await waitFor(() => browser.messages('SimulatorReadiness').length > 0 || undefined, 5_000, 'SimulatorReadiness');
        expect(browser.messages('SimulatorReadiness')).toEqual([{ simulator: 'flightgear', state: 'loading' }]);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(browser.messages('ReadyToRecord')).toEqual([]);
        expect(hub.currentConnector?.stats.framesEmitted).toBe(0);
        const refused = await browser.request('StartRecord', { flightId: randomUUID(), token: TOKEN, serverUrl: 'http://127.0.0.1:9' });
        expect(refused).toMatchObject({ ok: false, error: { code: 'simulator_loading' } });
        expect(logs.some((line) => line.startsWith('hub: waiting for flightgear to finish loading (flight model loading)'))).toBe(true);

        isLoaded = true;
        const ready = (await browser.waitForMessage('ReadyToRecord')) as { simulator: string; aircraftTitle: string };
        expect(ready).toMatchObject({ simulator: 'flightgear', aircraftTitle: 'Cessna 172P Skyhawk (1982)' });
        expect(browser.messages('SimulatorReadiness').at(-1)).toEqual({ simulator: 'flightgear', state: 'ready' });
        expect(hub.currentConnector?.stats.framesWithheld).toBeGreaterThanOrEqual(3);
      } finally {
        clearInterval(timer);
        flightgear.close();
      }
    });
  });
});
