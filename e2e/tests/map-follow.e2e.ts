import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { referenceFlightArgs } from '@contrail/test-support/reference-flight';
import { cancelFlightInProgress, signInThroughApi } from '../support/api';
import { expectAccessible, launchBrowser, openInApp, saveScreenshot } from '../support/browser';
import { createAccount, openSignedInPage } from '../support/session';

const baseUrl = inject('baseUrl');
const repoRoot = path.resolve(import.meta.dirname, '../..');

/** What this journey reads of `window.__contrailLiveMap` (the live-map journey declares the rest). */
type FollowMapHandle = {
  ownAircraftPosition: () => { longitudeDeg: number; latitudeDeg: number; trackPoints: number } | null;
  map: { getCenter: () => { lng: number; lat: number }; getZoom: () => number };
};
type WithLiveMap = { __contrailLiveMap?: FollowMapHandle };

type Box = { name: string; left: number; top: number; right: number; bottom: number };

/**
 * The boxes of the shell's overlays (flight widget, corner buttons, the map's own controls) and of
 * what a page shows (the main area, which clips the page, the nav, the account bar, the side
 * panel), as laid out now; and every overlay box that intersects a content box.
 */
const overlapsOnScreen = (page: Page) =>
  page.evaluate(() => {
    const boxOf = (name: string, element: Element | null): Box | null => {
      if (!element) return null;
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) return null;
      return { name, left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
    };
    const all = (selector: string, name: string) => Array.from(document.querySelectorAll(selector), (element) => boxOf(name, element));
    const overlays = [
      // The widget's own box, not its full-width row.
      boxOf('flight widget', document.querySelector('[data-overlay="flight-widget"] > *')),
      boxOf('corner buttons', document.querySelector('[data-overlay="corner"]')),
      ...all('.maplibregl-ctrl-bottom-left .maplibregl-ctrl, .maplibregl-ctrl-bottom-right .maplibregl-ctrl', 'map control'),
    ].filter((box): box is Box => box !== null);
    const contents = [
      boxOf('page (main)', document.querySelector('main#main')),
      boxOf('nav', document.querySelector('nav[aria-label="Main"]')),
      boxOf('account bar', document.querySelector('[aria-label="Account bar"]')),
      ...all('aside:not([data-overlay])', 'side panel'),
    ].filter((box): box is Box => box !== null);
    const hits: string[] = [];
    for (const overlay of overlays) {
      for (const content of contents) {
        const isApart = overlay.right <= content.left || content.right <= overlay.left || overlay.bottom <= content.top || content.bottom <= overlay.top;
        if (!isApart) hits.push(`${overlay.name} ${JSON.stringify(overlay)} over ${content.name} ${JSON.stringify(content)}`);
      }
    }
    return { hits, overlays: overlays.map((box) => box.name), mainBottom: contents[0]?.bottom ?? null };
  });

const mapCentreDistanceDeg = (page: Page) =>
  page.evaluate(() => {
    const live = (globalThis as unknown as WithLiveMap).__contrailLiveMap!;
    const own = live.ownAircraftPosition();
    if (!own) return Number.POSITIVE_INFINITY;
    const centre = live.map.getCenter();
    return Math.hypot(centre.lng - own.longitudeDeg, centre.lat - own.latitudeDeg);
  });

/**
 * What a pilot meets during a flight recorded by another device (the tracker's `fly` command, as a
 * second computer would): the home map opens framed on their aircraft and follows it, panning away
 * stops it, the Follow control and the widget's flight number bring it back; the current-flight
 * page shows the widget's figures and step; and at 1280x800 and 1920x1080 no overlay lies over the
 * content of home, the store, the current flight and /flight (bounding boxes, with screenshots).
 */
