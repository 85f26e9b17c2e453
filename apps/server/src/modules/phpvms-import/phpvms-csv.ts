import { parse } from 'csv-parse/sync';
import { PhpvmsFileKind } from '@contrail/domain/phpvms-import/phpvms-import-routes';

/**
 * Reading phpVMS 7's CSV exports: which kind a file is (from its header), its rows with their line
 * numbers, phpVMS's cell conventions, and phpVMS's own per-column checks, so a row phpVMS would
 * refuse is refused here with its line and reason, and a row it would take is taken.
 */

export type PhpvmsFileKind = (typeof PhpvmsFileKind)[number];

/** How phpVMS checks one column: required or not, and the form a filled cell must have. */
type ColumnRule = { required?: true; form?: 'number' | 'integer' | 'boolean' | 'letters' | 'date' };

const RULES: Record<PhpvmsFileKind, Record<string, ColumnRule>> = {
  airports: {
    icao: { required: true },
    iata: {},
    name: { required: true },
    location: {},
    region: {},
    country: {},
    timezone: {},
    hub: { form: 'boolean' },
    lat: { required: true, form: 'number' },
    lon: { required: true, form: 'number' },
    elevation: { form: 'number' },
    ground_handling_cost: { form: 'number' },
    fuel_100ll_cost: { form: 'number' },
    fuel_jeta_cost: { form: 'number' },
    fuel_mogas_cost: { form: 'number' },
    notes: {},
  },
  subfleets: {
    airline: { required: true },
    hub_id: {},
    type: { required: true },
    simbrief_type: {},
    name: { required: true },
    fuel_type: {},
    cost_block_hour: {},
    cost_delay_minute: {},
    ground_handling_multiplier: {},
    fares: {},
    ranks: {},
  },
  aircraft: {
    subfleet: { required: true },
    iata: {},
    icao: {},
    hub_id: {},
    airport_id: {},
    name: { required: true },
    registration: { required: true },
    fin: {},
    hex_code: {},
    selcal: {},
    dow: { form: 'number' },
    zfw: { form: 'number' },
    mtow: { form: 'number' },
    mlw: { form: 'number' },
    status: {},
    simbrief_type: {},
  },
  fares: {
    code: { required: true },
    name: { required: true },
    type: { required: true },
    price: { form: 'number' },
    cost: { form: 'number' },
    capacity: { required: true, form: 'integer' },
    notes: {},
    active: { form: 'boolean' },
  },
  expenses: {
    airline: {},
    name: { required: true },
    amount: { required: true, form: 'number' },
    type: { required: true },
    flight_type: {},
    charge_to_user: { form: 'boolean' },
    multiplier: { form: 'number' },
    active: { form: 'boolean' },
    ref_model: {},
    ref_model_id: {},
  },
  flights: {
    airline: { required: true },
    flight_number: { required: true },
    route_code: {},
    callsign: {},
    route_leg: {},
    dpt_airport: { required: true },
    arr_airport: { required: true },
    alt_airport: {},
    days: {},
    dpt_time: {},
    arr_time: {},
    level: { form: 'integer' },
    distance: { form: 'number' },
    flight_time: { required: true, form: 'integer' },
    flight_type: { required: true, form: 'letters' },
    load_factor: {},
    load_factor_variance: {},
    pilot_pay: {},
    route: {},
    notes: {},
    start_date: { form: 'date' },
    end_date: { form: 'date' },
    active: { form: 'boolean' },
    subfleets: {},
    fares: {},
    fields: {},
    event_id: { form: 'integer' },
    user_id: { form: 'integer' },
  },
};

export const columnsOf = (kind: PhpvmsFileKind): string[] => Object.keys(RULES[kind]);

/** One data row: its line in the file (the header is line 1) and its cells by column name. */
export type PhpvmsRow = { line: number; cells: Record<string, string> };
export type PhpvmsFile = { kind: PhpvmsFileKind; rows: PhpvmsRow[] };

export class PhpvmsFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PhpvmsFormatError';
  }
}

/**
 * The kind whose columns the header holds, all of them: phpVMS exports every column, and the
 * flights and expenses headers share `airline` and `name`, so a partial match would be a guess.
 */
const kindOfHeader = (header: string[]): PhpvmsFileKind | undefined => {
  const present = new Set(header);
  return PhpvmsFileKind.find((kind) => columnsOf(kind).every((column) => present.has(column)));
};

/**
 * phpVMS's cell cleaning: trimmed, and the two-character escapes `\N` (its export of a null) and
 * `\n`, `\r` removed in any case, so `\N` reads as an empty cell.
 */
export const cleanCell = (raw: string): string => raw.trim().replace(/\\[nr]/gi, '');

