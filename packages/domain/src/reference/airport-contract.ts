import { z } from 'zod';
import { pageNumberField, pageSizeField } from '../api/page';
import { ZRunway, ZRunwayEnd } from '../flight/flight-plan-input';

/** OurAirports airport types (airports.csv `type`). */
export const AirportType = [
  'large_airport',
  'medium_airport',
  'small_airport',
  'heliport',
  'seaplane_base',
  'balloonport',
  'closed',
] as const;
export type AirportType = (typeof AirportType)[number];

/** An airport ident as OurAirports writes it (ICAO code, or a local code such as "00AK", "FR-0123"). */
export const ZAirportIdent = z
  .string()
  .trim()
  .min(2)
  .max(12)
  .regex(/^[A-Za-z0-9-]+$/, 'airport ident expected, e.g. LFPG')
  .transform((ident) => ident.toUpperCase());

/** Coordinates: latitude -90 to 90, longitude -180 to 180. Altitude in feet. */
export const ZPosition = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  altitude: z.number(),
});
export type TPosition = z.infer<typeof ZPosition>;

/** An airport (ident, label, municipality, position) plus the OurAirports fields the UI shows. */
export const ZAirport = z.object({
  ident: z.string(),
  label: z.string(),
  name: z.string(),
  municipality: z.string().nullable(),
  isoCountry: z.string(),
  isoRegion: z.string().nullable(),
  iataCode: z.string().nullable(),
  type: z.enum(AirportType),
  position: ZPosition,
});
export type TAirport = z.infer<typeof ZAirport>;

/** One runway end as stored: the flight engine's runway end plus its elevation when known. */
export const ZAirportRunwayEnd = ZRunwayEnd.extend({ elevationFt: z.number().nullable() });
export type TAirportRunwayEnd = z.infer<typeof ZAirportRunwayEnd>;

/** A runway with both ends located, in the flight engine's shape plus surface and lighting. */
export const ZAirportRunway = ZRunway.extend({
  ends: z.tuple([ZAirportRunwayEnd, ZAirportRunwayEnd]),
  /** OurAirports surface code, e.g. ASP, CON, GRS. */
  surface: z.string().nullable(),
  lighted: z.boolean(),
  closed: z.boolean(),
});
export type TAirportRunway = z.infer<typeof ZAirportRunway>;

/** GET /airport/{ident}: the airport and its runways (empty until the OurAirports runways are imported). */
export const ZAirportDetail = ZAirport.extend({ runways: z.array(ZAirportRunway) });
export type TAirportDetail = z.infer<typeof ZAirportDetail>;

/** Shortest search text (search starts when the text is longer than 2 characters). */
export const AIRPORT_SEARCH_MIN_LENGTH = 3;
/** Results per page of the airport search. */
export const AIRPORT_SEARCH_PAGE_SIZE = 10;

/**
 * GET /airport query. `page` starts at 0. `fromIdent` orders the matches by distance from that
 * airport. `context` "hub" keeps large and medium airports only (hubs, routes); any other value
 * searches every airport.
 */
export const ZAirportSearchQuery = z.object({
  query: z
    .string()
    .trim()
    .min(AIRPORT_SEARCH_MIN_LENGTH, `query must be at least ${AIRPORT_SEARCH_MIN_LENGTH} characters`)
    .max(80),
  page: pageNumberField(10_000),
  size: pageSizeField(AIRPORT_SEARCH_PAGE_SIZE, 50),
  fromIdent: ZAirportIdent.optional(),
  context: z.string().trim().max(40).optional(),
});
export type TAirportSearchQuery = z.infer<typeof ZAirportSearchQuery>;

export const ZAirportSearchItem = z.object({ ident: z.string(), label: z.string() });
export type TAirportSearchItem = z.infer<typeof ZAirportSearchItem>;

/** A page with the totals first, as this search has always answered (so not `pageOf`, which puts the items first). */
export const ZAirportSearchPage = z.object({
  totalItems: z.number().int(),
  totalPages: z.number().int(),
  items: z.array(ZAirportSearchItem),
});
export type TAirportSearchPage = z.infer<typeof ZAirportSearchPage>;

/** "LFPG - Charles de Gaulle International Airport (Paris, FR)"; the municipality is left out when unknown. */
export const airportLabel = (airport: { ident: string; name: string; municipality: string | null; isoCountry: string }): string => {
  const place = airport.municipality ? `${airport.municipality}, ${airport.isoCountry}` : airport.isoCountry;
  return `${airport.ident} - ${airport.name} (${place})`;
};
