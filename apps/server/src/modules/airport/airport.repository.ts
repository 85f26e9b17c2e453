import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/database';
import { advisoryXactLock } from '../../db/named-lock';
import { airports, countries, referenceDatasets, regions, runways } from './airport.schema';
import type { AirportRow, CountryRow, RegionRow, RunwayRow } from './our-airports-csv';

export const AIRPORTS_DATASET = 'airports';

export const findAirport = async (db: DbExecutor, ident: string) => {
  const [row] = await db.select().from(airports).where(eq(airports.ident, ident)).limit(1);
  return row;
};

export const findRunwaysOf = (db: DbExecutor, ident: string) =>
  db.select().from(runways).where(eq(runways.airportIdent, ident)).orderBy(runways.id);

/** The columns the search index and the mission generator need, for every airport. */
export const listAirportsForIndex = (db: DbExecutor) =>
  db
    .select({
      ident: airports.ident,
      name: airports.name,
      municipality: airports.municipality,
      isoCountry: airports.isoCountry,
      iataCode: airports.iataCode,
      gpsCode: airports.gpsCode,
      type: airports.type,
      latitudeDeg: airports.latitudeDeg,
      longitudeDeg: airports.longitudeDeg,
      elevationFt: airports.elevationFt,
    })
    .from(airports);

export const findDataset = async (db: DbExecutor, name = AIRPORTS_DATASET) => {
  const [row] = await db.select().from(referenceDatasets).where(eq(referenceDatasets.name, name)).limit(1);
  return row;
};

/** Serialises loaders across server instances and the import command (transaction-scoped lock). */
export const lockAirportData = async (tx: DbExecutor): Promise<void> => {
  await tx.execute(advisoryXactLock('airport-data'));
};

const BATCH_ROWS = 2000;

const insertInBatches = async <T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>, onBatch?: (done: number) => void) => {
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const batch = rows.slice(start, start + BATCH_ROWS);
    await insert(batch);
    onBatch?.(Math.min(rows.length, start + BATCH_ROWS));
  }
};

export type ReferenceTables = {
  airports?: AirportRow[] | undefined;
  runways?: RunwayRow[] | undefined;
  countries?: CountryRow[] | undefined;
  regions?: RegionRow[] | undefined;
};

/** Replaces the content of every table given (others are left as they are), inside `tx`. */
export const replaceReferenceTables = async (
  tx: DbExecutor,
  tables: ReferenceTables,
  onProgress: (table: string, done: number, total: number) => void = () => {},
): Promise<void> => {
  if (tables.countries) {
    await tx.delete(countries);
    const rows = tables.countries;
    await insertInBatches(rows, (batch) => tx.insert(countries).values(batch), (done) => onProgress('countries', done, rows.length));
  }
  if (tables.regions) {
    await tx.delete(regions);
    const rows = tables.regions;
    await insertInBatches(rows, (batch) => tx.insert(regions).values(batch), (done) => onProgress('regions', done, rows.length));
  }
  if (tables.airports) {
    await tx.delete(airports);
    const rows = tables.airports;
    await insertInBatches(rows, (batch) => tx.insert(airports).values(batch), (done) => onProgress('airports', done, rows.length));
  }
  if (tables.runways) {
    await tx.delete(runways);
    const rows = tables.runways;
    await insertInBatches(rows, (batch) => tx.insert(runways).values(batch), (done) => onProgress('runways', done, rows.length));
  }
};

export const countReferenceRows = async (tx: DbExecutor) => {
  const [airportCount] = await tx.select({ count: sql<number>`count(*)::int` }).from(airports);
  const [runwayCount] = await tx.select({ count: sql<number>`count(*)::int` }).from(runways);
  return { airports: airportCount?.count ?? 0, runways: runwayCount?.count ?? 0 };
};

/** Records a new version of the airport data set (every server instance rebuilds its index). */
export const bumpDataset = async (tx: DbExecutor, source: string, counts: { airports: number; runways: number }, now?: Date) => {
  const loadedAt = now ?? sql`now()`;
  await tx
    .insert(referenceDatasets)
    .values({ name: AIRPORTS_DATASET, version: 1, source, airportCount: counts.airports, runwayCount: counts.runways, loadedAt })
    .onConflictDoUpdate({
      target: referenceDatasets.name,
      set: {
        version: sql`${referenceDatasets.version} + 1`,
        source,
        airportCount: counts.airports,
        runwayCount: counts.runways,
        loadedAt,
      },
    });
};

export const transaction = <T>(db: Database, work: (tx: DbExecutor) => Promise<T>): Promise<T> => db.transaction((tx) => work(tx));

// ---- reads other modules make, through airport.service.ts ----

export const findAirportsByIdent = (db: DbExecutor, idents: readonly string[]) =>
  idents.length === 0 ? Promise.resolve([]) : db.select().from(airports).where(inArray(airports.ident, [...new Set(idents)]));

export const findCountry = async (db: DbExecutor, code: string) => {
  const [row] = await db.select().from(countries).where(eq(countries.code, code));
  return row;
};

export const findCountryNames = async (db: DbExecutor, codes: readonly string[]): Promise<Map<string, string>> => {
  if (codes.length === 0) return new Map();
  const rows = await db.select({ code: countries.code, name: countries.name }).from(countries).where(inArray(countries.code, [...new Set(codes)]));
  return new Map(rows.map((row) => [row.code, row.name]));
};

export const countAirportsInCountry = async (db: DbExecutor, code: string): Promise<number> => {
  const [row] = await db.select({ n: count() }).from(airports).where(eq(airports.isoCountry, code));
  return row?.n ?? 0;
};
