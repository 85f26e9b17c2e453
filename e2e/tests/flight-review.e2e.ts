import type { Browser, Page } from 'playwright-core';
import { airlineAssetRoutes } from '@contrail/domain/airline/airline-asset-routes';
import { flightLogRoutes } from '@contrail/domain/flight-api/flight-log-routes';
import { flightReviewRoutes } from '@contrail/domain/flight-review/review-routes';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { createAirline, equipAirline, joinAirline, preparePilotForCaravan, subscribeAirlineManager } from '../support/airline-setup';
import { apiOf, signInThroughApi } from '../support/api';
import { expectAccessible, launchBrowser, openInApp, saveScreenshot } from '../support/browser';
import { advanceClock, clockServerReady } from '../support/clock';
import { uniqueName } from '../support/outbox';
import { createAccount, openSignedInPage, type Account } from '../support/session';
import { flyWithTracker } from '../support/tracker-fly';

/** The server whose clock moves two days here so the airline's plane is delivered (support/global-setup.ts). */
const baseUrl = inject('clockServerUrl');

type Person = Account & { page: Page; errors: string[] };

/**
 * Issue 31's review loop in real Chromium against the real server: an airline's owner lowers the
 * hardest touchdown the airline accepts; a member flies one of its routes with the built-in
 * simulator and lands harder than that; the flight waits for review, its pay held, and the pilot
 * explains; the owner reads the reasons, the reply, the track and the profile in the "Flight
 * reviews" panel and accepts; the pilot sees the outcome and the pay. The airline is set up through
 * the API, the way the airline journey proves it works on its screens. Axe on every screen; no
 * console error anywhere.
 */
describe('flight review journey', () => {
  let browser: Browser;
  const password = 'Cirrus-Climb-42';
  let owner: Person;
  let pilot: Person;
  const code = `R${Math.random().toString(36).slice(2, 4).toUpperCase().padEnd(2, 'X')}`;
  const name = `Review Air ${code}`;
  let airlineId = '';
  let flightLogId = '';

  const newPerson = async (prefix: string): Promise<Person> => ({
    ...(await createAccount(baseUrl, { username: uniqueName(prefix), password })),
    page: undefined as unknown as Page,
    errors: [],
  });
  /** Opens the person's page, signed in with their tokens of now (after the clock moved). */
  const openPageOf = async (who: Person) => Object.assign(who, await openSignedInPage(browser, baseUrl, who));

  beforeAll(async () => {
    // The clock-controlled server may still be booting (support/global-setup.ts).
    await clockServerReady();
    [owner, pilot] = await Promise.all([newPerson('owner'), newPerson('flyer')]);
    browser = await launchBrowser();
  }, 300_000);
  afterAll(async () => browser?.close());

  const keepEvidenceOnFailure = (step: string, page: () => Page) =>
    onTestFailed(async () => {
      await saveScreenshot(page(), `flight-review-failure-${step}`);
      console.warn(`${step}: errors ${JSON.stringify([...owner.errors, ...pilot.errors])}; url ${page().url()}`);
    });

  it('sets up an airline with a plane on a route and the pilot as its member, through the API', async () => {
    // The airline journey clicks through each of these screens; this one starts where it ends.
    await subscribeAirlineManager(baseUrl, owner);
    airlineId = await createAirline(baseUrl, owner, {
      name,
      code,
      shortDescription: 'Careful landings only',
      hubAirportIdent: 'EGLL',
      gameDifficulty: 'EASY',
      planeCategory: 'SMALL_HAUL',
    });
    await equipAirline(baseUrl, owner, airlineId, { name: 'Channel hopper', airports: ['EGLL', 'LFPG'], departureTime: '08:00', arrivalTime: '09:10' });
    await joinAirline(baseUrl, owner, pilot, airlineId);
    // Two days on the plane is delivered; both sign in again, as after a break.
    await advanceClock(48);
    for (const who of [owner, pilot]) who.tokens = await signInThroughApi(baseUrl, who.username, password);
    await preparePilotForCaravan(baseUrl, pilot, 'Review Ace', 'EGLL');
    await openPageOf(owner);
    await openPageOf(pilot);
    const planes = await apiOf(baseUrl, owner.tokens).call(airlineAssetRoutes.planes, { params: { id: airlineId }, query: { page: 0, size: 10 } });
    expect(planes.items.map((plane) => plane.state)).toEqual(['AT_AIRPORT']);
  });

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
    const rules = await apiOf(baseUrl, owner.tokens).call(flightReviewRoutes.thresholds, { params: { id: airlineId } });
    expect(rules.thresholds.hardLandingFpm).toBe(500);
    expect(owner.errors).toEqual([]);
  });

  it('holds a flight landed harder than that for review; the pilot reads why and explains', async () => {
    keepEvidenceOnFailure('held', () => pilot.page);
    const routes = await apiOf(baseUrl, owner.tokens).call(airlineAssetRoutes.routes, { params: { id: airlineId }, query: { page: 0, size: 10 } });
    // The built-in simulator's hard-landing fault touches down at -700 fpm.
    const flown = await flyWithTracker(baseUrl, [
      '--username', pilot.username, '--password', password, '--airline', airlineId, '--route', routes.items[0]!.id, '--rate', '128', '--fault', 'hardLanding',
    ]);
    flightLogId = flown.flightLogId;

    const page = pilot.page;
    await page.goto('/flight-log');
    await page.getByText('Waiting for review').first().waitFor();
    await openInApp(page, `/flight-log/${flightLogId}`);
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
    // Away and back in the app already loaded: the queue asks for what is waiting now.
    await openInApp(page, '/airline-mgr/dashboard');
    await openInApp(page, '/airline-mgr/flight-review');
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
    // A reload: the app keeps the log it read before the decision.
    await page.goto(`/flight-log/${flightLogId}`);
    const banner = page.getByRole('region', { name: 'Your flight was accepted after review' });
    await banner.waitFor();
    await banner.getByText('A gusty day: within what we accept. Well flown.').waitFor();
    const paid = (await banner.getByText(/^Paid: /).textContent()) ?? '';
    expect(paid).toMatch(/^Paid: [1-9][\d,]* FC and [1-9][\d,]* XP\.$/);
    await expectAccessible(page, 'flight log accepted after review');
    await saveScreenshot(page, 'flight-review-pilot-accepted');
    const log = await apiOf(baseUrl, pilot.tokens).call(flightLogRoutes.detail, { params: { id: flightLogId } });
    expect(log.review.status).toBe('accepted');
    expect(log.flightCoinAmount).toBeGreaterThan(0);
    expect(pilot.errors).toEqual([]);
  });
});
