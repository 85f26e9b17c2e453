import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createViteServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devProxy } from '../dev-proxy';

/** Vite's dev server with the app's proxy in front of a stand-in API that records what reaches it. */
describe("the dev server's proxy", () => {
  const received: { url: string; headers: IncomingHttpHeaders }[] = [];
  let api: Server;
  let vite: ViteDevServer;
  let viteUrl: string;
  beforeAll(async () => {
    api = createServer((request, response) => {
      received.push({ url: request.url ?? '', headers: request.headers });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    vite = await createViteServer({
      configFile: false,
      root: import.meta.dirname,
      appType: 'custom',
      logLevel: 'silent',
      optimizeDeps: { noDiscovery: true, include: [] },
      server: { host: '127.0.0.1', port: 0, proxy: devProxy(`http://127.0.0.1:${(api.address() as AddressInfo).port}`) },
    });
    await vite.listen();
    viteUrl = `http://127.0.0.1:${(vite.httpServer!.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await vite?.close();
    await new Promise((resolve) => api?.close(resolve));
  });

  it('forwards API calls with the client address, so the API refuses them its local-only pages', async () => {
    await fetch(`${viteUrl}/api/dev/outbox`);
    const forwarded = received.find((request) => request.url === '/api/dev/outbox');
    expect(forwarded?.headers['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('does not forward the development outbox page', async () => {
    const response = await fetch(`${viteUrl}/dev/outbox`);
    expect(received.some((request) => request.url.startsWith('/dev'))).toBe(false);
    expect(response.status).toBe(404);
  });
});
