// Direct API calls for set-up steps that are not what a journey tests.

export type Tokens = { token: string; refreshToken: string };

/** Follows the verification link mailed to `email`, read from the development outbox (the journeys' server has no SMTP). */
const verifyEmailThroughOutbox = async (baseUrl: string, email: string): Promise<void> => {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const outbox = (await (await fetch(`${baseUrl}/api/dev/outbox`)).json()) as { items: { to: string; text: string }[] };
    const token = outbox.items
      .filter((mail) => mail.to === email)
      .map((mail) => /\/verify-email\?token=([\w-]+)/.exec(mail.text)?.[1])
      .find(Boolean);
    if (token) {
      const verified = await fetch(`${baseUrl}/api/v1/user/email/validate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mfid: token }),
      });
      if (!verified.ok) throw new Error(`email verification failed: ${verified.status} ${await verified.text()}`);
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
  const response = await fetch(`${baseUrl}/api/v1/user/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  if (verified) await verifyEmailThroughOutbox(baseUrl, user.email);
};

export const signInThroughApi = async (
  baseUrl: string,
  username: string,
  password: string,
): Promise<Tokens> => {
  const response = await fetch(`${baseUrl}/api/v1/user/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as Tokens;
};

/**
 * Cancels the pilot's flight in progress, when there is one. Called after a journey step fails
 * mid-flight: the tracker hub the journeys share stays bound to a flight until it ends, so without
 * this one failed step would fail every later step that flies.
 */
export const cancelFlightInProgress = async (baseUrl: string, username: string, password: string): Promise<void> => {
  const { token } = await signInThroughApi(baseUrl, username, password);
  const headers = { authorization: `Bearer ${token}` };
  const inProgress = await fetch(`${baseUrl}/api/flight/retrieve-flight-for-user`, { headers });
  const flight = (await inProgress.json()) as { id: string } | null;
  if (!flight) return;
  const cancelled = await fetch(`${baseUrl}/api/v1/flight/${flight.id}/cancel`, { method: 'POST', headers });
  console.warn(`cancelled the flight left in progress by a failed step: ${cancelled.status}`);
};
