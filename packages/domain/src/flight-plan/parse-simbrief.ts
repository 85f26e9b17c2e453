import { XMLParser, XMLValidator } from 'fast-xml-parser';
import {
  KG_PER_LB,
  NavlogStage,
  ZFlightPlanData,
  type TFlightPlanAirport,
  type TFlightPlanData,
  type TNavlogFix,
} from './flight-plan-data';

/**
 * Reading a SimBrief OFP (operational flight plan) into Flight plan data.
 *
 * SimBrief serves the same document as XML (`xml.fetcher.php?userid=...`) or as JSON (`&json=1`),
 * the JSON being the XML converted element by element: same names, every value a string, an empty
 * element `{}` (or `""`), a repeated element an array (a single `<fix>` an object). Both land in one
 * walker below. The root element is `OFP` for the normal OFP and `VMSAcars` for the ACARS variant;
 * the JSON has no root.
 */

/** Why an OFP could not be read. `noData` is the "no data" import error. */
export type FlightPlanImportErrorReason = 'noData';

export class FlightPlanImportError extends Error {
  readonly reason: FlightPlanImportErrorReason;

  constructor(reason: FlightPlanImportErrorReason, message: string) {
    super(message);
    this.name = 'FlightPlanImportError';
    this.reason = reason;
  }
}

export const isFlightPlanImportError = (value: unknown): value is FlightPlanImportError =>
  value instanceof FlightPlanImportError;

const noData = (message: string) => new FlightPlanImportError('noData', message);

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An element's text, or null for a missing or empty one (`<x/>` in XML, `{}` in JSON). */
const textOf = (value: unknown): string | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

const numberOf = (value: unknown): number | null => {
  const text = textOf(value);
  if (text === null) return null;
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : null;
};

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

const section = (root: Node, name: string): Node => {
  const value = root[name];
  if (!isNode(value)) throw noData(`The flight plan has no <${name}> section`);
  return value;
};

const requiredText = (node: Node, section: string, name: string): string => {
  const text = textOf(node[name]);
  if (text === null) throw noData(`The flight plan has no ${section}.${name}`);
  return text;
};

const requiredNumber = (node: Node, section: string, name: string): number => {
  const value = numberOf(node[name]);
  if (value === null) throw noData(`The flight plan has no numeric ${section}.${name}`);
  return value;
};

const readAirport = (root: Node, name: 'origin' | 'destination'): TFlightPlanAirport => {
  const node = section(root, name);
  return {
    icaoCode: requiredText(node, name, 'icao_code').toUpperCase(),
    runway: textOf(node.plan_rwy),
    latitude: requiredNumber(node, name, 'pos_lat'),
    longitude: requiredNumber(node, name, 'pos_long'),
    elevationFt: numberOf(node.elevation),
    name: textOf(node.name),
  };
};

const readAlternate = (root: Node): TFlightPlanAirport | null => {
  const node = root.alternate;
  if (!isNode(node)) return null;
  const icaoCode = textOf(node.icao_code);
  const latitude = numberOf(node.pos_lat);
  const longitude = numberOf(node.pos_long);
  if (icaoCode === null || latitude === null || longitude === null) return null;
  return {
    icaoCode: icaoCode.toUpperCase(),
    runway: textOf(node.plan_rwy),
    latitude,
    longitude,
    elevationFt: numberOf(node.elevation),
    name: textOf(node.name),
  };
};

const stageOf = (value: unknown): NavlogStage | null => {
  const text = textOf(value)?.toUpperCase();
  return NavlogStage.find((stage) => stage === text) ?? null;
};

