import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBoosterPack, TOrderResponse } from '@contrail/domain/store/store-contract';
import { ConfigError, loadConfig, testConfig } from '../../src/config/config';
import { publicUrlOf } from '../../src/lib/public-url';
import { createSignedInUser } from '../support/factories';
import { spawnServerProcess } from '../support/server-process';
import { createTestApp, type TestApp } from '../support/test-app';
import { api } from '../support/api';
import { storeRoutes } from '@contrail/domain/store/store-routes';
import { itOnPgliteOnly } from '../support/postgres-pass';

const STRIPE_KEYS = { STRIPE_SECRET_KEY: 'sk_test_production_defaults', STRIPE_WEBHOOK_SECRET: 'whsec_production_defaults' };
const PUBLIC_URL = 'https://contrail.example.org';
const SMTP_URL = 'smtp://mail.example.test:25';
/** Every other setting production needs, so each case tests one of them. */
const PRODUCTION = { NODE_ENV: 'production', SMTP_URL, PUBLIC_URL };

/** The configuration error's text, or null when the environment loads. */
const refusalOf = (env: Record<string, string>): string | null => {
  try {
    loadConfig({ DATA_DIR: 'memory://', ...env });
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
};

describe('card payments in production', () => {
  it('refuses to start without the Stripe keys, unless the sandbox is asked for', () => {
    const refusal = refusalOf(PRODUCTION);
    expect(refusal).toMatch(/STRIPE_SECRET_KEY/);
    expect(refusal).toMatch(/PAYMENT_SANDBOX=on/);
    expect(refusalOf({ ...PRODUCTION, ...STRIPE_KEYS })).toBeNull();
    expect(refusalOf({ ...PRODUCTION, PAYMENT_SANDBOX: 'on' })).toBeNull();
  });

  it('refuses the sandbox and Stripe together, and leaves development as it was', () => {
    expect(refusalOf({ ...PRODUCTION, PAYMENT_SANDBOX: 'on', ...STRIPE_KEYS })).toMatch(/PAYMENT_SANDBOX/);
    expect(refusalOf({})).toBeNull();
    expect(loadConfig({ DATA_DIR: 'memory://' }).PAYMENT_SANDBOX).toBe('off');
  });
});

describe('mail in production', () => {
  it('refuses to start without SMTP_URL, since no verification or reset mail could leave', () => {
    expect(refusalOf({ ...PRODUCTION, SMTP_URL: '', PAYMENT_SANDBOX: 'on' })).toMatch(/SMTP_URL: production needs SMTP_URL/);
    expect(refusalOf({ ...PRODUCTION, PAYMENT_SANDBOX: 'on' })).toBeNull();
  });
});

describe('a demo site (production with PAYMENT_SANDBOX=on)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off', ...PRODUCTION, SMTP_URL: 'smtp://127.0.0.1:9', PAYMENT_SANDBOX: 'on' });
  });
  afterAll(async () => t.close());

  it('says on the checkout page that payments are simulated on purpose', async () => {
    const pilot = await createSignedInUser(t.app);
    const starter = (await api(t.app).inject(storeRoutes.packs)).json<TBoosterPack[]>().find((pack) => pack.name === 'Starter pack')!;
    const order = await api(t.app, pilot.headers).inject(storeRoutes.placeOrder, { params: { userId: pilot.user.id }, body: { type: 'PACK', items: [{ itemId: starter.id, quantity: 1 }], payment: { type: 'CARD' } } });
    expect(order.statusCode, order.body).toBe(200);
    const page = await t.app.inject({ url: order.json<TOrderResponse>().checkout!.sessionUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('This is a demo site: payments are simulated on purpose and no card is ever charged.');
  });
});

describe('PUBLIC_URL for mail links', () => {
  it('is required when mails go out over SMTP or the server listens beyond this machine', () => {
    expect(refusalOf({ SMTP_URL })).toMatch(/PUBLIC_URL/);
    expect(refusalOf({ HOST: '0.0.0.0' })).toMatch(/PUBLIC_URL/);
    expect(refusalOf({ HOST: '192.168.1.20' })).toMatch(/PUBLIC_URL/);
    expect(refusalOf({ ...PRODUCTION, PUBLIC_URL: '', PAYMENT_SANDBOX: 'on' })).toMatch(/PUBLIC_URL/);
    expect(refusalOf({ SMTP_URL, PUBLIC_URL })).toBeNull();
    expect(refusalOf({ HOST: '0.0.0.0', PUBLIC_URL })).toBeNull();
    // Loopback with the outbox: the newcomer's start, where links follow the address served on.
    expect(refusalOf({})).toBeNull();
    expect(refusalOf({ HOST: '127.0.0.1' })).toBeNull();
    expect(refusalOf({ HOST: '::1' })).toBeNull();
  });

  it('decides every link once set, whatever Host a request forges', () => {
    const config = testConfig({ SMTP_URL, PUBLIC_URL });
    expect(publicUrlOf({ host: 'evil.example', protocol: 'https' }, config)).toBe(PUBLIC_URL);
  });

  // An in-memory PGlite server: the same in both passes of the suite.
  itOnPgliteOnly('stops the server at start-up with a message naming what to set', async () => {
    const server = await spawnServerProcess({
      loader: 'built',
      env: { NODE_ENV: 'development', DATA_DIR: 'memory://', SMTP_URL, PUBLIC_URL: '', HOST: '', PORT: '0', WEB_DIST_DIR: '' },
    });
    // A server that starts anyway (the fault this guards against) is stopped rather than left running.
    const startedAnyway = setTimeout(() => server.child.kill('SIGKILL'), 45_000);
    const code = await server.exited;
    clearTimeout(startedAnyway);
    expect(code).toBe(1);
    expect(server.stderr()).toMatch(/PUBLIC_URL: must be set/);
  });
});
