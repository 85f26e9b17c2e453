import { MAX_SIMULATION_RATE, type TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';
import {
  clamp,
  feetPerSecondToFeetPerMinute,
  formatSquawkFromDecimalDigits,
  normalizeHeadingDeg,
  normalizeSignedDeg,
} from '../units';

/**
 * Contrail's FlightGear "generic protocol" (FlightGear 2018.3 and later): FlightGear writes one
 * line per sample, the chunks below in this order, separated by a TAB, ended by a newline, one
 * line per UDP datagram. The shipped file apps/tracker/protocol/contrail.xml is rendered from this
 * table (a test keeps them identical). Install it as $FG_ROOT/Protocol/contrail.xml and start
 * FlightGear with
 *
 *   fgfs --generic=socket,out,2,127.0.0.1,5501,udp,contrail
 *
 * (out = FlightGear sends, 2 = lines per second, then the tracker's address and port, udp, and the
 * protocol file name without .xml).
 *
 * A property an aircraft does not have is created empty by FlightGear and prints as 0 / false / ''.
 * Lights have two spellings across aircraft (taxi-light and taxi-lights, landing-lights and
 * landing-light): both are read and OR-ed. Engines are read as strings so that a missing engine
 * ('') is told apart from a stopped one ('false').
 */
export type TFlightGearChunkType = 'double' | 'float' | 'int' | 'bool' | 'string';
export type TFlightGearChunk = { name: string; node: string; type: TFlightGearChunkType; format: string };

const MAX_ENGINES = 4;

export const FLIGHTGEAR_CHUNKS = [
  { name: 'latitude-deg', node: '/position/latitude-deg', type: 'double', format: '%.7f' },
  { name: 'longitude-deg', node: '/position/longitude-deg', type: 'double', format: '%.7f' },
  { name: 'altitude-ft', node: '/position/altitude-ft', type: 'double', format: '%.1f' },
  { name: 'altitude-agl-ft', node: '/position/altitude-agl-ft', type: 'double', format: '%.1f' },
  { name: 'groundspeed-kt', node: '/velocities/groundspeed-kt', type: 'float', format: '%.2f' },
  { name: 'airspeed-kt', node: '/velocities/airspeed-kt', type: 'float', format: '%.2f' },
  { name: 'true-airspeed-kt', node: '/instrumentation/airspeed-indicator/true-speed-kt', type: 'float', format: '%.2f' },
  { name: 'vertical-speed-fps', node: '/velocities/vertical-speed-fps', type: 'float', format: '%.3f' },
  { name: 'heading-deg', node: '/orientation/heading-deg', type: 'float', format: '%.2f' },
  { name: 'pitch-deg', node: '/orientation/pitch-deg', type: 'float', format: '%.2f' },
  { name: 'roll-deg', node: '/orientation/roll-deg', type: 'float', format: '%.2f' },
  { name: 'pilot-g', node: '/accelerations/pilot-g', type: 'float', format: '%.3f' },
  { name: 'wow-0', node: '/gear/gear[0]/wow', type: 'bool', format: '%d' },
  { name: 'wow-1', node: '/gear/gear[1]/wow', type: 'bool', format: '%d' },
  { name: 'wow-2', node: '/gear/gear[2]/wow', type: 'bool', format: '%d' },
  { name: 'gear-position-norm', node: '/gear/gear[0]/position-norm', type: 'float', format: '%.3f' },
  { name: 'flaps-handle-norm', node: '/controls/flight/flaps', type: 'float', format: '%.3f' },
  { name: 'speedbrake-pos-norm', node: '/surface-positions/speedbrake-pos-norm', type: 'float', format: '%.3f' },
  { name: 'engine-0-running', node: '/engines/engine[0]/running', type: 'string', format: '%s' },
  { name: 'engine-1-running', node: '/engines/engine[1]/running', type: 'string', format: '%s' },
  { name: 'engine-2-running', node: '/engines/engine[2]/running', type: 'string', format: '%s' },
  { name: 'engine-3-running', node: '/engines/engine[3]/running', type: 'string', format: '%s' },
  { name: 'beacon', node: '/controls/lighting/beacon', type: 'bool', format: '%d' },
  { name: 'strobe', node: '/controls/lighting/strobe', type: 'bool', format: '%d' },
  { name: 'landing-lights', node: '/controls/lighting/landing-lights', type: 'bool', format: '%d' },
  { name: 'landing-light', node: '/controls/lighting/landing-light', type: 'bool', format: '%d' },
  { name: 'taxi-light', node: '/controls/lighting/taxi-light', type: 'bool', format: '%d' },
  { name: 'taxi-lights', node: '/controls/lighting/taxi-lights', type: 'bool', format: '%d' },
  { name: 'nav-lights', node: '/controls/lighting/nav-lights', type: 'bool', format: '%d' },
  { name: 'total-fuel-kg', node: '/consumables/fuel/total-fuel-kg', type: 'float', format: '%.1f' },
  { name: 'speed-up', node: '/sim/speed-up', type: 'float', format: '%.2f' },
  { name: 'freeze-master', node: '/sim/freeze/master', type: 'bool', format: '%d' },
  { name: 'freeze-clock', node: '/sim/freeze/clock', type: 'bool', format: '%d' },
  { name: 'brake-parking', node: '/controls/gear/brake-parking', type: 'float', format: '%.2f' },
  { name: 'transponder-id-code', node: '/instrumentation/transponder/id-code', type: 'int', format: '%d' },
  { name: 'seatbelt-sign', node: '/controls/switches/seatbelt-sign', type: 'bool', format: '%d' },
  { name: 'aircraft-description', node: '/sim/description', type: 'string', format: '%s' },
  { name: 'aircraft', node: '/sim/aircraft', type: 'string', format: '%s' },
  // Added after the first release (a 38-field line from an older contrail.xml is still read):
  // FlightGear's own clock (simulated seconds: stops when paused, runs faster with speed-up),
  // which stamps the frames, and its loading flags, which say when the simulator is ready.
  { name: 'sim-time-sec', node: '/sim/time/elapsed-sec', type: 'double', format: '%.3f' },
  { name: 'fdm-initialized', node: '/sim/signals/fdm-initialized', type: 'bool', format: '%d' },
  { name: 'scenery-loaded', node: '/sim/sceneryloaded', type: 'bool', format: '%d' },
] as const satisfies readonly TFlightGearChunk[];

export type TFlightGearFieldName = (typeof FLIGHTGEAR_CHUNKS)[number]['name'];
type TFlightGearAddedField = 'sim-time-sec' | 'fdm-initialized' | 'scenery-loaded';
/** One parsed line; the fields added after the first release are absent from an older file's lines. */
export type TFlightGearSample = Record<Exclude<TFlightGearFieldName, TFlightGearAddedField>, number | boolean | string> &
  Partial<Record<TFlightGearAddedField, number | boolean>>;

export const FLIGHTGEAR_VAR_SEPARATOR = '\t';
/** Lines from the first contrail.xml (without the clock and loading flags) are still read. */
export const FLIGHTGEAR_LEGACY_FIELD_COUNT = 38;
export const FLIGHTGEAR_DEFAULT_PORT = 5501;

/** The protocol file, as shipped in apps/tracker/protocol/contrail.xml. */
export function renderFlightGearProtocolXml(): string {
  const chunks = FLIGHTGEAR_CHUNKS.map(
    (chunk) =>
      `      <chunk>\n        <name>${chunk.name}</name>\n        <type>${chunk.type}</type>\n` +
      `        <format>${chunk.format}</format>\n        <node>${chunk.node}</node>\n      </chunk>\n`,
  ).join('');
  return (
    '<?xml version="1.0"?>\n' +
    '<!--\n' +
    "  Contrail tracker: FlightGear generic protocol (generated from the tracker's\n" +
    '  src/connectors/flightgear/flightgear-protocol.ts; edit that table, not this file).\n' +
    '  Copy to $FG_ROOT/Protocol/contrail.xml and start FlightGear with the generic option\n' +
    '  socket,out,2,127.0.0.1,5501,udp,contrail (the full command line is in README.md here;\n' +
    '  an XML comment cannot hold a double hyphen).\n' +
    '-->\n' +
    '<PropertyList>\n' +
    '  <generic>\n' +
    '    <output>\n' +
    '      <binary_mode>false</binary_mode>\n' +
    '      <line_separator>newline</line_separator>\n' +
    '      <var_separator>tab</var_separator>\n' +
    chunks +
    '    </output>\n' +
    '  </generic>\n' +
    '</PropertyList>\n'
  );
}

export type TFlightGearParseResult =
  | { ok: true; sample: TFlightGearSample }
  | { ok: false; reason: string };

/**
 * Parses one line strictly: exactly one field per chunk, numbers finite, bools 0/1 (or
 * true/false). Anything else is rejected with a reason, never half-read.
 */
export function parseFlightGearLine(line: string): TFlightGearParseResult {
  const fields = line.replace(/\r$/, '').split(FLIGHTGEAR_VAR_SEPARATOR);
  if (fields.length !== FLIGHTGEAR_CHUNKS.length && fields.length !== FLIGHTGEAR_LEGACY_FIELD_COUNT) {
    return { ok: false, reason: `expected ${FLIGHTGEAR_CHUNKS.length} fields, got ${fields.length}` };
  }
  const sample: Partial<TFlightGearSample> = {};
  for (const [position, chunk] of FLIGHTGEAR_CHUNKS.slice(0, fields.length).entries()) {
    const text = fields[position] ?? '';
    switch (chunk.type) {
      case 'double':
      case 'float':
      case 'int': {
        const value = text.trim() === '' ? Number.NaN : Number(text);
        if (!Number.isFinite(value)) return { ok: false, reason: `${chunk.name}: not a number: '${text}'` };
        sample[chunk.name] = value;
        break;
      }
      case 'bool': {
        const value = parseBool(text);
        if (value === undefined) return { ok: false, reason: `${chunk.name}: not a boolean: '${text}'` };
        sample[chunk.name] = value;
        break;
      }
      case 'string':
        sample[chunk.name] = text;
        break;
    }
  }
  return { ok: true, sample: sample as TFlightGearSample };
}

function parseBool(text: string): boolean | undefined {
  switch (text.trim().toLowerCase()) {
    case '1':
    case 'true':
      return true;
    case '0':
    case 'false':
      return false;
    default:
      return undefined;
  }
}

/**
 * What a line says beyond the frame: FlightGear's own clock, and whether FlightGear says it is
 * still loading (its flight model or scenery not up yet). An older protocol file has neither.
 */
export function flightGearSignals(sample: TFlightGearSample): { simTimeSec?: number; loading?: string } {
  const signals: { simTimeSec?: number; loading?: string } = {};
  if (typeof sample['sim-time-sec'] === 'number') signals.simTimeSec = sample['sim-time-sec'];
  if (sample['fdm-initialized'] === false) signals.loading = 'flight model loading';
  else if (sample['scenery-loaded'] === false) signals.loading = 'scenery loading';
  return signals;
}

/** Maps one parsed line to a frame (units: FlightGear's are feet, knots and kg already; fps -> fpm). */
export function mapFlightGearSampleToFrame(
  sample: TFlightGearSample,
  timeMs: number,
  aircraftIcao: string,
): TTelemetryFrame {
  const num = (name: TFlightGearFieldName): number => Number(sample[name]);
  const bool = (name: TFlightGearFieldName): boolean => sample[name] === true;
  const engines: boolean[] = [];
  for (let engine = 0; engine < MAX_ENGINES; engine += 1) {
    const text = String(sample[`engine-${engine}-running` as TFlightGearFieldName]).trim().toLowerCase();
    if (text === '') break;
    engines.push(text === 'true' || text === '1');
  }
  const description = String(sample['aircraft-description']).trim();
  return {
    timeMs,
    position: {
      latitudeDeg: clamp(num('latitude-deg'), -90, 90),
      longitudeDeg: normalizeSignedDeg(num('longitude-deg')),
      altitudeFtMsl: clamp(num('altitude-ft'), -2000, 100_000),
      altitudeFtAgl: clamp(num('altitude-agl-ft'), -100, 100_000),
    },
    groundSpeedKts: clamp(num('groundspeed-kt'), 0, 2000),
    indicatedAirspeedKts: clamp(num('airspeed-kt'), 0, 1500),
    trueAirspeedKts: clamp(num('true-airspeed-kt'), 0, 2000),
    verticalSpeedFpm: clamp(feetPerSecondToFeetPerMinute(num('vertical-speed-fps')), -30_000, 30_000),
    headingDegTrue: normalizeHeadingDeg(num('heading-deg')),
    pitchDeg: clamp(num('pitch-deg'), -90, 90),
    bankDeg: normalizeSignedDeg(num('roll-deg')),
    gForce: clamp(num('pilot-g'), -10, 15),
    isOnGround: bool('wow-0') || bool('wow-1') || bool('wow-2'),
    // gear[0] is the nose wheel of a tricycle aircraft, gear[1] and gear[2] its mains: the landing
    // is the mains' contact (the nose follows a second or two later, at a gentler rate).
    isMainGearOnGround: bool('wow-1') || bool('wow-2'),
    gearDownRatio: clamp(num('gear-position-norm'), 0, 1),
    flapsRatio: clamp(num('flaps-handle-norm'), 0, 1),
    spoilersRatio: clamp(num('speedbrake-pos-norm'), 0, 1),
    enginesRunning: engines,
    lights: {
      beacon: bool('beacon'),
      strobe: bool('strobe'),
      landing: bool('landing-lights') || bool('landing-light'),
      taxi: bool('taxi-light') || bool('taxi-lights'),
      nav: bool('nav-lights'),
    },
    fuelKg: clamp(num('total-fuel-kg'), 0, 500_000),
    simulationRate: clamp(num('speed-up'), 0, MAX_SIMULATION_RATE),
    isPaused: bool('freeze-master') || bool('freeze-clock'),
    isParkingBrakeSet: num('brake-parking') >= 0.5,
    transponder: formatSquawkFromDecimalDigits(num('transponder-id-code')),
    isSeatBeltSignOn: bool('seatbelt-sign'),
    aircraftTitle: (description !== '' ? description : String(sample.aircraft).trim()).slice(0, 200),
    aircraftIcao: aircraftIcao.slice(0, 8),
  };
}
