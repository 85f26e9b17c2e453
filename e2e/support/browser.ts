import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';

const artifactsDir = path.resolve(import.meta.dirname, '../artifacts');
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Debian's Chromium, headless, with the flags this closed network needs (no background traffic). */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu-sandbox',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

/** A desktop-sized context (overlays show from 1536 px without the large-screen warning). */
export const newDesktopContext = (browser: Browser, baseUrl: string, locale = 'en-GB'): Promise<BrowserContext> =>
  browser.newContext({ baseURL: baseUrl, viewport: { width: 1600, height: 1000 }, locale, serviceWorkers: 'block' });

/** Console errors and failed page scripts, collected so a test can assert there were none. */
export const watchPageErrors = (page: Page): string[] => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // The browser logs every 4xx answer; the journeys provoke some on purpose (a wrong password).
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(`console: ${message.text()}`);
  });
  return errors;
};

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/** Runs axe-core on the page and fails on any serious or critical violation. */
export const expectAccessible = async (page: Page, screen: string): Promise<void> => {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking, `${screen}: ${JSON.stringify(blocking, null, 2)}`).toEqual([]);
};

/** Saves a screenshot under e2e/artifacts for review. */
export const saveScreenshot = async (page: Page, name: string): Promise<string> => {
  fs.mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
};

/** Picks the airport whose option contains `ident` (typed, then chosen with the keyboard). */
export const pickAirport = async (page: Page, field: Locator, ident: string): Promise<void> => {
  await field.click();
  await field.fill('');
  await field.pressSequentially(ident);
  await page.getByRole('option', { name: new RegExp(ident) }).first().waitFor();
  const count = await page.getByRole('option').count();
  for (let step = 0; step < count; step += 1) {
    await field.press('ArrowDown');
    const activeId = await field.getAttribute('aria-activedescendant');
    if (activeId && (await page.locator(`[id="${activeId}"]`).textContent())?.includes(ident)) {
      await field.press('Enter');
      return;
    }
  }
  throw new Error(`no match for ${ident}`);
};
