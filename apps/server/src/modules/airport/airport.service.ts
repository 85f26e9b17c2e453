import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { distanceNm, initialBearingDeg, normalizeHeadingDeg } from '@contrail/domain/geo/great-circle';
import {
  airportLabel,
  AirportType,
  ZAirportRunway,
  type TAirport,
  type TAirportDetail,
  type TAirportRunway,
  type TAirportSearchQuery,
} from '@contrail/domain/reference/airport-contract';
import { toAirportMapCollection } from '@contrail/domain/map/airport-map-features';
import type { Database, DbExecutor } from '../../db/database';
import type { airports, runways } from './airport.schema';
import { notFound } from '../../plugins/error-handler';
import { airportDataListeners, loadDefaultAirportsIfEmpty } from './airport-import';
import { AirportSearchIndex, type IndexedAirport } from './airport-search-index';
import { countAirportsInCountry, findAirport, findAirportsByIdent, findCountry, findCountryNames, findDataset, findRunwaysOf, listAirportsForIndex } from './airport.repository';

type AirportRow = typeof airports.$inferSelect;
type RunwayRow = typeof runways.$inferSelect;

/** The airports of one database, ready to search, and the data-set version they were read at. */
export type AirportData = {
  index: AirportSearchIndex;
  version: number;
  airports: (IndexedAirport & { elevationFt: number | null })[];
  /** Serialised search pages by query: the same few prefixes are typed by every pilot. */
  searchPages: LRUCache<string, string>;
  /** The same pages by the exact URL that was answered with them (searchPageAnsweredAt). */
  searchPagesByUrl: LRUCache<string, string>;
};

/** About 1 KB per page: a few megabytes at most. */
const SEARCH_PAGE_CACHE_SIZE = 5_000;
/** Pages by URL count their URL too, which a client chooses: a bound in characters. */
const SEARCH_URL_CACHE_CHARS = 8_000_000;

const loaded = new WeakMap<Database, Promise<AirportData>>();
/** The data of `loaded` once it has resolved, for the synchronous search-page lookup. */
const settled = new WeakMap<Database, AirportData>();

/** Drops a database's airport data: the next use reads it again. */
const forgetAirportData = (db: Database) => {
  loaded.delete(db);
  settled.delete(db);
};

airportDataListeners.add(forgetAirportData);

const buildAirportData = async (db: Database): Promise<AirportData> => {
  await loadDefaultAirportsIfEmpty(db);
  const dataset = await findDataset(db);
  const rows = await listAirportsForIndex(db);
  return {
    index: new AirportSearchIndex(rows),
    version: dataset?.version ?? 0,
    airports: rows,
    searchPages: new LRUCache({ max: SEARCH_PAGE_CACHE_SIZE }),
    searchPagesByUrl: new LRUCache({ max: SEARCH_PAGE_CACHE_SIZE, maxSize: SEARCH_URL_CACHE_CHARS, sizeCalculation: (page, url) => url.length + page.length }),
  };
};

/**
 * The airport data of `db`: loaded once per process (the embedded default set on the very first
 * start), then kept in memory until an import changes it.
 */
export const getAirportData = (db: Database): Promise<AirportData> => {
  const current = loaded.get(db);
  if (current) return current;
  const building = buildAirportData(db);
  loaded.set(db, building);
  building.then(
    (built) => {
      if (loaded.get(db) === building) settled.set(db, built);
    },
    () => loaded.delete(db),
  );
  return building;
};

/** Rebuilds the index when another process (the import command, another instance) changed the data. */
export const refreshAirportDataIfChanged = async (db: Database): Promise<boolean> => {
  const current = loaded.get(db);
  if (!current) return false;
  const [data, dataset] = await Promise.all([current, findDataset(db)]);
  if (!dataset || dataset.version === data.version) return false;
  forgetAirportData(db);
  await getAirportData(db);
  return true;
};

