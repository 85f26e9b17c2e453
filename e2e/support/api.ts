// Direct API calls for set-up steps that are not what a journey tests, through the typed client
// built from the declared routes (the path, the body and the answer come from the declaration).
import { createApiClient, type ApiClient } from '@contrail/client/api-client';
import { authRoutes } from '@contrail/domain/auth/auth-routes';
import { flightRoutes } from '@contrail/domain/flight-api/flight-routes';

/** The session a sign-in answers, stored by the web app as `contrail.tokens`. */
export type Tokens = { token: string; refreshToken: string; expiredAt?: string };

/** The API of the server at `baseUrl`, as the holder of `tokens` when given (anonymous otherwise). */
export const apiOf = (baseUrl: string, tokens?: Pick<Tokens, 'token'>): ApiClient => createApiClient({ baseUrl, accessToken: () => tokens?.token });

/** Follows the verification link mailed to `email`, read from the development outbox (the journeys' server has no SMTP). */
const verifyEmailThroughOutbox = async (baseUrl: string, email: string): Promise<void> => {
  const api = apiOf(baseUrl);
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    // The development outbox is a dev-only route, not a declared one.
    const outbox = await api.get<{ items: { to: string; text: string }[] }>('/api/dev/outbox');
    const token = outbox.items
      .filter((mail) => mail.to === email)
      .map((mail) => /\/verify-email\?token=([\w-]+)/.exec(mail.text)?.[1])
      .find(Boolean);
    if (token) {
      await api.call(authRoutes.validateEmail, { body: { mfid: token } });
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no verification mail to ${email} in the outbox`);
};

/**
 * Signs up and, unless `verified` is false, verifies the address as the mailed link would: paying
 * and creating an airline need a verified address, and that step is not what those journeys test.
 */
export const signUpThroughApi = async (
  baseUrl: string,
  user: { username: string; email: string; password: string },
  { verified = true }: { verified?: boolean } = {},
): Promise<void> => {
  await apiOf(baseUrl).call(authRoutes.signUp, { body: user });
  if (verified) await verifyEmailThroughOutbox(baseUrl, user.email);
};

export const signInThroughApi = (baseUrl: string, username: string, password: string): Promise<Tokens> =>
  apiOf(baseUrl).call(authRoutes.signIn, { body: { username, password } });

/**
 * Cancels the pilot's flight in progress, when there is one. Called after a journey step fails
 * mid-flight: the tracker hub the journeys share stays bound to a flight until it ends, so without
 * this one failed step would fail every later step that flies.
 */
export const cancelFlightInProgress = async (baseUrl: string, username: string, password: string): Promise<void> => {
  const api = apiOf(baseUrl, await signInThroughApi(baseUrl, username, password));
  const flight = await api.call(flightRoutes.retrieveForUser);
  if (!flight) return;
  const cancelled = await api.send(flightRoutes.cancel, { params: { id: flight.id } });
  console.warn(`cancelled the flight left in progress by a failed step: ${cancelled.status}`);
};
