import { z } from 'zod';
import { ZOnlineNetwork, ZOnlineNetworkFlight } from './online-network-flight';

/**
 * Why a network's traffic is not available: no feed configured (the default: network traffic is
 * off), the feed never answered with a usable document, or the last good snapshot is too old.
 */
export const NetworkUnavailableReason = ['NOT_CONFIGURED', 'SOURCE_FAILED', 'STALE'] as const;
export const ZNetworkUnavailableReason = z.enum(NetworkUnavailableReason);
export type TNetworkUnavailableReason = z.infer<typeof ZNetworkUnavailableReason>;

export const ZNetworkFlightsParams = z.object({ network: ZOnlineNetwork });
export type TNetworkFlightsParams = z.infer<typeof ZNetworkFlightsParams>;

/**
 * GET /api/v1/network/{vatsim|ivao}/flights. Always 200: when the network is unavailable,
 * `available` is false, `reason` and `message` say why and `flights` is empty.
 */
export const ZNetworkFlightsResponse = z.object({
  network: ZOnlineNetwork,
  available: z.boolean(),
  /** Null when available. */
  reason: ZNetworkUnavailableReason.nullable(),
  /** Human-readable detail for logs and tooltips (English); null when available. */
  message: z.string().nullable(),
  /** The feed's own generation time of the flights served, ISO 8601; null when unknown. */
  updatedAt: z.string().nullable(),
  /** When the server downloaded the flights served, ISO 8601; null when never. */
  fetchedAt: z.string().nullable(),
  /** How often the server polls this feed, milliseconds (a client need not poll faster). */
  pollIntervalMs: z.number().int().positive(),
  flights: z.array(ZOnlineNetworkFlight),
});
export type TNetworkFlightsResponse = z.infer<typeof ZNetworkFlightsResponse>;

/** Counters of one network's feed poller, for monitoring and for the viewers benchmark. */
export const ZNetworkFeedStats = z.object({
  network: ZOnlineNetwork,
  isConfigured: z.boolean(),
  isPolling: z.boolean(),
  /** Downloads attempted since the server started. */
  pollCount: z.number().int().nonnegative(),
  successCount: z.number().int().nonnegative(),
  failureCount: z.number().int().nonnegative(),
  /** Flights requests answered since the server started. */
  requestCount: z.number().int().nonnegative(),
  lastPollAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  lastError: z.string().nullable(),
  flightCount: z.number().int().nonnegative(),
  /** Pilot records of the last good download that were malformed and left out. */
  skippedCount: z.number().int().nonnegative(),
  pollIntervalMs: z.number().int().positive(),
});
export type TNetworkFeedStats = z.infer<typeof ZNetworkFeedStats>;

/** GET /api/v1/network/stats */
export const ZNetworkStatsResponse = z.object({ feeds: z.array(ZNetworkFeedStats) });
export type TNetworkStatsResponse = z.infer<typeof ZNetworkStatsResponse>;
