import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app';
import { createSignedInUser } from '../support/factories';
import {
  connected,
  listen,
  openUplink,
  resumeAndComplete,
  sendBatch,
  startShortHopOverUplink,
  type UplinkClient,
} from '../flight/support/flight-kit';
import { createSharedDatabase, type SharedDatabase } from '../flight/support/shared-database';
import { endpointOf, startTcpProxy, type TcpProxy } from './tcp-proxy';
import { api } from '../support/api';
import { authRoutes } from '@contrail/domain/auth/auth-routes';
import { flightRoutes } from '@contrail/domain/flight-api/flight-routes';

/**
 * PostgreSQL goes away in mid-flight (a relay between the server and PostgreSQL is cut, so the
 * PostgreSQL other tests use keeps running): what needs the database answers 503
 * SERVICE_UNAVAILABLE, which the tracker takes as "send again later", and `/readyz` names the
 * database. Once it is back, the flight resumes and completes with every frame stored once.
 */
const POSTGRES_URL = process.env.TEST_DATABASE_URL;
if (!POSTGRES_URL) console.warn('PostgreSQL outage test skipped: TEST_DATABASE_URL is not set');

describe.skipIf(!POSTGRES_URL)('a PostgreSQL outage', () => {
  let shared: SharedDatabase;
  let proxy: TcpProxy;
  let app: App;
  let baseUrl: string;
  const sockets: UplinkClient[] = [];

  beforeAll(async () => {
    proxy = await startTcpProxy(endpointOf(POSTGRES_URL!));
    shared = await createSharedDatabase(POSTGRES_URL);
    app = await shared.buildApp({ DATABASE_URL: proxy.urlThrough(shared.env.DATABASE_URL!) });
    baseUrl = await listen(app);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    proxy?.restore();
    await app?.close();
    await proxy?.close();
    await shared?.drop();
  });

  it('answers 503 SERVICE_UNAVAILABLE meanwhile, names the database on /readyz, and loses or doubles no frame', async () => {
    const pilot = await createSignedInUser(app);
    const hop = await startShortHopOverUplink(app, baseUrl, pilot.headers, 1000);
    const { flight, frames, socket: first } = hop;
    sockets.push(first);

    proxy.cut();
    const duringOutage = await api(app, pilot.headers).inject(flightRoutes.list, { query: { status: 'in_progress' } });
    expect(duringOutage.statusCode).toBe(503);
    expect(duringOutage.headers['retry-after']).toBeDefined();
    expect(duringOutage.json()).toMatchObject({ success: false, errorCode: 'SERVICE_UNAVAILABLE' });
    const signIn = await api(app).inject(authRoutes.signIn, { body: { username: pilot.user.userName, password: pilot.password } });
    expect(signIn.statusCode).toBe(503);
    const readiness = await app.inject({ url: '/readyz' });
    expect(readiness.statusCode).toBe(503);
    expect(readiness.json()).toEqual({ status: 'unavailable', missing: ['database'] });
    // A tracker connecting now is told to come back later, not refused (which would end its flight).
    const latecomer = openUplink(baseUrl, { flightId: flight.id, token: flight.token });
    sockets.push(latecomer);
    const handshake = await connected(latecomer).then(
      () => undefined,
      (error: Error & { data?: unknown }) => error,
    );
    expect(handshake).toMatchObject({ message: 'service unavailable', data: { errorCode: 'SERVICE_UNAVAILABLE' } });
    const batch = Array.from({ length: 200 }, (_, index) => ({ seq: 1001 + index, frame: frames[1000 + index] }));
    const refused = await sendBatch(first, batch);
    expect(refused).toEqual({ error: { message: expect.any(String), errorCode: 'SERVICE_UNAVAILABLE' } });

    proxy.restore();
    await expect.poll(async () => (await app.inject({ url: '/readyz' })).statusCode, { timeout: 30_000, interval: 200 }).toBe(200);
    // The tracker reconnects and sends again what it holds unacknowledged, from frame 1001.
    first.disconnect();
    sockets.push(await resumeAndComplete(app, baseUrl, pilot.headers, hop, 1000));
  }, 180_000);
});
