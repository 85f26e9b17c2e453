import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TFlight } from '@contrail/domain/flight-api/flight-contract';
import { LIVE_NAMESPACE, type LiveClientToServer, type LiveServerToClient, type TInProgressFlightItem } from '@contrail/domain/live/live-map-contract';
import { createTestApp, type TestApp } from '../support/test-app';
import { createSignedInUser } from '../support/factories';
import { connected, listen, nextEvent, OWED_PUSH_WAIT_MS, openUplink, registerShortHop, sendFrames, shortHopFrames } from '../flight/support/flight-kit';
import { api } from '../support/api';
import { flightRoutes } from '@contrail/domain/flight-api/flight-routes';

let t: TestApp;
let baseUrl: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listen(t.app);
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => t?.close());

/**
 * The pilot's own map, in a browser whose hub records nothing: the flight is registered and
 * streamed by another device (`tracker fly`, a tracker on another computer). The in-progress list
 * leaves the caller's flight out (it lists the other pilots' traffic); the map draws it from the pilot's flight in
 * progress, read again at each push of the live channel.
 */
describe("the pilot's own flight recorded by another device reaches their map", () => {
  it('pushes a refresh to their live map, and their flight in progress carries where the aircraft is and the track flown', async () => {
    const pilot = await createSignedInUser(t.app);
    const watcher = await createSignedInUser(t.app);
    const browser: Socket<LiveServerToClient, LiveClientToServer> = io(`${baseUrl}${LIVE_NAMESPACE}`, {
      auth: { token: pilot.token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(browser);
    await connected(browser);

    // The other device registers and streams, as `tracker fly` does.
    const onRegistration = nextEvent(browser, 'InProgressFlightsRefresh', OWED_PUSH_WAIT_MS);
    const flight = await registerShortHop(t.app, pilot.headers);
    await onRegistration;
    const uplink = openUplink(baseUrl, { flightId: flight.id, token: flight.token });
    sockets.push(uplink);
    await connected(uplink);
    const frames = shortHopFrames(t.clock.now().getTime());
    // Past boarding and pushback: 25 minutes of frames, the aircraft has moved from the gate.
    const sent = 1500;
    const onFrames = nextEvent(browser, 'InProgressFlightsRefresh', OWED_PUSH_WAIT_MS);
    await sendFrames(uplink, frames, 1, sent);
    await onFrames;

    const own = (await api(t.app, pilot.headers).inject(flightRoutes.retrieveForUser)).json<TFlight | null>();
    expect(own?.id).toBe(flight.id);
    expect(own?.status).toBe('in_progress');
    const last = frames[sent - 1]!;
    expect(own?.aircraft.position?.latitude).toBeCloseTo(last.position.latitudeDeg, 5);
    expect(own?.aircraft.position?.longitude).toBeCloseTo(last.position.longitudeDeg, 5);
    expect(own?.aircraft.heading).toBe(Math.round(last.headingDegTrue));
    expect(own?.flightStep).not.toBe('none');
    // The track flown, for the map's line: it starts at the gate and moves.
    expect(own?.positionHistory.length).toBeGreaterThan(1);
    const [firstPoint] = own!.positionHistory;
    expect(firstPoint!.latitude).toBeCloseTo(frames[0]!.position.latitudeDeg, 3);
    // Streamed by the other device: this browser is not the one recording it.
    expect(own?.isRetrievedButNotSubscribed).toBe(false);

    // The list the map draws as Contrail traffic leaves the pilot's own flight out, and shows it to others.
    const list = (headers: Record<string, string>) =>
      api(t.app, headers).inject(flightRoutes.list, { query: { status: 'in_progress' } }).then((response) => response.json<TInProgressFlightItem[]>());
    expect((await list(pilot.headers)).map((item) => item.id)).not.toContain(flight.id);
    expect((await list(watcher.headers)).map((item) => item.id)).toContain(flight.id);

    await api(t.app, pilot.headers).inject(flightRoutes.cancel, { params: { id: flight.id } });
  }, 4 * OWED_PUSH_WAIT_MS);
});