describe('the map follows the pilot, and overlays leave the pages clear', () => {
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];
  let fly: ChildProcess | undefined;
  let flyLog = '';
  const password = 'Follow1pass';
  const username = `follow${Date.now().toString(36)}`;
  const flightNumber = `CTR${Math.floor(1000 + Math.random() * 8999)}`;

  beforeAll(async () => {
    const account = await createAccount(baseUrl, { username, password, verified: false });
    browser = await launchBrowser();
    ({ page, errors: pageErrors } = await openSignedInPage(browser, baseUrl, account));
    await page.setViewportSize({ width: 1280, height: 800 });

    // The other device: `tracker fly` at a slow rate (boarding lasts minutes), cancelled at the end.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-follow-'));
    const args = ['node_modules/tsx/dist/cli.mjs', 'apps/tracker/src/main.ts', 'fly', '--server', baseUrl, '--username', username, '--password', password];
    args.push(...referenceFlightArgs(), '--rate', '4', '--flight-number', flightNumber, '--data-dir', dataDir);
    fly = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    fly.stderr?.on('data', (chunk: Buffer) => (flyLog += chunk.toString()));
  });

  afterAll(async () => {
    await cancelFlightInProgress(baseUrl, username, password).catch(() => undefined);
    if (fly && fly.exitCode === null) fly.kill('SIGTERM');
    await browser?.close();
  });

  it('opens the home map framed on the aircraft, following it, with a visible Follow control', async () => {
    const headers = { authorization: `Bearer ${(await signInThroughApi(baseUrl, username, password)).token}` };
    await expect
      .poll(
        async () => {
          const flight = (await (await fetch(`${baseUrl}/api/flight/retrieve-flight-for-user`, { headers })).json()) as { aircraft?: { position: unknown } } | null;
          return flight?.aircraft?.position != null;
        },
        { timeout: 90_000, message: `tracker fly never streamed a position:\n${flyLog}` },
      )
      .toBe(true);

    await page.goto('/');
    await page.locator('#map-root[data-state="ready"]').waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => (globalThis as unknown as WithLiveMap).__contrailLiveMap?.ownAircraftPosition() != null, undefined, { timeout: 60_000 });
    await expect.poll(() => mapCentreDistanceDeg(page), { timeout: 30_000 }).toBeLessThan(0.05);
    expect(await page.evaluate(() => (globalThis as unknown as WithLiveMap).__contrailLiveMap!.map.getZoom())).toBeGreaterThanOrEqual(6);
    const follow = page.getByRole('button', { name: 'Follow my aircraft' });
    expect(await follow.getAttribute('aria-pressed')).toBe('true');
    await saveScreenshot(page, 'map-follow-1280-home-following');
    await expectAccessible(page, 'home map following the aircraft');
  });

  it('stops following when the pilot pans away; Follow and the widget flight number bring the map back', async () => {
    const follow = page.getByRole('button', { name: 'Follow my aircraft' });
    // A drag across the empty map (the home page leaves the map in reach).
    await page.mouse.move(640, 300);
    await page.mouse.down();
    await page.mouse.move(900, 420, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('false');
    expect(await mapCentreDistanceDeg(page)).toBeGreaterThan(0.05);

    await follow.click();
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => mapCentreDistanceDeg(page)).toBeLessThan(0.05);

    // From another page, the widget's flight number takes the map to the aircraft.
    await page.mouse.move(640, 300);
    await page.mouse.down();
    await page.mouse.move(400, 200, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('false');
    await openInApp(page, '/store');
    await page.getByRole('button', { name: `Show ${flightNumber} on the map` }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => mapCentreDistanceDeg(page)).toBeLessThan(0.05);
    expect(await follow.getAttribute('aria-pressed')).toBe('true');
    expect(pageErrors).toEqual([]);
  });

  it('shows on the current-flight page the figures and the step the widget shows', async () => {
    await openInApp(page, '/flight/current');
    const widget = page.getByRole('link', { name: new RegExp(`^Current flight ${flightNumber}`) });
    await widget.waitFor();
    const badge = page.getByTestId('flight-step');
    await badge.waitFor();
    const altitude = page.locator('dt', { hasText: /^Altitude$/ }).locator('xpath=following-sibling::dd[1]');
    await expect.poll(async () => (await altitude.textContent()) ?? '', { timeout: 30_000 }).toMatch(/^[\d,]+ ft$/);
    // Both read one record: the step and the altitude agree (polled, a refresh may land between reads).
    await expect
      .poll(async () => {
        const widgetText = (await widget.textContent()) ?? '';
        const step = (await badge.textContent()) ?? '';
        const feet = ((await altitude.textContent()) ?? '').replace(' ft', '');
        return step !== '' && widgetText.includes(step) && widgetText.includes(`${feet} Ft`);
      })
      .toBe(true);
    await expectAccessible(page, 'current flight recorded by another device');
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 1920, height: 1080 },
  ]) {
    it(`keeps every overlay off the content of home, the store, the current flight and /flight at ${viewport.width}x${viewport.height}`, async () => {
      await page.setViewportSize(viewport);
      for (const [route, ready] of [
        ['/', () => page.locator('#map-root[data-state="ready"]').waitFor()],
        ['/store', () => page.getByRole('heading', { level: 1 }).first().waitFor()],
        ['/flight/current', () => page.getByTestId('flight-step').waitFor()],
        ['/flight', () => page.getByRole('heading', { level: 1 }).first().waitFor()],
      ] as const) {
        await openInApp(page, route);
        await ready();
        // The widget and the page settle (the widget's height feeds the page's room).
        await page.waitForTimeout(300);
        const report = await overlapsOnScreen(page);
        expect(report.overlays).toEqual(expect.arrayContaining(['flight widget', 'corner buttons']));
        expect(report.hits, `${route} at ${viewport.width}x${viewport.height}`).toEqual([]);
        await saveScreenshot(page, `map-follow-overlays-${viewport.width}-${route === '/' ? 'home' : route.slice(1).replaceAll('/', '-')}`);
      }
      await expectAccessible(page, `/flight at ${viewport.width}x${viewport.height}`);
    });
  }

  it('keeps the Start a flight button off the store once the flight is over, at 1280x800', async () => {
    await cancelFlightInProgress(baseUrl, username, password);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openInApp(page, '/store');
    await page.getByRole('link', { name: 'Start a flight' }).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(300);
    const report = await overlapsOnScreen(page);
    expect(report.hits).toEqual([]);
    await saveScreenshot(page, 'map-follow-overlays-1280-store-no-flight');
    expect(pageErrors).toEqual([]);
  });
});
