import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { referenceFlightArgs } from '@contrail/test-support/reference-flight';
import { signInThroughApi, signUpThroughApi } from '../support/api';
import { startContrailServer, type ContrailServer } from '../support/contrail-server';
import { expectAccessible, launchBrowser, newDesktopContext, saveScreenshot, watchPageErrors } from '../support/browser';
import { signedInContext } from '../support/session';
import { escapeRegExp, loadTexts } from '../support/locales';
import { followLinkFromOutbox, uniqueName } from '../support/outbox';
import { flyWithTracker } from '../support/tracker-fly';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const t = loadTexts('en');
/** A field's label, with or without the required mark. */
const exact = (text: string) => new RegExp(`^${escapeRegExp(text)}(\\s*\\*)?$`);
const anyUnread = new RegExp(`^${escapeRegExp(t('notifications:bell.open'))}, \\d+ unread$`);

const runNode = (args: string[], env: Record<string, string> = {}): Promise<string> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', ...args], { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`${args.join(' ')} exited with ${code}: ${stderr}`))));
  });

/**
 * Referrals and the live bell, in real Chromium against the real server: a sponsor copies their
 * invite link, a friend signs up through it (sponsor prefilled and checked), verifies, and flies
 * with the tracker; both see the bonus notification arrive without reloading, and the sponsor's
 * /affiliation shows the paid bonus. Axe on every screen.
 */
