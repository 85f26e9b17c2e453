import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import type { TUserInformation } from '@contrail/domain/user/user-contract';
import { expectAccessible, launchBrowser, saveScreenshot } from '../support/browser';
import { createAccount, openSignedInPage } from '../support/session';

const baseUrl = inject('baseUrl');
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/**
 * The store in real Chromium against the real server with no Stripe key, so card payments go
 * through the embedded sandbox (decision 0027): a booster pack paid by card raises the FC balance,
 * GOLD turns the tier label gold and opens the flight log, an item bought with FC waits in the
 * inventory, and a declined card lands on /payment-error with nothing changed. Axe on every screen,
 * the sandbox's checkout page included.
 */
describe('store journey', () => {
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];
  let token: string;
  const username = unique('shopper');
  const password = 'Shopper1pass';

  const me = async (): Promise<TUserInformation> => {
    const response = await fetch(`${baseUrl}/api/v1/user/information`, { headers: { authorization: `Bearer ${token}` } });
    return (await response.json()) as TUserInformation;
  };

  beforeAll(async () => {
    const account = await createAccount(baseUrl, { username, password });
    token = account.tokens.token;
    browser = await launchBrowser();
    ({ page, errors: pageErrors } = await openSignedInPage(browser, baseUrl, account));
  });

  afterAll(async () => {
    await browser?.close();
  });

  const keepEvidenceOnFailure = (name: string) =>
    onTestFailed(async () => {
      await saveScreenshot(page, `store-failure-${name}`);
      console.warn(`${name}: page errors ${JSON.stringify(pageErrors)}; url ${page.url()}`);
    });

  const payOnSandbox = async (cardNumber: string) => {
    await page.waitForURL(/\/api\/sandbox\/checkout\/cs_test_sandbox_/);
    await page.getByLabel('Card number').fill(cardNumber);
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Pay / }).click();
  };

  it('buys a booster pack by card in the sandbox and sees the FC balance rise', async () => {
    keepEvidenceOnFailure('pack');
    await page.goto('/store');
    await page.getByRole('heading', { name: 'Booster packs' }).waitFor();
    await page.getByRole('button', { name: /^Buy by card\s?: Starter pack$/ }).waitFor();
    await expectAccessible(page, 'store');
    await saveScreenshot(page, 'store-grid');
    await page.getByRole('button', { name: /^Buy by card\s?: Starter pack$/ }).click();
    await page.getByRole('heading', { name: 'Contrail store order' }).waitFor();
    await expectAccessible(page, 'sandbox checkout');
    await payOnSandbox('4242 4242 4242 4242');
    await page.waitForURL(/\/stripe\?sessionId=/);
    await page.getByText('Thank you! Your payment went through').waitFor();
    await expectAccessible(page, 'payment thanks');
    await page.getByRole('link', { name: /5,000 FC/ }).waitFor();
    expect((await me()).wallet.mfc).toBe(5_000);
    expect(pageErrors).toEqual([]);
  });

  it('buys an item with FC and finds it in the inventory', async () => {
    keepEvidenceOnFailure('inventory');
    await page.goto('/store');
    const booster = page.getByRole('listitem', { name: 'Miles booster: 1,000 miles' });
    await booster.getByRole('button', { name: /^Add to cart/ }).click();
    await page.getByRole('button', { name: 'Pay with my FlightCoins' }).click();
    await page.getByText('Bought! Your items are waiting in your inventory.').waitFor();
    await page.getByRole('link', { name: 'See my inventory' }).click();
    await page.waitForURL(/\/inventory$/);
    await page.getByRole('cell', { name: 'Miles booster: 1,000 miles' }).waitFor();
    await expectAccessible(page, 'inventory');
    const user = await me();
    expect(user.wallet).toMatchObject({ mfc: 3_500, miles: 1_000 });
    expect(pageErrors).toEqual([]);
  });

  it('lands on /payment-error with nothing changed when the card is declined', async () => {
    keepEvidenceOnFailure('declined');
    await page.goto('/store');
    await page.getByRole('button', { name: /^Buy by card\s?: Pilot pack$/ }).click();
    await payOnSandbox('4000 0000 0000 0002');
    await page.waitForURL(/\/payment-error\?/);
    await page.getByText('Your card was declined.').waitFor();
    await expectAccessible(page, 'payment error');
    expect((await me()).wallet.mfc).toBe(3_500);
    expect(pageErrors).toEqual([]);
  });

  it('subscribes to GOLD: the label turns gold and the flight log opens', async () => {
    keepEvidenceOnFailure('gold');
    await page.goto('/subscription');
    await page.locator('[data-tier="silver"]').first().waitFor({ state: 'attached' });
    await page.getByRole('button', { name: /^Subscribe\s?: Gold, Monthly$/ }).waitFor();
    await expectAccessible(page, 'pricing');
    await page.getByRole('button', { name: /^Subscribe\s?: Gold, Monthly$/ }).click();
    await page.getByRole('heading', { name: /Contrail GOLD/ }).waitFor();
    await payOnSandbox('4242424242424242');
    await page.waitForURL(/\/stripe\?sessionId=/);
    await page.getByText('Thank you! Your subscription is active.').waitFor();
    await page.locator('[data-tier="gold"]').first().waitFor({ state: 'attached' });
    expect((await me()).subscriptions.map((s) => s.code)).toEqual(['GOLD']);
    await page.goto('/flight-log');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByText(/Flight log access is premium/).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
