import { createHash } from 'node:crypto';
import {
  ZNetworkFlightsResponse,
  type TNetworkFeedStats,
  type TNetworkFlightsResponse,
  type TNetworkStatsResponse,
} from '@contrail/domain/network/network-contract';
import { OnlineNetwork, type TOnlineNetwork } from '@contrail/domain/network/online-network-flight';
import type { AppConfig } from '../../config/config';
import type { Clock } from '../../lib/clock';
import { createNetworkFeedPoller, defaultPollIntervalMs, type NetworkFeedPoller } from './network-feed-poller';

const NETWORK_LABEL: Record<TOnlineNetwork, string> = { vatsim: 'VATSIM', ivao: 'IVAO' };
const FEED_VARIABLE: Record<TOnlineNetwork, string> = { vatsim: 'VATSIM_FEED_URL', ivao: 'IVAO_FEED_URL' };

/** A flights response already serialised, with an entity tag for conditional requests. */
export type SerializedFlights = { json: string; etag: string };

export type NetworkService = {
  getFlights: (network: TOnlineNetwork) => Promise<TNetworkFlightsResponse>;
  /**
   * The same answer as JSON text. Serialising ~700 flights (~150 kB) costs milliseconds, so the
   * text of an available snapshot is built once and shared by every viewer until the next download.
   */
  getFlightsJson: (network: TOnlineNetwork) => Promise<SerializedFlights>;
  getStats: () => TNetworkStatsResponse;
  close: () => Promise<void>;
};

export type NetworkServiceDeps = {
  config: AppConfig;
  clock: Clock;
  /** Reports failed downloads (the app's logger at warn level). */
  onPollError?: (network: TOnlineNetwork, message: string) => void;
  onPollResult?: (network: TOnlineNetwork, result: 'success' | 'failure') => void;
};

/**
 * Online-network traffic for the live map. A network is
 * on only when its feed is configured (VATSIM_FEED_URL / IVAO_FEED_URL); then one shared poller
 * per network feeds every viewer. Unavailable traffic is an answer (`available: false` with a
 * reason), never an error status: the map simply shows no traffic for that network.
 */
export const createNetworkService = ({ config, clock, onPollError, onPollResult }: NetworkServiceDeps): NetworkService => {
  const sources: Record<TOnlineNetwork, string | undefined> = { vatsim: config.VATSIM_FEED_URL, ivao: config.IVAO_FEED_URL };
  const intervals: Record<TOnlineNetwork, number | undefined> = {
    vatsim: config.VATSIM_FEED_POLL_INTERVAL_MS,
    ivao: config.IVAO_FEED_POLL_INTERVAL_MS,
  };
  const pollers = new Map<TOnlineNetwork, NetworkFeedPoller>();
  for (const network of OnlineNetwork) {
    const source = sources[network];
    if (!source) continue;
    pollers.set(
      network,
      createNetworkFeedPoller({
        network,
        source,
        pollIntervalMs: intervals[network],
        timeoutMs: config.NETWORK_FEED_TIMEOUT_MS,
        clock,
        onPollError: (message) => onPollError?.(network, message),
        onPollResult: (result) => onPollResult?.(network, result),
      }),
    );
  }
  const requestCounts: Record<TOnlineNetwork, number> = { vatsim: 0, ivao: 0 };

  const unavailable = (
    network: TOnlineNetwork,
    reason: NonNullable<TNetworkFlightsResponse['reason']>,
    message: string,
    pollIntervalMs: number,
    fetchedAt: Date | null = null,
    updatedAt: string | null = null,
  ): TNetworkFlightsResponse => ({
    network,
    available: false,
    reason,
    message,
    updatedAt,
    fetchedAt: fetchedAt?.toISOString() ?? null,
    pollIntervalMs,
    flights: [],
  });

  const getFlights = async (network: TOnlineNetwork): Promise<TNetworkFlightsResponse> => {
    requestCounts[network] += 1;
    const label = NETWORK_LABEL[network];
    const poller = pollers.get(network);
    if (!poller) {
      return unavailable(
        network,
        'NOT_CONFIGURED',
        `${label} traffic is off on this server (${FEED_VARIABLE[network]} is not set)`,
        intervals[network] ?? defaultPollIntervalMs(network),
      );
    }
    await poller.ensureStarted();
    const { snapshot, fetchedAt, lastError } = poller.getState();
    const pollIntervalMs = poller.pollIntervalMs();
    if (!snapshot || !fetchedAt) {
      return unavailable(network, 'SOURCE_FAILED', `The ${label} feed could not be read: ${lastError ?? 'no answer yet'}`, pollIntervalMs);
    }
    if (poller.isStale(fetchedAt)) {
      return unavailable(
        network,
        'STALE',
        `The ${label} feed has not been read since ${fetchedAt.toISOString()}${lastError ? `: ${lastError}` : ''}`,
        pollIntervalMs,
        fetchedAt,
        snapshot.updatedAt,
      );
    }
    return {
      network,
      available: true,
      reason: null,
      message: null,
      updatedAt: snapshot.updatedAt,
      fetchedAt: fetchedAt.toISOString(),
      pollIntervalMs,
      flights: snapshot.flights,
    };
  };

  const serialized = new Map<TOnlineNetwork, { response: TNetworkFlightsResponse; value: SerializedFlights }>();
  const isSameAnswer = (a: TNetworkFlightsResponse, b: TNetworkFlightsResponse) =>
    a.flights === b.flights && a.fetchedAt === b.fetchedAt && a.available === b.available && a.pollIntervalMs === b.pollIntervalMs;

  const getFlightsJson = async (network: TOnlineNetwork): Promise<SerializedFlights> => {
    const response = await getFlights(network);
    const cached = serialized.get(network);
    if (cached && response.available && isSameAnswer(cached.response, response)) return cached.value;
    const json = JSON.stringify(ZNetworkFlightsResponse.parse(response));
    const value = { json, etag: `"${network}-${createHash('sha1').update(json).digest('base64url')}"` };
    if (response.available) serialized.set(network, { response, value });
    return value;
  };

  const getStats = (): TNetworkStatsResponse => ({
    feeds: OnlineNetwork.map((network): TNetworkFeedStats => {
      const poller = pollers.get(network);
      const state = poller?.getState();
      return {
        network,
        isConfigured: poller !== undefined,
        isPolling: state?.isPolling ?? false,
        pollCount: state?.pollCount ?? 0,
        successCount: state?.successCount ?? 0,
        failureCount: state?.failureCount ?? 0,
        requestCount: requestCounts[network],
        lastPollAt: state?.lastPollAt?.toISOString() ?? null,
        lastSuccessAt: state?.lastSuccessAt?.toISOString() ?? null,
        lastError: state?.lastError ?? null,
        flightCount: state?.snapshot?.flights.length ?? 0,
        skippedCount: state?.snapshot?.skippedCount ?? 0,
        pollIntervalMs: poller?.pollIntervalMs() ?? intervals[network] ?? defaultPollIntervalMs(network),
      };
    }),
  });

  return {
    getFlights,
    getFlightsJson,
    getStats,
    close: async () => {
      await Promise.all([...pollers.values()].map((poller) => poller.stop()));
    },
  };
};