describe('an invited pilot flies and both get the referral bonus, live', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  let sponsorPage: Page;
  let friendPage: Page;
  let sponsorErrors: string[];
  let friendErrors: string[];
  const sponsor = { username: uniqueName('sponsor'), email: '', password: 'Sponsor1pass' };
  sponsor.email = `${sponsor.username}@example.com`;
  const friend = { username: uniqueName('friend'), email: '', password: 'Friend1pass' };
  friend.email = `${friend.username}@example.com`;
  let inviteLink = '';

  beforeAll(async () => {
    await signUpThroughApi(baseUrl, sponsor);
    browser = await launchBrowser();
    sponsorPage = await (await signedInContext(browser, baseUrl, await signInThroughApi(baseUrl, sponsor.username, sponsor.password))).newPage();
    const friendContext = await newDesktopContext(browser, baseUrl);
    friendPage = await friendContext.newPage();
    sponsorErrors = watchPageErrors(sponsorPage);
    friendErrors = watchPageErrors(friendPage);
  });
  afterAll(async () => browser?.close());
  const evidence = (name: string) =>
    onTestFailed(async () => {
      await saveScreenshot(sponsorPage, `notifications-failure-${name}-sponsor`);
      await saveScreenshot(friendPage, `notifications-failure-${name}-friend`);
    });

  it("shows the sponsor's invite link on /affiliation", async () => {
    evidence('affiliation');
    await sponsorPage.goto('/affiliation');
    const link = sponsorPage.getByRole('textbox', { name: t('affiliation:invite.linkLabel') });
    await expect.poll(() => link.inputValue()).toMatch(/\/register\?affiliate=/);
    inviteLink = await link.inputValue();
    expect(inviteLink.startsWith(`${baseUrl}/register?affiliate=`)).toBe(true);
    await sponsorPage.getByText(t('affiliation:referrals.empty')).waitFor();
    await expectAccessible(sponsorPage, 'affiliation (empty)');
  });

  it('signs the friend up through the link, with the sponsor prefilled', async () => {
    evidence('register');
    await friendPage.goto(inviteLink);
    const code = new URL(inviteLink).searchParams.get('affiliate') ?? '';
    await expect.poll(() => friendPage.getByLabel(exact(t('auth:fields.sponsor'))).inputValue()).toBe(code);
    await friendPage.getByLabel(exact(t('auth:fields.username'))).fill(friend.username);
    await friendPage.getByLabel(exact(t('auth:fields.email'))).fill(friend.email);
    await friendPage.getByLabel(exact(t('auth:fields.password'))).fill(friend.password);
    await friendPage.getByLabel(exact(t('auth:fields.confirmPassword'))).fill(friend.password);
    await friendPage.getByLabel(exact(t('auth:fields.acceptTerms'))).check();
    await friendPage.getByRole('button', { name: t('auth:register.submit') }).click();
    await friendPage.getByText(t('auth:register.success', { email: friend.email })).waitFor();
    await followLinkFromOutbox(friendPage, friend.email, '/verify-email');
    await friendPage.getByText(t('auth:verifyEmail.success')).waitFor();
    await friendPage.goto('/login');
    await friendPage.getByLabel(exact(t('auth:fields.username'))).fill(friend.username);
    await friendPage.getByLabel(exact(t('auth:fields.password'))).fill(friend.password);
    await friendPage.getByRole('button', { name: t('auth:login.submit') }).click();
    await friendPage.getByRole('button', { name: t('notifications:bell.open') }).waitFor();

    // Signed up, not paid: the sponsor sees the friend waiting for a first flight.
    await sponsorPage.reload();
    await sponsorPage.getByRole('row', { name: new RegExp(`${friend.username}.*${escapeRegExp(t('affiliation:referrals.waiting'))}`) }).waitFor();
  });

  it('pays both when the friend completes a first flight, and both bells ring live', async () => {
    evidence('flight');
    await sponsorPage.goto('/');
    await sponsorPage.getByRole('button', { name: t('notifications:bell.open'), exact: true }).waitFor();
    const flight = await flyWithTracker(baseUrl, ['--username', friend.username, '--password', friend.password, ...referenceFlightArgs(), '--rate', '128']);
    expect(flight.fc).toBeGreaterThan(0);

    // No reload: the notification channel brings it.
    const sponsorBell = sponsorPage.getByRole('button', { name: anyUnread });
    await sponsorBell.waitFor({ timeout: 30_000 });
    await sponsorBell.click();
    await sponsorPage.getByRole('link', { name: new RegExp(escapeRegExp(t('notifications:types.REFERRAL_BONUS_PAID_SPONSOR', { otherUserName: friend.username, amountFc: '500' }))) }).waitFor();
    await expectAccessible(sponsorPage, 'notification dropdown');
    await saveScreenshot(sponsorPage, 'notifications-bell-sponsor');

    const friendBell = friendPage.getByRole('button', { name: anyUnread });
    await friendBell.waitFor({ timeout: 30_000 });
    await friendBell.click();
    const welcome = friendPage.getByRole('link', { name: new RegExp(escapeRegExp(t('notifications:types.REFERRAL_BONUS_PAID_REFERRED', { otherUserName: sponsor.username, amountFc: '300' }))) });
    await welcome.waitFor();
    await welcome.click();
    await expect.poll(() => new URL(friendPage.url()).pathname).toBe('/affiliation');
  });

  it("shows the paid bonus on the sponsor's /affiliation and the notification page", async () => {
    evidence('paid');
    await sponsorPage.goto('/affiliation');
    await sponsorPage.getByText(t('affiliation:referrals.earned', { amount: '500' })).waitFor();
    const row = sponsorPage.locator('tr', { hasText: friend.username });
    await expect.poll(() => row.innerText()).toMatch(/Paid on \d{4}-\d{2}-\d{2}/);
    await sponsorPage.getByText(new RegExp(`${friend.username} flew their first flight$`)).waitFor();
    await expectAccessible(sponsorPage, 'affiliation (paid)');
    await saveScreenshot(sponsorPage, 'notifications-affiliation');

    await sponsorPage.goto('/notification');
    await sponsorPage.getByRole('heading', { name: t('notifications:title'), level: 1 }).waitFor();
    await sponsorPage.getByRole('button', { name: t('notifications:markAllRead') }).click();
    await sponsorPage.getByRole('button', { name: t('notifications:bell.open'), exact: true }).waitFor();
    await expectAccessible(sponsorPage, 'notification page');
    expect([...sponsorErrors, ...friendErrors]).toEqual([]);
  });
});

