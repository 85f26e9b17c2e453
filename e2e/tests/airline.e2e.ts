import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { logoPng } from '../support/airline-setup';
import { signInThroughApi } from '../support/api';
import { expectAccessible, launchBrowser, openInApp, saveScreenshot } from '../support/browser';
import { advanceClock, clockServerReady } from '../support/clock';
import { uniqueName } from '../support/outbox';
import { createAccount, openSignedInPage } from '../support/session';

/**
 * The server whose clock moves weeks ahead here, which the journeys on the wall clock must not see
 * (support/global-setup.ts), and its tracker hub.
 */
const baseUrl = inject('clockServerUrl');
const trackerHubUrl = inject('clockTrackerHubUrl');
const airlineApi = () => `${baseUrl}/api/airline-manager/v1`;

/** The embedded payment sandbox's page, paid with the test card that always succeeds. */
const payInSandbox = async (page: Page): Promise<void> => {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
};

type AirlineItemShown = { id: string; category: 'HUB' | 'PLANE'; state: string | null; longitudeDeg: number; latitudeDeg: number };
const airlineItemsOnMap = (page: Page): Promise<AirlineItemShown[]> =>
  page.evaluate(() => (globalThis as { __contrailLiveMap?: { airlineItemsShown: () => AirlineItemShown[] } }).__contrailLiveMap?.airlineItemsShown() ?? []);

/**
 * The airline in real Chromium against the real server: a manager subscribes in the payment
 * sandbox, creates an airline with a logo and sees its dashboard; a pilot finds it in the search
 * and applies; the manager accepts them and reads the finance page; the pilot opens the airline's
 * routes. Axe on every screen; no console error anywhere.
 */
