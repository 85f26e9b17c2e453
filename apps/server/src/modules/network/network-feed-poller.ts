import type { TOnlineNetwork, TOnlineNetworkSnapshot } from '@contrail/domain/network/online-network-flight';
import { parseNetworkFeed } from '@contrail/domain/network/parse-network-feed';
import { IVAO_WHAZZUP_UPDATE_INTERVAL_MS } from '@contrail/domain/network/parse-ivao-whazzup-v2';
import { vatsimRecommendedPollIntervalMs } from '@contrail/domain/network/parse-vatsim-v3';
import type { Clock } from '../../lib/clock';
import { readFeedSource } from './network-feed-source';

/**
 * One poller per network feed, shared by every viewer of the live map: viewers read the cached
 * snapshot, they never cause a download. Hence one feed poll per interval whatever the number of
 * viewers (the stats endpoint counts polls to prove it).
 *
 * Life cycle:
 * - lazy start: the first flights request starts the poller and waits for its first download, so
 *   a server nobody looks at never contacts VATSIM or IVAO;
 * - then a download every interval (a chain of unref'd timeouts, never two downloads at once);
 * - idle stop: after IDLE_STOP_MS without a request the poller stops; the next request restarts it;
 * - `stop()` (the app's onClose) clears the timer and aborts a download under way.
 *
 * Interval: the configured override, else the feed's own recommendation from the last good
 * download (VATSIM `general.reload` minutes, IVAO 15 s), else the network's default.
 */

/** Stop polling after this long without a viewer (app clock). */
export const IDLE_STOP_MS = 10 * 60_000;

/** A snapshot older than this many poll intervals (and at least STALE_MIN_MS) is not shown. */
export const STALE_AFTER_INTERVALS = 5;
export const STALE_MIN_MS = 2 * 60_000;

export const defaultPollIntervalMs = (network: TOnlineNetwork): number =>
  network === 'vatsim' ? vatsimRecommendedPollIntervalMs(undefined) : IVAO_WHAZZUP_UPDATE_INTERVAL_MS;

export type NetworkFeedPollerOptions = {
  network: TOnlineNetwork;
  /** http(s) URL, file:// URL or file path. */
  source: string;
  /** Fixed interval; undefined to follow the feed. */
  pollIntervalMs?: number | undefined;
  timeoutMs: number;
  clock: Clock;
  /** Where failed downloads are reported (the app logger); never console.error. */
  onPollError?: (message: string) => void;
  /** Told of every download's result (the metrics). */
  onPollResult?: (result: 'success' | 'failure') => void;
};

export type NetworkFeedPollerState = {
  snapshot: TOnlineNetworkSnapshot | null;
  /** App-clock time of the download that produced `snapshot`. */
  fetchedAt: Date | null;
  lastPollAt: Date | null;
  lastSuccessAt: Date | null;
  lastError: string | null;
  pollCount: number;
  successCount: number;
  failureCount: number;
  isPolling: boolean;
};

export type NetworkFeedPoller = {
  readonly network: TOnlineNetwork;
  /** Marks a viewer; starts polling if stopped and waits for the first download when there is no snapshot yet. */
  ensureStarted: () => Promise<void>;
  getState: () => NetworkFeedPollerState;
  pollIntervalMs: () => number;
  /** Whether a snapshot taken at `fetchedAt` is too old to show. */
  isStale: (fetchedAt: Date) => boolean;
  stop: () => Promise<void>;
};

export const createNetworkFeedPoller = (options: NetworkFeedPollerOptions): NetworkFeedPoller => {
  const { network, source, timeoutMs, clock } = options;
  const state: NetworkFeedPollerState = {
    snapshot: null,
    fetchedAt: null,
    lastPollAt: null,
    lastSuccessAt: null,
    lastError: null,
    pollCount: 0,
    successCount: 0,
    failureCount: 0,
    isPolling: false,
  };
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;
  let abortController: AbortController | undefined;
  /** The first download after a (re)start, which the viewers arriving meanwhile wait for too. */
  let starting: Promise<void> | undefined;
  let lastRequestAt = clock.now().getTime();
  let isClosed = false;

  const pollIntervalMs = () =>
    options.pollIntervalMs ?? state.snapshot?.recommendedPollIntervalMs ?? defaultPollIntervalMs(network);

  const pollOnce = (): Promise<void> => {
    if (inFlight) return inFlight;
    state.pollCount += 1;
    state.lastPollAt = clock.now();
    abortController = new AbortController();
    const { signal } = abortController;
    inFlight = (async () => {
      try {
        const json = await readFeedSource(source, { timeoutMs, signal });
        const snapshot = parseNetworkFeed(network, json);
        if (isClosed) return;
        state.snapshot = snapshot;
        state.fetchedAt = clock.now();
        state.lastSuccessAt = state.fetchedAt;
        state.lastError = null;
        state.successCount += 1;
        options.onPollResult?.('success');
      } catch (error) {
        if (isClosed) return;
        state.failureCount += 1;
        state.lastError = error instanceof Error ? error.message : String(error);
        options.onPollError?.(state.lastError);
        options.onPollResult?.('failure');
      } finally {
        inFlight = undefined;
        abortController = undefined;
      }
    })();
    return inFlight;
  };

  const scheduleNext = () => {
    if (isClosed || !state.isPolling) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (isClosed) return;
      if (clock.now().getTime() - lastRequestAt > IDLE_STOP_MS) {
        state.isPolling = false;
        return;
      }
      void pollOnce().then(scheduleNext);
    }, pollIntervalMs());
    timer.unref();
  };

  return {
    network,
    ensureStarted: async () => {
      if (isClosed) return;
      lastRequestAt = clock.now().getTime();
      if (state.isPolling) {
        // Running: viewers during the first download wait for it, later ones read the cache.
        if (starting) await starting;
        return;
      }
      state.isPolling = true;
      const first = pollOnce().then(() => {
        starting = undefined;
        scheduleNext();
      });
      starting = first;
      await first;
    },
    getState: () => ({ ...state }),
    pollIntervalMs,
    isStale: (fetchedAt) =>
      clock.now().getTime() - fetchedAt.getTime() > Math.max(STALE_MIN_MS, STALE_AFTER_INTERVALS * pollIntervalMs()),
    stop: async () => {
      isClosed = true;
      state.isPolling = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      abortController?.abort();
      await inFlight;
    },
  };
};