/** Parses one file; a file with no recognisable header fails as a whole (no row could be read). */
export const parsePhpvmsCsv = (content: string): PhpvmsFile => {
  const records = parse(content, { bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, info: true }) as unknown as {
    record: string[];
    info: { lines: number };
  }[];
  const [first, ...data] = records;
  if (!first) throw new PhpvmsFormatError('The file is empty');
  const header = first.record.map((cell) => cell.trim().toLowerCase());
  const kind = kindOfHeader(header);
  if (!kind) throw new PhpvmsFormatError(`The header is not one of a phpVMS export (airports, subfleets, aircraft, fares, expenses or flights): ${header.join(',')}`);
  const rows = data
    // A line of only separators is as empty as a blank one (phpVMS skips both).
    .filter(({ record }) => record.some((cell) => cell.trim() !== ''))
    .map(({ record, info }) => ({
      line: info.lines,
      cells: Object.fromEntries(header.map((column, i) => [column, cleanCell(record[i] ?? '')])),
    }));
  return { kind, rows };
};

const FORM_CHECKS: Record<NonNullable<ColumnRule['form']>, { test: (value: string) => boolean; says: string }> = {
  number: { test: (value) => /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(value), says: 'must be a number' },
  integer: { test: (value) => /^[+-]?\d+$/.test(value), says: 'must be a whole number' },
  boolean: { test: (value) => ['0', '1', 'true', 'false'].includes(value.toLowerCase()), says: 'must be 0 or 1' },
  letters: { test: (value) => /^\p{L}+$/u.test(value), says: 'must be letters only' },
  date: { test: (value) => !Number.isNaN(Date.parse(value)), says: 'must be a date' },
};

/** phpVMS's checks of one row: the reasons it is refused, empty when it may go in. */
export const rowProblems = (kind: PhpvmsFileKind, row: PhpvmsRow): string[] => {
  const problems: string[] = [];
  for (const [column, rule] of Object.entries(RULES[kind])) {
    const value = row.cells[column] ?? '';
    if (value === '') {
      if (rule.required) problems.push(`${column} is required`);
      continue;
    }
    if (rule.form && !FORM_CHECKS[rule.form].test(value)) problems.push(`${column} ${FORM_CHECKS[rule.form].says} (got "${value}")`);
  }
  return problems;
};

/** A cell read as phpVMS's truth value: 1, true (any case) are true. */
export const isTrue = (value: string): boolean => ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());

/**
 * phpVMS's multi-value cell: `;` separates entries; an entry is a bare value (`Y`), a pair
 * (`Departure Gate=4`) or a value with attributes (`Y?price=300&cost=100`). Bare values come back
 * with no attributes; a pair's value is its only attribute, under `value`.
 */
export type MultiValueEntry = { key: string; attributes: Record<string, string> };
export const parseMultiValue = (cell: string): MultiValueEntry[] =>
  cell
    .split(';')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      const query = entry.indexOf('?');
      if (query >= 0) {
        const attributes: Record<string, string> = {};
        for (const pair of entry.slice(query + 1).split('&')) {
          const [name, ...value] = pair.split('=');
          if (name?.trim()) attributes[name.trim()] = value.join('=').trim();
        }
        return { key: entry.slice(0, query).trim(), attributes };
      }
      const equals = entry.indexOf('=');
      if (equals >= 0) return { key: entry.slice(0, equals).trim(), attributes: { value: entry.slice(equals + 1).trim() } };
      return { key: entry, attributes: {} };
    });

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** phpVMS's days cell: each digit 1 (Monday) to 7 (Sunday) present is a day flown; empty is none set. */
export const parseDays = (cell: string): string[] => DAY_NAMES.filter((_, i) => cell.includes(String(i + 1)));

/** UTC offsets, in hours, of the zone abbreviations phpVMS airlines write after their times. */
const ZONE_OFFSET_HOURS: Record<string, number> = {
  Z: 0, UTC: 0, GMT: 0, WET: 0, BST: 1, WEST: 1, CET: 1, CEST: 2, EET: 2, EEST: 3, MSK: 3,
  EST: -5, EDT: -4, CST: -6, CDT: -5, MST: -7, MDT: -6, PST: -8, PDT: -7, AKST: -9, AKDT: -8, HST: -10,
};

/**
 * A phpVMS schedule time (`0810`, `08:10`, `0810 CST`, `8:10Z`) as Contrail's HH:mm UTC; a time
 * with no zone is taken as UTC, as phpVMS shows it. Undefined when it cannot be read, including an
 * unknown zone (turning it into UTC would be a guess).
 */
export const toUtcTime = (cell: string): string | undefined => {
  const match = /^(\d{1,2}):?(\d{2})\s*([A-Za-z]*)$/.exec(cell.trim());
  if (!match) return undefined;
  const [, hours, minutes, zone] = match;
  const offset = zone ? ZONE_OFFSET_HOURS[zone.toUpperCase()] : 0;
  if (offset === undefined || Number(hours) > 23 || Number(minutes) > 59) return undefined;
  const total = (((Number(hours) - offset) * 60 + Number(minutes)) % 1440 + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};
