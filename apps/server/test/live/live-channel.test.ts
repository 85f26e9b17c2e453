import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_NAMESPACE, LIVE_UNAUTHORIZED, type LiveClientToServer, type LiveServerToClient } from '@contrail/domain/live/live-map-contract';
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

const liveMap = (token: unknown): Socket<LiveServerToClient, LiveClientToServer> => {
  const socket = io(`${baseUrl}${LIVE_NAMESPACE}`, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  return socket;
};

describe('the live channel (/live)', () => {
  it('refuses a missing, invalid or expired access token with unauthorized', async () => {
    const pilot = await createSignedInUser(t.app);
    const expired = await t.app.accessTokens.issue({ id: pilot.user.id, userName: pilot.user.userName }, new Date(t.clock.now().getTime() - 3_600_000));
    for (const token of [undefined, '', 'not-a-jwt', `${pilot.token}x`, expired.token]) {
      await expect(connected(liveMap(token))).rejects.toThrow(LIVE_UNAUTHORIZED);
    }
    await connected(liveMap(pilot.token));
  });

  it("closes a connection when its token expires on the server's clock, and not before", async () => {
    const pilot = await createSignedInUser(t.app);
    const ttlMs = t.app.deps.config.ACCESS_TOKEN_TTL_SECONDS * 1000;
    // Issued so that it expires one to two seconds from the server's now (a JWT counts whole seconds).
    const closing = await t.app.accessTokens.issue({ id: pilot.user.id, userName: pilot.user.userName }, new Date(t.clock.now().getTime() - ttlMs + 2000));
    const socket = liveMap(closing.token);
    await connected(socket);
    const closedAfterMs = await new Promise<number>((resolve) => {
      const started = Date.now();
      socket.once('disconnect', () => resolve(Date.now() - started));
    });
    expect(closedAfterMs).toBeGreaterThan(500);
    expect(closedAfterMs).toBeLessThan(10_000);
  });

  it("keeps a connection when the server's clock runs months ahead of the machine's (browser journeys move it)", async () => {
    const before = t.clock.now();
    t.clock.advanceMs(125 * 24 * 3_600_000);
    try {
      const pilot = await createSignedInUser(t.app);
      const socket = liveMap(pilot.token);
      await connected(socket);
      // A timer of the token's life counted from the machine's clock (125 days) fires at once.
      let disconnected = false;
      socket.once('disconnect', () => (disconnected = true));
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(disconnected).toBe(false);
      expect(socket.connected).toBe(true);
    } finally {
      t.clock.set(before);
    }
  });

  it('pushes a refresh when a flight starts, changes step or ends', async () => {
    const watcher = await createSignedInUser(t.app);
    const pilot = await createSignedInUser(t.app);
    const socket = liveMap(watcher.token);
    await connected(socket);

    const onRegistration = nextEvent<{ changedAt: string }>(socket, 'InProgressFlightsRefresh', OWED_PUSH_WAIT_MS);
    const flight = await registerShortHop(t.app, pilot.headers);
    expect(Date.parse((await onRegistration).changedAt)).not.toBeNaN();

    const uplink = openUplink(baseUrl, { flightId: flight.id, token: flight.token });
    sockets.push(uplink);
    await connected(uplink);
    const onFirstFrames = nextEvent(socket, 'InProgressFlightsRefresh', OWED_PUSH_WAIT_MS);
    await sendFrames(uplink, shortHopFrames(t.clock.now().getTime()), 1, 100);
    await onFirstFrames;
    const list = (await api(t.app, watcher.headers).inject(flightRoutes.list, { query: { status: 'in_progress' } })).json<{ id: string; flightStep: string }[]>();
    expect(list.find((item) => item.id === flight.id)?.flightStep).not.toBe('none');

    const onCancel = nextEvent(socket, 'InProgressFlightsRefresh', OWED_PUSH_WAIT_MS);
    await api(t.app, pilot.headers).inject(flightRoutes.cancel, { params: { id: flight.id } });
    await onCancel;
    const after = (await api(t.app, watcher.headers).inject(flightRoutes.list, { query: { status: 'in_progress' } })).json<{ id: string }[]>();
    expect(after.map((item) => item.id)).not.toContain(flight.id);
  }, 4 * OWED_PUSH_WAIT_MS);
});
