import { boolean, doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Airports as OurAirports publishes them (airports.csv), keyed by ident. Filled on first start from
 * the embedded default set and replaced by `npm run import:airports` (docs/decisions/0003-airport-data.md).
 */
export const airports = pgTable(
  'airports',
  {
    ident: text('ident').primaryKey(),
    /** OurAirports row id. */
    ourAirportsId: integer('our_airports_id'),
    type: text('type').notNull(),
    name: text('name').notNull(),
    latitudeDeg: doublePrecision('latitude_deg').notNull(),
    longitudeDeg: doublePrecision('longitude_deg').notNull(),
    elevationFt: integer('elevation_ft'),
    continent: text('continent'),
    isoCountry: text('iso_country').notNull(),
    isoRegion: text('iso_region'),
    municipality: text('municipality'),
    scheduledService: boolean('scheduled_service').notNull().default(false),
    gpsCode: text('gps_code'),
    iataCode: text('iata_code'),
    localCode: text('local_code'),
    keywords: text('keywords'),
  },
  (table) => [index('airports_iata_idx').on(table.iataCode)],
);

/** Runways (runways.csv): both ends with ident, threshold position, heading; length, width, surface. */
export const runways = pgTable(
  'runways',
  {
    id: integer('id').primaryKey(),
    airportIdent: text('airport_ident').notNull(),
    lengthFt: integer('length_ft'),
    widthFt: integer('width_ft'),
    surface: text('surface'),
    lighted: boolean('lighted').notNull().default(false),
    closed: boolean('closed').notNull().default(false),
    leIdent: text('le_ident'),
    leLatitudeDeg: doublePrecision('le_latitude_deg'),
    leLongitudeDeg: doublePrecision('le_longitude_deg'),
    leElevationFt: integer('le_elevation_ft'),
    leHeadingDegT: doublePrecision('le_heading_degt'),
    leDisplacedThresholdFt: integer('le_displaced_threshold_ft'),
    heIdent: text('he_ident'),
    heLatitudeDeg: doublePrecision('he_latitude_deg'),
    heLongitudeDeg: doublePrecision('he_longitude_deg'),
    heElevationFt: integer('he_elevation_ft'),
    heHeadingDegT: doublePrecision('he_heading_degt'),
    heDisplacedThresholdFt: integer('he_displaced_threshold_ft'),
  },
  (table) => [index('runways_airport_ident_idx').on(table.airportIdent)],
);

/** countries.csv as imported (names in English; translations live in the domain). */
export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  continent: text('continent'),
});

/** regions.csv as imported. */
export const regions = pgTable('regions', {
  code: text('code').primaryKey(),
  localCode: text('local_code'),
  name: text('name').notNull(),
  continent: text('continent'),
  isoCountry: text('iso_country').notNull(),
});

/**
 * One row per reference data set ("airports"): its version grows at every load, so each server
 * instance notices an import made elsewhere and rebuilds its in-memory search index.
 */
export const referenceDatasets = pgTable('reference_datasets', {
  name: text('name').primaryKey(),
  version: integer('version').notNull(),
  source: text('source').notNull(),
  airportCount: integer('airport_count').notNull(),
  runwayCount: integer('runway_count').notNull(),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull(),
});
