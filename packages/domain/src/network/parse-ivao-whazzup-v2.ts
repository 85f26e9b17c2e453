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
 * IVAO's whazzup v2 feed (`https://api.ivao.aero/v2/tracker/whazzup`). It carries no reload hint;
 * its `updatedAt` moves every 15 seconds, which is therefore the poll interval to use.
 */
export const IVAO_WHAZZUP_UPDATE_INTERVAL_MS = 15_000;

const ZIvaoFeed = z.object({
  updatedAt: z.string().nullish(),
  clients: z.object({ pilots: z.array(z.unknown()) }).loose(),
});

const ZIvaoPilot = z.object({
  id: z.number().int(),
  callsign: z.string().trim().min(1),
  lastTrack: z.object({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    heading: z.number().nullish(),
    altitude: z.number().nullish(),
    groundSpeed: z.number().nullish(),
  }),
  flightPlan: z
    .object({
      departureId: z.string().nullish(),
      arrivalId: z.string().nullish(),
      aircraftId: z.string().nullish(),
      aircraft: z.object({ icaoCode: z.string().nullish() }).nullish(),
    })
    .nullish(),
});

/** Where a record's position would be: `lastTrack` is null until the pilot's first position report. */
const hasNoPosition = (record: Record<string, unknown>): boolean => {
  const track = record.lastTrack;
  if (track === null || track === undefined) return true;
  if (typeof track !== 'object') return false;
  const { latitude, longitude } = track as Record<string, unknown>;
  return isPositionAbsent(latitude, longitude);
};

/**
 * Parses an IVAO whazzup v2 document into flights. Every pilot with a `lastTrack` position becomes
 * exactly one flight; a pilot without a flight plan (or with null airports) gets null departure and
 * arrival; a malformed pilot record is skipped and counted. Throws NetworkFeedFormatError when the
 * document itself is not a whazzup v2 document.
 */
export const parseIvaoWhazzupV2Snapshot = (json: unknown): TOnlineNetworkSnapshot => {
  const feed = ZIvaoFeed.safeParse(json);
  if (!feed.success) return throwFeedFormatError('ivao', 'IVAO whazzup v2 feed', feed.error);

  const { flights, withoutPositionCount, skippedCount } = collectPilotFlights(feed.data.clients.pilots, {
    hasNoPosition,
    schema: ZIvaoPilot,
    toFlight: (p) => ({
      id: `ivao:${p.id}`,
      network: 'ivao',
      lat: p.lastTrack.latitude,
      long: p.lastTrack.longitude,
      flightNumber: p.callsign,
      departure: toCodeOrNull(p.flightPlan?.departureId),
      arrival: toCodeOrNull(p.flightPlan?.arrivalId),
      heading: toHeadingDeg(p.lastTrack.heading),
      altitudeFt: toNumberOrNull(p.lastTrack.altitude),
      groundSpeedKts: toNumberOrNull(p.lastTrack.groundSpeed),
      aircraftIcao: toCodeOrNull(p.flightPlan?.aircraft?.icaoCode ?? p.flightPlan?.aircraftId),
    }),
  });

  return {
    network: 'ivao',
    updatedAt: toIsoOrNull(feed.data.updatedAt),
    flights,
    pilotCount: feed.data.clients.pilots.length,
    withoutPositionCount,
    skippedCount,
    recommendedPollIntervalMs: IVAO_WHAZZUP_UPDATE_INTERVAL_MS,
  };
};

/** The flights of an IVAO whazzup v2 document (see parseIvaoWhazzupV2Snapshot for the rules). */
export const parseIvaoWhazzupV2 = (json: unknown): TOnlineNetworkFlight[] => parseIvaoWhazzupV2Snapshot(json).flights;
