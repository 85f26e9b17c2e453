import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Request } from 'playwright-core';
import { expect } from 'vitest';
import { defaultMapSettings, MAP_SETTINGS_STORAGE_KEY, MapMode, serializeMapSettings } from '@contrail/domain/map/map-settings';

const artifactsDir = path.resolve(import.meta.dirname, '../artifacts');
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Debian's Chromium, headless, with the flags this closed network needs (no background traffic).
 * WebGL (the map) runs on SwiftShader, the CPU's stand-in for a GPU; the page itself is composited
 * in software, which costs far less CPU than compositing through SwiftShader (16 screens visited:
 * 12.7 CPU-seconds instead of 29.5, 9.6 s instead of 17.6 s).
 */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu-sandbox',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--disable-gpu-compositing',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

/**
 * The map settings a journey starts from when it does not look at the globe and its network
 * traffic: the flat map (the pilot's 2D mode) with VATSIM and IVAO off. Every frame of the map is
 * drawn by SwiftShader, on the CPU:
 * - thousands of moving aircraft redrawn every second kept both cores busy, about 1.8 CPU-seconds a
 *   second on an idle screen;
 * - one frame of the globe cost the GPU process 0.9 to 1.0 CPU-second, the flat map 0.43 (and
 *   0.2 at half density, below). Over a full run the GPU process was the largest user of CPU,
 *   ahead of every test worker.
 * The live-map journey asks for the globe and the traffic.
 */
const lightMapSettings = serializeMapSettings({
  ...defaultMapSettings(),
  mode: MapMode.Mode2D,
  networks: { ...defaultMapSettings().networks, vatsim: false, ivao: false },
});

/**
 * Pages are drawn at half density (a device pixel ratio of 0.5) unless a journey looks at the
 * globe: the same layout in CSS pixels, a quarter of the pixels to composite in software and to
 * read back from SwiftShader (an empty map frame: 0.19 CPU-second at full density, 0.05 at half).
 * Screenshots are half size.
 */
const LIGHT_DEVICE_SCALE_FACTOR = 0.5;

/**
 * A desktop-sized context (overlays show from 1536 px without the large-screen warning). Unless
 * `fullMap` is set, the map starts flat and without network traffic and pages are drawn at
 * half density (see lightMapSettings); a setting the journey changes stays, as on a pilot's device.
 */
export const newDesktopContext = async (
  browser: Browser,
  baseUrl: string,
  locale = 'en-GB',
  { fullMap = false }: { fullMap?: boolean } = {},
): Promise<BrowserContext> => {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1600, height: 1000 },
    ...(fullMap ? {} : { deviceScaleFactor: LIGHT_DEVICE_SCALE_FACTOR }),
    locale,
    serviceWorkers: 'block',
  });
  // What a step waits for appears in a second or two here, but CI's machine can be several times
  // slower beside the other suites: Playwright's 30 s default failed steps there.
  context.setDefaultTimeout(60_000);
  if (!fullMap) {
    await context.addInitScript(
      ([key, settings]) => {
        if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, settings);
      },
      [MAP_SETTINGS_STORAGE_KEY, lightMapSettings] as const,
    );
  }
  return context;
};

/**
 * Opens a screen of the web app the way an in-app link does: in the page already loaded (a history
 * entry pushed, the router told by a popstate), not by a reload. Then it waits until the main area
 * shows something else than before. A reload builds the whole app and the map's WebGL context again
 * (about 7 CPU-seconds under SwiftShader); a journey that only needs to be on a screen has no use
 * for that. Loads the page when it does not show the app yet.
 */
export const openInApp = async (page: Page, url: string): Promise<void> => {
  const current = new URL(page.url());
  const target = current.protocol.startsWith('http') ? new URL(url, current) : undefined;
  if (target?.origin !== current.origin || (await page.locator('main').count()) === 0) {
    await page.goto(url);
    return;
  }
  const path = `${target.pathname}${target.search}${target.hash}`;
  if (`${current.pathname}${current.search}${current.hash}` === path) return;
  const shownBefore = await page.locator('main').first().innerText();
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  const settled = await page
    .waitForFunction(
      ([to, before]) => {
        const main = document.querySelector('main');
        return `${location.pathname}${location.search}${location.hash}` === to && main !== null && main.innerText !== before;
      },
      [path, shownBefore] as const,
      { timeout: IN_APP_SETTLE_MS },
    )
    .then(
      () => true,
      () => false,
    );
  // Once in a full run, a page left idle for minutes did not follow the pushed entry; what the step
  // needs is the screen, not this way of reaching it, so it is loaded instead (and the time says so).
  if (!settled) {
    console.warn(`openInApp: ${path} did not show within ${IN_APP_SETTLE_MS / 1000} s in the page; loading it`);
    await page.goto(url);
  }
};

/** How long an in-app move may take before openInApp loads the screen instead. */
const IN_APP_SETTLE_MS = 20_000;

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

/**
 * Follows the API requests a page has running and returns a wait for the API to go quiet: no
 * request running for `quietMs`. Playwright's "networkidle" never comes on a signed-in screen
 * (the live channels keep a Socket.IO request open), so a journey waiting for it waited out its
 * whole timeout on every screen.
 */
export const trackApiRequests = (page: Page): ((options?: { quietMs?: number; timeoutMs?: number }) => Promise<void>) => {
  const running = new Set<Request>();
  let lastActivityAt = Date.now();
  const onEnded = (request: Request) => {
    if (running.delete(request)) lastActivityAt = Date.now();
  };
  page.on('request', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/api/')) return;
    running.add(request);
    lastActivityAt = Date.now();
  });
  page.on('requestfinished', onEnded);
  page.on('requestfailed', onEnded);
  return async ({ quietMs = 300, timeoutMs = 10_000 } = {}) => {
    await expect
      .poll(() => running.size === 0 && Date.now() - lastActivityAt >= quietMs, { timeout: timeoutMs, interval: 50 })
      .toBe(true);
  };
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
