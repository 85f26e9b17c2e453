import { vi } from 'vitest';

export type FakeRequest = { method: string; path: string; url: URL; headers: Record<string, string>; body: unknown };
export type FakeResponse = { status?: number; body?: unknown };
export type FakeHandler = (request: FakeRequest) => FakeResponse | Promise<FakeResponse>;

export const json = (body: unknown, status = 200): FakeResponse => ({ status, body });

/**
 * A fake `fetch` answering from `METHOD /path` handlers (the path without the query string).
 * Unknown routes answer 404 in the API's error shape. Every request is recorded in `calls`.
 */
export const createFakeFetch = (handlers: Record<string, FakeHandler>) => {
  const calls: FakeRequest[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(Object.entries((init?.headers as Record<string, string> | undefined) ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    let body: unknown = init?.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // keep the raw string
      }
    }
    const request: FakeRequest = { method, path: url.pathname, url, headers, body };
    calls.push(request);
    const handler = handlers[`${method} ${url.pathname}`];
    const answer = handler ? await handler(request) : json({ success: false, message: 'Not found', errorCode: 'NOT_FOUND' }, 404);
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined || status === 204 ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { fetch: fetchImpl, calls };
};

/** Installs a fake fetch as the global one for the app's own client. */
export const installFakeFetch = (handlers: Record<string, FakeHandler>) => {
  const fake = createFakeFetch(handlers);
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
};
