import type { TRefreshTokenResponse } from '@contrail/domain/auth/auth-contract';
import { buildUrl, createApiClient as createTypedClient, readBody, type FetchFunction } from '@contrail/client/api-client';
import { apiBaseUrls } from '../config/app-config';
import { navigateTo } from './navigation';
import { tokenStorage, type TokenStorage } from './token-storage';

export type { QueryValue, RequestOptions } from '@contrail/client/api-client';

export type ApiClientOptions = {
  fetch?: FetchFunction;
  baseUrl?: string;
  tokens?: TokenStorage;
  /** Called when a 401 could not be recovered by a refresh; the tokens are already cleared. */
  onSessionExpired?: () => void;
  /** The page's language, sent as Accept-Language so mails the server sends come in it. */
  language?: () => string;
};

/** i18n keeps the page's language on <html lang> (lib/i18n.ts). */
const pageLanguage = (): string => (typeof document === 'undefined' ? '' : document.documentElement.lang);

export const REFRESH_TOKEN_PATH = '/api/refresh-token';
export const LOGOUT_PATH = '/logout';

/**
 * The web app's client: the typed client of packages/client with the browser's session. It sends
 * the stored bearer token; a 401 triggers ONE token refresh shared by every call that is waiting,
 * then the call is retried once. A refused refresh clears the tokens and sends the user to
 * /logout; one the server could not answer (unreachable, or 503) keeps them. Sign-in calls are
 * left to the caller.
 */
export const createApiClient = (options: ApiClientOptions = {}) => {
  const doFetch: FetchFunction = options.fetch ?? ((input, init) => fetch(input, init));
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
    refreshInFlight ??= refreshOnce()
      .then((outcome) => {
        if (outcome === 'refused') {
          tokens.clear();
          onSessionExpired();
        }
        return outcome === 'refreshed';
      })
      .finally(() => {
        refreshInFlight = null;
      });
    return refreshInFlight;
  };

  const client = createTypedClient({
    fetch: doFetch,
    baseUrl,
    accessToken: () => tokens.get()?.token,
    refresh,
    refreshesOn: (path) => !path.includes('sign-in') && path !== REFRESH_TOKEN_PATH,
    headers: (): Record<string, string> => {
      const pageLanguageTag = language();
      return pageLanguageTag ? { 'accept-language': pageLanguageTag } : {};
    },
  });

  return {
    request: client.request,
    call: client.call,
    /** The shared refresh, for channels that carry the token themselves (the live socket). */
    refreshTokens: refresh,
    get: client.get,
    post: client.post,
    put: client.put,
    delete: client.delete,
  };
};

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app's client for the main API. */
export const apiClient = createApiClient();
