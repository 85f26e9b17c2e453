import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config';
import { createTestApp, type TestApp } from '../support/test-app';

const TOKEN = 'clock-control-token-for-this-test-0123456789';

/**
 * The journeys' clock control moves every deadline of every airline: only a caller on the server's
 * machine holding its token moves it. A proxy on the same machine forwards strangers, so a request
 * that came through one (X-Forwarded-For or Forwarded) is refused even from the loopback address.
 */
describe('who may move the clock (CLOCK_CONTROL=on)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CLOCK_CONTROL: 'on', CLOCK_CONTROL_TOKEN: TOKEN });
  });
  afterAll(async () => t?.close());

  const advance = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/ops/clock/advance', remoteAddress, headers, payload: { hours: 1 } });

  it('refuses a caller without the token, with a wrong one, or through a proxy, and the clock stays where it was', async () => {
    const before = t.app.deps.clock.now().getTime();
    const refusals = [
      advance({}),
      advance({ 'x-clock-control-token': '' }),
      advance({ 'x-clock-control-token': `${TOKEN.slice(0, -1)}x` }),
      advance({ 'x-clock-control-token': `${TOKEN}0` }),
      advance({ 'x-clock-control-token': TOKEN, 'x-forwarded-for': '203.0.113.9' }),
      advance({ 'x-clock-control-token': TOKEN, forwarded: 'for=203.0.113.9' }),
      advance({ 'x-clock-control-token': TOKEN }, '10.0.0.7'),
    ];
    for (const [index, refused] of (await Promise.all(refusals)).entries()) {
      expect(refused.statusCode, `case ${index}`).toBe(403);
      expect(refused.json(), `case ${index}`).toMatchObject({ success: false, errorCode: 'FORBIDDEN' });
    }
    expect(t.app.deps.clock.now().getTime() - before).toBeLessThan(60_000);
  });

  it('moves the clock for a local caller with the token', async () => {
    const before = t.app.deps.clock.now().getTime();
    const moved = await advance({ 'x-clock-control-token': TOKEN });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(t.app.deps.clock.now().getTime() - before).toBeGreaterThanOrEqual(3_600_000);
  });

  it('will not start the clock control without a token of at least 32 characters', () => {
    expect(() => loadConfig({ CLOCK_CONTROL: 'on', DATA_DIR: 'memory://' })).toThrow(ConfigError);
    expect(() => loadConfig({ CLOCK_CONTROL: 'on', DATA_DIR: 'memory://' })).toThrow(/CLOCK_CONTROL_TOKEN/);
    expect(() => loadConfig({ CLOCK_CONTROL: 'on', CLOCK_CONTROL_TOKEN: 'short', DATA_DIR: 'memory://' })).toThrow(/CLOCK_CONTROL_TOKEN/);
    expect(loadConfig({ CLOCK_CONTROL: 'on', CLOCK_CONTROL_TOKEN: TOKEN, DATA_DIR: 'memory://' }).CLOCK_CONTROL_TOKEN).toBe(TOKEN);
  });
});
