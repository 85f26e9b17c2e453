import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/modules/user/user.schema';
import { createSignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { api } from '../support/api';
import { userRoutes } from '@contrail/domain/user/user-routes';

const expectActionError = (response: { statusCode: number; json: () => unknown }, status: number, errorCode?: string) => {
  expect(response.statusCode).toBe(status);
  const body = response.json() as Record<string, unknown>;
  expect(body).toMatchObject({ success: false, message: expect.any(String), errorCode: errorCode ?? expect.any(String) });
};

describe('NUL characters', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off' });
  });
  afterAll(async () => t.close());

  it('are refused with a 400 in the action shape in bodies, params and queries, naming the field', async () => {
    const cases = [
      { method: 'POST' as const, url: '/api/v1/user/sign-in', payload: { username: 'a\u0000b', password: 'Cirrus-Climb-42' }, field: 'username' },
      { method: 'POST' as const, url: '/api/v1/user/sign-up', payload: { username: 'nul', email: 'n@example.test', password: 'Secret1\u0000x' }, field: 'password' },
      { method: 'POST' as const, url: '/api/v1/user/password/forgot', payload: { email: 'a\u0000@example.test' }, field: 'email' },
      { method: 'GET' as const, url: '/api/v1/user/check-mf-id/a%00b', field: 'id' },
      { method: 'GET' as const, url: '/api/airport/v1/airport?query=LF%00G', field: 'query' },
    ];
    for (const { field, ...request } of cases) {
      const response = await t.app.inject(request);
      expectActionError(response, 400, 'VALIDATION_ERROR');
      expect(response.json<{ message: string }>().message).toMatch(/null character/);
      if (field) expect(response.json<{ field?: string }>().field).toBe(field);
    }
  });

  it('are refused in profile fields sent as multipart, and nothing changes', async () => {
    const pilot = await createSignedInUser(t.app);
    const boundary = 'contrail-boundary';
    const payload = [`--${boundary}`, 'Content-Disposition: form-data; name="city"', '', 'Par\u0000is', `--${boundary}--`, ''].join('\r\n');
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/user/${pilot.user.id}/information`,
      headers: { ...pilot.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expectActionError(response, 400, 'VALIDATION_ERROR');
    const [row] = await t.app.deps.db.select().from(users).where(eq(users.id, pilot.user.id));
    expect(row?.city).toBe(pilot.user.city);
  });

  it('a broken multipart body is a 400', async () => {
    const pilot = await createSignedInUser(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/user/${pilot.user.id}/information`,
      headers: { ...pilot.headers, 'content-type': 'multipart/form-data; boundary=zz' },
      payload: '--zz\r\nContent-Disposition: form-data; name="city"\r\n\r\nPar',
    });
    expectActionError(response, 400);
  });
});

describe('errors outside the routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off' });
  });
  afterAll(async () => t.close());

  it('a malformed URL is a 400 in the action shape', async () => {
    expectActionError(await t.app.inject({ method: 'GET', url: '/api/v1/user/%E0%A4%A/information' }), 400, 'VALIDATION_ERROR');
  });

  it('an over-long path parameter is a 414 in the action shape', async () => {
    expectActionError(await api(t.app).inject(userRoutes.information, { params: { id: 'a'.repeat(500) } }), 414, 'VALIDATION_ERROR');
  });

  it('protected routes refuse a missing token before reading the body', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/00000000-0000-4000-8000-000000000000/password',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expectActionError(response, 401, 'UNAUTHORIZED');
  });

  it("a deleted user's token is a 401, not a 500", async () => {
    const pilot = await createSignedInUser(t.app);
    await t.app.deps.db.delete(users).where(eq(users.id, pilot.user.id));
    expectActionError(await api(t.app, pilot.headers).inject(userRoutes.ownInformation), 401, 'UNAUTHORIZED');
  });

  it('over-long headers and a NUL in a header are answered in the action shape over a real socket', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
        let data = '';
        socket.on('data', (chunk) => (data += chunk.toString()));
        socket.on('close', () => resolve(data));
        socket.on('error', reject);
      });
    const big = await raw(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(big).toMatch(/^HTTP\/1\.1 431/);
    expect(JSON.parse(big.slice(big.indexOf('\r\n\r\n') + 4))).toMatchObject({ success: false, errorCode: 'PAYLOAD_TOO_LARGE' });
    const nul = await raw('GET /healthz HTTP/1.1\r\nHost: x\r\nX-Nul: a\u0000b\r\n\r\n');
    expect(nul).toMatch(/^HTTP\/1\.1 400/);
    expect(JSON.parse(nul.slice(nul.indexOf('\r\n\r\n') + 4))).toMatchObject({ success: false, errorCode: 'VALIDATION_ERROR' });
  });
});