/**
 * The airport search, as the JSON text of the page (TAirportSearchPage). Pages are cached with the
 * data they were built from, so an import (a new index) starts a fresh cache: no stale page. The
 * page is also remembered under `url`, the request's own, for searchPageAnsweredAt.
 */
export const searchAirportsJson = async (db: Database, query: TAirportSearchQuery, url: string): Promise<string> => {
  const { index, searchPages, searchPagesByUrl } = await getAirportData(db);
  const key = searchPageKey(query);
  let json = searchPages.get(key);
  if (json === undefined) {
    if (query.fromIdent && !index.get(query.fromIdent)) throw notFound(`Airport ${query.fromIdent}`);
    json = JSON.stringify(index.search(query));
    searchPages.set(key, json);
  }
  searchPagesByUrl.set(url, json);
  return json;
};

/**
 * The page a search URL was answered with, while the data it came from is current: the route
 * answers a URL seen before with it, before the query is parsed into shape and validated again.
 * Only pages searchAirportsJson built are there, so only URLs that were valid and answered 200.
 */
export const searchPageAnsweredAt = (db: Database, url: string): string | undefined => settled.get(db)?.searchPagesByUrl.get(url);

/** Queries that differ only in case give the same page (ZAirportSearchQuery has trimmed them). */
const searchPageKey = ({ query, page, size, fromIdent, context }: TAirportSearchQuery): string =>
  `${query.toUpperCase()}|${page}|${size}|${fromIdent?.toUpperCase() ?? ''}|${context?.toLowerCase() ?? ''}`;

const DEFAULT_RUNWAY_WIDTH_FT = 100;

/** A runway with both ends located, in the flight engine's shape; undefined when the row lacks positions. */
const toRunway = (row: RunwayRow): TAirportRunway | undefined => {
  if (
    row.leLatitudeDeg === null || row.leLongitudeDeg === null || row.heLatitudeDeg === null || row.heLongitudeDeg === null ||
    !row.leIdent || !row.heIdent || !row.lengthFt
  ) {
    return undefined;
  }
  const le = { latitudeDeg: row.leLatitudeDeg, longitudeDeg: row.leLongitudeDeg };
  const he = { latitudeDeg: row.heLatitudeDeg, longitudeDeg: row.heLongitudeDeg };
  const candidate = {
    lengthFt: row.lengthFt,
    widthFt: row.widthFt && row.widthFt > 0 ? row.widthFt : DEFAULT_RUNWAY_WIDTH_FT,
    surface: row.surface,
    lighted: row.lighted,
    closed: row.closed,
    ends: [
      {
        ident: row.leIdent,
        ...le,
        headingDegTrue: normalizeHeadingDeg(row.leHeadingDegT ?? initialBearingDeg(le, he)),
        displacedThresholdFt: row.leDisplacedThresholdFt ?? 0,
        elevationFt: row.leElevationFt,
      },
      {
        ident: row.heIdent,
        ...he,
        headingDegTrue: normalizeHeadingDeg(row.heHeadingDegT ?? initialBearingDeg(he, le)),
        displacedThresholdFt: row.heDisplacedThresholdFt ?? 0,
        elevationFt: row.heElevationFt,
      },
    ],
  };
  const parsed = ZAirportRunway.safeParse(candidate);
  return parsed.success ? parsed.data : undefined;
};

const toAirport = (row: AirportRow): TAirport => ({
  ident: row.ident,
  label: airportLabel(row),
  name: row.name,
  municipality: row.municipality,
  isoCountry: row.isoCountry,
  isoRegion: row.isoRegion,
  iataCode: row.iataCode,
  type: (AirportType as readonly string[]).includes(row.type) ? (row.type as AirportType) : 'closed',
  position: { latitude: row.latitudeDeg, longitude: row.longitudeDeg, altitude: row.elevationFt ?? 0 },
});

/**
 * The airport and its located runways (both ends with ident, threshold position, true heading),
 * or null for an unknown ident. For the flight module: take-off and landing runways, touchdown point.
 */
