import { AppError } from '@contrail/domain/errors/app-error';
import type { TPhpvmsImportReport } from '@contrail/domain/phpvms-import/phpvms-import-routes';
import { findAircraftByIcao } from '@contrail/domain/reference/aircraft-catalogue';
import type { PlaneCategory, TAircraftInformation } from '@contrail/domain/reference/aircraft-information';
import type { Database, DbExecutor } from '../../db/database';
import { requireAccess, type Caller } from '../access/access.service';
import { listHubs } from '../airline/airline-hub.service';
import { createPlane, listPlanes } from '../airline/airline-plane.service';
import { createRoute, listRoutes, updateRoute } from '../airline/airline-route.service';
import { findAirline } from '../airline/airline-common';
import { getAirportWithRunways } from '../airport/airport.service';
import { listInventory } from '../store/inventory.service';
import {
  isTrue,
  parseDays,
  parseMultiValue,
  parsePhpvmsCsv,
  PhpvmsFormatError,
  type PhpvmsFileKind,
  rowProblems,
  toUtcTime,
  type PhpvmsRow,
} from './phpvms-csv';

/**
 * Moves a phpVMS airline's CSV exports onto a Contrail airline through the airline module's
 * services, so every Contrail rule (hubs, the plane build cost, route checks, access) holds as if
 * the owner had done it by hand. What maps onto what, and what is refused, is in
 * docs/decisions/0041-phpvms-import.md.
 */

export type PhpvmsUpload = { name: string; content: string };

/** What became of one file: rows accepted (imported, updated or already there) and refused, and what Contrail does not keep. */
export type PhpvmsImportReport = TPhpvmsImportReport;

export type PhpvmsImportProgress = (file: string, done: number, total: number) => void;

/** Rows are applied in the order phpVMS's own data depends on: airports, then the fleet, then what flies it. */
const APPLY_ORDER: readonly PhpvmsFileKind[] = ['airports', 'subfleets', 'aircraft', 'fares', 'expenses', 'flights'];

type RowOutcome = 'imported' | 'updated' | 'unchanged';

/** What one run knows beyond the database: the airline's state read once and the subfleets named so far. */
type RunState = {
  airlineId: string;
  airlineCategory: PlaneCategory;
  caller: Caller;
  hubs: { id: string; ident: string; isMain: boolean }[];
  planes: Map<string, { icao: string }>;
  routes: Map<string, { id: string; name: string; planeCategory: PlaneCategory; departureTime: string; arrivalTime: string }>;
  /** Aircraft items of the airline not yet built, by ICAO type. */
  unbuiltItems: Map<string, string[]>;
  /** phpVMS subfleet type -> the catalogue type of its planes, learned from the subfleets and aircraft files. */
  subfleetTypes: Map<string, TAircraftInformation>;
};

const allPages = async <T>(fetchPage: (page: number) => Promise<{ items: T[]; totalPages: number }>): Promise<T[]> => {
  const items: T[] = [];
  for (let page = 0; ; page += 1) {
    const result = await fetchPage(page);
    items.push(...result.items);
    if (page + 1 >= result.totalPages) return items;
  }
};

const loadRunState = async (db: DbExecutor, caller: Caller, airlineId: string): Promise<RunState> => {
  const airline = await findAirline(db, airlineId);
  const page = (n: number) => ({ page: n, size: 100 });
  const [hubs, planes, routes, items] = await Promise.all([
    allPages((n) => listHubs(db, caller, airlineId, page(n))),
    allPages((n) => listPlanes(db, caller, airlineId, page(n))),
    allPages((n) => listRoutes(db, caller, airlineId, page(n))),
    allPages((n) => listInventory(db, { airlineId }, { ...page(n), converted: false })),
  ]);
  const unbuiltItems = new Map<string, string[]>();
  for (const item of items) {
    if (item.typeName !== 'AIRCRAFT' || !item.aircraftIcao) continue;
    const icao = item.aircraftIcao.toUpperCase();
    unbuiltItems.set(icao, [...(unbuiltItems.get(icao) ?? []), item.id]);
  }
  return {
    airlineId,
    airlineCategory: airline.planeCategory,
    caller,
    hubs: hubs.filter((hub) => hub.state === 'ACTIVE').map((hub) => ({ id: hub.id, ident: hub.airport.ident, isMain: hub.isMain })),
    planes: new Map(planes.map((plane) => [plane.tailRegistration, { icao: plane.icao }])),
    routes: new Map(routes.map((route) => [route.name, route])),
    unbuiltItems,
    subfleetTypes: new Map(),
  };
};

