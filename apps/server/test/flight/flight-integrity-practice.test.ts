import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, testConfig } from '../../src/config/config';
import { flightLogs } from '../../src/modules/flight-log/flight-log.schema';
import { walletTransactions } from '../../src/modules/wallet/wallet.schema';
import { createSignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { listen } from './support/flight-kit';
import { flyTampered } from './support/tampered-frames';

const honest = (frames: Parameters<Parameters<typeof flyTampered>[3]>[0]) => [...frames];

/** Issue 31: a flight the built-in simulator recorded is practice; where practice does not pay, it pays nothing. */
describe('practice flights where practice does not pay', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off', PRACTICE_FLIGHTS_PAY: 'off' });
    baseUrl = await listen(t.app);
  });
  afterAll(async () => t?.close());

  it('logs and scores a built-in-simulator flight as practice, accepted, and pays nothing', async () => {
    const pilot = await createSignedInUser(t.app);
    const completed = await flyTampered(t.app, baseUrl, pilot.headers, honest, { simulator: 'builtin' });
    expect(completed).toMatchObject({ fc: 0, xp: 0, review: { status: 'accepted', practice: true } });
    const [log] = await t.app.deps.db.select().from(flightLogs).where(eq(flightLogs.id, completed.flightLogId));
    expect(log).toMatchObject({ practice: true, reviewStatus: 'accepted', fc: 0, xp: 0, heldPayments: null, isArrived: true });
    expect(log!.flightScore).toBeGreaterThan(0);
    expect(await t.app.deps.db.select().from(walletTransactions).where(eq(walletTransactions.userId, pilot.user.id))).toHaveLength(0);
  });

  it('still pays a flight recorded from a real simulator', async () => {
    const pilot = await createSignedInUser(t.app);
    const completed = await flyTampered(t.app, baseUrl, pilot.headers, honest, { simulator: 'flightgear' });
    expect(completed.review).toMatchObject({ status: 'accepted', practice: false });
    expect(completed.fc).toBeGreaterThan(0);
  });
});

describe('the PRACTICE_FLIGHTS_PAY setting', () => {
  it('defaults to on outside production (the demo loop earns) and off in production', () => {
    expect(testConfig().PRACTICE_FLIGHTS_PAY).toBe('on');
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      PAYMENT_SANDBOX: 'on',
      PUBLIC_URL: 'https://contrail.example.org',
      SMTP_URL: 'smtp://mail.example.org:587',
      DATA_DIR: 'memory://',
    };
    expect(loadConfig(production).PRACTICE_FLIGHTS_PAY).toBe('off');
    expect(loadConfig({ ...production, PRACTICE_FLIGHTS_PAY: 'on' }).PRACTICE_FLIGHTS_PAY).toBe('on');
    expect(() => loadConfig({ ...production, PRACTICE_FLIGHTS_PAY: 'yes' })).toThrow(/PRACTICE_FLIGHTS_PAY/);
  });
});
