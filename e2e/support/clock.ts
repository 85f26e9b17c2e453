import { inject } from 'vitest';

/**
 * Moves the clock-controlled server's clock forward (CLOCK_CONTROL=on, decision 0035) and runs the
 * jobs then due: settlement, deliveries, rents. Tokens follow that clock: sign in again after a move
 * of days.
 */
export const advanceClock = async (hours: number): Promise<void> => {
  const response = await fetch(`${inject('clockServerUrl')}/ops/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-clock-control-token': inject('clockControlToken') },
    body: JSON.stringify({ hours }),
  });
  if (!response.ok) throw new Error(`the clock did not move: ${response.status} ${await response.text()}`);
};

/**
 * Waits until the clock-controlled server answers: global-setup.ts starts it without waiting, so
 * it boots while the first journeys run.
 */
export const clockServerReady = async (timeoutMs = 240_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const answered = await fetch(`${inject('clockServerUrl')}/healthz`).then((response) => response.ok, () => false);
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the clock-controlled server did not answer within ${timeoutMs} ms (see e2e/artifacts/clock-server.log)`);
};
