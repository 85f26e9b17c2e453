import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { cancelFlightInProgress } from '../support/api';
import { expectAccessible, launchBrowser, pickAirport, saveScreenshot } from '../support/browser';
import { createAccount, openSignedInPage } from '../support/session';

const baseUrl = inject('baseUrl');
const trackerHubUrl = inject('trackerHubUrl');

const api = async <T>(method: 'GET' | 'POST', route: string, body?: unknown, token?: string): Promise<T> => {
  const response = await fetch(`${baseUrl}${route}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
};

/** Whether the centre of `locator` (scrolled into view) is the control itself, not an overlay above it. */
const isUncovered = async (locator: Locator): Promise<boolean> => {
  await locator.scrollIntoViewIfNeeded();
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const points = [
      [box.left + box.width / 2, box.top + box.height / 2],
      [box.left + 4, box.bottom - 4],
      [box.right - 4, box.bottom - 4],
    ] as const;
    return points.every(([x, y]) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && (hit === element || element.contains(hit));
    });
  });
};

type OwnAircraft = { longitudeDeg: number; latitudeDeg: number; trackPoints: number } | null;
const ownAircraft = (page: Page): Promise<OwnAircraft> =>
  page.evaluate(() => (globalThis as { __contrailLiveMap?: { ownAircraftPosition: () => OwnAircraft } }).__contrailLiveMap?.ownAircraftPosition() ?? null);

/**
 * Issue 20, as a pilot meets it: the help menu opens real help pages; their own aircraft moves on
 * the live map with its track; a flight at 64x is logged in simulated time with its altitude
 * profile and raises the pilot's hours; the primary buttons are never under an overlay at 1,536
 * and 1,920 px. axe on each screen.
 */
describe("pilot experience: own aircraft, simulated time, nothing covered", () => {
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];
  const username = `pilotx${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const password = 'Fly4contrail';
  let tokens: { token: string; refreshToken: string };

  beforeAll(async () => {
    ({ tokens } = await createAccount(baseUrl, { username, password, verified: false }));
    browser = await launchBrowser();
    ({ page, errors: pageErrors } = await openSignedInPage(browser, baseUrl, { tokens }, { trackerHubUrl }));
  });
  afterAll(async () => browser?.close());
  // A step that fails mid-flight must not leave the shared tracker hub bound to its flight.
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await cancelFlightInProgress(baseUrl, username, password);
  });

  it('opens the in-app help from the help menu: the tracker, then the ledger from the topic list (axe on each)', async () => {
    await page.setViewportSize({ width: 1536, height: 864 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Help', exact: true }).click();
    await page.getByRole('link', { name: 'The tracker', exact: true }).click();
    await page.waitForURL(/\/help\/tracker$/, { timeout: 20_000 });
    await page.getByRole('heading', { level: 1, name: 'The tracker' }).waitFor({ timeout: 20_000 });
    await expectAccessible(page, 'help: the tracker');
    await page.getByRole('navigation', { name: 'Help topics' }).getByRole('link', { name: 'The ledger' }).click();
    await page.getByRole('heading', { level: 1, name: 'The ledger' }).waitFor({ timeout: 20_000 });
    await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Blocks and “block #0”' }).click();
    await page.waitForURL(/\/help\/ledger#block$/);
    await expectAccessible(page, 'help: the ledger');
    expect(pageErrors).toEqual([]);
  });

  it('keeps the configuration submit clear of the floating widget at 1,536 and 1,920 px', async () => {
    for (const width of [1536, 1920]) {
      await page.setViewportSize({ width, height: width === 1536 ? 864 : 1080 });
      await page.goto('/flight/configuration?type=NORMAL');
      const submit = page.getByRole('button', { name: 'Connect the tracker' });
      await submit.waitFor({ timeout: 20_000 });
      expect(await isUncovered(submit), `submit covered at ${width} px`).toBe(true);
    }
  });

  it('flies at 64x: own aircraft moving on the map, then a log in simulated time and hours rising', async () => {
    await page.setViewportSize({ width: 1536, height: 864 });
    const before = await api<{ flightHours: number }>('GET', '/api/v1/user/information', undefined, tokens.token);
    await page.goto('/flight/configuration?type=NORMAL');
    await page.getByLabel('Flight number').waitFor({ timeout: 20_000 });
    await page.getByLabel('Flight number').fill('CTR64');
    await page.getByRole('combobox', { name: 'Aircraft', exact: true }).selectOption('A320');
    await page.getByLabel('Cruise level (ft)').fill('24000');
    await pickAirport(page, page.getByRole('combobox', { name: 'Departure airport' }), 'EGLL');
    await pickAirport(page, page.getByRole('combobox', { name: 'Arrival airport' }), 'LFPG');
    await page.getByLabel('Built-in simulator').check();
    await page.getByLabel('Simulation rate').selectOption('64');
    await page.getByRole('button', { name: 'Connect the tracker' }).click();
    await page.waitForURL(/\/flight\/current$/, { timeout: 60_000 });

    // The pilot's own aircraft is drawn from their live data and moves, leaving its track.
    await expect.poll(() => ownAircraft(page), { timeout: 60_000, interval: 500 }).not.toBeNull();
    const first = (await ownAircraft(page))!;
    await expect
      .poll(async () => {
        const now = await ownAircraft(page);
        return now !== null && (now.longitudeDeg !== first.longitudeDeg || now.latitudeDeg !== first.latitudeDeg) && now.trackPoints > first.trackPoints;
      }, { timeout: 60_000, interval: 1000 })
      .toBe(true);
    // A flight in progress opens the map framed on the aircraft and follows it (the control is pressed).
    const follow = page.getByRole('button', { name: 'Follow my aircraft' });
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');
    await saveScreenshot(page, 'pilot-own-aircraft');
    await expectAccessible(page, 'current flight with the own aircraft');

    // "Complete the flight" is never under the flight widget.
    const complete = page.getByRole('button', { name: 'Complete the flight' });
    await expect.poll(() => complete.isEnabled(), { timeout: 240_000, interval: 1000 }).toBe(true);
    for (const width of [1536, 1920]) {
      await page.setViewportSize({ width, height: width === 1536 ? 864 : 1080 });
      expect(await isUncovered(complete), `"Complete the flight" covered at ${width} px`).toBe(true);
    }
    await complete.click();
    await page.getByRole('region', { name: 'Flight completed' }).waitFor({ timeout: 60_000 });
    expect(await isUncovered(page.getByRole('button', { name: 'Done' }))).toBe(true);

    // The log holds the simulated flight: its duration, a profile reaching the cruise level, the hours.
    const href = await page.getByRole('region', { name: 'Flight completed' }).locator('a[href^="/flight-log/"]').first().getAttribute('href');
    const log = await api<{ statistics: { flightDuration: number }; positionHistory: { altitude: number }[] }>('GET', `/api/v1${href!.replace('/flight-log/', '/flight-log/')}`, undefined, tokens.token);
    // EGLL-LFPG at FL240 is about 45 minutes airborne; at 64x it took under a minute of wall time.
    expect(log.statistics.flightDuration).toBeGreaterThan(25 * 60);
    expect(log.positionHistory.length).toBeGreaterThan(40);
    expect(Math.max(...log.positionHistory.map((point) => point.altitude))).toBeGreaterThan(23_000);
    const after = await api<{ flightHours: number }>('GET', '/api/v1/user/information', undefined, tokens.token);
    expect(after.flightHours - before.flightHours).toBeGreaterThan(25 / 60);
    await page.goto(href!);
    await page.getByRole('img', { name: /Altitude and speed over time/ }).first().waitFor({ timeout: 20_000 });
    await expectAccessible(page, 'flight log of the 64x flight');
    expect(pageErrors).toEqual([]);
  }, 420_000);
});