const readNavlog = (root: Node): TNavlogFix[] => {
  const navlog = root.navlog;
  if (!isNode(navlog)) return [];
  let cumulativeDistanceNm = 0;
  return asArray(navlog.fix).filter(isNode).map((fix, index) => {
    const where = `navlog.fix[${index}]`;
    const legDistanceNm = numberOf(fix.distance) ?? 0;
    cumulativeDistanceNm += legDistanceNm;
    const ident = requiredText(fix, where, 'ident');
    return {
      ident,
      name: textOf(fix.name) ?? ident,
      type: textOf(fix.type) ?? 'wpt',
      latitude: requiredNumber(fix, where, 'pos_lat'),
      longitude: requiredNumber(fix, where, 'pos_long'),
      stage: stageOf(fix.stage),
      viaAirway: textOf(fix.via_airway),
      altitudeFt: numberOf(fix.altitude_feet),
      legDistanceNm,
      cumulativeDistanceNm,
      timeTotalSec: numberOf(fix.time_total),
    };
  });
};

/**
 * SimBrief answers a failed fetch with `<fetch><status>Error: ...</status></fetch>` (and "Success"
 * otherwise); that message becomes the "no data" reason.
 */
const assertFetchSucceeded = (root: Node): void => {
  const fetch = root.fetch;
  if (!isNode(fetch)) return;
  const status = textOf(fetch.status);
  if (status !== null && status.toLowerCase() !== 'success') throw noData(`SimBrief: ${status}`);
};

/** Reads the OFP's top-level object (XML root content or the JSON document). Throws FlightPlanImportError. */
const readOfp = (root: Node): TFlightPlanData => {
  assertFetchSucceeded(root);
  if (!isNode(root.origin) && !isNode(root.destination) && !isNode(root.general)) {
    throw noData('This is not a SimBrief flight plan: no origin, destination or general section');
  }
  const params = section(root, 'params');
  const unitsText = requiredText(params, 'params', 'units').toLowerCase();
  if (unitsText !== 'lbs' && unitsText !== 'kgs' && unitsText !== 'kg') {
    throw noData(`Unknown weight unit "${unitsText}" in params.units (expected lbs or kgs)`);
  }
  const isPounds = unitsText === 'lbs';
  /** A mass of the plan in kilograms, rounded to the kilogram. */
  const kg = (value: number): number => Math.round(isPounds ? value * KG_PER_LB : value);
  const kgOrNull = (value: number | null): number | null => (value === null ? null : kg(value));

  const general = section(root, 'general');
  const fuel = section(root, 'fuel');
  const times = section(root, 'times');
  const weights = section(root, 'weights');
  const aircraft = section(root, 'aircraft');

  const avgFuelFlow = numberOf(fuel.avg_fuel_flow);
  const scheduledOut = requiredNumber(times, 'times', 'sched_out');
  const estimatedBlockSec = requiredNumber(times, 'times', 'est_block');
  const paxCount = numberOf(weights.pax_count);

  const plan: TFlightPlanData = {
    source: 'SIMBRIEF',
    requestId: textOf(params.request_id),
    airac: textOf(params.airac),
    originalWeightUnit: isPounds ? 'lbs' : 'kg',
    origin: readAirport(root, 'origin'),
    destination: readAirport(root, 'destination'),
    alternate: readAlternate(root),
    general: {
      costIndex: numberOf(general.costindex),
      initialAltitudeFt: requiredNumber(general, 'general', 'initial_altitude'),
      routeDistanceNm: requiredNumber(general, 'general', 'route_distance'),
      gcDistanceNm: numberOf(general.gc_distance),
      flightNumber: requiredText(general, 'general', 'flight_number'),
      airline: textOf(general.icao_airline),
      route: textOf(general.route) ?? '',
      cruiseTasKts: numberOf(general.cruise_tas),
      passengers: numberOf(general.passengers),
    },
    fuel: {
      taxiKg: kg(numberOf(fuel.taxi) ?? 0),
      tripKg: kg(requiredNumber(fuel, 'fuel', 'enroute_burn')),
      contingencyKg: kg(numberOf(fuel.contingency) ?? 0),
      alternateKg: kg(numberOf(fuel.alternate_burn) ?? 0),
      finalReserveKg: kg(numberOf(fuel.reserve) ?? 0),
      extraKg: kg(numberOf(fuel.extra) ?? 0),
      blockKg: kg(requiredNumber(fuel, 'fuel', 'plan_ramp')),
      plannedTakeoffKg: kg(requiredNumber(fuel, 'fuel', 'plan_takeoff')),
      plannedLandingKg: kg(requiredNumber(fuel, 'fuel', 'plan_landing')),
      // avg_fuel_flow is a mass per hour in the plan's unit.
      averageFuelFlowKgPerHour: kgOrNull(avgFuelFlow),
    },
    navlog: readNavlog(root),
    times: {
      estimatedBlockSec,
      estimatedEnrouteSec: requiredNumber(times, 'times', 'est_time_enroute'),
      taxiOutSec: numberOf(times.taxi_out) ?? 0,
      taxiInSec: numberOf(times.taxi_in) ?? 0,
      scheduledOut: Math.round(scheduledOut),
      estimatedIn: Math.round(numberOf(times.est_in) ?? scheduledOut + estimatedBlockSec),
    },
    weights: {
      estimatedTakeoffWeightKg: kg(requiredNumber(weights, 'weights', 'est_tow')),
      zeroFuelWeightKg: kg(requiredNumber(weights, 'weights', 'est_zfw')),
      payloadKg: kg(requiredNumber(weights, 'weights', 'payload')),
      estimatedLandingWeightKg: kgOrNull(numberOf(weights.est_ldw)),
      operatingEmptyWeightKg: kgOrNull(numberOf(weights.oew)),
      maxTakeoffWeightKg: kgOrNull(numberOf(weights.max_tow)),
      paxCount: paxCount === null ? null : Math.round(paxCount),
      cargoKg: kgOrNull(numberOf(weights.cargo)),
    },
    aircraftIcao: requiredText(aircraft, 'aircraft', 'icaocode').toUpperCase(),
    notes: asArray(general.dx_rmk)
      .map(textOf)
      .filter((remark): remark is string => remark !== null),
  };
  const checked = ZFlightPlanData.safeParse(plan);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw noData(`The flight plan has an out-of-range value at ${issue?.path.join('.') ?? '?'}`);
  }
  return checked.data;
};