export const getAirportWithRunways = async (db: Database, ident: string): Promise<TAirportDetail | null> => {
  await getAirportData(db);
  const key = ident.trim().toUpperCase();
  const row = await findAirport(db, key);
  if (!row) return null;
  const runwayRows = await findRunwaysOf(db, key);
  return { ...toAirport(row), runways: runwayRows.map(toRunway).filter((runway) => runway !== undefined) };
};

/**
 * The open airport nearest to a position within `withinNm`, or null: where an aircraft that
 * stopped there is parked. A scan of the loaded data set (a few tens of thousands of airports, in
 * memory), cheap beside the flight it ends.
 */
export const nearestAirport = async (
  db: Database,
  position: { latitudeDeg: number; longitudeDeg: number },
  withinNm: number,
): Promise<{ ident: string; latitudeDeg: number; longitudeDeg: number; distanceNm: number } | null> => {
  const { airports: all } = await getAirportData(db);
  let nearest: { ident: string; latitudeDeg: number; longitudeDeg: number; distanceNm: number } | null = null;
  for (const airport of all) {
    // A cheap box first: a degree of latitude is 60 NM, so farther airports are skipped unmeasured.
    if (Math.abs(airport.latitudeDeg - position.latitudeDeg) * 60 > withinNm || airport.type === 'closed') continue;
    const distance = distanceNm(position, airport);
    if (distance <= withinNm && (nearest === null || distance < nearest.distanceNm)) {
      nearest = { ident: airport.ident, latitudeDeg: airport.latitudeDeg, longitudeDeg: airport.longitudeDeg, distanceNm: distance };
    }
  }
  return nearest;
};

/** GET /airport/{ident}: 404 for an unknown ident. */
export const getAirport = async (db: Database, ident: string): Promise<TAirportDetail> => {
  const airport = await getAirportWithRunways(db, ident);
  if (!airport) throw notFound(`Airport ${ident}`);
  return airport;
};

/** The airport in the flight engine's input shape: the domain's one mapping, shared with the web and the tracker. */
export { toFlightAirport } from '@contrail/domain/reference/flight-airport';

const airportMapJson = new WeakMap<AirportData, { json: string; etag: string }>();

/**
 * GET /airports/map: the large and medium airports as GeoJSON text with an entity tag, built once
 * per loaded data set and shared by every viewer (an import rebuilds the data, hence a new entry).
 */
export const getAirportMapJson = async (db: Database): Promise<{ json: string; etag: string }> => {
  const data = await getAirportData(db);
  let cached = airportMapJson.get(data);
  if (!cached) {
    const json = JSON.stringify(toAirportMapCollection(data.airports));
    cached = { json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
    airportMapJson.set(data, cached);
  }
  return cached;
};

/** Whether an ident is a known airport (missions, hubs...). */
export const airportExists = async (db: Database, ident: string): Promise<boolean> => {
  const { index } = await getAirportData(db);
  return index.get(ident) !== undefined;
};

export type { DbExecutor };

/** One airport's stored row, read in the caller's executor (an airline's hub, a plane's position). */
export const airportRowOf = (db: DbExecutor, ident: string): Promise<AirportRow | undefined> => findAirport(db, ident);

/** Stored airport rows by ident (unknown idents are absent from the map). */
export const airportRowsOf = async (db: DbExecutor, idents: readonly string[]): Promise<Map<string, AirportRow>> =>
  new Map((await findAirportsByIdent(db, idents)).map((row) => [row.ident, row]));

/** A country by its ISO code, or undefined. */
export const countryOf = (db: DbExecutor, code: string) => findCountry(db, code);

/** Country names by ISO code (unknown codes are absent from the map). */
export const countryNamesOf = (db: DbExecutor, codes: readonly string[]) => findCountryNames(db, codes);

/** How many airports a country has (what its traffic right costs). */
export const airportCountIn = (db: DbExecutor, code: string) => countAirportsInCountry(db, code);
