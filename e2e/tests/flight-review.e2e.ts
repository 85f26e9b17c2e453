import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { signInThroughApi, signUpThroughApi } from '../support/api';
import { expectAccessible, launchBrowser, newDesktopContext, saveScreenshot, watchPageErrors } from '../support/browser';
import { startContrailServer, type ContrailServer } from '../support/contrail-server';
import { uniqueName } from '../support/outbox';
import { flyWithTracker } from '../support/tracker-fly';

const repoRoot = path.resolve(import.meta.dirname, '../..');
/** This journey's own server (its clock moves two days so the airline's plane is delivered), set in beforeAll. */
let baseUrl = '';
const airlineApi = () => `${baseUrl}/api/airline-manager/v1`;
const clockControlToken = randomBytes(24).toString('hex');
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

const advanceClock = async (hours: number): Promise<void> => {
  const response = await fetch(`${baseUrl}/ops/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-clock-control-token': clockControlToken },
    body: JSON.stringify({ hours }),
  });
  if (!response.ok) throw new Error(`the clock did not move: ${response.status} ${await response.text()}`);
};

/** The embedded payment sandbox's page, paid with the test card that always succeeds. */
const payInSandbox = async (page: Page): Promise<void> => {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
};

/** A real 350 x 185 PNG, the logo size the airline form asks for. */
const logoPng = (): Buffer => {
  const png = new PNG({ width: 350, height: 185 });
  png.data.fill(120);
  return PNG.sync.write(png);
};

type Person = { username: string; tokens: { token: string; refreshToken: string }; page: Page; errors: string[] };

/**
 * Issue 31's review loop in real Chromium against the real server: an airline's owner lowers the
 * hardest touchdown the airline accepts; a member flies one of its routes with the built-in
 * simulator and lands harder than that; the flight waits for review, its pay held, and the pilot
 * explains; the owner reads the reasons, the reply, the track and the profile in the "Flight
 * reviews" panel and accepts; the pilot sees the outcome and the pay. The airline is set up the
 * way the airline journey proves it works. Axe on every screen; no console error anywhere.
 */
describe('flight review journey', () => {
  let browser: Browser;
  let server: ContrailServer;
  const password = 'Cirrus-Climb-42';
  const person = (prefix: string): Person => ({ username: uniqueName(prefix), tokens: { token: '', refreshToken: '' }, page: undefined as unknown as Page, errors: [] });
  const owner = person('owner');
  const pilot = person('flyer');
  const code = `R${Math.random().toString(36).slice(2, 4).toUpperCase().padEnd(2, 'X')}`;
  const name = `Review Air ${code}`;
  let airlineId = '';
  let flightLogId = '';

  const openAs = async (who: Person) => {
    await signUpThroughApi(baseUrl, { username: who.username, email: `${who.username}@example.com`, password });
    who.tokens = await signInThroughApi(baseUrl, who.username, password);
    const context = await newDesktopContext(browser, baseUrl);
    await context.addInitScript((stored) => {
      if (!window.localStorage.getItem('contrail.tokens')) window.localStorage.setItem('contrail.tokens', stored);
    }, JSON.stringify(who.tokens));
    who.page = await context.newPage();
    who.errors = watchPageErrors(who.page);
  };

  beforeAll(async () => {
    const log = fs.openSync(path.join(repoRoot, 'e2e/artifacts/flight-review-server.log'), 'w');
    server = await startContrailServer({
      dataDirPrefix: 'contrail-e2e-review-',
      env: { LOG_LEVEL: 'warn', CLOCK_CONTROL: 'on', CLOCK_CONTROL_TOKEN: clockControlToken },
      stdio: ['ignore', log, log],
      // Beside the suite's own server on a loaded 2-core machine a start has taken over 90 s.
      healthTimeoutMs: 150_000,
    });
    baseUrl = server.baseUrl;
    browser = await launchBrowser();
    await openAs(owner);
    await openAs(pilot);
  });
  afterAll(async () => {
    await browser?.close();
    if (server) {
      server.server.kill('SIGTERM');
      await new Promise((resolve) => (server.server.exitCode === null ? server.server.once('exit', resolve) : resolve(undefined)));
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  });

  const keepEvidenceOnFailure = (step: string, page: () => Page) =>
    onTestFailed(async () => {
      await saveScreenshot(page(), `flight-review-failure-${step}`);
      console.warn(`${step}: errors ${JSON.stringify([...owner.errors, ...pilot.errors])}; url ${page().url()}`);
    });

  it('sets up an airline with a plane on a route and the pilot as its member', async () => {
    keepEvidenceOnFailure('setup', () => owner.page);
    const page = owner.page;
    await page.goto('/airline-mgr');
    await page.getByRole('link', { name: 'See the airline subscription' }).click();
    await page.getByRole('button', { name: /^Subscribe\s?: Airline manager, Monthly$/ }).click();
    await page.waitForURL(/\/api\/sandbox\/checkout\/cs_test_sandbox_/);
    await payInSandbox(page);
    await page.getByText('Thank you! Your subscription is active.').waitFor();

    await page.goto('/airline-mgr');
    await page.getByRole('textbox', { name: /^Name/ }).fill(name);
    await page.getByRole('textbox', { name: /^Code/ }).fill(code);
    await page.getByRole('textbox', { name: /^Short description/ }).fill('Careful landings only');
    await page.getByRole('textbox', { name: /^Main hub airport/ }).fill('EGLL');
    await page.getByLabel('Economy').selectOption('EASY');
    await page.getByLabel('Plane category').selectOption('SMALL_HAUL');
    await page.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
    await page.getByRole('button', { name: 'Create the airline' }).click();
    await page.waitForURL(/\/airline-mgr\/dashboard$/);
    const me = (await (await fetch(`${baseUrl}/api/v1/user/information`, { headers: auth(owner.tokens.token) })).json()) as { id: string };
    const mine = (await (await fetch(`${airlineApi()}/airline/member/${me.id}`, { headers: auth(owner.tokens.token) })).json()) as { id: string }[];
    airlineId = mine[0]!.id;
    const opened = await fetch(`${airlineApi()}/airline/${airlineId}`, {
      method: 'PUT',
      headers: { ...auth(owner.tokens.token), 'content-type': 'application/json' },
      body: JSON.stringify({ recruitmentOpened: true }),
    });
    expect(opened.ok).toBe(true);

    await page.goto('/airline-mgr/store');
    await page.getByRole('button', { name: 'Buy for the airline: Small hangar' }).click();
    await page.getByText("Bought: the item waits in the airline's items.").waitFor();
    await page.getByRole('button', { name: 'Buy for the airline: Cessna 208 Caravan' }).click();
    await page.getByRole('link', { name: 'Build it' }).click();
    await page.waitForURL(/\/airline-mgr\/items$/);
    await page.getByRole('form', { name: 'Small hangar' }).getByRole('button', { name: 'Build the hangar' }).click();
    await page.getByText('Building started').waitFor();
    const plane = page.getByRole('form', { name: 'Cessna 208 Caravan' });
    await plane.getByRole('spinbutton', { name: 'Economy seats' }).fill('9');
    await plane.getByRole('spinbutton', { name: 'Business seats' }).fill('0');
    await plane.getByRole('button', { name: 'Build the plane' }).click();
    await page.getByText('No item waiting to be built.').waitFor();

    await page.goto('/airline-mgr/configuration');
    await page.getByText('No route yet.').waitFor();
    await page.getByRole('textbox', { name: /^Name/ }).fill('Channel hopper');
    await page.getByRole('textbox', { name: /^Airports in order/ }).fill('EGLL, LFPG');
    await page.getByRole('textbox', { name: /^Departure/ }).fill('08:00');
    await page.getByRole('textbox', { name: /^Arrival/ }).fill('09:10');
    await page.getByRole('button', { name: 'Create the route' }).click();
    await page.getByText('Route created.').waitFor();

    // The pilot applies; the owner accepts them.
    await pilot.page.goto('/pilot/airline/search');
    await pilot.page.getByRole('textbox', { name: 'Name, code or hub' }).fill(name);
    await pilot.page.getByRole('button', { name: 'Search' }).click();
    await pilot.page.getByRole('button', { name: `Apply to ${name}` }).click();
    await pilot.page.getByText(`Your application to ${name} is sent`).waitFor();
    await page.goto('/airline-mgr/member');
    await page.getByRole('button', { name: `Accept ${pilot.username}` }).click();
    await page.getByRole('cell', { name: pilot.username, exact: true }).waitFor();

    // Two days on the plane is delivered; both sign in again, as after a break.
    for (const who of [owner, pilot]) await who.page.goto('/logo.svg');
    await advanceClock(48);
    for (const who of [owner, pilot]) {
      who.tokens = await signInThroughApi(baseUrl, who.username, password);
      await who.page.evaluate((stored) => window.localStorage.setItem('contrail.tokens', stored), JSON.stringify(who.tokens));
    }
    await page.goto('/airline-mgr/dashboard');
    await page.getByRole('cell', { name: 'Parked' }).waitFor();

    // The pilot's career starts at the hub, with the rating the Caravan needs.
    const career = await fetch(`${baseUrl}/api/v1/pilot/career`, {
      method: 'POST',
      headers: { ...auth(pilot.tokens.token), 'content-type': 'application/json' },
      body: JSON.stringify({ displayName: 'Review Ace', homeHubIdent: 'EGLL' }),
    });
    expect(career.ok, await career.text()).toBe(true);
    const pilotPage = pilot.page;
    await pilotPage.goto('/store');
    await pilotPage.getByRole('button', { name: /^Buy by card\s?: Starter pack$/ }).click();
    await payInSandbox(pilotPage);
    await pilotPage.getByText('Thank you! Your payment went through').waitFor();
    await pilotPage.goto('/store');
    await pilotPage.getByLabel('Type').selectOption('LICENCE');
    await pilotPage.getByRole('listitem', { name: 'Single-engine turbine rating' }).getByRole('button', { name: /^Add to cart/ }).click();
    await pilotPage.getByRole('button', { name: 'Pay with my FlightCoins' }).click();
    await pilotPage.getByText(/^Bought!/).waitFor();
    expect([...owner.errors, ...pilot.errors]).toEqual([]);
  }, 400_000);

  it("lets the owner lower the airline's hardest touchdown in the review rules", async () => {
    keepEvidenceOnFailure('rules', () => owner.page);
    const page = owner.page;
    await page.goto('/airline-mgr/dashboard');
    await page.getByRole('link', { name: 'Flight reviews' }).click();
    await page.waitForURL(/\/airline-mgr\/flight-review$/);
    await page.getByText('No flight is waiting for review.').waitFor();
    const hardest = page.getByRole('spinbutton', { name: /^Hardest touchdown allowed/ });
    await hardest.fill('500');
    await expectAccessible(page, 'flight reviews panel with the review rules');
    await page.getByRole('button', { name: 'Save the review rules' }).click();
    await page.getByText('Review rules saved.').waitFor();
    const rules = (await (await fetch(`${airlineApi()}/airline/${airlineId}/review-thresholds`, { headers: auth(owner.tokens.token) })).json()) as {
      thresholds: { hardLandingFpm: number };
    };
    expect(rules.thresholds.hardLandingFpm).toBe(500);
    expect(owner.errors).toEqual([]);
  });

  it('holds a flight landed harder than that for review; the pilot reads why and explains', async () => {
    keepEvidenceOnFailure('held', () => pilot.page);
    const routes = (await (await fetch(`${airlineApi()}/airline/${airlineId}/route?page=0&size=10`, { headers: auth(owner.tokens.token) })).json()) as { items: { id: string }[] };
    // The built-in simulator's hard-landing fault touches down at -700 fpm.
    const flown = await flyWithTracker(baseUrl, [
      '--username', pilot.username, '--password', password, '--airline', airlineId, '--route', routes.items[0]!.id, '--rate', '64', '--fault', 'hardLanding',
    ]);
    flightLogId = flown.flightLogId;

    const page = pilot.page;
    await page.goto('/flight-log');
    await page.getByText('Waiting for review').first().waitFor();
    await page.goto(`/flight-log/${flightLogId}`);
    const banner = page.getByRole('region', { name: 'Your flight is waiting for review' });
    await banner.waitFor();
    await banner.getByText(/^The touchdown rate was -7\d\d ft\/min, harder than the limit of -500 ft\/min\.$/).waitFor();
    await expectAccessible(page, 'flight log waiting for review');
    await banner.getByRole('textbox', { name: /Your explanation/ }).fill('A gust lifted the wing over the threshold; I chose to land rather than go around.');
    await banner.getByRole('button', { name: 'Send my reply' }).click();
    await banner.getByText('Your reply, ', { exact: false }).waitFor();
    await saveScreenshot(page, 'flight-review-pilot-waiting');
    expect(pilot.errors).toEqual([]);
  }, 400_000);

  it('lets the owner review it from the panel, with the reasons, the reply, the track and the profile, and accept it', async () => {
    keepEvidenceOnFailure('review', () => owner.page);
    const page = owner.page;
    await page.goto('/airline-mgr/flight-review');
    const open = page.getByRole('link', { name: new RegExp(`^Review flight .* of ${pilot.username}$`) });
    await open.waitFor();
    await expectAccessible(page, 'flight reviews queue');
    await open.click();
    await page.getByRole('region', { name: 'Reasons' }).getByText('Hard landing').waitFor();
    await page.getByRole('region', { name: "The pilot's reply" }).getByText(/A gust lifted the wing/).waitFor();
    await page.getByRole('figure', { name: /^Track of flight / }).waitFor();
    await page.getByRole('img', { name: /Altitude and speed over time/ }).waitFor();
    await expectAccessible(page, 'flight under review');
    await saveScreenshot(page, 'flight-review-owner-detail');
    await page.getByRole('textbox', { name: /Comment for the pilot/ }).fill('A gusty day: within what we accept. Well flown.');
    await page.getByRole('button', { name: 'Accept and pay' }).click();
    await page.getByText('Flight accepted: its pay is released.').waitFor();
    await page.getByText('No flight is waiting for review.').waitFor();
    await page.getByRole('button', { name: 'Decided' }).click();
    await page.getByRole('row', { name: new RegExp(pilot.username) }).getByText('Accepted').waitFor();
    expect(owner.errors).toEqual([]);
  });

  it('shows the pilot the outcome, the comment and the pay', async () => {
    keepEvidenceOnFailure('outcome', () => pilot.page);
    const page = pilot.page;
    await page.goto(`/flight-log/${flightLogId}`);
    const banner = page.getByRole('region', { name: 'Your flight was accepted after review' });
    await banner.waitFor();
    await banner.getByText('A gusty day: within what we accept. Well flown.').waitFor();
    const paid = (await banner.getByText(/^Paid: /).textContent()) ?? '';
    expect(paid).toMatch(/^Paid: [1-9][\d,]* FC and [1-9][\d,]* XP\.$/);
    await expectAccessible(page, 'flight log accepted after review');
    await saveScreenshot(page, 'flight-review-pilot-accepted');
    const log = (await (await fetch(`${baseUrl}/api/v1/flight-log/${flightLogId}`, { headers: auth(pilot.tokens.token) })).json()) as { flightCoinAmount: number; review: { status: string } };
    expect(log.review.status).toBe('accepted');
    expect(log.flightCoinAmount).toBeGreaterThan(0);
    expect(pilot.errors).toEqual([]);
  });
});
