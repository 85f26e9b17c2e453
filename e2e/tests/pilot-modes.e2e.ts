import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { expectAccessible, launchBrowser, openInApp, saveScreenshot } from '../support/browser';
import { createAccount, openSignedInPage } from '../support/session';

const baseUrl = inject('baseUrl');

/**
 * The pilot modes of issue 34, on a new pilot's seeded state (no flight flown): /flight lists the
 * pilot's airlines (none yet: the way to find one) and links every mode; the weekly challenge
 * with its route and empty boards; its button opens the configuration with both airports, where
 * the chosen aircraft's figures show and the contrail: tracker link is made; the pilot page with
 * the pilot card; the pricing page's tier rules. axe on every screen.
 */
describe('pilot modes: flight types, challenge, tracker link, pilot page, tiers', () => {
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];
  const username = `modes${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const password = 'Fly4contrail';

  beforeAll(async () => {
    const account = await createAccount(baseUrl, { username, password });
    browser = await launchBrowser();
    ({ page, errors: pageErrors } = await openSignedInPage(browser, baseUrl, account));
  });

  afterAll(async () => {
    await browser?.close();
  });

  const keepEvidenceOnFailure = (name: string) =>
    onTestFailed(async () => {
      await saveScreenshot(page, `pilot-modes-failure-${name}`);
      console.warn(`${name}: page errors ${JSON.stringify(pageErrors)}; url ${page.url()}`);
    });

  it('/flight: the AIRLINE card leads to finding an airline, and every pilot mode is linked', async () => {
    keepEvidenceOnFailure('flight');
    await page.goto('/flight');
    await page.getByText('You do not fly for an airline yet: join one to fly its routes.').waitFor();
    expect(await page.getByText('Not available yet', { exact: false }).count()).toBe(0);
    const modes = page.getByRole('navigation', { name: 'Other ways to fly' });
    for (const [name, href] of [['Career mode', '/flight/career-mode'], ['Virtual airline', '/flight/virtual-airline'], ['Challenge', '/flight/challenge'], ['Your pilot page', '/pilot']]) {
      expect(await modes.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }
    await expectAccessible(page, 'flight type selection with the modes');
  });

  it("the challenge shows the week's route and its boards, and its button configures the flight", async () => {
    keepEvidenceOnFailure('challenge');
    await page.getByRole('navigation', { name: 'Other ways to fly' }).getByRole('link', { name: 'Challenge', exact: true }).click();
    const route = page.getByRole('heading', { name: /^This week's route: [A-Z]{4} to [A-Z]{4}$/ });
    await route.waitFor();
    const [, from, to] = /([A-Z]{4}) to ([A-Z]{4})$/.exec((await route.textContent()) ?? '') ?? [];
    await page.getByRole('region', { name: 'Best landing' }).waitFor();
    await page.getByRole('region', { name: 'Least fuel' }).waitFor();
    expect(await page.getByText('You have no accepted flight on this route this week.').count()).toBe(2);
    await expectAccessible(page, 'challenge');

    await page.getByRole('link', { name: `Fly ${from} to ${to}` }).click();
    await page.waitForURL(/\/flight\/configuration\?type=NORMAL&departure=/);
    await page.getByLabel('Flight number').fill('CTR77');
    await page.getByRole('combobox', { name: 'Aircraft', exact: true }).selectOption('A320');
    await page.getByRole('definition').filter({ hasText: /kt at FL/ }).first().waitFor();
    await page.getByRole('button', { name: 'Make the tracker link' }).click();
    const link = page.getByRole('link', { name: 'Open this flight in the tracker' });
    await link.waitFor();
    const href = (await link.getAttribute('href')) ?? '';
    expect(href.startsWith('contrail://flight-plan?')).toBe(true);
    const params = new URL(href).searchParams;
    expect([params.get('from'), params.get('to'), params.get('aircraft'), params.get('flightNumber')]).toEqual([from, to, 'A320', 'CTR77']);
    expect(params.get('hash')).toMatch(/^[0-9a-f]{128}$/);
    await expectAccessible(page, 'flight configuration with the aircraft figures and the tracker link');
  });

  it('the pilot page shows the pilot card and the airlines; the pricing page says what each tier gets', async () => {
    keepEvidenceOnFailure('pilot');
    await openInApp(page, '/pilot');
    await page.getByRole('heading', { name: 'Your pilot page' }).waitFor();
    await page.getByRole('heading', { name: username }).waitFor();
    await page.getByText('Silver pilot · Level 1').waitFor();
    await page.getByRole('heading', { name: 'My airlines' }).waitFor();
    await expectAccessible(page, 'pilot page');

    await openInApp(page, '/subscription');
    const tiers = page.getByRole('region', { name: 'What each pilot tier gets' });
    await tiers.getByText(/the flight log opens your 3 most recent flights and any flight held for review/).waitFor();
    await expectAccessible(page, 'pricing with the tier rules');
    expect(pageErrors).toEqual([]);
  });
});
