import { z } from 'zod';
import {
  collectPilotFlights,
  isPositionAbsent,
  throwFeedFormatError,
  toCodeOrNull,
  toHeadingDeg,
  toIsoOrNull,
  toNumberOrNull,
  type TOnlineNetworkFlight,
  type TOnlineNetworkSnapshot,
} from './online-network-flight';

/**
 * VATSIM's v3 data feed (`https://data.vatsim.net/v3/vatsim-data.json`, found through
 * `https://status.vatsim.net/status.json`). The network regenerates it every 15 seconds and asks
 * clients, in `general.reload`, to wait that many minutes between downloads.
 */
export const VATSIM_FEED_REGENERATION_MS = 15_000;

/** Used when `general.reload` is missing or unreadable: VATSIM's long-standing value, one minute. */
export const VATSIM_DEFAULT_RELOAD_MINUTES = 1;

const ZVatsimFeed = z.object({
  general: z
    .object({
      reload: z.number().nullish(),
      update_timestamp: z.string().nullish(),
    })
    .loose(),
  pilots: z.array(z.unknown()),
});

const ZVatsimPilot = z.object({
  cid: z.number().int(),
  callsign: z.string().trim().min(1),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  altitude: z.number().nullish(),
  groundspeed: z.number().nullish(),
  heading: z.number().nullish(),
  flight_plan: z
    .object({
      departure: z.string().nullish(),
      arrival: z.string().nullish(),
      aircraft_short: z.string().nullish(),
    })
    .nullish(),
});

/**
 * The poll interval VATSIM asks for: `general.reload` minutes, never below the 15-second
 * regeneration period (downloading faster cannot return anything new).
 */
export const vatsimRecommendedPollIntervalMs = (reloadMinutes: number | null | undefined): number => {
  const minutes =
    reloadMinutes !== null && reloadMinutes !== undefined && Number.isFinite(reloadMinutes) && reloadMinutes > 0
      ? reloadMinutes
      : VATSIM_DEFAULT_RELOAD_MINUTES;
  return Math.max(VATSIM_FEED_REGENERATION_MS, Math.round(minutes * 60_000));
};

/**
 * Parses a VATSIM v3 feed document into flights. Every pilot with a position becomes exactly one
 * flight; a pilot without a flight plan gets null departure and arrival; a malformed pilot record is
 * skipped and counted. Throws NetworkFeedFormatError when the document itself is not a v3 feed.
 */
export const parseVatsimV3Snapshot = (json: unknown): TOnlineNetworkSnapshot => {
  const feed = ZVatsimFeed.safeParse(json);
  if (!feed.success) return throwFeedFormatError('vatsim', 'VATSIM v3 feed', feed.error);

  const { flights, withoutPositionCount, skippedCount } = collectPilotFlights(feed.data.pilots, {
    hasNoPosition: (record) => isPositionAbsent(record.latitude, record.longitude),
    schema: ZVatsimPilot,
    toFlight: (p) => ({
      id: `vatsim:${p.cid}`,
      network: 'vatsim',
      lat: p.latitude,
      long: p.longitude,
      flightNumber: p.callsign,
      departure: toCodeOrNull(p.flight_plan?.departure),
      arrival: toCodeOrNull(p.flight_plan?.arrival),
      heading: toHeadingDeg(p.heading),
      altitudeFt: toNumberOrNull(p.altitude),
      groundSpeedKts: toNumberOrNull(p.groundspeed),
      aircraftIcao: toCodeOrNull(p.flight_plan?.aircraft_short),
    }),
  });

  return {
    network: 'vatsim',
    updatedAt: toIsoOrNull(feed.data.general.update_timestamp),
    flights,
    pilotCount: feed.data.pilots.length,
    withoutPositionCount,
    skippedCount,
    recommendedPollIntervalMs: vatsimRecommendedPollIntervalMs(feed.data.general.reload),
  };
};

/** The flights of a VATSIM v3 feed document (see parseVatsimV3Snapshot for the rules). */
export const parseVatsimV3 = (json: unknown): TOnlineNetworkFlight[] => parseVatsimV3Snapshot(json).flights;
