import { pathOf, type RouteDeclaration, type RouteInput, type RouteOutput } from '@contrail/domain/api/route-declaration';
import { ApiError, NETWORK_ERROR, toApiError } from './api-error';

export type QueryValue = string | number | boolean | null | undefined;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions = {
  method?: HttpMethod;
  /** A plain value is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>;

export type ApiClientOptions = {
  /** Where the API is: '' for the page's own origin, or `http://host:port`. A function is read at each call. */
  baseUrl?: string | (() => string);
  /** The fetch to send with (a test's fake, the server tests' inject-backed one); the global fetch by default. */
  fetch?: FetchFunction;
  /** The bearer token sent with each call; none when it gives undefined. */
  accessToken?: () => string | undefined;
  /**
   * Renews the session after a 401: resolves true when a new token is in place, and the call is
   * sent again once with it. Without it, a 401 is the caller's ApiError.
   */
  refresh?: () => Promise<boolean>;
  /** Whether a 401 on this path may start the refresh: not the sign-in calls by default. */
  refreshesOn?: (path: string) => boolean;
  /** Headers added to every call (the page's language, for instance). */
  headers?: () => Record<string, string>;
};

/** Extras a declared call may carry: a signal, and the few headers a declaration cannot say (the refresh token). */
export type CallExtras = { signal?: AbortSignal; headers?: Record<string, string> };

/** A declared route's input, optional when the route takes none (a GET without parameters). */
export type CallInput<R extends RouteDeclaration> = object extends RouteInput<R>
  ? [input?: RouteInput<R> & CallExtras]
  : [input: RouteInput<R> & CallExtras];

/** The path with its query string, leaving out absent values. */
export const buildUrl = (baseUrl: string, path: string, query?: Record<string, QueryValue>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return `${baseUrl}${path}${qs ? `?${qs}` : ''}`;
};

/** An answer's body: parsed JSON, the text when it is not JSON, undefined when empty. */
export const readBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** What a declared call sends: the method, the path with its parameters filled in, the query and body. */
export const requestOf = <R extends RouteDeclaration>(
  route: R,
  ...[input]: CallInput<R>
): { path: string; options: RequestOptions } => {
  const { params, query, body, signal, headers } = (input ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, QueryValue>;
    body?: unknown;
  } & CallExtras;
  return { path: pathOf(route.path, params), options: { method: route.method, query, body, signal, headers } };
};

/** A call its caller aborted stays an abort (jsdom's DOMException is not an Error, hence the shape test). */
const isAbort = (error: unknown): boolean => typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';

/**
 * The one HTTP client of Contrail's API. It adds the bearer token and, given a `refresh`, answers a
 * 401 by renewing the session and sending the call once more. A declared route is called with
 * `call(route, { params, query, body })`: path, method, body and answer types all come from the
 * declaration. Every failed call is an ApiError (status 0 and NETWORK_ERROR when unreachable).
 */
export const createApiClient = (options: ApiClientOptions = {}) => {
  const doFetch: FetchFunction = options.fetch ?? ((input, init) => fetch(input, init));
  const baseUrl = typeof options.baseUrl === 'function' ? options.baseUrl : () => (options.baseUrl as string | undefined) ?? '';
  const accessToken = options.accessToken ?? (() => undefined);
  const refreshesOn = options.refreshesOn ?? ((path: string) => !path.includes('sign-in'));
  const extraHeaders = options.headers ?? (() => ({}));

  const sendOnce = async (path: string, request: RequestOptions, token: string | undefined): Promise<Response> => {
    const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders(), ...request.headers };
    let body: RequestInit['body'];
    if (request.body instanceof FormData) {
      body = request.body;
    } else if (request.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.body);
    }
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    try {
      return await doFetch(buildUrl(baseUrl(), path, request.query), {
        method: request.method ?? 'GET',
        headers,
        body,
        signal: request.signal,
      });
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiError(0, NETWORK_ERROR, error instanceof Error ? error.message : 'Network error', undefined, { cause: error });
    }
  };

  /** Sends a call and gives the raw answer, whatever its status (after at most one refresh). */
  const sendPath = async (path: string, request: RequestOptions = {}): Promise<Response> => {
    const usedToken = accessToken();
    const response = await sendOnce(path, request, usedToken);
    if (response.status !== 401 || !options.refresh || !refreshesOn(path)) return response;
    // Another call may have refreshed while this one was in flight: then retry with its token.
    // If the session already ended (token cleared by a failed refresh), do not start another.
    const latest = accessToken();
    const refreshed =
      latest !== undefined && latest !== usedToken ? true : latest === undefined && usedToken !== undefined ? false : await options.refresh();
    return refreshed ? sendOnce(path, request, accessToken()) : response;
  };

  /** Sends a call and gives its parsed body; an error answer throws an ApiError. */
  const request = async <T>(path: string, request: RequestOptions = {}): Promise<T> => {
    const response = await sendPath(path, request);
    const body = await readBody(response);
    if (!response.ok) throw toApiError(response.status, body);
    return body as T;
  };

  /** Calls a declared route: its answer typed as the response schema's output; an error answer throws an ApiError. */
  const call = async <R extends RouteDeclaration>(route: R, ...input: CallInput<R>): Promise<RouteOutput<R>> => {
    const { path, options: callOptions } = requestOf(route, ...input);
    return request<RouteOutput<R>>(path, callOptions);
  };

  /** Sends a declared route and gives the raw answer, for a caller that reads statuses or headers itself. */
  const send = async <R extends RouteDeclaration>(route: R, ...input: CallInput<R>): Promise<Response> => {
    const { path, options: callOptions } = requestOf(route, ...input);
    return sendPath(path, callOptions);
  };

  return {
    call,
    send,
    request,
    sendPath,
    get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...options, method: 'GET' }),
    post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'POST', body }),
    put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'PUT', body }),
    delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...options, method: 'DELETE' }),
  };
};

export type ApiClient = ReturnType<typeof createApiClient>;
