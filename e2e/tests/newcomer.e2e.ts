import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signUpThroughApi } from '../support/api';
import { expectAccessible, launchBrowser, newDesktopContext, saveScreenshot, watchPageErrors } from '../support/browser';
import { escapeRegExp, loadTexts } from '../support/locales';
import { followLinkFromOutbox, uniqueName } from '../support/outbox';

const baseUrl = inject('baseUrl');
/** A field's label, with or without the required mark. */
const exact = (text: string) => new RegExp(`^${escapeRegExp(text)}(\\s*\\*)?$`);

/**
 * The newcomer story of the foundation issue, as a user does it in the browser: register with a
 * sponsor link, verify through the outbox, sign in (a wrong password first), use the shell,
 * change the language, edit the profile, change the password, log out, reset a forgotten password
 * with a link that works once.
 */
const newcomerJourney = (language: 'en' | 'fr') => {
  const t = loadTexts(language);
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];
  const sponsor = { username: uniqueName('sponsor'), email: '', password: 'Sponsor1pass' };
  sponsor.email = `${sponsor.username}@example.com`;
  const pilot = { username: uniqueName(`pilot${language}`), email: '', password: 'Newcomer1pass' };
  pilot.email = `${pilot.username}@example.com`;
  const newPassword = 'Changed2pass';
  const resetPassword = 'Reset3password';

  beforeAll(async () => {
    await signUpThroughApi(baseUrl, sponsor);
    browser = await launchBrowser();
    const context = await newDesktopContext(browser, baseUrl, language === 'fr' ? 'fr-FR' : 'en-GB');
    // The app reads the language from the device; the French newcomer has chosen French before.
    if (language === 'fr') await context.addInitScript(() => window.localStorage.setItem('contrail.language', 'fr'));
    page = await context.newPage();
    pageErrors = watchPageErrors(page);
  });
  afterAll(async () => browser?.close());

  const signIn = async (password: string) => {
    await page.getByLabel(exact(t('auth:fields.username'))).fill(pilot.username);
    await page.getByLabel(exact(t('auth:fields.password'))).fill(password);
    await page.getByRole('button', { name: t('auth:login.submit') }).click();
  };

  it('registers with the sponsor from the invitation link', async () => {
    await page.goto(`/register?affiliate=${sponsor.username}`);
    await expect.poll(() => page.getByLabel(exact(t('auth:fields.sponsor'))).inputValue()).toBe(sponsor.username);
    await page.getByLabel(exact(t('auth:fields.username'))).fill(pilot.username);
    await page.getByLabel(exact(t('auth:fields.email'))).fill(pilot.email);
    await page.getByLabel(exact(t('auth:fields.password'))).fill(pilot.password);
    await page.getByLabel(exact(t('auth:fields.confirmPassword'))).fill(pilot.password);
    await page.getByLabel(exact(t('auth:fields.acceptTerms'))).check();
    await expectAccessible(page, 'register form');
    await page.getByRole('button', { name: t('auth:register.submit') }).click();
    await page.getByText(t('auth:register.success', { email: pilot.email })).waitFor();
    await expectAccessible(page, 'register success');
  });

  it('verifies the email with the link from the outbox', async () => {
    const link = await followLinkFromOutbox(page, pilot.email, '/verify-email');
    expect(link).toContain(`${baseUrl}/verify-email?token=`);
    await page.getByText(t('auth:verifyEmail.success')).waitFor();
    await expectAccessible(page, 'verify email');
  });

  it("shows the server's message on the username field for a wrong password", async () => {
    await page.goto('/login');
    await signIn('Wrong1password');
    const username = page.getByLabel(exact(t('auth:fields.username')));
    await expect.poll(() => username.getAttribute('aria-invalid')).toBe('true');
    // The server's message, in the user's language (errors are translated by their code).
    await page.getByText(t('errors:INVALID_CREDENTIALS')).waitFor();
    expect(await page.getByLabel(exact(t('auth:fields.password'))).getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'login error');
  });

  it('signs in to the application shell', async () => {
    await signIn(pilot.password);
    await page.getByRole('navigation', { name: t('shell:nav.label') }).waitFor();
    await expect.poll(() => page.url()).toBe(`${baseUrl}/`);
    // The UTC clock ticks as HH:MMZ.
    await expect.poll(() => page.getByText(/^\d{2}:\d{2}Z$/).count()).toBe(1);
    await page.getByText(t('shell:balance.amount', { amount: '0' })).waitFor();
    await expectAccessible(page, 'application shell');
    await saveScreenshot(page, `newcomer-shell-${language}`);
  });

  it('edits the profile and changes the language', async () => {
    await page.getByRole('button', { name: new RegExp(escapeRegExp(t('shell:profileMenu.open')), 'i') }).click();
    await page.getByRole('link', { name: t('shell:profileMenu.profile'), exact: true }).click();
    await page.getByRole('heading', { name: t('profile:title'), level: 1 }).waitFor();
    await page.getByLabel(exact(t('profile:fields.city'))).fill('Toulouse');
    await page.getByRole('button', { name: t('profile:form.save') }).click();
    await page.getByText(t('profile:form.saved')).first().waitFor();
    await saveScreenshot(page, `newcomer-profile-${language}`);
    await expectAccessible(page, 'profile');

    const other = language === 'en' ? 'fr' : 'en';
    const otherTexts = loadTexts(other);
    await page.getByLabel(exact(t('common:language.label'))).selectOption(other);
    // Exact: French "Profil" is a substring of English "Profile", and French texts load on demand.
    await page.getByRole('heading', { name: otherTexts('profile:title'), level: 1, exact: true }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe(other);
    // The map's own buttons follow at once, without a reload.
    await page.getByRole('button', { name: otherTexts('common:mapControls.NavigationControl_ZoomIn'), exact: true }).waitFor();
    await page.getByLabel(exact(otherTexts('common:language.label'))).selectOption(language);
    await page.getByRole('heading', { name: t('profile:title'), level: 1, exact: true }).waitFor();

    await page.reload();
    await expect.poll(() => page.getByLabel(exact(t('profile:fields.city'))).inputValue()).toBe('Toulouse');
  });

  it('changes the password', async () => {
    await page.getByLabel(exact(t('profile:fields.currentPassword'))).fill(pilot.password);
    await page.getByLabel(exact(t('profile:fields.newPassword'))).fill(newPassword);
    await page.getByLabel(exact(t('profile:fields.confirmPassword'))).fill(newPassword);
    await page.getByRole('button', { name: t('profile:password.submit') }).click();
    await page.getByText(t('profile:password.changed')).first().waitFor();
    // The toast shows under the top bar: the account menu stays in reach while it does.
    const toast = await page.getByRole('alert').filter({ hasText: t('profile:password.changed') }).boundingBox();
    const topBar = await page.getByLabel(t('shell:topBar.label'), { exact: true }).boundingBox();
    expect(toast!.y).toBeGreaterThanOrEqual(topBar!.y + topBar!.height);
  });

  it('logs out to the sign-in page', async () => {
    await page.getByRole('button', { name: new RegExp(escapeRegExp(t('shell:profileMenu.open')), 'i') }).click();
    await page.getByRole('link', { name: t('shell:profileMenu.logout'), exact: true }).click();
    await page.getByRole('button', { name: t('auth:login.submit') }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => window.localStorage.getItem('contrail.tokens'))).toBeNull();
  });

  it('resets a forgotten password with a link that works once', async () => {
    await page.getByRole('link', { name: t('auth:login.forgotPassword') }).click();
    await page.getByLabel(exact(t('auth:fields.email'))).fill(pilot.email);
    await page.getByRole('button', { name: t('auth:forgotPassword.submit') }).click();
    await page.getByText(t('auth:forgotPassword.sent', { email: pilot.email })).waitFor();
    await expectAccessible(page, 'forgot password');

    const link = await followLinkFromOutbox(page, pilot.email, '/reset-password');
    const fillReset = async () => {
      await page.getByLabel(exact(t('auth:fields.newPassword'))).fill(resetPassword);
      await page.getByLabel(exact(t('auth:fields.confirmPassword'))).fill(resetPassword);
      await page.getByRole('button', { name: t('auth:resetPassword.submit') }).click();
    };
    await fillReset();
    await page.getByText(t('auth:resetPassword.success')).waitFor();
    await expectAccessible(page, 'reset password');

    // The same link a second time is refused, and the password stays the one just chosen.
    await page.goto(link);
    await fillReset();
    await page.getByRole('alert').first().waitFor();
    expect(await page.getByText(t('auth:resetPassword.success')).count()).toBe(0);

    await page.goto('/login');
    await signIn(resetPassword);
    await page.getByRole('navigation', { name: t('shell:nav.label') }).waitFor();
    expect(pageErrors).toEqual([]);
  });
};

describe('a newcomer, in English', () => newcomerJourney('en'));
describe('a newcomer, in French', () => newcomerJourney('fr'));
