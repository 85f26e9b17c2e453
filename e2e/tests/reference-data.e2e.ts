import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, launchBrowser, saveScreenshot } from '../support/browser';
import { createAccount, openSignedInPage } from '../support/session';

const baseUrl = inject('baseUrl');

/** Picks the match whose text contains `ident` with the arrow keys and Enter, as a keyboard user does. */
const pickWithKeyboard = async (page: Page, field: Locator, ident: string): Promise<void> => {
  await page.getByRole('option', { name: new RegExp(ident) }).waitFor();
  const count = await page.getByRole('option').count();
  for (let step = 0; step < count; step += 1) {
    await field.press('ArrowDown');
    const activeId = await field.getAttribute('aria-activedescendant');
    expect(activeId).toBeTruthy();
    if ((await page.locator(`[id="${activeId}"]`).textContent())?.includes(ident)) {
      await field.press('Enter');
      return;
    }
  }
  throw new Error(`no match for ${ident}`);
};

/**
 * The reference-data journey of issue 4: a pilot opens /configuration/aircraft, picks the A320,
 * reads its figures and default seats, checks a London-Paris hop with the airport search field
 * (keyboard only), then creates a seat configuration: the over-capacity error shows while typing,
 * the fixed one saves, survives a reload, and is deleted after a confirmation.
 */
