/**
 * Live-map benchmark (npm run bench:map), issue "live map":
 *
 * 1. Server: 500 viewers connected to the live channel (/live) fetch the merged traffic (VATSIM,
 *    IVAO, Contrail's in-progress list) at once, three rounds, next to the same number of requests
 *    to a bare endpoint (/healthz) in the same run. The feeds' poll counters must not grow with
 *    the viewers: one poll per feed per interval, whatever their number.
 * 2. Browser (Debian Chromium, WebGL through SwiftShader): the median frame time while 3,000
 *    aircraft move (the two real network snapshots of ../shared/data/networks plus own traffic to
 *    make 3,000) and the camera turns, next to the same map with no traffic layer (same run).
 *
 * Own traffic in the browser comes from a synthetic in-progress list answered by the page's
 * network layer (1,500-odd real flights would need as many pilots flying); the server part serves
 * the real in-progress list. Ends with one JSON line.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { io, type Socket } from 'socket.io-client';
import type { TInProgressFlightItem } from '@contrail/domain/live/live-map-contract';
import type { TNetworkFlightsResponse, TNetworkStatsResponse } from '@contrail/domain/network/network-contract';
import { startContrailServer } from '../support/contrail-server';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const networksDir = path.resolve(repoRoot, '../shared/data/networks');
const TOTAL_AIRCRAFT = 3000;
const VIEWERS = 500;
const ROUNDS = 3;
const POLL_INTERVAL_MS = 15_000;
const MEASURE_MS = Number(process.env.BENCH_MEASURE_MS ?? 8000);
const VIEWPORT = { width: 1280, height: 800 };

const log = (line: string) => process.stderr.write(`${line}\n`);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor(sorted.length / 2)]!;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
};
const round1 = (value: number) => Math.round(value * 10) / 10;

const buildWeb = (): string => {
  if (process.env.BENCH_WEB_DIST) return process.env.BENCH_WEB_DIST;
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-bench-web-'));
  log(`building the web app into ${outDir}...`);
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: path.join(repoRoot, 'apps/web'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error('the web build failed');
  return outDir;
};

const startServer = (webDist: string) =>
  startContrailServer({
    webDist,
    dataDirPrefix: 'contrail-bench-',
    env: {
      LOG_LEVEL: 'error',
      VATSIM_FEED_URL: path.join(networksDir, 'vatsim-data-v3.json'),
      IVAO_FEED_URL: path.join(networksDir, 'ivao-whazzup-v2.json'),
      VATSIM_FEED_POLL_INTERVAL_MS: String(POLL_INTERVAL_MS),
      IVAO_FEED_POLL_INTERVAL_MS: String(POLL_INTERVAL_MS),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    healthTimeoutMs: 120_000,
  });

const json = async <T>(response: Response): Promise<T> => {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

const signUpAndIn = async (baseUrl: string) => {
  const username = `bench${Date.now().toString(36)}`;
  const password = 'Bench1password';
  const headers = { 'content-type': 'application/json' };
  await json(await fetch(`${baseUrl}/api/v1/user/sign-up`, { method: 'POST', headers, body: JSON.stringify({ username, email: `${username}@example.com`, password }) }));
  return json<{ token: string; refreshToken: string }>(
    await fetch(`${baseUrl}/api/v1/user/sign-in`, { method: 'POST', headers, body: JSON.stringify({ username, password }) }),
  );
};

/** Fires every request at once; per-request latency and the whole wall time, ms. */
const burst = async (requests: (() => Promise<Response>)[]) => {
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    requests.map(async (send) => {
      const t0 = performance.now();
      const response = await send();
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${response.url}: ${response.status}`);
      latencies.push(performance.now() - t0);
    }),
  );
  return { wallMs: performance.now() - started, latencies };
};

const feedPollCount = async (baseUrl: string) => {
  const stats = await json<TNetworkStatsResponse>(await fetch(`${baseUrl}/api/v1/network/stats`));
  return {
    polls: stats.feeds.reduce((sum, feed) => sum + feed.pollCount, 0),
    requests: stats.feeds.reduce((sum, feed) => sum + feed.requestCount, 0),
    feeds: stats.feeds.length,
  };
};

const benchServer = async (baseUrl: string, token: string) => {
  log(`connecting ${VIEWERS} viewers to the live channel...`);
  const sockets: Socket[] = [];
  await Promise.all(
    Array.from({ length: VIEWERS }, () => {
      const socket = io(`${baseUrl}/live`, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
      sockets.push(socket);
      return new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', (error) => reject(error));
      });
    }),
  );
  const auth = { authorization: `Bearer ${token}` };
  const mergedTraffic = () => [
    () => fetch(`${baseUrl}/api/v1/network/vatsim/flights`),
    () => fetch(`${baseUrl}/api/v1/network/ivao/flights`),
    () => fetch(`${baseUrl}/api/v1/flights?status=in_progress`, { headers: auth }),
  ];
  const bare = () => [() => fetch(`${baseUrl}/healthz`), () => fetch(`${baseUrl}/healthz`), () => fetch(`${baseUrl}/healthz`)];

  const before = await feedPollCount(baseUrl);
  const startedAt = Date.now();
  const traffic: { wallMs: number; latencies: number[] }[] = [];
  const baseline: { wallMs: number; latencies: number[] }[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    baseline.push(await burst(Array.from({ length: VIEWERS }, bare).flat()));
    traffic.push(await burst(Array.from({ length: VIEWERS }, mergedTraffic).flat()));
  }
  const elapsedMs = Date.now() - startedAt;
  const after = await feedPollCount(baseUrl);
  for (const socket of sockets) socket.disconnect();

  const feedPolls = after.polls - before.polls;
  // Each feed polls on its own timer: at most one poll per interval started during the run, plus one.
  const maxPolls = after.feeds * (Math.floor(elapsedMs / POLL_INTERVAL_MS) + 1);
  return {
    feedPolls,
    maxPolls,
    feedRequests: after.requests - before.requests,
    elapsedMs,
    trafficWallMs: median(traffic.map((r) => r.wallMs)),
    trafficP50Ms: percentile(traffic.flatMap((r) => r.latencies), 50),
    trafficP95Ms: percentile(traffic.flatMap((r) => r.latencies), 95),
    bareWallMs: median(baseline.map((r) => r.wallMs)),
    bareP50Ms: percentile(baseline.flatMap((r) => r.latencies), 50),
    bareP95Ms: percentile(baseline.flatMap((r) => r.latencies), 95),
  };
};

/** Own traffic to reach 3,000: real network positions shifted a little, as Contrail flights. */
const syntheticOwnTraffic = (count: number, seed: TNetworkFlightsResponse['flights']): TInProgressFlightItem[] =>
  Array.from({ length: count }, (_, i) => {
    const base = seed[i % seed.length]!;
    return {
      id: `bench-${i}`,
      flightNumber: `CTR${1000 + i}`,
      pilot: { id: `pilot-${i}`, userName: `pilot${i}` },
      aircraftIcao: base.aircraftIcao ?? 'A320',
      departureIdent: base.departure ?? 'LFPG',
      arrivalIdent: base.arrival ?? 'EGLL',
      flightStep: 'cruise',
      latitude: Math.max(-85, Math.min(85, base.lat + ((i * 7) % 11) / 10 - 0.5)),
      longitude: ((base.long + ((i * 13) % 17) / 10 + 540) % 360) - 180,
      altitudeFt: base.altitudeFt ?? 30_000,
      heading: (base.heading + 37) % 360,
      groundSpeed: Math.max(250, base.groundSpeedKts ?? 420),
      indicatedAirSpeed: 280,
      updatedAt: new Date().toISOString(),
    };
  });

const networks = { ivao: true, contrail: true, vatsim: true, lastPosition: false };
const noTraffic = { ivao: false, contrail: false, vatsim: false, lastPosition: false };

/**
 * Turns the camera a little every animation frame for `durationMs` and collects the intervals
 * between rendered frames. Sent as source text: tsx would wrap named functions in a helper the
 * page does not have.
 */
const MEASURE_FRAMES_SOURCE = `(duration) => new Promise((resolve) => {
  const map = globalThis.__contrailLiveMap.map;
  const stamps = [];
  const onRender = () => stamps.push(performance.now());
  map.on('render', onRender);
  const started = performance.now();
  const turn = () => {
    const center = map.getCenter();
    map.jumpTo({ center: [((center.lng + 180.3) % 360) - 180, 30] });
    if (performance.now() - started < duration) requestAnimationFrame(turn);
    else {
      map.off('render', onRender);
      resolve(stamps.slice(1).map((stamp, i) => stamp - stamps[i]));
    }
  };
  requestAnimationFrame(turn);
})`;

const measureFrames = (page: Page, durationMs: number): Promise<number[]> =>
  page.evaluate<number[]>(`(${MEASURE_FRAMES_SOURCE})(${durationMs})`);

const benchBrowser = async (baseUrl: string, tokens: { token: string; refreshToken: string }) => {
  const [vatsim, ivao] = await Promise.all(
    (['vatsim', 'ivao'] as const).map(async (network) => json<TNetworkFlightsResponse>(await fetch(`${baseUrl}/api/v1/network/${network}/flights`))),
  );
  const networkCount = vatsim!.flights.length + ivao!.flights.length;
  const own = syntheticOwnTraffic(Math.max(0, TOTAL_AIRCRAFT - networkCount), [...vatsim!.flights, ...ivao!.flights]);
  log(`browser: ${vatsim!.flights.length} VATSIM + ${ivao!.flights.length} IVAO + ${own.length} own = ${networkCount + own.length} aircraft`);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-first-run', '--disable-background-networking'],
  });
  const run = async (toggles: typeof networks, expectedAircraft: number) => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORT, serviceWorkers: 'block' });
    const settings = { mode: 0, map: 0, weatherLayers: Object.fromEntries(['cloud', 'precipitation', 'temperature', 'wind', 'pressure', 'light'].map((l) => [l, { checked: false }])), networks: toggles };
    await context.addInitScript(
      ([storedTokens, storedSettings]) => {
        localStorage.setItem('contrail.tokens', storedTokens);
        localStorage.setItem('contrail.mapSettings', storedSettings);
      },
      [JSON.stringify(tokens), JSON.stringify(settings)] as const,
    );
    await context.route('**/api/v1/flights?status=in_progress*', (route) => route.fulfill({ json: own }));
    const page = await context.newPage();
    await page.goto('/');
    await page.locator('#map-root[data-state="ready"]').waitFor({ timeout: 60_000 });
    await page.waitForFunction(
      (expected) => {
        const handle = (globalThis as unknown as { __contrailLiveMap?: { aircraftPositions: (s: string) => unknown[] } }).__contrailLiveMap;
        if (!handle) return false;
        return ['vatsim', 'ivao', 'contrail'].reduce((sum, source) => sum + handle.aircraftPositions(source).length, 0) >= expected;
      },
      expectedAircraft,
      { timeout: 60_000 },
    );
    // Let the basemap and the first snapshots settle before measuring.
    await page.waitForTimeout(3000);
    const intervals = await measureFrames(page, MEASURE_MS);
    await context.close();
    return intervals;
  };

  log('browser: empty map (no traffic layer)...');
  const empty1 = await run(noTraffic, 0);
  log(`  ${empty1.length} frames, median ${round1(median(empty1))} ms`);
  log(`browser: ${TOTAL_AIRCRAFT} moving aircraft...`);
  const full = await run(networks, networkCount + own.length);
  log(`  ${full.length} frames, median ${round1(median(full))} ms`);
  log('browser: empty map again...');
  const empty2 = await run(noTraffic, 0);
  log(`  ${empty2.length} frames, median ${round1(median(empty2))} ms`);
  await browser.close();
  return { aircraft: networkCount + own.length, medianFrameMs: median(full), emptyMedianFrameMs: median([...empty1, ...empty2]), frames: full.length };
};

const main = async () => {
  if (!fs.existsSync(path.join(networksDir, 'vatsim-data-v3.json'))) {
    log(`${networksDir} is absent: the benchmark needs the real network snapshots`);
    process.exitCode = 1;
    return;
  }
  const webDist = buildWeb();
  const { baseUrl, server, dataDir } = await startServer(webDist);
  try {
    const tokens = await signUpAndIn(baseUrl);
    const serverResult = await benchServer(baseUrl, tokens.token);
    log(
      `server: ${VIEWERS} viewers x 3 requests, median of ${ROUNDS} rounds: merged traffic ${round1(serverResult.trafficWallMs)} ms wall ` +
        `(p50 ${round1(serverResult.trafficP50Ms)} ms, p95 ${round1(serverResult.trafficP95Ms)} ms) vs bare endpoint ${round1(serverResult.bareWallMs)} ms wall ` +
        `(p50 ${round1(serverResult.bareP50Ms)} ms, p95 ${round1(serverResult.bareP95Ms)} ms)`,
    );
    log(`server: ${serverResult.feedRequests} feed requests answered with ${serverResult.feedPolls} feed poll(s) in ${serverResult.elapsedMs} ms (at most ${serverResult.maxPolls} expected)`);
    const browserResult = await benchBrowser(baseUrl, tokens);
    const ratio = browserResult.medianFrameMs / browserResult.emptyMedianFrameMs;
    const isFrameTargetMet = ratio <= 1.5;
    const isPollTargetMet = serverResult.feedPolls <= serverResult.maxPolls;
    log(`browser: ${browserResult.aircraft} aircraft median frame ${round1(browserResult.medianFrameMs)} ms vs empty ${round1(browserResult.emptyMedianFrameMs)} ms: x${ratio.toFixed(2)} (target <= 1.5: ${isFrameTargetMet ? 'met' : 'MISSED'})`);
    log(`feed polls independent of viewers: ${isPollTargetMet ? 'met' : 'MISSED'}`);
    if (!isFrameTargetMet || !isPollTargetMet) process.exitCode = 1;
    process.stdout.write(
      `${JSON.stringify({
        aircraft: browserResult.aircraft,
        medianFrameMs: round1(browserResult.medianFrameMs),
        emptyMedianFrameMs: round1(browserResult.emptyMedianFrameMs),
        frameRatio: Math.round(ratio * 100) / 100,
        viewers: VIEWERS,
        feedPolls: serverResult.feedPolls,
        feedRequests: serverResult.feedRequests,
        trafficWallMs: round1(serverResult.trafficWallMs),
        bareWallMs: round1(serverResult.bareWallMs),
      })}\n`,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

await main();
