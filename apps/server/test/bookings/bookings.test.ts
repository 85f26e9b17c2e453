import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZBookedFlightList } from '@contrail/domain/flight-plan/flight-plan-contract';
import type { App } from '../../src/app';
import { createUser, type UserOverrides } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { api } from '../support/api';
import { flightPlanRoutes } from '@contrail/domain/flight-plan/flight-plan-routes';

const pilotWith = async (app: App, overrides: UserOverrides = {}) => {
  const { user } = await createUser(app, overrides);
  const { token } = await app.accessTokens.issue({ id: user.id, userName: user.userName }, new Date());
  return { user, headers: { authorization: `Bearer ${token}` } };
};

const expectError = (response: { statusCode: number; json: () => unknown }, status: number, errorCode: string, message?: RegExp) => {
  expect(response.statusCode).toBe(status);
  const body = response.json() as { success: boolean; errorCode: string; message: string };
  expect(body).toMatchObject({ success: false, errorCode });
  if (message) expect(body.message).toMatch(message);
};

/** The booking service's answer for the key "key-alice": numeric ids as some services send them. */
const aliceBookings = {
  flights: [
    {
      bidId: 501,
      flight: {
        id: 42,
        code: 'AFR006',
        flightNumber: '006',
        departureAirport: 'LFPG',
        arrivalAirport: 'KJFK',
        aircraft: { id: 7, registration: 'F-GSQA', name: 'Boeing 777-300ER', icao: 'B77W', iata: '77W' },
      },
    },
    {
      bidId: 'bid-502',
      flight: {
        id: 'f-43',
        code: 'AFR1234',
        flightNumber: '1234',
        departureAirport: 'LFPG',
        arrivalAirport: 'EGLL',
        aircraft: { id: 'a-8', registration: 'F-HBNA', name: 'Airbus A220-300', icao: 'BCS3' },
      },
    },
  ],
  isGrounded: false,
};

type SeenRequest = { method: string; path: string; key: string | undefined; url: string };

/** A booking service on 127.0.0.1 speaking the format the bookings module documents. */
const startBookingPeer = async () => {
  const seen: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const key = req.headers['x-afrv-key'] as string | undefined;
    seen.push({ method: req.method ?? '', path: url.pathname, key, url: req.url ?? '' });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (url.pathname !== '/va/bookings') return json(404, { message: 'no such route' });
    const answers: Record<string, [number, unknown]> = {
      'key-alice': [200, aliceBookings],
      'key-grounded': [200, { flights: [], isGrounded: true }],
      'key-broken': [200, '<html>oops</html>'],
      'key-wrong-shape': [200, { flights: [{ bidId: 1 }], isGrounded: false }],
      'key-down': [503, { message: 'maintenance' }],
    };
    const [status, body] = (key !== undefined ? answers[key] : undefined) ?? [401, { message: 'unknown key' }];
    return json(status, body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    // A base address with a path and a trailing slash, as an operator may write it.
    baseUrl: `http://127.0.0.1:${port}/va/`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

describe('AFRV bookings (GET /api/v1/afrv/bookings)', () => {
  let t: TestApp;
  let peer: Awaited<ReturnType<typeof startBookingPeer>>;
  beforeAll(async () => {
    peer = await startBookingPeer();
    t = await createTestApp({ AFRV_BOOKING_URL: peer.baseUrl });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  const getBookings = (headers?: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/v1/afrv/bookings', ...(headers ? { headers } : {}) });

  it("reads the pilot's booked flights with the key of their own profile, sent in a header", async () => {
    const alice = await pilotWith(t.app, { afrvKey: 'key-alice' });
    const response = await getBookings(alice.headers);
    expect(response.statusCode).toBe(200);
    const list = ZBookedFlightList.parse(response.json());
    expect(list.isGrounded).toBe(false);
    expect(list.flights).toEqual([
      {
        bidId: '501',
        flight: {
          id: '42',
          code: 'AFR006',
          flightNumber: '006',
          departureAirport: 'LFPG',
          arrivalAirport: 'KJFK',
          aircraft: { id: '7', registration: 'F-GSQA', name: 'Boeing 777-300ER', icao: 'B77W', iata: '77W' },
        },
      },
      {
        bidId: 'bid-502',
        flight: {
          id: 'f-43',
          code: 'AFR1234',
          flightNumber: '1234',
          departureAirport: 'LFPG',
          arrivalAirport: 'EGLL',
          aircraft: { id: 'a-8', registration: 'F-HBNA', name: 'Airbus A220-300', icao: 'BCS3', iata: null },
        },
      },
    ]);
    const request = peer.seen.at(-1)!;
    expect(request).toMatchObject({ method: 'GET', path: '/va/bookings', key: 'key-alice' });
    expect(request.url).not.toContain('key-alice');
  });

  it('says when the airline grounded the pilot', async () => {
    const pilot = await pilotWith(t.app, { afrvKey: 'key-grounded' });
    const response = await getBookings(pilot.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ flights: [], isGrounded: true });
  });

  it('answers 422 AFRV_KEY_NOT_SET without a key, without calling the service', async () => {
    const before = peer.seen.length;
    const pilot = await pilotWith(t.app);
    expectError(await getBookings(pilot.headers), 422, 'AFRV_KEY_NOT_SET', /No AFRV key set/);
    expect(peer.seen.length).toBe(before);
  });

  it('answers 422 AFRV_KEY_REJECTED when the service refuses the key', async () => {
    const pilot = await pilotWith(t.app, { afrvKey: 'key-unknown' });
    expectError(await getBookings(pilot.headers), 422, 'AFRV_KEY_REJECTED', /refused your AFRV key/);
  });

  it('answers 502 AFRV_UNAVAILABLE when the service fails or answers nonsense', async () => {
    const down = await pilotWith(t.app, { afrvKey: 'key-down' });
    expectError(await getBookings(down.headers), 502, 'AFRV_UNAVAILABLE', /HTTP 503/);
    const broken = await pilotWith(t.app, { afrvKey: 'key-broken' });
    expectError(await getBookings(broken.headers), 502, 'AFRV_UNAVAILABLE', /not JSON/);
    const wrongShape = await pilotWith(t.app, { afrvKey: 'key-wrong-shape' });
    expectError(await getBookings(wrongShape.headers), 502, 'AFRV_UNAVAILABLE', /unexpected booking list \(flights\.0\.flight/);
  });

  it('requires a session', async () => {
    expectError(await getBookings(), 401, 'UNAUTHORIZED');
    expectError(await getBookings({ authorization: 'Bearer not-a-token' }), 401, 'UNAUTHORIZED');
  });
});

describe('AFRV bookings without a configured booking service', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers 503 AFRV_NOT_CONFIGURED with a clear message', async () => {
    const pilot = await pilotWith(t.app, { afrvKey: 'key-alice' });
    const response = await api(t.app, pilot.headers).inject(flightPlanRoutes.afrvBookings);
    expectError(response, 503, 'AFRV_NOT_CONFIGURED', /AFRV_BOOKING_URL/);
  });
});
