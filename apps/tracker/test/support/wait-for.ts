/**
 * How much longer than asked a wait may take: the timeouts written in the tests are what a quiet
 * machine needs, and the whole run's suites share 2 cores beside the browser journeys (at a lower
 * priority). A wait only ever lasts this long when it is about to fail.
 */
const LOADED_MACHINE_FACTOR = 3;

/** Polls until `check` returns a value other than undefined/false, or fails after `timeoutMs` (times the load factor). */
export async function waitFor<T>(check: () => T | undefined | false, timeoutMs = 3_000, what = 'condition'): Promise<T> {
  const allowedMs = timeoutMs * LOADED_MACHINE_FACTOR;
  const deadline = Date.now() + allowedMs;
  for (;;) {
    const result = check();
    if (result !== undefined && result !== false) return result;
    if (Date.now() > deadline) throw new Error(`Timed out after ${allowedMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