const xmlParser = new XMLParser({
  ignoreAttributes: true,
  // Keep every value a string, as SimBrief's JSON does, so one walker reads both.
  parseTagValue: false,
  trimValues: true,
});

/**
 * Parses a SimBrief OFP in XML (root `OFP` or `VMSAcars`) into Flight plan data, masses in kg.
 * Throws FlightPlanImportError('noData') for empty, malformed or non-OFP text, and for SimBrief's
 * error answers.
 */
export const parseSimbriefXml = (xml: string): TFlightPlanData => {
  if (typeof xml !== 'string' || xml.trim() === '') throw noData('The flight plan is empty');
  const validation = XMLValidator.validate(xml);
  if (validation !== true) throw noData(`The flight plan is not valid XML: ${validation.err.msg} (line ${validation.err.line})`);
  const document: unknown = xmlParser.parse(xml);
  if (!isNode(document)) throw noData('The flight plan is empty');
  const rootName = Object.keys(document).find((key) => !key.startsWith('?'));
  const root = rootName === undefined ? undefined : document[rootName];
  if (!isNode(root)) throw noData('The flight plan has no content');
  return readOfp(root);
};

/**
 * Parses SimBrief's JSON OFP (the XML converted, same element names) into Flight plan data. Accepts
 * the parsed object or its JSON text. Throws FlightPlanImportError('noData') as parseSimbriefXml.
 */
export const parseSimbriefJson = (json: unknown): TFlightPlanData => {
  let document: unknown = json;
  if (typeof json === 'string') {
    if (json.trim() === '') throw noData('The flight plan is empty');
    try {
      document = JSON.parse(json);
    } catch {
      throw noData('The flight plan is not valid JSON');
    }
  }
  if (!isNode(document)) throw noData('The flight plan is not a JSON object');
  // Tolerate a wrapped document ({ OFP: {...} }), as the XML converted with its root.
  const wrapped = document.OFP ?? document.VMSAcars;
  return readOfp(isNode(wrapped) ? wrapped : document);
};