describe('reference data: aircraft configuration and airport search', () => {
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];
  const failedCalls: string[] = [];
  const username = `refdata${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const password = 'Seats4pilot';
  const configurationName = 'Charter two-class';

  beforeAll(async () => {
    const account = await createAccount(baseUrl, { username, password, verified: false });
    browser = await launchBrowser();
    ({ page, errors: pageErrors } = await openSignedInPage(browser, baseUrl, account));
    page.on('response', (response) => {
      if (response.status() >= 400) failedCalls.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
    });
  });
  afterAll(async () => browser?.close());

  it('shows the aircraft types grouped by category and the figures of the picked one', async () => {
    await page.goto('/configuration/aircraft');
    await page.getByRole('heading', { name: 'Aircraft configuration', level: 1 }).waitFor();
    const select = page.getByRole('combobox', { name: 'Aircraft type' });
    await select.waitFor();
    expect(await select.locator('optgroup').evaluateAll((groups) => groups.map((group) => group.getAttribute('label')))).toEqual([
      'Short haul',
      'Medium haul',
      'Long haul',
      'Cargo',
    ]);
    await expectAccessible(page, 'aircraft configuration, no type');

    await page.getByLabel('Search a type').fill('a320');
    await page.getByText('2 types match').waitFor();
    await select.selectOption('A320');
    await page.waitForURL(/\/configuration\/aircraft\?icao=A320$/);
    const figures = page.getByRole('region', { name: 'Figures of the A320' });
    for (const figure of ['3,300 NM', '180', '78,000 kg', 'Jet', '447 kts', 'Medium haul']) {
      await figures.getByText(figure, { exact: true }).waitFor();
    }
    await page.getByText('Airbus A320 (default)').waitFor();
    await page.getByText('First 0 · Business 12 · Economy 138 — 150 of 180 seats').first().waitFor();
    await page.getByText('You have no configuration of your own for the A320 yet.').waitFor();
    await expectAccessible(page, 'aircraft configuration, A320');
    await saveScreenshot(page, 'reference-data-aircraft-a320');
  });

  it('finds airports with the search field and picks them with the keyboard', async () => {
    const departure = page.getByRole('combobox', { name: 'Departure airport' });
    await departure.click();
    await departure.pressSequentially('He');
    await page.getByText('Type at least 3 characters to search').first().waitFor();
    await departure.pressSequentially('athrow');
    const heathrow = page.getByRole('option', { name: /EGLL/ });
    await heathrow.waitFor();
    await expect.poll(() => heathrow.textContent()).toMatch(/London Heathrow Airport.*London, United Kingdom/);
    expect(await departure.getAttribute('aria-expanded')).toBe('true');
    await expectAccessible(page, 'airport search open');
    await saveScreenshot(page, 'reference-data-airport-search');
    await pickWithKeyboard(page, departure, 'EGLL');
    await expect.poll(() => departure.inputValue()).toMatch(/^EGLL - London Heathrow Airport/);
    expect(await departure.getAttribute('aria-expanded')).toBe('false');

    // Tab leaves the field for the next one: the arrival, searched nearest the departure first.
    await departure.press('Tab');
    const arrival = page.getByRole('combobox', { name: 'Arrival airport' });
    await expect.poll(() => arrival.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('LFPG');
    await pickWithKeyboard(page, arrival, 'LFPG');
    await expect.poll(() => arrival.inputValue()).toMatch(/^LFPG - Charles de Gaulle/);

    // London Heathrow - Paris CDG is about 189 NM great circle: well within an A320's range.
    const verdict = page.getByText(/NM: within the 3,300 NM range of the A320\./);
    await verdict.waitFor();
    const distanceNm = Number((await verdict.textContent())?.split(' ')[0]);
    expect(distanceNm).toBeGreaterThan(180);
    expect(distanceNm).toBeLessThan(200);
    await expectAccessible(page, 'range check');
  });

  it('refuses too many seats while typing, saves a fitting configuration and keeps it after a reload', async () => {
    await page.getByRole('button', { name: 'New configuration' }).click();
    const editor = page.getByRole('form', { name: 'New configuration for the A320' });
    await editor.getByLabel(/^Name/).fill(configurationName);
    await editor.getByLabel(/^Business/).fill('20');
    await editor.getByLabel(/^Economy/).fill('165');
    await editor.getByText('5 seats over the capacity of 180').waitFor();
    await editor.getByRole('alert').filter({ hasText: '185 seats exceed the capacity of 180 passengers' }).waitFor();
    expect(await editor.getByLabel(/^First/).getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'seat editor over capacity');
    await saveScreenshot(page, 'reference-data-seat-editor-over-capacity');

    // Submitting now sends nothing: the error stays and no configuration appears.
    await editor.getByRole('button', { name: 'Create' }).click();
    await editor.getByText('5 seats over the capacity of 180').waitFor();
    // The refused form moves the focus to the field over capacity a moment later: wait for it before typing.
    await expect.poll(() => editor.getByLabel(/^Economy/).evaluate((field) => field === document.activeElement)).toBe(true);

    await editor.getByLabel(/^Economy/).fill('150');
    await editor.getByText('10 seats left of 180').waitFor();
    await expect.poll(() => editor.getByText(/exceed the capacity/).count()).toBe(0);
    await editor.getByRole('button', { name: 'Create' }).click();
    await page.getByText(`“${configurationName}” created`).waitFor();
    const list = page.getByRole('list', { name: 'My configurations for the A320' });
    await list.getByText(configurationName).waitFor();

    await page.reload();
    const reloaded = page.getByRole('list', { name: 'My configurations for the A320' });
    await reloaded.getByText(configurationName).waitFor();
    await reloaded.getByText('First 0 · Business 20 · Economy 150 — 170 of 180 seats').waitFor();
    await expectAccessible(page, 'aircraft configuration with a custom one');
    await saveScreenshot(page, 'reference-data-custom-saved');
  });

  it('refuses the same name again, and deletes only after the confirmation', async () => {
    await page.getByRole('button', { name: 'New configuration' }).click();
    const editor = page.getByRole('form', { name: 'New configuration for the A320' });
    await editor.getByLabel(/^Name/).fill(configurationName.toUpperCase());
    await editor.getByText('You already have a configuration with this name for this aircraft').waitFor();
    await editor.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: `Delete ${configurationName}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this configuration?' });
    await dialog.waitFor();
    await expectAccessible(page, 'delete confirmation');
    await saveScreenshot(page, 'reference-data-delete-confirmation');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByRole('list', { name: 'My configurations for the A320' }).getByText(configurationName).waitFor();

    await page.getByRole('button', { name: `Delete ${configurationName}` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('You have no configuration of your own for the A320 yet.').waitFor();
    await page.reload();
    await page.getByText('You have no configuration of your own for the A320 yet.').waitFor();
    // Every call of these screens succeeded (other shell calls may 404 until their issues land),
    // and nothing else went wrong in the page.
    expect(failedCalls.filter((call) => /\/api\/(core|airport)\//.test(call))).toEqual([]);
    expect(pageErrors.filter((error) => !error.startsWith('console: Failed to load resource'))).toEqual([]);
  });
});
