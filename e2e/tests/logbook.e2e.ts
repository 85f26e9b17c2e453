import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import type { TFlightLogDetail, TFlightLogPage } from '@contrail/domain/flight-api/flight-log-contract';
import type { TMission, TMissionPage } from '@contrail/domain/mission/mission-contract';
import type { TUserInformation } from '@contrail/domain/user/user-contract';
import type { TWalletTransactionPage } from '@contrail/domain/wallet/wallet-contract';
import { referenceFlightArgs } from '@contrail/test-support/reference-flight';
import type { TFlyResult } from '../../apps/tracker/src/fly/fly-command';
import { flyWithTracker } from '../support/tracker-fly';
import { expectAccessible, launchBrowser, saveScreenshot } from '../support/browser';
import { createAccount, openSignedInPage } from '../support/session';

declare global {
  // Set by the flight-log track map (apps/web features/flight-log) once MapLibre has loaded.
  var __contrailTrackMap: { loaded: () => boolean } | undefined;
}

const baseUrl = inject('baseUrl');
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/**
 * The pilot's screens around flights, in real Chromium against the real server: career creation,
 * a flight flown by the tracker, a mission picked in the mission list and flown, the log book
 * (freemium notice), the log detail (track map, chart, landing, events), the wallet (the FC of both
 * flights), the dashboard, and career mode with a jumpseat whose cost shows before paying. Axe on
 * every screen.
 *
 * Premium: there is no subscription purchase yet and the server has no dev-only seed for GOLD, so
 * the journey flies as a freemium pilot: the log book shows the premium notice and its way to
 * /subscription; the row lock of older logs (a 4th flight) is covered by the web component tests
 * and the server's flight-log tests.
 */
