import type { TRefreshTokenResponse } from '@contrail/domain/auth/auth-contract';
import { pathOf, type RouteDeclaration, type RouteInput, type RouteOutput } from '@contrail/domain/api/route-declaration';
import { apiBaseUrls } from '../config/app-config';
import { ApiError, NETWORK_ERROR, UNKNOWN_ERROR } from './api-error';
import { navigateTo } from './navigation';
import { tokenStorage, type TokenStorage } from './token-storage';

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

export type ApiClientOptions = {
  fetch?: typeof fetch;
  baseUrl?: string;
  tokens?: TokenStorage;
  /** Called when a 401 could not be recovered by a refresh; the tokens are already cleared. */
  onSessionExpired?: () => void;
  /** The page's language, sent as Accept-Language so mails the server sends come in it. */
  language?: () => string;
};

/** A declared route's input, optional when the route takes none (a GET without parameters). */
/** `headers`: the few calls that carry something a declaration cannot (the refresh token). */
type CallExtras = { signal?: AbortSignal; headers?: Record<string, string> };
type CallInput<R extends RouteDeclaration> = object extends RouteInput<R>
  ? [input?: RouteInput<R> & CallExtras]
  : [input: RouteInput<R> & CallExtras];

/** i18n keeps the page's language on <html lang> (lib/i18n.ts). */
const pageLanguage = (): string => (typeof document === 'undefined' ? '' : document.documentElement.lang);

export const REFRESH_TOKEN_PATH = '/api/refresh-token';
export const LOGOUT_PATH = '/logout';

const buildUrl = (baseUrl: string, path: string, query?: Record<string, QueryValue>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return `${baseUrl}${path}${qs ? `?${qs}` : ''}`;
};

const readBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

const toApiError = (status: number, body: unknown): ApiError => {
  if (typeof body === 'object' && body !== null) {
    const { message, errorCode, field } = body as { message?: unknown; errorCode?: unknown; field?: unknown };
    return new ApiError(
      status,
      typeof errorCode === 'string' ? errorCode : UNKNOWN_ERROR,
      typeof message === 'string' ? message : `HTTP ${status}`,
      typeof field === 'string' ? field : undefined,
    );
  }
  return new ApiError(status, UNKNOWN_ERROR, typeof body === 'string' && body !== '' ? body : `HTTP ${status}`);
};

/**
 * The one HTTP client. It adds the bearer token; a 401 triggers ONE
 * token refresh shared by every call that is waiting, then the call is retried once. A refused
 * refresh clears the tokens and sends the user to /logout; one the server could not answer
 * (unreachable, or 503) keeps them. Sign-in calls are left to the caller.
 */
export const createApiClient = (options: ApiClientOptions = {}) => {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const baseUrl = options.baseUrl ?? apiBaseUrls.main;
  const tokens = options.tokens ?? tokenStorage;
  const onSessionExpired = options.onSessionExpired ?? (() => navigateTo(LOGOUT_PATH, { replace: true }));
  const language = options.language ?? pageLanguage;

  let refreshInFlight: Promise<boolean> | null = null;

  /** `unavailable`: the server could not answer (unreachable, or 503 while its database is away); the session may still be good. */
  const refreshOnce = async (): Promise<'refreshed' | 'refused' | 'unavailable'> => {
    const current = tokens.get();
    if (current === null) return 'refused';
    try {
      const response = await doFetch(buildUrl(baseUrl, REFRESH_TOKEN_PATH), {
        method: 'POST',
        headers: { 'refresh-token': current.refreshToken, accept: 'application/json' },
      });
      if (response.status === 503) return 'unavailable';
      if (!response.ok) return 'refused';
      const body = (await readBody(response)) as Partial<TRefreshTokenResponse> | undefined;
      if (typeof body?.token !== 'string' || typeof body.refreshToken !== 'string') return 'refused';
      tokens.set({ token: body.token, refreshToken: body.refreshToken });
      return 'refreshed';
    } catch {
      return 'unavailable';
    }
  };

  /**
   * Every caller that meets a 401 while a refresh runs waits for that same refresh. Only a refusal
   * ends the session: a server briefly away keeps it for the next try.
   */
  const refresh = (): Promise<boolean> => {
    refreshInFlight ??= refreshOnce().then((outcome) => {
      if (outcome === 'refused') {
        tokens.clear();
        onSessionExpired();
      }
      return outcome === 'refreshed';
    }).finally(() => {
      refreshInFlight = null;
    });
    return refreshInFlight;
  };

  const send = async (path: string, request: RequestOptions, accessToken: string | undefined): Promise<Response> => {
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    const pageLanguageTag = language();
    if (pageLanguageTag) headers['accept-language'] = pageLanguageTag;
    let body: BodyInit | undefined;
    if (request.body instanceof FormData) {
      body = request.body;
    } else if (request.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.body);
    }
    if (accessToken !== undefined) headers.authorization = `Bearer ${accessToken}`;
    try {
      return await doFetch(buildUrl(baseUrl, path, request.query), {
        method: request.method ?? 'GET',
        headers,
        body,
        signal: request.signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, NETWORK_ERROR, error instanceof Error ? error.message : 'Network error');
    }
  };

  const request = async <T>(path: string, options: RequestOptions = {}): Promise<T> => {
    const usedToken = tokens.get()?.token;
    let response = await send(path, options, usedToken);

    if (response.status === 401 && !path.includes('sign-in') && path !== REFRESH_TOKEN_PATH) {
      // Another call may have refreshed while this one was in flight: then retry with its token.
      // If the session already ended (tokens cleared by a failed refresh), do not start another.
      const latest = tokens.get()?.token;
      const refreshed =
        latest !== undefined && latest !== usedToken ? true : latest === undefined && usedToken !== undefined ? false : await refresh();
      if (refreshed) response = await send(path, options, tokens.get()?.token);
    }

    const body = await readBody(response);
    if (!response.ok) throw toApiError(response.status, body);
    return body as T;
  };

  /**
   * Calls a declared route (packages/domain/src/api/route-declaration.ts): the path, method,
   * body and answer types all come from its declaration, so nothing here is typed by hand.
   */
  const call = async <R extends RouteDeclaration>(
    route: R,
    ...[input]: CallInput<R>
  ): Promise<RouteOutput<R>> => {
    const { params, query, body, signal, headers } = (input ?? {}) as { params?: Record<string, string>; query?: Record<string, QueryValue>; body?: unknown } & CallExtras;
    return request<RouteOutput<R>>(pathOf(route.path, params), { method: route.method, query, body, signal, headers });
  };

  return {
    request,
    call,
    /** The shared refresh, for channels that carry the token themselves (the live socket). */
    refreshTokens: refresh,
    get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...options, method: 'GET' }),
    post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'POST', body }),
    put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'PUT', body }),
    delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...options, method: 'DELETE' }),
  };
};

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app's client for the main API. */
export const apiClient = createApiClient();
