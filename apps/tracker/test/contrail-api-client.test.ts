import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ContrailApiClient, FlyError } from '../src/fly/contrail-api-client';

/** A server whose sign-in gives each of `answers` in turn (errors in the action shape), then a session. */
const startServer = async (answers: { status: number; errorCode?: string }[]): Promise<{ url: string; calls: () => number; server: Server }> => {
  let calls = 0;
  const server = createServer((_request, response) => {
    const answer = answers[calls] ?? { status: 200 };
    calls += 1;
    response.writeHead(answer.status, { 'content-type': 'application/json', 'retry-after': '0' });
    response.end(
      JSON.stringify(
        answer.status === 200
          ? { token: 'access-token', expiredAt: new Date(Date.now() + 900_000).toISOString(), refreshToken: 'refresh-token' }
          : { success: false, message: 'Briefly unavailable', errorCode: answer.errorCode },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls: () => calls, server };
};

describe('the fly command against a server whose database is briefly away', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
  });

  it('asks again after a 503 SERVICE_UNAVAILABLE instead of giving up', async () => {
    const { url, calls, server } = await startServer([
      { status: 503, errorCode: 'SERVICE_UNAVAILABLE' },
      { status: 503, errorCode: 'SERVICE_UNAVAILABLE' },
    ]);
    servers.push(server);
    const api = new ContrailApiClient(url);
    await api.signIn('pilot', 'password');
    expect(calls()).toBe(3);
  });

  it('does not ask again after a 503 that is a setting, not an outage', async () => {
    const { url, calls, server } = await startServer([{ status: 503, errorCode: 'PAYMENT_UNAVAILABLE' }]);
    servers.push(server);
    await expect(new ContrailApiClient(url).signIn('pilot', 'password')).rejects.toThrow(FlyError);
    expect(calls()).toBe(1);
  });
});
