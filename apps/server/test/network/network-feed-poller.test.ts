import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createManualClock } from '../../src/lib/clock';
import { createNetworkFeedPoller } from '../../src/modules/network/network-feed-poller';
import { readFeedSource } from '../../src/modules/network/network-feed-source';
import { loadConfig, testConfig } from '../../src/config/config';
import { sleep, startFeedServer, vatsimFeed } from './network-test-support';

describe('network feed poller', () => {
  let dir: string;
  let feedFile: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-poller-'));
    feedFile = path.join(dir, 'vatsim.json');
    fs.writeFileSync(feedFile, vatsimFeed(['AFR1']));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('polls on its interval and leaves no timer running once stopped', async () => {
    const poller = createNetworkFeedPoller({ network: 'vatsim', source: feedFile, pollIntervalMs: 20, timeoutMs: 1000, clock: createManualClock() });
    expect(poller.getState().pollCount).toBe(0);
    await poller.ensureStarted();
    expect(poller.getState()).toMatchObject({ pollCount: 1, successCount: 1, isPolling: true });
    // Waits for the polls rather than a fixed time: a loaded machine runs the 20 ms timer late.
    await vi.waitFor(() => expect(poller.getState().pollCount).toBeGreaterThanOrEqual(3), { timeout: 5_000, interval: 10 });
    await poller.stop();
    const afterStop = poller.getState().pollCount;
    expect(poller.getState().isPolling).toBe(false);
    await sleep(100);
    expect(poller.getState().pollCount).toBe(afterStop);
    // A stopped poller stays stopped.
    await poller.ensureStarted();
    expect(poller.getState().pollCount).toBe(afterStop);
  });

  it('follows the feed recommendation when no interval is configured', async () => {
    fs.writeFileSync(feedFile, vatsimFeed(['AFR1'], 2));
    const poller = createNetworkFeedPoller({ network: 'vatsim', source: feedFile, timeoutMs: 1000, clock: createManualClock() });
    expect(poller.pollIntervalMs()).toBe(60_000);
    await poller.ensureStarted();
    expect(poller.pollIntervalMs()).toBe(120_000);
    await poller.stop();
    const ivao = createNetworkFeedPoller({ network: 'ivao', source: feedFile, timeoutMs: 1000, clock: createManualClock() });
    expect(ivao.pollIntervalMs()).toBe(15_000);
    await ivao.stop();
  });

  it('aborts a download under way when stopped', async () => {
    const server = await startFeedServer(() => undefined);
    try {
      const errors: string[] = [];
      const poller = createNetworkFeedPoller({
        network: 'vatsim',
        source: server.url,
        pollIntervalMs: 20,
        timeoutMs: 30_000,
        clock: createManualClock(),
        onPollError: (message) => errors.push(message),
      });
      const started = poller.ensureStarted();
      // Stop once the download is under way (a loaded machine can take longer than a fixed pause).
      for (let waitedMs = 0; server.hits() === 0 && waitedMs < 10_000; waitedMs += 10) await sleep(10);
      const stopping = Date.now();
      await poller.stop();
      await started;
      expect(Date.now() - stopping).toBeLessThan(1000);
      expect(server.hits()).toBe(1);
      // Shutting down is not a feed failure.
      expect(errors).toEqual([]);
      expect(poller.getState().failureCount).toBe(0);
    } finally {
      await server.close();
    }
  });
});

describe('readFeedSource', () => {
  it('refuses what is not JSON', async () => {
    const server = await startFeedServer(() => ({ status: 200, body: '<html>' }));
    try {
      await expect(readFeedSource(server.url, { timeoutMs: 1000 })).rejects.toThrow('the feed is not JSON');
    } finally {
      await server.close();
    }
  });
});

describe('feed configuration', () => {
  it('is off by default', () => {
    const config = testConfig();
    expect(config.VATSIM_FEED_URL).toBeUndefined();
    expect(config.IVAO_FEED_URL).toBeUndefined();
    expect(config.NETWORK_FEED_TIMEOUT_MS).toBe(10_000);
  });

  it('accepts http(s) URLs, file:// URLs and paths', () => {
    const config = loadConfig({
      VATSIM_FEED_URL: 'https://data.example.test/v3/vatsim-data.json',
      IVAO_FEED_URL: './feeds/whazzup.json',
      VATSIM_FEED_POLL_INTERVAL_MS: '15000',
    });
    expect(config.VATSIM_FEED_URL).toBe('https://data.example.test/v3/vatsim-data.json');
    expect(config.VATSIM_FEED_POLL_INTERVAL_MS).toBe(15_000);
    expect(loadConfig({ IVAO_FEED_URL: 'file:///srv/whazzup.json' }).IVAO_FEED_URL).toBe('file:///srv/whazzup.json');
  });

  it('refuses other schemes and bad intervals, naming the variable', () => {
    expect(() => loadConfig({ VATSIM_FEED_URL: 'ftp://example.test/feed.json' })).toThrow(/VATSIM_FEED_URL: must be an http\(s\) URL/);
    expect(() => loadConfig({ IVAO_FEED_URL: 'http://' })).toThrow(/IVAO_FEED_URL: is not a valid URL/);
    expect(() => loadConfig({ IVAO_FEED_POLL_INTERVAL_MS: 'soon' })).toThrow(/IVAO_FEED_POLL_INTERVAL_MS/);
  });
});