/** The first cell that is a catalogue type designator, in the order given; never a near match. */
const catalogueType = (...cells: (string | undefined)[]): TAircraftInformation | undefined => {
  for (const cell of cells) {
    const type = cell ? findAircraftByIcao(cell.toUpperCase()) : undefined;
    if (type) return type;
  }
  return undefined;
};

const list = (values: Iterable<string>): string => [...new Set(values)].join(', ');

/** A row refused by Contrail's rules: the message the service gave, as the owner would have read it. */
class RowRefused extends Error {}

// ---- one kind of row each ----

const applyAirport = async (db: Database, row: PhpvmsRow): Promise<RowOutcome> => {
  const icao = row.cells.icao!.toUpperCase();
  if (!(await getAirportWithRunways(db, icao))) throw new RowRefused(`${icao} is not in Contrail's airport reference (OurAirports); airports are not added by hand`);
  return 'unchanged';
};

const applySubfleet = (state: RunState, row: PhpvmsRow): RowOutcome => {
  const type = catalogueType(row.cells.simbrief_type, row.cells.type);
  if (type) state.subfleetTypes.set(row.cells.type!, type);
  return 'unchanged';
};

const hubFor = (state: RunState, ...idents: (string | undefined)[]) =>
  state.hubs.find((hub) => idents.some((ident) => ident && ident.toUpperCase() === hub.ident)) ?? state.hubs.find((hub) => hub.isMain) ?? state.hubs[0];

const applyAircraft = async (db: DbExecutor, state: RunState, row: PhpvmsRow, now: Date): Promise<RowOutcome> => {
  const { cells } = row;
  const registration = cells.registration!.toUpperCase();
  const type = catalogueType(cells.icao, cells.iata, cells.simbrief_type) ?? state.subfleetTypes.get(cells.subfleet!);
  if (!type) {
    throw new RowRefused(`Aircraft type unknown to Contrail's catalogue (icao "${cells.icao}", iata "${cells.iata}", subfleet "${cells.subfleet}"); it is not guessed`);
  }
  state.subfleetTypes.set(cells.subfleet!, type);
  const existing = state.planes.get(registration);
  if (existing) {
    if (existing.icao !== type.icao) throw new RowRefused(`${registration} is already a ${existing.icao} of this airline, not a ${type.icao}`);
    return 'unchanged';
  }
  const itemId = state.unbuiltItems.get(type.icao)?.shift();
  if (!itemId) throw new RowRefused(`The airline owns no unbuilt ${type.icao} aircraft item: buy one in the store, then import again`);
  const hub = hubFor(state, cells.hub_id, cells.airport_id);
  if (!hub) throw new RowRefused('The airline has no active hub to base the plane at');
  const seats = type.defaultSeats;
  await createPlane(
    db,
    state.caller,
    state.airlineId,
    { itemId, aircraftIcao: type.icao, configuration: { eco: seats.eco, business: seats.business, first: seats.first }, hubId: hub.id, tailRegistration: registration },
    now,
  );
  state.planes.set(registration, { icao: type.icao });
  return 'imported';
};

/** phpVMS's natural key of a flight, which is also the Contrail route's name. */
const routeNameOf = (cells: Record<string, string>): string => {
  const code = cells.route_code ? `/${cells.route_code}` : '';
  const leg = cells.route_leg ? ` leg ${cells.route_leg}` : '';
  return `${cells.airline!.toUpperCase()}${cells.flight_number}${code}${leg} ${cells.dpt_airport!.toUpperCase()}-${cells.arr_airport!.toUpperCase()}`;
};

