import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { declareRoute } from '@contrail/domain/api/route-declaration';
import { createApiClient } from '../src/api-client';
import { ApiError, NETWORK_ERROR, UNKNOWN_ERROR } from '../src/api-error';

type Seen = { method: string; url: string; authorization: string | undefined; body: string };

const readAll = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** A real HTTP server: `/echo` answers what it received, `/protected` wants `Bearer fresh`, `/fail` an error answer. */
let server: Server;
let baseUrl: string;
const seen: Seen[] = [];
beforeAll(async () => {
  server = createServer((request, response) => {
    void readAll(request).then((body) => {
      seen.push({ method: request.method ?? '', url: request.url ?? '', authorization: request.headers.authorization, body });
      const answer = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (request.url?.startsWith('/echo')) return answer(200, { method: request.method, url: request.url, body: body === '' ? null : JSON.parse(body) });
      if (request.url === '/protected') return request.headers.authorization === 'Bearer fresh' ? answer(200, { ok: true }) : answer(401, { message: 'Unauthorized', errorCode: 'UNAUTHORIZED' });
      if (request.url === '/fail') return answer(422, { success: false, message: 'Name already used', errorCode: 'ERR_0005', field: 'name' });
      response.writeHead(500);
      response.end('plain failure');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const echoRoute = declareRoute({
  method: 'PUT',
  path: '/echo/:id/things/:name',
  tag: 'test',
  params: z.object({ id: z.string(), name: z.string() }),
  query: z.object({ page: z.number(), filter: z.string().optional() }),
  body: z.object({ label: z.string() }),
  response: z.object({ method: z.string(), url: z.string(), body: z.object({ label: z.string() }) }),
});
const protectedRoute = declareRoute({ method: 'GET', path: '/protected', tag: 'test', response: z.object({ ok: z.boolean() }) });

describe('the typed client', () => {
  it('fills and encodes the path, sends the method, query, JSON body and bearer token, and types the answer', async () => {
    const client = createApiClient({ baseUrl, accessToken: () => 'token-1' });
    const answer = await client.call(echoRoute, { params: { id: 'a b', name: 'x/y' }, query: { page: 2, filter: undefined }, body: { label: 'hello' } });
    expectTypeOf(answer).toEqualTypeOf<{ method: string; url: string; body: { label: string } }>();
    expect(answer).toEqual({ method: 'PUT', url: '/echo/a%20b/things/x%2Fy?page=2', body: { label: 'hello' } });
    expect(seen.at(-1)?.authorization).toBe('Bearer token-1');
  });

  it('turns an error answer into an ApiError with status, code, message and field', async () => {
    const client = createApiClient({ baseUrl });
    const error = await client.post('/fail', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, errorCode: 'ERR_0005', message: 'Name already used', field: 'name' });
    await expect(client.get('/other')).rejects.toMatchObject({ status: 500, errorCode: UNKNOWN_ERROR, message: 'plain failure' });
  });

  it('gives the raw answer through send, whatever its status', async () => {
    const response = await createApiClient({ baseUrl }).send(protectedRoute);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthorized', errorCode: 'UNAUTHORIZED' });
  });

  it('renews the session once on a 401 and sends the call again with the new token', async () => {
    let token = 'stale';
    let refreshes = 0;
    const client = createApiClient({
      baseUrl,
      accessToken: () => token,
      refresh: async () => {
        refreshes += 1;
        token = 'fresh';
        return true;
      },
    });
    await expect(client.call(protectedRoute)).resolves.toEqual({ ok: true });
    expect(refreshes).toBe(1);
    expect(seen.slice(-2).map((call) => call.authorization)).toEqual(['Bearer stale', 'Bearer fresh']);
  });

  it('leaves a 401 to the caller when the refresh is refused, or when there is no refresh', async () => {
    await expect(createApiClient({ baseUrl, accessToken: () => 'stale', refresh: async () => false }).call(protectedRoute)).rejects.toMatchObject({ status: 401, errorCode: 'UNAUTHORIZED' });
    await expect(createApiClient({ baseUrl, accessToken: () => 'stale' }).call(protectedRoute)).rejects.toMatchObject({ status: 401 });
  });

  it('reports an unreachable server as a NETWORK_ERROR with the failure as its cause', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const error = await createApiClient({ baseUrl: url }).call(protectedRoute).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 0, errorCode: NETWORK_ERROR });
    expect((error as ApiError).cause).toBeInstanceOf(Error);
  });

  it('refuses a call whose path parameter is missing, before any request', async () => {
    const before = seen.length;
    // @ts-expect-error the declaration requires params
    await expect(createApiClient({ baseUrl }).call(echoRoute, { body: { label: 'x' } })).rejects.toThrow(/Missing path parameter "id"/);
    expect(seen.length).toBe(before);
  });
});