/**
 * Notices to airmen: an administrator (granted with `npm run admin:grant`, on a server of its own
 * since the grant needs the server stopped) issues a notice for LFPG on /notam; it shows when a
 * flight to LFPG is configured.
 */
describe('a notice for LFPG shows when a flight to LFPG is configured', () => {
  let server: ContrailServer | undefined;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];
  const admin = { username: uniqueName('admin'), email: '', password: 'Admin1pass' };
  admin.email = `${admin.username}@example.com`;

  beforeAll(async () => {
    const log = fs.openSync(path.join(repoRoot, 'e2e/artifacts/notam-server.log'), 'w');
    const first = await startContrailServer({ dataDirPrefix: 'contrail-e2e-notam-', env: { LOG_LEVEL: 'warn' }, stdio: ['ignore', log, log], healthTimeoutMs: 90_000 });
    await signUpThroughApi(first.baseUrl, admin);
    first.server.kill('SIGTERM');
    await new Promise((resolve) => first.server.once('exit', resolve));
    await runNode(['apps/server/scripts/grant-admin.ts', admin.username], { DATA_DIR: first.dataDir, DATABASE_URL: '' });
    server = await startContrailServer({ dataDirPrefix: 'contrail-e2e-notam-', env: { LOG_LEVEL: 'warn', DATA_DIR: first.dataDir }, stdio: ['ignore', log, log], healthTimeoutMs: 90_000 });
    browser = await launchBrowser();
    page = await (await signedInContext(browser, server.baseUrl, await signInThroughApi(server.baseUrl, admin.username, admin.password))).newPage();
    pageErrors = watchPageErrors(page);
  });
  afterAll(async () => {
    await browser?.close();
    if (server) {
      server.server.kill('SIGTERM');
      await new Promise((resolve) => server?.server.once('exit', resolve));
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  });

  const stamp = (ms: number) => new Date(ms).toISOString().slice(2, 16).replace(/[-T:]/g, '');

  it('issues the notice in ICAO form on /notam, after a clear refusal of a malformed one', async () => {
    onTestFailed(async () => void (await saveScreenshot(page, 'notam-failure-issue')));
    await page.goto('/notam');
    const text = page.getByRole('textbox', { name: /ICAO form/ });
    await text.fill('A0001/26 NOTAMN\nA) LFPG\nE) RWY CLOSED');
    await page.getByRole('button', { name: t('notam:issue.submit') }).click();
    await page.getByText(/Item Q\) is missing/).waitFor();
    await expectAccessible(page, 'notam form with problems');

    const now = Date.now();
    await text.fill(`A0001/26 NOTAMN\nQ) LFFF/QMRLC/IV/NBO/A/000/999/4901N00233E005\nA) LFPG B) ${stamp(now - 3_600_000)} C) ${stamp(now + 86_400_000)}\nE) RWY 09L/27R CLOSED FOR WORKS`);
    await page.getByRole('button', { name: t('notam:issue.submit') }).click();
    await page.getByText(t('notam:issue.issued', { reference: 'A0001/26' })).waitFor();
    await page.getByRole('heading', { name: /A0001\/26 · LFPG/ }).waitFor();
    await expectAccessible(page, 'notam page');
    await saveScreenshot(page, 'notam-page');
  });

  it('shows it on the configuration of a flight to LFPG', async () => {
    onTestFailed(async () => void (await saveScreenshot(page, 'notam-failure-configuration')));
    await page.goto('/flight/configuration?type=NORMAL&departure=EGLL&arrival=LFPG');
    await page.getByRole('heading', { name: /A0001\/26 · LFPG/ }).waitFor({ timeout: 30_000 });
    await page.getByText('RWY 09L/27R CLOSED FOR WORKS').waitFor();
    await expectAccessible(page, 'flight configuration with a notice');
    await saveScreenshot(page, 'notam-flight-configuration');
    expect(pageErrors).toEqual([]);
  });
});