const applyFlight = async (db: Database, state: RunState, row: PhpvmsRow, defaultedCategory: string[]): Promise<RowOutcome> => {
  const { cells } = row;
  const departure = cells.dpt_airport!.toUpperCase();
  const arrival = cells.arr_airport!.toUpperCase();
  for (const ident of [departure, arrival]) {
    if (!(await getAirportWithRunways(db, ident))) throw new RowRefused(`${ident} is not in Contrail's airport reference (OurAirports)`);
  }
  if (!state.hubs.some((hub) => hub.ident === departure)) throw new RowRefused(`${departure} is not one of the airline's hubs: a Contrail route leaves from a hub; open it first`);
  const departureTime = toUtcTime(cells.dpt_time ?? '');
  const arrivalTime = toUtcTime(cells.arr_time ?? '');
  if (!departureTime || !arrivalTime) {
    throw new RowRefused(`Times "${cells.dpt_time}" and "${cells.arr_time}" cannot both be read as HHMM with a known zone (UTC when none)`);
  }
  const subfleets = parseMultiValue(cells.subfleets ?? '').map((entry) => entry.key);
  const type = subfleets.map((subfleet) => state.subfleetTypes.get(subfleet) ?? catalogueType(subfleet)).find((found) => found !== undefined);
  const name = routeNameOf(cells);
  if (!type) defaultedCategory.push(name);
  const planeCategory = type?.category ?? state.airlineCategory;
  const existing = state.routes.get(name);
  if (!existing) {
    const route = await createRoute(db, state.caller, state.airlineId, { name, destinations: [departure, arrival], constraints: [], planeCategory, departureTime, arrivalTime });
    state.routes.set(name, route);
    return 'imported';
  }
  if (existing.planeCategory === planeCategory && existing.departureTime === departureTime && existing.arrivalTime === arrivalTime) return 'unchanged';
  state.routes.set(name, await updateRoute(db, state.caller, state.airlineId, existing.id, { name, planeCategory, departureTime, arrivalTime }));
  return 'updated';
};

// ---- what each file leaves behind ----

const notCarriedOf = (kind: PhpvmsFileKind, accepted: PhpvmsRow[], defaultedCategory: string[]): string[] => {
  if (accepted.length === 0) return [];
  const notes: string[] = [];
  const cells = (column: string) => accepted.map((row) => row.cells[column] ?? '').filter((value) => value !== '');
  switch (kind) {
    case 'airports': {
      notes.push('Names, positions, time zones and fuel and handling prices stay those of Contrail\'s airport reference');
      const hubs = accepted.filter((row) => isTrue(row.cells.hub ?? '')).map((row) => row.cells.icao!.toUpperCase());
      if (hubs.length > 0) notes.push(`phpVMS hubs are not opened (a Contrail hub is bought and rented): open ${list(hubs)} in the hubs panel`);
      break;
    }
    case 'subfleets':
      notes.push('Contrail groups planes by type and category, not subfleets: a subfleet only tells the type of its planes and flights');
      if (cells('fares').length > 0 || cells('ranks').length > 0) notes.push('Subfleet fares and rank pay are not carried: Contrail sells seats at its own distance fare and pays by its ranks');
      if (cells('cost_block_hour').length > 0) notes.push('Block-hour, delay and ground-handling costs are not carried: an airline\'s costs are Contrail\'s hubs, hangars, traffic rights and wear');
      break;
    case 'aircraft':
      notes.push('Planes are built from aircraft items the airline owns, at the usual build cost, with the type\'s standard cabin; weights, FIN, SELCAL, hex code and status are not carried');
      break;
    case 'fares':
      notes.push(`Fares ${list(cells('code'))} are not carried: Contrail prices a seat by the distance flown, the same for every airline, so an import cannot set what a flight earns`);
      break;
    case 'expenses':
      notes.push(`Expenses (${accepted.length}) are not carried: an airline's costs in Contrail are its hubs, hangars, traffic rights and plane wear, charged by Contrail's own rules`);
      break;
    case 'flights': {
      const days = accepted.map((row) => parseDays(row.cells.days ?? '')).filter((flown) => flown.length > 0 && flown.length < 7);
      if (days.length > 0) notes.push('Days of operation are not carried: a Contrail route may be flown every day');
      notes.push('Alternate airport, level, route string, distance, flight time, flight type, pilot pay, fares and custom fields are not carried: Contrail measures and pays what is flown');
      if (defaultedCategory.length > 0) notes.push(`No subfleet of a known type for ${list(defaultedCategory)}: given the airline's plane category`);
      break;
    }
  }
  return notes;
};

