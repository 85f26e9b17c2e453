import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import { declareRoute } from '@contrail/domain/api/route-declaration';
import { createFakeFetch, json, type FakeRequest } from '../testing/fake-api';
import { createApiClient } from './api-client';
import { ApiError } from './api-error';
import { tokenStorage } from './token-storage';

const bearer = (request: FakeRequest) => request.headers.authorization;

/** A protected endpoint accepting only `access-2`, and a refresh endpoint issuing it. */
const setUp = (refresh: (request: FakeRequest) => { status?: number; body?: unknown } = () => json({ token: 'access-2', refreshToken: 'refresh-2', expiredAt: '2030-01-01T00:00:00Z' })) => {
  let releaseRefresh: () => void = () => undefined;
  const refreshGate = new Promise<void>((resolve) => {
    releaseRefresh = resolve;
  });
  const fake = createFakeFetch({
    'GET /api/protected': (request) =>
      bearer(request) === 'Bearer access-2' ? json({ ok: true }) : json({ success: false, message: 'Unauthorized', errorCode: 'UNAUTHORIZED' }, 401),
    'POST /api/refresh-token': async (request) => {
      await refreshGate;
      return refresh(request);
    },
    'POST /api/v1/user/sign-in': () => json({ success: false, message: 'Wrong username or password', errorCode: 'INVALID_CREDENTIALS' }, 401),
    'POST /api/v1/thing': () => json({ success: false, message: 'Name already used', errorCode: 'ERR_0005', field: 'name' }, 422),
  });
  const onSessionExpired = vi.fn();
  const client = createApiClient({ fetch: fake.fetch, baseUrl: '', onSessionExpired });
  return { fake, client, onSessionExpired, releaseRefresh };
};

