import { z } from 'zod';

/** The online networks whose traffic the live map can show. */
export const OnlineNetwork = ['vatsim', 'ivao'] as const;
export const ZOnlineNetwork = z.enum(OnlineNetwork);
export type TOnlineNetwork = z.infer<typeof ZOnlineNetwork>;

/**
 * An online-network flight: id, lat, long, flightNumber, departure, arrival, heading,
 * plus what both feeds carry and the map can label a plane with (altitude, ground speed, type).
 *
 * - `id` is `<network>:<feed id>` (VATSIM member cid, IVAO session id), so flights of both networks
 *   can share one map source without colliding.
 * - `flightNumber` is the callsign as filed on the network.
 * - `departure` / `arrival` are ICAO codes, or null when the pilot has filed no flight plan.
 * - `heading` is degrees true in [0, 360).
 */
export const ZOnlineNetworkFlight = z.object({
  id: z.string().min(1),
  network: ZOnlineNetwork,
  lat: z.number().min(-90).max(90),
  long: z.number().min(-180).max(180),
  flightNumber: z.string().min(1),
  departure: z.string().nullable(),
  arrival: z.string().nullable(),
  heading: z.number().min(0).lt(360),
  /** Altitude reported by the pilot client, feet; null when the feed has none. */
  altitudeFt: z.number().nullable(),
  /** Ground speed, knots; null when the feed has none. */
  groundSpeedKts: z.number().nullable(),
  /** ICAO type designator from the flight plan (e.g. "A320"); null without one. */
  aircraftIcao: z.string().nullable(),
});
export type TOnlineNetworkFlight = z.infer<typeof ZOnlineNetworkFlight>;

/** One parsed feed download: the flights and what was left out, with the feed's own timing. */
export type TOnlineNetworkSnapshot = {
  network: TOnlineNetwork;
  /** When the network generated the data (the feed's own timestamp), ISO 8601; null if absent. */
  updatedAt: string | null;
  /** One per pilot that has a position. */
  flights: TOnlineNetworkFlight[];
  /** Pilot records in the feed, whatever became of them. */
  pilotCount: number;
  /** Pilots connected without a position yet (IVAO `lastTrack: null`); not errors. */
  withoutPositionCount: number;
  /** Pilot records that were malformed (not an object, no callsign, position out of range...). */
  skippedCount: number;
  /** How often the network asks clients to download the feed, milliseconds. */
  recommendedPollIntervalMs: number;
};

/** A feed document whose overall shape is not the expected one (not JSON, no pilot list...). */
export class NetworkFeedFormatError extends Error {
  readonly network: TOnlineNetwork;

  constructor(network: TOnlineNetwork, message: string) {
    super(message);
    this.name = 'NetworkFeedFormatError';
    this.network = network;
  }
}

/** Throws a NetworkFeedFormatError naming every issue of a failed top-level parse. */
export const throwFeedFormatError = (network: TOnlineNetwork, feedName: string, error: z.ZodError): never => {
  const issues = error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`);
  throw new NetworkFeedFormatError(network, `${feedName} is malformed: ${issues.join('; ')}`);
};

/** Upper-cased, trimmed code, or null when empty or absent. */
export const toCodeOrNull = (value: string | null | undefined): string | null => {
  const code = value?.trim().toUpperCase() ?? '';
  return code === '' ? null : code;
};

/** A feed timestamp as ISO 8601 (UTC), or null when absent or unreadable. */
export const toIsoOrNull = (value: string | null | undefined): string | null => {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
};

/** Heading into [0, 360): feeds send 360 for north. */
export const toHeadingDeg = (value: number | null | undefined): number => {
  if (value === null || value === undefined || !Number.isFinite(value)) return 0;
  return ((value % 360) + 360) % 360;
};

/** Finite number or null. */
export const toNumberOrNull = (value: number | null | undefined): number | null =>
  value === null || value === undefined || !Number.isFinite(value) ? null : value;

/** True when either position field is absent (null/undefined): the pilot has no position yet. */
export const isPositionAbsent = (latitude: unknown, longitude: unknown): boolean =>
  latitude === null || latitude === undefined || longitude === null || longitude === undefined;

/**
 * Sorts a feed's pilot records: a record without a position is counted (not an error), a record
 * its schema refuses is skipped and counted, every other one becomes one flight.
 */
export const collectPilotFlights = <P>(
  records: readonly unknown[],
  rules: {
    hasNoPosition: (record: Record<string, unknown>) => boolean;
    schema: z.ZodType<P>;
    toFlight: (pilot: P) => TOnlineNetworkFlight;
  },
): { flights: TOnlineNetworkFlight[]; withoutPositionCount: number; skippedCount: number } => {
  const flights: TOnlineNetworkFlight[] = [];
  let withoutPositionCount = 0;
  let skippedCount = 0;
  for (const record of records) {
    if (typeof record === 'object' && record !== null && rules.hasNoPosition(record as Record<string, unknown>)) {
      withoutPositionCount += 1;
      continue;
    }
    const pilot = rules.schema.safeParse(record);
    if (pilot.success) flights.push(rules.toFlight(pilot.data));
    else skippedCount += 1;
  }
  return { flights, withoutPositionCount, skippedCount };
};
