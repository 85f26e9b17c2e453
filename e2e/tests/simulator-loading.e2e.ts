import dgram from 'node:dgram';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TrackerHub } from '../../apps/tracker/src/hub/tracker-hub';
import { expectAccessible, launchBrowser, pickAirport, saveScreenshot } from '../support/browser';
import { createAccount, openSignedInPage } from '../support/session';

const baseUrl = inject('baseUrl');
const recordingPath = path.resolve(import.meta.dirname, '../../apps/tracker/test/fixtures/flightgear/c172-takeoff-phnl.tsv.gz');

/** The recorded FlightGear lines (see apps/tracker/test/fixtures/flightgear/README.md). */
const readRecording = (): string[] =>
  gunzipSync(fs.readFileSync(recordingPath))
    .toString('utf8')
    .split('\n')
    .filter((row) => row !== '')
    .map((row) => row.slice(row.indexOf('\t') + 1));

/** FlightGear's own loading flags and placeholder altitude, in the protocol's column order. */
const isLoadingLine = (line: string): boolean => {
  const fields = line.split('\t');
  return Number(fields[2]) <= -9000 || fields.at(-2) !== '1' || fields.at(-1) !== '1';
};

/**
 * Issue 14: a real simulator talks while it loads. FlightGear is played by a peer sending the
 * lines of a real FlightGear recording over UDP to a tracker hub (the real one, in process, on
 * free ports): first its loading lines (-9999 ft, no fuel, loading flags), over and over; the
 * page must say it waits for the simulator and register nothing. Then the lines from the gate
 * on: the page registers the flight, the tracker records it from the gate.
 */
describe.skipIf(!fs.existsSync(recordingPath))('a simulator that is still loading', () => {
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];
  let hub: TrackerHub;
  let dataDir: string;
  const hubLog: string[] = [];
  const sender = dgram.createSocket('udp4');
  let flightgearPort = 0;
  let playing: 'loading' | 'flying' | 'stopped' = 'loading';
  let player: Promise<void> = Promise.resolve();
  const username = `loader${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const password = 'Fly4contrail';

  const send = (line: string) =>
    new Promise<void>((resolve, reject) =>
      sender.send(Buffer.from(`${line}\n`), flightgearPort, '127.0.0.1', (error) => (error ? reject(error) : resolve())),
    );

  /** FlightGear at 5 lines a second: the loading lines until told to fly, then the flight from the gate. */
  const play = async (lines: string[]): Promise<void> => {
    const loading = lines.filter(isLoadingLine);
    const flying = lines.slice(lines.findLastIndex(isLoadingLine) + 1);
    let position = 0;
    while (playing === 'loading') {
      await send(loading[position % loading.length] ?? '');
      position += 1;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    for (const line of flying) {
      if (playing !== 'flying') return;
      await send(line);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  beforeAll(async () => {
    // A free UDP port for the FlightGear connector (the hub binds it on Start).
    flightgearPort = await new Promise<number>((resolve) => {
      const probe = dgram.createSocket('udp4');
      probe.bind(0, '127.0.0.1', () => {
        const { port } = probe.address();
        probe.close(() => resolve(port));
      });
    });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-e2e-loading-'));
    hub = await TrackerHub.start({
      port: 0,
      webOrigins: [baseUrl],
      serverUrl: baseUrl,
      dataDir,
      simulators: { xplaneHost: '127.0.0.1', xplanePort: 49_000, flightgearHost: '127.0.0.1', flightgearPort },
      shouldResume: false,
      log: (line) => hubLog.push(line),
    });
    const account = await createAccount(baseUrl, { username, password });
    browser = await launchBrowser();
    ({ page, errors: pageErrors } = await openSignedInPage(browser, baseUrl, account, { trackerHubUrl: `http://127.0.0.1:${hub.port}` }));
    player = play(readRecording());
  });
  afterAll(async () => {
    playing = 'stopped';
    await player.catch(() => undefined);
    sender.close();
    await browser?.close();
    await hub?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('waits while FlightGear loads, registers nothing, then records the flight from the gate', async () => {
    await page.goto('/flight/configuration?type=NORMAL');
    await page.getByLabel('Flight number').waitFor({ timeout: 20_000 });
    await page.getByLabel('Flight number').fill('CTR014');
    await page.getByRole('combobox', { name: 'Aircraft', exact: true }).selectOption('C172');
    await page.getByLabel('Cruise level (ft)').fill('3000');
    await pickAirport(page, page.getByRole('combobox', { name: 'Departure airport' }), 'PHNL');
    await pickAirport(page, page.getByRole('combobox', { name: 'Arrival airport' }), 'PHOG');
    await page.getByLabel('FlightGear').check();
    await page.getByRole('button', { name: 'Connect the tracker' }).click();

    // FlightGear answers, but is loading: the page waits, with no time limit, and nothing is registered.
    await page.waitForURL(/\/flight\/flight-sim-connection$/, { timeout: 30_000 });
    const waiting = page.getByText('Waiting for the simulator: it is connected and still loading.', { exact: false });
    await waiting.waitFor({ timeout: 30_000 });
    await page.getByText('Simulator connected').first().waitFor();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await waiting.isVisible()).toBe(true);
    expect(hub.currentFlightId).toBeUndefined();
    expect(hub.currentConnector?.readiness.state).toBe('loading');
    expect(hub.currentConnector?.stats.framesEmitted).toBe(0);
    expect(hubLog.some((line) => line.startsWith('hub: waiting for flightgear to finish loading'))).toBe(true);
    await expectAccessible(page, 'waiting for a loading simulator');
    await saveScreenshot(page, 'simulator-loading-waiting');

    // Loaded: FlightGear's lines from the gate on. The flight is registered and recorded.
    playing = 'flying';
    await page.waitForURL(/\/flight\/current$/, { timeout: 60_000 });
    await page.getByRole('heading', { name: /^Flight /, level: 1 }).waitFor();
    expect(hub.currentFlightId).toBeDefined();
    expect(hubLog.some((line) => line === 'hub: flightgear is ready')).toBe(true);
    // The first frame recorded is FlightGear's aircraft at the gate: real altitude and fuel.
    const connector = hub.currentConnector;
    expect(connector?.readiness.state).toBe('ready');
    expect(connector?.stats.framesWithheld).toBeGreaterThan(3);
    await expect.poll(() => page.getByTestId('flight-step').textContent(), { timeout: 30_000 }).toMatch(/\S/);
    await expectAccessible(page, 'flight recorded after the simulator loaded');
    await saveScreenshot(page, 'simulator-loading-recording');

    await page.getByRole('button', { name: 'Cancel the flight' }).click();
    await page.getByRole('button', { name: 'Yes, cancel the flight' }).click();
    await page.getByText('The flight was cancelled. Nothing was paid.').waitFor({ timeout: 30_000 });
    expect(pageErrors).toEqual([]);
  });
});
