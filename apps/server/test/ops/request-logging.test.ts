import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app';
import { testConfig } from '../../src/config/config';
import { createManualClock } from '../../src/lib/clock';
import { createSignedInUser, DEFAULT_PASSWORD, type SignedInUser } from '../support/factories';
import { openTestDatabase, type TestDatabase } from '../support/test-app';
import { registerShortHop } from '../flight/support/flight-kit';
import { api } from '../support/api';
import { authRoutes } from '@contrail/domain/auth/auth-routes';
import { flightRoutes } from '@contrail/domain/flight-api/flight-routes';

/** Every log line the app writes, parsed (at debug level, where request lines are written). */
const lines: Record<string, unknown>[] = [];
let raw = '';
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    raw += chunk.toString();
    for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});

let app: App;
let database: TestDatabase;
let pilot: SignedInUser;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({ config: testConfig({ LOG_LEVEL: 'debug' }), clock: createManualClock(new Date()), database, logStream });
  await app.ready();
  pilot = await createSignedInUser(app);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('request logging', () => {
  it('puts a request id on every request line, echoes it, and keeps a sane one from the proxy', async () => {
    lines.length = 0;
    const fresh = await app.inject({ url: '/livez' });
    const id = fresh.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const fromProxy = await app.inject({ url: '/api/v1/network/stats', headers: { 'x-request-id': 'lb-7f3a.42' } });
    expect(fromProxy.headers['x-request-id']).toBe('lb-7f3a.42');
    const forged = await app.inject({ url: '/api/v1/network/stats', headers: { 'x-request-id': 'x\n{"level":60}' } });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const requestLines = lines.filter((line) => 'req' in line || 'res' in line);
    expect(requestLines.length).toBeGreaterThanOrEqual(4);
    for (const line of requestLines) expect(typeof line.reqId).toBe('string');
    expect(requestLines.some((line) => line.reqId === 'lb-7f3a.42')).toBe(true);
  });

  it('adds the flight id to the lines of a request about one flight', async () => {
    const flight = await registerShortHop(app, pilot.headers);
    lines.length = 0;
    await api(app, pilot.headers).inject(flightRoutes.byId, { params: { id: flight.id } });
    // Fastify writes "incoming request" before any hook runs; every line after routing has the id.
    const completed = lines.filter((line) => 'res' in line);
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({ flightId: flight.id, reqId: expect.any(String) });
  });

  it('never writes a token or a password: headers, bodies a module logs, secret query parameters', async () => {
    raw = '';
    // A sign-in (password in the body), an authenticated call (bearer and refresh-token headers), a
    // token in a URL, and a module logging a request's headers and body as they are.
    expect((await api(app).inject(authRoutes.signIn, { body: { username: pilot.user.userName, password: DEFAULT_PASSWORD } })).statusCode).toBe(200);
    await api(app, pilot.headers).inject(flightRoutes.byId, { params: { id: '00000000-0000-4000-8000-000000000009' } });
    await app.inject({ url: `/api/v1/network/stats?token=${pilot.refreshToken}&network=vatsim` });
    app.log.warn({ headers: pilot.headers, body: { password: DEFAULT_PASSWORD, newPassword: 'N3wSecret!', token: pilot.token } }, 'a careless module');
    expect(raw).toContain('a careless module');
    expect(raw).toContain('[Redacted]');
    for (const secret of [pilot.token, pilot.refreshToken, DEFAULT_PASSWORD, 'N3wSecret!']) expect(raw).not.toContain(secret);
  });
});