describe('airline journey', () => {
  let browser: Browser;
  const password = 'Cirrus-Climb-42';
  const manager = { username: uniqueName('manager'), tokens: { token: '', refreshToken: '' }, page: undefined as unknown as Page, errors: [] as string[] };
  const pilot = { username: uniqueName('pilot'), tokens: { token: '', refreshToken: '' }, page: undefined as unknown as Page, errors: [] as string[] };
  const code = `Q${Math.random().toString(36).slice(2, 4).toUpperCase().padEnd(2, 'X')}`;
  const name = `Journey Air ${code}`;
  let airlineId = '';

  const openAs = async (who: typeof manager) => {
    who.tokens = (await createAccount(baseUrl, { username: who.username, password })).tokens;
    Object.assign(who, await openSignedInPage(browser, baseUrl, who, { trackerHubUrl }));
  };

  beforeAll(async () => {
    // The clock-controlled server may still be booting (support/global-setup.ts).
    await clockServerReady();
    browser = await launchBrowser();
    await Promise.all([openAs(manager), openAs(pilot)]);
  }, 300_000);
  afterAll(async () => browser?.close());

  /**
   * Weeks on, the tokens have expired: sign in again, as the pilot would after a long break. Each
   * page waits on a static file meanwhile, so no app code refreshes the old session across the jump
   * (a refresh racing the new tokens could sign the page out); the next step opens its screen.
   */
  const moveClockAndSignInAgain = async (hours: number) => {
    for (const who of [manager, pilot]) await who.page.goto('/logo.svg');
    await advanceClock(hours);
    for (const who of [manager, pilot]) {
      who.tokens = await signInThroughApi(baseUrl, who.username, password);
      await who.page.evaluate((stored) => window.localStorage.setItem('contrail.tokens', stored), JSON.stringify(who.tokens));
    }
  };

  const keepEvidenceOnFailure = (step: string, page: () => Page) =>
    onTestFailed(async () => {
      await saveScreenshot(page(), `airline-failure-${step}`);
      console.warn(`${step}: errors ${JSON.stringify([...manager.errors, ...pilot.errors])}; url ${page().url()}`);
    });

  it('shows a manager without the subscription the gate, then subscribes in the sandbox', async () => {
    keepEvidenceOnFailure('gate', () => manager.page);
    const page = manager.page;
    await openInApp(page, '/airline-mgr');
    await page.getByRole('heading', { name: 'The airline subscription is required' }).waitFor();
    await expectAccessible(page, 'airline subscription gate');
    await page.getByRole('link', { name: 'See the airline subscription' }).click();
    await page.getByRole('button', { name: /^Subscribe\s?: Airline manager, Monthly$/ }).click();
    await page.waitForURL(/\/api\/sandbox\/checkout\/cs_test_sandbox_/);
    await payInSandbox(page);
    await page.getByText('Thank you! Your subscription is active.').waitFor();
    expect(manager.errors).toEqual([]);
  });

  it('creates the airline with a checked logo and lands on its dashboard', async () => {
    keepEvidenceOnFailure('create', () => manager.page);
    const page = manager.page;
    await openInApp(page, '/airline-mgr');
    await page.getByRole('heading', { name: 'Create your airline' }).waitFor();
    await page.getByRole('textbox', { name: /^Name/ }).fill(name);
    await page.getByRole('textbox', { name: /^Code/ }).fill(code);
    await page.getByRole('textbox', { name: /^Short description/ }).fill('Shuttles between London and Paris');
    await page.getByRole('textbox', { name: /^Main hub airport/ }).fill('EGLL');
    // EASY: its starting capital buys a small hangar and a small plane.
    await page.getByLabel('Economy').selectOption('EASY');
    await page.getByLabel('Plane category').selectOption('SMALL_HAUL');
    await page.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
    await page.getByRole('img', { name: 'Preview of the logo' }).waitFor();
    await expectAccessible(page, 'airline form');
    await page.getByRole('button', { name: 'Create the airline' }).click();
    await page.waitForURL(/\/airline-mgr\/dashboard$/);
    await page.getByRole('heading', { name: `Dashboard · ${name}` }).waitFor();
    await page.getByRole('heading', { name: 'Planes' }).waitFor();
    await expectAccessible(page, 'airline dashboard');
    await saveScreenshot(page, 'airline-dashboard');
    const mine = (await (await fetch(`${airlineApi()}/airline/member/${await userIdOf(manager.tokens.token)}`, { headers: auth(manager.tokens.token) })).json()) as { id: string }[];
    airlineId = mine[0]!.id;
    // Recruitment is opened through the API: the screen for it is not built yet.
    const opened = await fetch(`${airlineApi()}/airline/${airlineId}`, { method: 'PUT', headers: { ...auth(manager.tokens.token), 'content-type': 'application/json' }, body: JSON.stringify({ recruitmentOpened: true }) });
    expect(opened.ok).toBe(true);
    expect(manager.errors).toEqual([]);
  });

  it('buys a hangar and a plane in the airline store, builds them and opens a route', async () => {
    keepEvidenceOnFailure('build', () => manager.page);
    const page = manager.page;
    await openInApp(page, '/airline-mgr/store');
    await page.getByRole('button', { name: 'Buy for the airline: Small hangar' }).click();
    await page.getByText("Bought: the item waits in the airline's items.").waitFor();
    await expectAccessible(page, 'airline store');
    await page.getByRole('button', { name: 'Buy for the airline: Cessna 208 Caravan' }).click();
    await page.getByRole('link', { name: 'Build it' }).click();
    await page.waitForURL(/\/airline-mgr\/items$/);
    const hangar = page.getByRole('form', { name: 'Small hangar' });
    await hangar.getByRole('button', { name: 'Build the hangar' }).click();
    await page.getByText('Building started').waitFor();
    await expectAccessible(page, 'airline items');
    const plane = page.getByRole('form', { name: 'Cessna 208 Caravan' });
    await plane.getByRole('spinbutton', { name: 'Economy seats' }).fill('9');
    await plane.getByRole('spinbutton', { name: 'Business seats' }).fill('0');
    await plane.getByRole('button', { name: 'Build the plane' }).click();
    await page.getByText('No item waiting to be built.').waitFor();
    await openInApp(page, '/airline-mgr/dashboard');
    await page.getByRole('cell', { name: 'Being built' }).waitFor();

    // The boost in airline mode: a booster pack by card for the airline's wallet pays a second hub.
    await openInApp(page, '/airline-mgr/store');
    await page.getByRole('button', { name: /^Buy by card\s?: Pilot pack$/ }).click();
    await payInSandbox(page);
    await page.getByText('Thank you! Your payment went through').waitFor();

    await openInApp(page, '/airline-mgr/configuration');
    await page.getByRole('textbox', { name: 'Airport', exact: true }).fill('LFPB');
    // The licence and the rent are quoted before the owner pays.
    await page.getByText(/^LFPB: licence [\d,]+ FC now, then [\d,]+ FC a month/).waitFor();
    await page.getByRole('button', { name: 'Open the hub' }).click();
    await page.getByText('Hub opened: its licence is paid and its rent is planned each month.').waitFor();
    await page.getByText(/^LFPB · /).waitFor();

    await page.getByRole('textbox', { name: /^Rank name/ }).fill('Senior captain');
    await page.getByRole('spinbutton', { name: /^Salary bonus/ }).fill('20');
    await page.getByRole('button', { name: 'Create the rank' }).click();
    await page.getByText('Rank created.').waitFor();
    await page.getByRole('button', { name: 'Move up: Senior captain' }).click();
    const firstRank = page.getByRole('list', { name: 'Ranks, from the first to the last' }).getByRole('listitem').first();
    await expect.poll(async () => (await firstRank.textContent()) ?? '').toContain('Senior captain');

    await page.getByText('No route yet.').waitFor();
    await page.getByRole('form', { name: 'New route' }).getByRole('textbox', { name: /^Name/ }).fill('Channel hopper');
    await page.getByRole('textbox', { name: /^Airports in order/ }).fill('EGLL, LFPG');
    await page.getByRole('textbox', { name: /^Departure/ }).fill('08:00');
    await page.getByRole('textbox', { name: /^Arrival/ }).fill('09:10');
    await page.getByRole('button', { name: 'Create the route' }).click();
    await page.getByText('Route created.').waitFor();
    await page.getByText(/Channel hopper: EGLL → LFPG/).waitFor();

    // A webhook (a public address: nothing needs to answer), its signing secret shown once, from the keyboard.
    await page.getByText('No webhook yet.').waitFor();
    await page.getByRole('textbox', { name: /^Address/ }).fill('https://93.184.215.14/contrail');
    await page.getByRole('combobox', { name: 'Form' }).selectOption('generic');
    await page.getByRole('button', { name: 'Add webhook' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(/^whsec_/).waitFor();
    await page.getByRole('list', { name: "The airline's webhooks" }).getByText('https://93.184.215.14/contrail', { exact: true }).waitFor();
    await expectAccessible(page, 'airline configuration');
    await saveScreenshot(page, 'airline-configuration');
    expect(manager.errors).toEqual([]);
  });

  it('lets a pilot find the airline and apply', async () => {
    keepEvidenceOnFailure('apply', () => pilot.page);
    const page = pilot.page;
    await openInApp(page, '/pilot/airline/search');
    await page.getByRole('textbox', { name: 'Name, code or hub' }).fill(name);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('heading', { name }).waitFor();
    await expectAccessible(page, 'airline search');
    await page.getByRole('button', { name: `Apply to ${name}` }).click();
    await page.getByText(`Your application to ${name} is sent`).waitFor();
    expect(pilot.errors).toEqual([]);
  });

  it('lets the manager accept the applicant and read the finance page', async () => {
    keepEvidenceOnFailure('accept', () => manager.page);
    const page = manager.page;
    await openInApp(page, '/airline-mgr/member');
    await page.getByRole('button', { name: `Accept ${pilot.username}` }).click();
    await page.getByRole('cell', { name: pilot.username, exact: true }).waitFor();
    await page.getByRole('button', { name: `Make administrator: ${pilot.username}` }).waitFor();
    await expectAccessible(page, 'airline members');
    await page.getByRole('link', { name: 'Finance' }).click();
    await page.getByText('No flight flown for the airline yet.').waitFor();
    await expectAccessible(page, 'airline finance');
    expect(manager.errors).toEqual([]);
  });

  it('lets the owner edit the airline, decide on a hub, edit a route and choose who earns the flight-time bonus', async () => {
    keepEvidenceOnFailure('manage', () => manager.page);
    const page = manager.page;
    await openInApp(page, '/airline-mgr/dashboard');
    const information = page.getByRole('region', { name: 'Airline information' });
    await information.getByText(code, { exact: true }).waitFor();
    await information.getByRole('button', { name: 'Edit the airline' }).click();
    await page.getByRole('textbox', { name: /^Short description/ }).fill('Shuttles across the Channel, every day');
    await expectAccessible(page, 'airline information form');
    await page.getByRole('button', { name: 'Save' }).click();
    await information.getByText('Shuttles across the Channel, every day').waitFor();

    await openInApp(page, '/airline-mgr/configuration');
    await page.getByRole('region', { name: /^What things cost/ }).getByRole('rowheader', { name: 'Large airport' }).waitFor();
    // Close the second hub, then reopen it: free, its due date is a month away.
    await page.getByRole('button', { name: 'Manage the hub LFPB' }).click();
    await page.getByRole('button', { name: 'Close the hub' }).click();
    await page.getByText(/^LFPB · .* · closed$/).waitFor();
    await page.getByRole('button', { name: 'Manage the hub LFPB' }).click();
    await page.getByText('Reopening is free: its next payment date has not passed.').waitFor();
    await expectAccessible(page, 'hub decisions');
    await page.getByRole('button', { name: 'Reopen the hub' }).click();
    await expect.poll(async () => page.getByText(/^LFPB · .* · closed$/).count()).toBe(0);
    // The main hub is offered no closing.
    await page.getByRole('button', { name: 'Manage the hub EGLL' }).click();
    await page.getByText(/The main hub cannot be closed/).waitFor();
    await page.getByRole('group', { name: 'Decisions for the hub EGLL' }).getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Edit the route Channel hopper' }).click();
    await page.getByRole('form', { name: 'Edit the route Channel hopper' }).getByRole('textbox', { name: /^Arrival/ }).fill('09:20');
    await page.getByRole('button', { name: 'Save the route' }).click();
    await page.getByText(/Channel hopper: EGLL → LFPG.*09:20/).waitFor();

    const hours = page.getByRole('spinbutton', { name: 'Hours each' });
    await hours.fill('120');
    await page.getByText(/20 hours per pilot are over the 100-hour limit/).waitFor();
    await page.getByRole('radio', { name: 'The airline' }).check();
    await page.getByText(/^The airline would receive/).waitFor();
    await expectAccessible(page, 'flight-time bonus');
    await page.getByRole('radio', { name: 'The pilot who flew' }).check();
    await page.getByText(/^Each pilot would receive/).waitFor();
    expect(manager.errors).toEqual([]);
  });

  it('grounds the pilot, who reads why, then reinstates them', async () => {
    keepEvidenceOnFailure('grounding', () => manager.page);
    const page = manager.page;
    await openInApp(page, '/airline-mgr/member');
    await page.getByRole('button', { name: `Ground ${pilot.username}` }).click();
    await page.getByRole('button', { name: `Reinstate ${pilot.username}` }).waitFor();
    await page.getByText(`What ${pilot.username} may fly`).click();
    await page.getByText(/: allowed /).first().waitFor();
    await expectAccessible(page, 'grounded member');
    await openInApp(pilot.page, '/airline-mgr');
    await pilot.page.getByText(`The staff of ${name} grounded you: you cannot book its planes until they reinstate you.`).waitFor();
    await expectAccessible(pilot.page, 'grounded pilot');
    await page.getByRole('button', { name: `Reinstate ${pilot.username}` }).click();
    await page.getByRole('button', { name: `Ground ${pilot.username}` }).waitFor();
    expect(manager.errors).toEqual([]);
    expect(pilot.errors).toEqual([]);
  });

  it('delivers the plane when the clock moves on; the pilot starts at the hub and buys the rating the Caravan needs', async () => {
    keepEvidenceOnFailure('delivery', () => pilot.page);
    await moveClockAndSignInAgain(48);
    const managerPage = manager.page;
    await openInApp(managerPage, '/airline-mgr/dashboard');
    await managerPage.getByRole('cell', { name: 'Parked' }).waitFor();

    // Set-up, not what this journey tests: the pilot's career starts at the airline's hub.
    const career = await fetch(`${baseUrl}/api/v1/pilot/career`, {
      method: 'POST',
      headers: { ...auth(pilot.tokens.token), 'content-type': 'application/json' },
      body: JSON.stringify({ displayName: 'Airline Ace', homeHubIdent: 'EGLL' }),
    });
    expect(career.ok, await career.text()).toBe(true);

    const page = pilot.page;
    await openInApp(page, `/flight/va/${airlineId}`);
    await page.getByText("You do not hold the licence for this aircraft type: licences are in the store.").first().waitFor();
    await openInApp(page, '/store');
    await page.getByRole('button', { name: /^Buy by card\s?: Starter pack$/ }).click();
    await payInSandbox(page);
    await page.getByText('Thank you! Your payment went through').waitFor();
    await openInApp(page, '/store');
    await page.getByLabel('Type').selectOption('LICENCE');
    const rating = page.getByRole('listitem', { name: 'Single-engine turbine rating' });
    await rating.getByRole('button', { name: /^Add to cart/ }).click();
    await page.getByRole('button', { name: 'Pay with my FlightCoins' }).click();
    await page.getByText(/^Bought!/).waitFor();
    expect(pilot.errors).toEqual([]);
  });

  it('books the plane on the route, flies it with the built-in simulator and watches it fly on the map', async () => {
    keepEvidenceOnFailure('fly', () => pilot.page);
    const page = pilot.page;
    await openInApp(page, `/flight/va/${airlineId}`);
    await page.getByRole('heading', { name: 'Routes from EGLL' }).waitFor();
    await page.getByRole('button', { name: /^Book .* for Channel hopper$/ }).click();
    await page.getByText(/is booked for flight/).waitFor();
    await expectAccessible(page, 'airline routes with a booked plane');
    await page.getByRole('link', { name: 'Fly it' }).click();
    await page.waitForURL(/\/flight\/configuration\?/);
    await page.getByLabel('Built-in simulator').check();
    await page.getByLabel('Simulation rate').selectOption('64');
    const cruise = page.getByLabel('Cruise level (ft)');
    if ((await cruise.inputValue()) === '') await cruise.fill('9000');
    await expectAccessible(page, 'airline flight configuration');
    await page.getByRole('button', { name: 'Connect the tracker' }).click();
    await page.waitForURL(/\/flight\/current$/, { timeout: 60_000 });

    // The airline's plane is FLYING on the map and leaves its hub.
    const planeInFlight = async () => (await airlineItemsOnMap(page)).find((item) => item.category === 'PLANE' && item.state === 'FLYING');
    await expect.poll(planeInFlight, { timeout: 90_000, interval: 2000 }).toBeDefined();
    const hub = (await airlineItemsOnMap(page)).find((item) => item.category === 'HUB')!;
    await expect
      .poll(async () => {
        const plane = await planeInFlight();
        return plane ? Math.hypot(plane.longitudeDeg - hub.longitudeDeg, plane.latitudeDeg - hub.latitudeDeg) : 0;
      }, { timeout: 120_000, interval: 2000 })
      .toBeGreaterThan(0.05);
    await saveScreenshot(page, 'airline-plane-in-flight');

    const complete = page.getByRole('button', { name: 'Complete the flight' });
    await expect.poll(() => complete.isEnabled(), { timeout: 300_000, interval: 1000 }).toBe(true);
    await complete.click();
    await page.getByRole('region', { name: 'Flight completed' }).waitFor({ timeout: 60_000 });
    await expectAccessible(page, 'airline flight completed');
    expect(pilot.errors).toEqual([]);
  }, 600_000);

  it("shows the manager the flight's revenue and the plane parked at the arrival", async () => {
    keepEvidenceOnFailure('revenue', () => manager.page);
    const page = manager.page;
    await openInApp(page, '/airline-mgr/finance');
    await page.getByRole('cell', { name: 'Channel hopper' }).first().waitFor();
    await expectAccessible(page, 'airline finance after a flight');
    const revenue = page.getByRole('row', { name: /^Channel hopper/ }).first();
    await revenue.waitFor();
    expect(await revenue.textContent()).toMatch(/[1-9]/);
    // The plane is parked where it landed, a little worn by the flight.
    await openInApp(page, '/airline-mgr/dashboard');
    const plane = page.getByRole('row', { name: /Cessna 208|C208/ }).first();
    await plane.getByRole('cell', { name: 'LFPG' }).waitFor();
    expect(await plane.textContent()).toMatch(/9\d[.,]\d %/);
    expect(manager.errors).toEqual([]);
  });

  it('runs the airline out of money: the failed-payment banner, bankruptcy, a reset under the same code, then deletion', async () => {
    keepEvidenceOnFailure('bankruptcy', () => manager.page);
    const page = manager.page;
    // Month after month the hub and hangar rents fall due, until the airline cannot pay them.
    const failedPayments = async () =>
      ((await (await fetch(`${airlineApi()}/airline/${airlineId}/bankrupt`, { headers: auth(manager.tokens.token) })).json()) as { nbFailedTransaction: number }).nbFailedTransaction;
    for (let month = 0; month < 6 && (await failedPayments()) === 0; month += 1) await moveClockAndSignInAgain(24 * 31);
    expect(await failedPayments()).toBeGreaterThan(0);
    await openInApp(page, '/airline-mgr/dashboard');
    await page.getByText(/payments? failed: pay (it|them) within \d+ days or the airline goes bankrupt\./).waitFor();
    await expectAccessible(page, 'failed-payment banner');
    await saveScreenshot(page, 'airline-failed-payment');

    // Past the deadline the airline is bankrupt: the owner reads it and may reset or delete it.
    await moveClockAndSignInAgain(24 * 30);
    // The airline's pages open the bankruptcy screen themselves.
    await openInApp(page, '/airline-mgr/dashboard');
    await page.getByRole('heading', { name: 'Start again under the same code' }).waitFor();
    await expectAccessible(page, 'bankrupt airline');
    await saveScreenshot(page, 'airline-bankrupt');
    await page.getByRole('button', { name: 'Delete the airline for good' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    // The form starts from what the airline was; its code is locked (polled: the form fills in once
    // the airline is read, which a loaded machine may still be doing).
    await expect.poll(() => page.getByRole('textbox', { name: /^Name/ }).inputValue()).toBe(name);
    expect(await page.getByRole('textbox', { name: /^Code/ }).isEditable()).toBe(false);
    await page.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
    await page.getByRole('button', { name: /^Reset the airline/ }).click();
    await page.waitForURL(/\/airline-mgr\/dashboard$/);
    // The bankrupt screen carries the dashboard's heading too: the reset is done when its form goes.
    await page.getByRole('heading', { name: 'Start again under the same code' }).waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: `Dashboard · ${name}` }).waitFor();

    // A full load: the reset airline's queries are read afresh, whatever the app still held of the bankrupt one.
    await page.goto('/airline-mgr/configuration');
    await page.getByRole('button', { name: 'Delete the airline for good' }).click();
    await page.getByRole('alertdialog').waitFor();
    await expectAccessible(page, 'delete confirmation');
    await page.getByRole('button', { name: 'OK, delete it' }).click();
    await page.waitForURL(/\/airline-mgr$/);
    const left = (await (await fetch(`${airlineApi()}/airline/member/${await userIdOf(manager.tokens.token)}`, { headers: auth(manager.tokens.token) })).json()) as unknown[];
    expect(left).toEqual([]);
    expect(manager.errors).toEqual([]);
  });
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const userIdOf = async (token: string): Promise<string> =>
  ((await (await fetch(`${baseUrl}/api/v1/user/information`, { headers: auth(token) })).json()) as { id: string }).id;
