import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { AirportType } from '@contrail/domain/reference/airport-contract';
import type { airports, countries, regions, runways } from './airport.schema';

/**
 * Parsing of the OurAirports CSV dump (airports.csv, runways.csv, countries.csv, regions.csv) into
 * table rows. A real CSV parser (csv-parse) handles the quoting; every row is then checked, and the
 * first bad one stops the whole file with its line number.
 */
export class OurAirportsFormatError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    message: string,
  ) {
    super(line === undefined ? `${file}: ${message}` : `${file} line ${line}: ${message}`);
    this.name = 'OurAirportsFormatError';
  }
}

const text = z.string().transform((value) => value.trim());
const optionalText = text.transform((value) => (value === '' ? null : value));
const requiredText = text.pipe(z.string().min(1, 'must not be empty'));
const number = (min: number, max: number) =>
  text.pipe(z.string().min(1, 'must not be empty')).transform(Number).pipe(z.number().min(min).max(max));
const optionalNumber = (min: number, max: number) =>
  text.transform((value) => (value === '' ? null : Number(value))).pipe(z.number().min(min).max(max).nullable());
/**
 * A measure the dump sometimes fills with a placeholder (width -1, length 0): must be a number,
 * but a value outside [min, max] means "unknown" (null) rather than a broken file.
 */
const optionalMeasure = (min: number, max: number) =>
  text
    .transform((value) => (value === '' ? null : Number(value)))
    .pipe(z.number({ error: 'must be a number' }).nullable())
    .transform((value) => (value === null || value < min || value > max ? null : Math.round(value)));
const optionalHeading = text
  .transform((value) => (value === '' ? null : Number(value)))
  .pipe(z.number({ error: 'must be a number' }).nullable())
  .transform((value) => (value === null || value < 0 || value > 360 ? null : value));
const flag = text.pipe(z.enum(['0', '1', ''])).transform((value) => value === '1');

export type AirportRow = typeof airports.$inferInsert;
export type RunwayRow = typeof runways.$inferInsert;
export type CountryRow = typeof countries.$inferInsert;
export type RegionRow = typeof regions.$inferInsert;

const ZAirportCsvRow = z
  .object({
    id: number(0, 1e12),
    ident: requiredText.pipe(z.string().max(16).regex(/^[A-Za-z0-9-]+$/, 'ident must be letters, digits or dashes')),
    type: text.pipe(z.enum(AirportType)),
    name: requiredText,
    latitude_deg: number(-90, 90),
    longitude_deg: number(-180, 180),
    elevation_ft: optionalMeasure(-2000, 30_000),
    continent: optionalText,
    iso_country: requiredText.pipe(z.string().max(3)),
    iso_region: optionalText,
    municipality: optionalText,
    scheduled_service: text.pipe(z.enum(['yes', 'no', ''])),
    gps_code: optionalText,
    iata_code: optionalText,
    local_code: optionalText,
    keywords: optionalText,
  })
  .transform(
    (row): AirportRow => ({
      ident: row.ident.toUpperCase(),
      ourAirportsId: row.id,
      type: row.type,
      name: row.name,
      latitudeDeg: row.latitude_deg,
      longitudeDeg: row.longitude_deg,
      elevationFt: row.elevation_ft,
      continent: row.continent,
      isoCountry: row.iso_country,
      isoRegion: row.iso_region,
      municipality: row.municipality,
      scheduledService: row.scheduled_service === 'yes',
      gpsCode: row.gps_code,
      iataCode: row.iata_code?.toUpperCase() ?? null,
      localCode: row.local_code,
      keywords: row.keywords,
    }),
  );

