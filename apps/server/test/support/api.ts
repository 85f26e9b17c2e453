import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createApiClient, requestOf, type CallInput, type FetchFunction, type QueryValue } from '@contrail/client/api-client';
import type { RouteDeclaration, RouteOutput } from '@contrail/domain/api/route-declaration';
import type { App } from '../../src/app';

/** Statuses whose answer has no body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * A fetch that hands each request to Fastify's inject: the whole app (hooks, validation, error
 * handler) as a caller reaches it, without a socket. `answered` receives each inject answer with
 * the Response made from it, so a test can still read what inject gave.
 */
export const injectFetch =
  (app: App, answered?: (response: Response, injected: LightMyRequestResponse) => void): FetchFunction =>
  async (url, init) => {
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const injected = await app.inject({
      method: (init.method ?? 'GET') as InjectOptions['method'],
      url,
      headers,
      ...(init.body === undefined || init.body === null ? {} : { payload: init.body as string }),
    });
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(injected.headers)) {
      for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) answerHeaders.append(name, String(one));
    }
    const response = new Response(NULL_BODY_STATUSES.has(injected.statusCode) ? null : injected.rawPayload, {
      status: injected.statusCode,
      headers: answerHeaders,
    });
    answered?.(response, injected);
    return response;
  };

/** Who calls: the headers a signed-in test user carries (its bearer token), or none for an anonymous call. */
export type CallerHeaders = Record<string, string> | undefined;

/** A request a test sends on purpose outside its declaration (a refused body, a bad parameter). */
export type LooseInput = { params?: Record<string, string>; query?: Record<string, QueryValue>; body?: unknown; headers?: Record<string, string> };

/**
 * The server tests' typed client: the declared routes through `inject`, so a test names the route
 * instead of writing its path. `call` answers the typed body (an error answer throws an ApiError);
 * `inject` answers inject's own response, for tests that read the status, headers or error body;
 * `injectLoose` keeps the declared path and method but sends what the test chooses.
 */
export const api = (app: App, callerHeaders?: CallerHeaders) => {
  const injected = new WeakMap<Response, LightMyRequestResponse>();
  const client = createApiClient({
    fetch: injectFetch(app, (response, answer) => injected.set(response, answer)),
    headers: () => callerHeaders ?? {},
  });
  const injectedFor = (response: Response): LightMyRequestResponse => {
    const answer = injected.get(response);
    if (!answer) throw new Error('api(): the answer did not come from inject');
    return answer;
  };
  return {
    call: <R extends RouteDeclaration>(route: R, ...input: CallInput<R>): Promise<RouteOutput<R>> => client.call(route, ...input),
    inject: async <R extends RouteDeclaration>(route: R, ...input: CallInput<R>): Promise<LightMyRequestResponse> =>
      injectedFor(await client.send(route, ...input)),
    injectLoose: async (route: RouteDeclaration, input: LooseInput = {}): Promise<LightMyRequestResponse> => {
      const { path, options } = requestOf(route, input as never);
      return injectedFor(await client.sendPath(path, options));
    },
  };
};