describe('api client', () => {
  it('sends the stored bearer token', async () => {
    tokenStorage.set({ token: 'access-2', refreshToken: 'refresh-1' });
    const { client, fake, releaseRefresh } = setUp();
    releaseRefresh();
    await expect(client.get('/api/protected')).resolves.toEqual({ ok: true });
    expect(fake.calls.map((call) => call.path)).toEqual(['/api/protected']);
  });

  it("sends the page's language, so the server writes its mails in it", async () => {
    tokenStorage.set({ token: 'access-2', refreshToken: 'refresh-1' });
    const { client, fake, releaseRefresh } = setUp();
    releaseRefresh();
    document.documentElement.lang = 'fr';
    await client.get('/api/protected');
    expect(fake.calls[0]!.headers['accept-language']).toBe('fr');
  });

  it('shares ONE refresh between concurrent 401s, then retries each call once with the new token', async () => {
    tokenStorage.set({ token: 'access-1', refreshToken: 'refresh-1' });
    const { client, fake, releaseRefresh, onSessionExpired } = setUp();
    const calls = [client.get('/api/protected'), client.get('/api/protected'), client.get('/api/protected')];
    // Let all three fail with 401 and queue behind the refresh before it answers.
    await vi.waitFor(() => expect(fake.calls.filter((call) => call.path === '/api/refresh-token')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    releaseRefresh();

    await expect(Promise.all(calls)).resolves.toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    const refreshes = fake.calls.filter((call) => call.path === '/api/refresh-token');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.headers['refresh-token']).toBe('refresh-1');
    const protectedCalls = fake.calls.filter((call) => call.path === '/api/protected');
    expect(protectedCalls).toHaveLength(6);
    expect(protectedCalls.slice(3).every((call) => bearer(call) === 'Bearer access-2')).toBe(true);
    expect(tokenStorage.get()).toEqual({ token: 'access-2', refreshToken: 'refresh-2' });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('retries without a new refresh when another call already refreshed the token', async () => {
    tokenStorage.set({ token: 'access-1', refreshToken: 'refresh-1' });
    const { client, fake, releaseRefresh } = setUp();
    releaseRefresh();
    await client.get('/api/protected');
    expect(fake.calls.filter((call) => call.path === '/api/refresh-token')).toHaveLength(1);
    await client.get('/api/protected');
    expect(fake.calls.filter((call) => call.path === '/api/refresh-token')).toHaveLength(1);
  });

  it('clears the tokens and goes to /logout when the refresh fails', async () => {
    tokenStorage.set({ token: 'access-1', refreshToken: 'refresh-stale' });
    const { client, fake, releaseRefresh, onSessionExpired } = setUp(() =>
      json({ success: false, message: 'Refresh token reused', errorCode: 'REFRESH_TOKEN_REUSED' }, 401),
    );
    releaseRefresh();
    const both = await Promise.allSettled([client.get('/api/protected'), client.get('/api/protected')]);

    expect(both.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    const reason = (both[0] as PromiseRejectedResult).reason as ApiError;
    expect(reason).toBeInstanceOf(ApiError);
    expect(reason.status).toBe(401);
    expect(tokenStorage.get()).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(fake.calls.filter((call) => call.path === '/api/refresh-token')).toHaveLength(1);
  });

  it('keeps the session when the refresh meets a server briefly unavailable (503): no logout', async () => {
    tokenStorage.set({ token: 'access-1', refreshToken: 'refresh-1' });
    const { client, releaseRefresh, onSessionExpired } = setUp(() =>
      json({ success: false, message: 'Contrail is briefly unavailable', errorCode: 'SERVICE_UNAVAILABLE' }, 503),
    );
    releaseRefresh();
    await expect(client.get('/api/protected')).rejects.toBeInstanceOf(ApiError);
    expect(tokenStorage.get()).toEqual({ token: 'access-1', refreshToken: 'refresh-1' });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('leaves a 401 from sign-in to the caller: no refresh, no logout', async () => {
    tokenStorage.set({ token: 'access-1', refreshToken: 'refresh-1' });
    const { client, fake, releaseRefresh, onSessionExpired } = setUp();
    releaseRefresh();
    const error = (await client.post('/api/v1/user/sign-in', { username: 'a', password: 'b' }).catch((e: unknown) => e)) as ApiError;

    expect(error).toBeInstanceOf(ApiError);
    expect(error.errorCode).toBe('INVALID_CREDENTIALS');
    expect(error.message).toBe('Wrong username or password');
    expect(fake.calls.some((call) => call.path === '/api/refresh-token')).toBe(false);
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(tokenStorage.get()).not.toBeNull();
  });

  it('turns an error answer into an ApiError with status, code, message and field', async () => {
    const { client, releaseRefresh } = setUp();
    releaseRefresh();
    const error = (await client.post('/api/v1/thing', { name: 'x' }).catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 422, errorCode: 'ERR_0005', message: 'Name already used', field: 'name' });
  });

  it('reports an unreachable server as a NETWORK_ERROR', async () => {
    const client = createApiClient({ fetch: () => Promise.reject(new TypeError('Failed to fetch')), baseUrl: '' });
    await expect(client.get('/api/anything')).rejects.toMatchObject({ status: 0, errorCode: 'NETWORK_ERROR' });
  });
});

describe('api client: declared routes', () => {
  const renameThing = declareRoute({
    method: 'PUT',
    path: '/api/v1/thing/:thingId',
    tag: 'test',
    params: z.object({ thingId: z.string() }),
    query: z.object({ notify: z.enum(['yes', 'no']).optional() }),
    body: z.object({ name: z.string() }),
    response: z.object({ name: z.string(), renamed: z.boolean() }),
  });

  it('fills and encodes the path parameters, sends the method, query and body the declaration names', async () => {
    tokenStorage.set({ token: 'access-2', refreshToken: 'refresh-1' });
    const fake = createFakeFetch({ 'PUT /api/v1/thing/a%20b': (request) => json({ name: (request.body as { name: string }).name, renamed: true }) });
    const client = createApiClient({ fetch: fake.fetch, baseUrl: '' });

    const answer = await client.call(renameThing, { params: { thingId: 'a b' }, query: { notify: 'no' }, body: { name: 'Contrail' } });

    expect(answer).toEqual({ name: 'Contrail', renamed: true });
    expect(fake.calls[0]).toMatchObject({ method: 'PUT', path: '/api/v1/thing/a%20b', body: { name: 'Contrail' } });
    expect(fake.calls[0]!.url.searchParams.get('notify')).toBe('no');
    expectTypeOf(answer).toEqualTypeOf<{ name: string; renamed: boolean }>();
  });

  it('refuses to call a path whose parameter is missing, before any request', async () => {
    const fake = createFakeFetch({});
    const client = createApiClient({ fetch: fake.fetch, baseUrl: '' });
    await expect(client.call(renameThing, { params: {} as { thingId: string }, body: { name: 'x' } })).rejects.toThrow('Missing path parameter "thingId"');
    expect(fake.calls).toHaveLength(0);
  });
});