describe('logbook journey', () => {
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];
  let token: string;
  const username = unique('logbook');
  const password = 'Logbook1pass';
  const flightNumber = `CTR${Math.floor(1000 + Math.random() * 8999)}`;
  let normal: TFlyResult;
  let missionFlight: TFlyResult;
  let mission: TMission;

  const apiGet = async <T>(pathname: string): Promise<T> => {
    const response = await fetch(`${baseUrl}${pathname}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
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

  /** A failed step leaves a screenshot and the page's errors for review. */
  const keepEvidenceOnFailure = (name: string) =>
    onTestFailed(async () => {
      await saveScreenshot(page, `logbook-failure-${name}`);
      console.warn(`${name}: page errors ${JSON.stringify(pageErrors)}; url ${page.url()}`);
    });

  it('starts a career at a home hub picked in the airport search', async () => {
    keepEvidenceOnFailure('career');
    await page.goto('/pilot/career');
    const name = page.getByRole('textbox', { name: /Display name/ });
    await name.fill('Ace<');
    await page.getByRole('button', { name: 'Start my career' }).click();
    await page.getByText('Display name cannot contain ! $ * = ? ; / > < £ %').waitFor();
    await name.fill('Logbook Ace');
    await page.getByRole('combobox', { name: /Home hub/ }).fill('heathrow');
    await page.getByRole('option', { name: /EGLL/ }).click();
    await expectAccessible(page, 'career creation');
    await page.getByRole('button', { name: 'Start my career' }).click();
    await page.getByText('Your career has started.').waitFor();
    const user = await apiGet<TUserInformation>('/api/v1/user/information');
    expect(user).toMatchObject({ careerStarted: true, displayName: 'Logbook Ace', lastLocation: { ident: 'EGLL' } });
    expect(pageErrors).toEqual([]);
  });

  it('flies EGLL-LFPG with the tracker', async () => {
    normal = await flyWithTracker(baseUrl, ['--username', username, '--password', password, ...referenceFlightArgs(), '--rate', '128', '--flight-number', flightNumber]);
    expect(normal.fc).toBeGreaterThan(0);
  });

  it('picks a mission in the mission list and flies it', async () => {
    keepEvidenceOnFailure('mission');
    const user = await apiGet<TUserInformation>('/api/v1/user/information');
    // A short mission this pilot may fly, found the way the list finds it.
    const candidates = await apiGet<TMissionPage>(`/api/v1/missions?limit=50&skip=0&clRequired=${user.level}&maxDistance=600`);
    const found = candidates.data.find((entry) => entry.distanceNm >= 80);
    expect(found, 'no open short mission for this level').toBeDefined();
    mission = found!;

    await page.goto('/mission/list');
    await page.getByText(/Freemium: 3 missions left this month/).waitFor();
    await page.getByRole('textbox', { name: 'Departure ICAO' }).fill(mission.departureAirport.ident);
    await page.getByRole('textbox', { name: 'Arrival ICAO' }).fill(mission.arrivalAirport.ident);
    await page.getByRole('textbox', { name: 'Maximum distance (NM)' }).fill('600');
    await page.getByRole('button', { name: 'Missions I can fly' }).click();
    await page.getByRole('button', { name: 'Apply the filters' }).click();
    const card = page.getByRole('article', { name: mission.title }).first();
    await card.waitFor();
    await expectAccessible(page, 'mission list');
    await saveScreenshot(page, 'logbook-mission-list');
    await card.getByRole('link', { name: `Fly this mission: ${mission.title}` }).click();
    await page.waitForURL((url) => url.pathname === '/flight/configuration' && url.searchParams.get('missionId') === mission.id);

    missionFlight = await flyWithTracker(baseUrl, ['--username', username, '--password', password, '--mission', mission.id, '--aircraft', 'A320', '--rate', '128']);
    const after = await apiGet<TUserInformation>('/api/v1/user/information');
    expect(after.nbFreemiumMissionRemaining).toBe(2);
  });

  it('shows the log book with the freemium notice, then the mission flight in detail', async () => {
    keepEvidenceOnFailure('logbook');
    await page.goto('/flight-log?view=detailed&stats=1');
    await page.getByText(/Flight log access is premium/).waitFor();
    expect(await page.getByRole('link', { name: 'Subscribe to GOLD' }).getAttribute('href')).toBe('/subscription');
    // Both were flown by the built-in simulator (tracker fly): marked practice, paid on this demo server.
    await page.getByRole('cell', { name: `${flightNumber} Practice`, exact: true }).waitFor();
    await page.getByRole('cell', { name: `${mission.flightNumber} Practice`, exact: true }).waitFor();
    await page.getByRole('region', { name: 'Statistics' }).waitFor();
    await expectAccessible(page, 'flight log book');

    // The ledger seals every second here (global setup): the flight's record is in a block by now.
    await expect.poll(async () => (await apiGet<TFlightLogDetail>(`/api/v1/flight-log/${normal.flightLogId}`)).ledgerState).toBe('validated');
    await page.getByRole('link', { name: new RegExp(`Details of flight ${flightNumber}`) }).click();
    await page.getByRole('heading', { name: `Flight ${flightNumber} EGLL → LFPG` }).waitFor();
    const detail = await apiGet<TFlightLogDetail>(`/api/v1/flight-log/${normal.flightLogId}`);
    await page.getByText('Ledger: validated').waitFor();
    await page.getByText(`Sealed in ledger block #${detail.ledgerBlockHeight}`).waitFor();
    await page.getByRole('button', { name: 'Check the proof' }).click();
    await page.getByRole('status').filter({ hasText: /^Proof checked in your browser: leaf \d+ of \d+ in block #\d+/ }).waitFor();
    const earnings = page.getByRole('region', { name: 'Earnings' });
    await earnings.getByText(`${detail.flightCoinAmount.toLocaleString('en-GB')} FC`, { exact: true }).waitFor();
    const landing = page.getByRole('region', { name: 'Landing analysis' });
    // The card pilots share (its one line starts with the route and the aircraft), then the analysis.
    await landing.getByTestId('landing-share-text').filter({ hasText: /^EGLL → LFPG · A320 · -?[\d,]+ fpm/ }).waitFor();
    await landing.getByText('Touchdown rate').last().waitFor();
    await page.getByRole('region', { name: 'Events' }).getByText('Flight step changed').first().waitFor();
    await page.getByRole('img', { name: /Altitude and speed over time/ }).waitFor();
    await page.locator('#flight-track-map[data-state="ready"]').waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => globalThis.__contrailTrackMap?.loaded() === true);
    await page.getByRole('region', { name: 'Track' }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'logbook-flight-detail');
    await expectAccessible(page, 'flight log detail');
    expect(pageErrors).toEqual([]);
  });

  it('shows the FC of both flights in the wallet', async () => {
    keepEvidenceOnFailure('wallet');
    const logs = await apiGet<TFlightLogPage>(`/api/v1/flight-log/user/${(await apiGet<TUserInformation>('/api/v1/user/information')).id}?page=0&size=10`);
    const transactions = await apiGet<TWalletTransactionPage>(
      `/api/v1/wallet/user/${(await apiGet<TUserInformation>('/api/v1/user/information')).id}/type/MFC/transaction?page=0&page_size=20`,
    );
    const credited = transactions.items.filter((item) => item.transactionType === 'CREDIT').reduce((sum, item) => sum + item.amount, 0);
    expect(credited).toBe(logs.items.reduce((sum, item) => sum + item.flightCoinAmount, 0));

    await page.goto('/wallet');
    const row = page.getByRole('row').filter({ hasText: `Flight ${flightNumber} EGLL → LFPG` });
    await row.waitFor();
    expect(await row.textContent()).toContain(`+${normal.fc.toLocaleString('en-GB')} FC`);
    await page.getByRole('row').filter({ hasText: `Flight ${mission.flightNumber}` }).first().waitFor();
    await expectAccessible(page, 'wallet');
    await saveScreenshot(page, 'logbook-wallet');
  });

  it('shows the recent flights, hours and level on the dashboard', async () => {
    keepEvidenceOnFailure('dashboard');
    await page.goto('/dashboard');
    const recent = page.getByRole('region', { name: 'Recent flights' });
    await recent.getByRole('link', { name: new RegExp(`${flightNumber} EGLL → LFPG`) }).waitFor();
    await recent.getByRole('link', { name: new RegExp(`${mission.flightNumber} ${mission.departureAirport.ident} → ${mission.arrivalAirport.ident}`) }).waitFor();
    await page.getByRole('region', { name: 'Career level' }).getByRole('progressbar').waitFor();
    await page.getByRole('region', { name: 'Career' }).getByText('ATPL_A320').waitFor();
    await expectAccessible(page, 'dashboard');
    await saveScreenshot(page, 'logbook-dashboard');
    expect(missionFlight.flightLogId).not.toBe(normal.flightLogId);
  });

  it('shows where the pilot is in career mode and the jumpseat cost before paying it', async () => {
    keepEvidenceOnFailure('career-mode');
    const before = await apiGet<TUserInformation>('/api/v1/user/information');
    const here = before.lastLocation!.ident;
    // Back to the mission's departure (at most 600 NM away): a ride the flights' FC can pay.
    const destination = here === mission.departureAirport.ident ? mission.arrivalAirport.ident : mission.departureAirport.ident;
    await page.goto('/flight/career-mode');
    expect(await page.getByRole('link', { name: `Fly from ${here}` }).getAttribute('href')).toBe(`/flight/configuration?departure=${here}`);
    await page.getByRole('combobox', { name: 'Destination airport' }).fill(destination);
    await page.getByRole('option', { name: new RegExp(`^${destination}\\b`) }).first().click();
    const cost = page.getByTestId('jumpseat-cost');
    await cost.waitFor();
    const costFc = Number(/costs ([\d,]+) FC/.exec((await cost.textContent()) ?? '')![1]!.replace(/,/g, ''));
    expect(costFc).toBeGreaterThanOrEqual(25);
    await expectAccessible(page, 'career mode');
    await page.getByRole('button', { name: `Jumpseat to ${destination}` }).click();
    await page.getByRole('button', { name: /Confirm and pay/ }).click();
    await page.getByText(new RegExp(`You are now at ${destination}`)).waitFor();
    const after = await apiGet<TUserInformation>('/api/v1/user/information');
    expect(after.lastLocation?.ident).toBe(destination);
    expect(after.wallet.mfc).toBe(before.wallet.mfc - costFc);
    expect(pageErrors).toEqual([]);
  });
});