const ZRunwayCsvRow = z
  .object({
    id: number(0, 1e12),
    airport_ident: requiredText,
    length_ft: optionalMeasure(0, 100_000),
    width_ft: optionalMeasure(0, 10_000),
    surface: optionalText,
    lighted: flag,
    closed: flag,
    le_ident: optionalText,
    le_latitude_deg: optionalNumber(-90, 90),
    le_longitude_deg: optionalNumber(-180, 180),
    le_elevation_ft: optionalMeasure(-2000, 30_000),
    le_heading_degT: optionalHeading,
    le_displaced_threshold_ft: optionalMeasure(0, 100_000),
    he_ident: optionalText,
    he_latitude_deg: optionalNumber(-90, 90),
    he_longitude_deg: optionalNumber(-180, 180),
    he_elevation_ft: optionalMeasure(-2000, 30_000),
    he_heading_degT: optionalHeading,
    he_displaced_threshold_ft: optionalMeasure(0, 100_000),
  })
  .transform(
    (row): RunwayRow => ({
      id: row.id,
      airportIdent: row.airport_ident.toUpperCase(),
      lengthFt: row.length_ft,
      widthFt: row.width_ft,
      surface: row.surface,
      lighted: row.lighted,
      closed: row.closed,
      leIdent: row.le_ident,
      leLatitudeDeg: row.le_latitude_deg,
      leLongitudeDeg: row.le_longitude_deg,
      leElevationFt: row.le_elevation_ft,
      leHeadingDegT: row.le_heading_degT,
      leDisplacedThresholdFt: row.le_displaced_threshold_ft,
      heIdent: row.he_ident,
      heLatitudeDeg: row.he_latitude_deg,
      heLongitudeDeg: row.he_longitude_deg,
      heElevationFt: row.he_elevation_ft,
      heHeadingDegT: row.he_heading_degT,
      heDisplacedThresholdFt: row.he_displaced_threshold_ft,
    }),
  );

const ZCountryCsvRow = z
  .object({ code: requiredText.pipe(z.string().max(3)), name: requiredText, continent: optionalText })
  .transform((row): CountryRow => ({ code: row.code, name: row.name, continent: row.continent }));

const ZRegionCsvRow = z
  .object({
    code: requiredText,
    local_code: optionalText,
    name: requiredText,
    continent: optionalText,
    iso_country: requiredText,
  })
  .transform((row): RegionRow => ({ code: row.code, localCode: row.local_code, name: row.name, continent: row.continent, isoCountry: row.iso_country }));

type RowSchema<T> = z.ZodType<T, Record<string, string>>;

const describeIssue = (issue: z.core.$ZodIssue): string => {
  const column = issue.path.join('.');
  return column ? `${column}: ${issue.message}` : issue.message;
};

/** Checks one record (a column-name -> text object); the error names the file and line. */
const parseRecord = <T>(schema: RowSchema<T>, record: Record<string, string>, file: string, line: number | undefined): T => {
  const parsed = schema.safeParse(record);
  if (!parsed.success) throw new OurAirportsFormatError(file, line, describeIssue(parsed.error.issues[0]!));
  return parsed.data;
};

const requiredColumns = (schema: z.ZodType): string[] => {
  const inner = (schema as unknown as { in?: z.ZodObject }).in ?? schema;
  return Object.keys((inner as z.ZodObject).shape);
};

const parseCsv = <T>(content: string, file: string, schema: RowSchema<T>): T[] => {
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse<{ record: Record<string, string>; info: { lines: number } }>(content, { columns: true, bom: true, skip_empty_lines: true, info: true });
  } catch (error) {
    const lines = (error as { lines?: number }).lines;
    const message = (error as Error).message.replace(/^Invalid Record Length: /, 'wrong number of columns: ');
    throw new OurAirportsFormatError(file, lines, message);
  }
  const header = records[0] ? Object.keys(records[0].record) : [];
  const missing = requiredColumns(schema).filter((column) => !header.includes(column));
  if (records.length > 0 && missing.length > 0) {
    throw new OurAirportsFormatError(file, 1, `missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  }
  return records.map(({ record, info }) => parseRecord(schema, record, file, info.lines));
};

export const parseAirportsCsv = (content: string, file = 'airports.csv') => parseCsv(content, file, ZAirportCsvRow);
export const parseRunwaysCsv = (content: string, file = 'runways.csv') => parseCsv(content, file, ZRunwayCsvRow);
export const parseCountriesCsv = (content: string, file = 'countries.csv') => parseCsv(content, file, ZCountryCsvRow);
export const parseRegionsCsv = (content: string, file = 'regions.csv') => parseCsv(content, file, ZRegionCsvRow);

/** The same row checks for records that are already objects (the embedded default set's JSON). */
export const parseAirportRecords = (records: readonly Record<string, string>[], file: string): AirportRow[] =>
  records.map((record, index) => parseRecord(ZAirportCsvRow, record, file, index + 1));
export const parseCountryRecords = (records: readonly Record<string, string>[], file: string): CountryRow[] =>
  records.map((record, index) => parseRecord(ZCountryCsvRow, record, file, index + 1));
export const parseRegionRecords = (records: readonly Record<string, string>[], file: string): RegionRow[] =>
  records.map((record, index) => parseRecord(ZRegionCsvRow, record, file, index + 1));