// ---- the run ----

const applyRow = async (db: Database, state: RunState, kind: PhpvmsFileKind, row: PhpvmsRow, now: Date, defaultedCategory: string[]): Promise<RowOutcome> => {
  switch (kind) {
    case 'airports':
      return applyAirport(db, row);
    case 'subfleets':
      return applySubfleet(state, row);
    case 'aircraft':
      return applyAircraft(db, state, row, now);
    case 'flights':
      return applyFlight(db, state, row, defaultedCategory);
    case 'fares':
    case 'expenses':
      return 'unchanged';
  }
};

/**
 * Imports phpVMS CSV files into an airline, as `caller` (its owner; each service checks its own
 * permission too). A broken row is refused with its line and reason while the others go in; a
 * second run over the same files finds everything there and changes nothing.
 */
export const importPhpvmsFiles = async (
  db: Database,
  caller: Caller,
  airlineId: string,
  uploads: PhpvmsUpload[],
  now: Date,
  onProgress: PhpvmsImportProgress = () => undefined,
): Promise<PhpvmsImportReport[]> => {
  await requireAccess(db, caller, 'airline.import', { airlineId });
  const state = await loadRunState(db, caller, airlineId);
  const parsed = uploads.map((upload) => {
    try {
      return { upload, file: parsePhpvmsCsv(upload.content) };
    } catch (error) {
      if (error instanceof PhpvmsFormatError || (error instanceof Error && 'code' in error && String(error.code).startsWith('CSV_'))) {
        return { upload, problem: error.message };
      }
      throw error;
    }
  });
  const reports = new Map<PhpvmsUpload, PhpvmsImportReport>();
  for (const entry of parsed) {
    if ('problem' in entry) reports.set(entry.upload, { file: entry.upload.name, kind: null, imported: 0, updated: 0, unchanged: 0, refused: [{ line: 1, reason: entry.problem! }], notCarried: [] });
  }
  const readable = parsed.flatMap((entry) => ('file' in entry && entry.file ? [{ upload: entry.upload, file: entry.file }] : []));
  readable.sort((a, b) => APPLY_ORDER.indexOf(a.file.kind) - APPLY_ORDER.indexOf(b.file.kind));
  for (const { upload, file } of readable) {
    const report: PhpvmsImportReport = { file: upload.name, kind: file.kind, imported: 0, updated: 0, unchanged: 0, refused: [], notCarried: [] };
    const accepted: PhpvmsRow[] = [];
    const defaultedCategory: string[] = [];
    for (const [done, row] of file.rows.entries()) {
      const problems = rowProblems(file.kind, row);
      if (problems.length > 0) {
        report.refused.push({ line: row.line, reason: problems.join('; ') });
      } else {
        try {
          report[await applyRow(db, state, file.kind, row, now, defaultedCategory)] += 1;
          accepted.push(row);
        } catch (error) {
          if (!(error instanceof RowRefused || error instanceof AppError)) throw error;
          report.refused.push({ line: row.line, reason: error.message });
        }
      }
      onProgress(upload.name, done + 1, file.rows.length);
    }
    report.notCarried = notCarriedOf(file.kind, accepted, defaultedCategory);
    reports.set(upload, report);
  }
  return uploads.map((upload) => reports.get(upload)!);
};

/** The caller a command-line import acts as: the airline's owner, so the same access rules apply. */
export const airlineOwnerCaller = async (db: DbExecutor, airlineId: string): Promise<Caller> => ({ id: (await findAirline(db, airlineId)).ownerId });
