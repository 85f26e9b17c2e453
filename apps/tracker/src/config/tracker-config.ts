import envPaths from 'env-paths';
import { z } from 'zod';
import { TRACKER_HUB_DEFAULT_PORT } from '@contrail/domain/live/connection-status';
import { MAX_SIMULATION_RATE } from '@contrail/domain/telemetry/telemetry-frame';
import { FLIGHTGEAR_DEFAULT_PORT } from '../connectors/flightgear/flightgear-protocol';
import { XPLANE_DEFAULT_PORT } from '../connectors/xplane/xplane-rref';

/** The web app's origins the hub accepts by default: `npm start` serves it on port 8080 (both loopback names). */
export const DEFAULT_WEB_ORIGINS = ['http://localhost:8080', 'http://127.0.0.1:8080'];
export const DEFAULT_SERVER_URL = 'http://127.0.0.1:8080';
/**
 * The pilot's own data folder for this program (Linux ~/.local/share/contrail-tracker, macOS
 * ~/Library/Application Support/contrail-tracker, Windows %LOCALAPPDATA%\\contrail-tracker\\Data),
 * never the folder the tracker happens to be started from: journals must survive a moved or
 * deleted checkout, and a packaged tracker has no project folder at all.
 */
export const DEFAULT_DATA_DIR = envPaths('contrail-tracker', { suffix: '' }).data;

const ZPort = z.coerce.number().int().min(1).max(65_535);
/** A port to listen on; 0 picks a free one. */
const ZListenPort = z.coerce.number().int().min(0).max(65_535);
const ZHttpUrl = z
  .url({ protocol: /^https?$/ })
  .transform((url) => url.replace(/\/+$/, ''));

/** An origin exactly as a browser sends it: scheme://host[:port], no path. */
const ZOrigin = z
  .string()
  .trim()
  .refine((value) => {
    try {
      return new URL(value).origin === value;
    } catch {
      return false;
    }
  }, 'an origin is scheme://host[:port] without a path, e.g. http://localhost:8080');

/** Where the tracker finds each real simulator. */
export const ZSimulatorEndpoints = z.object({
  xplaneHost: z.string().trim().min(1).default('127.0.0.1'),
  xplanePort: ZPort.default(XPLANE_DEFAULT_PORT),
  flightgearHost: z.string().trim().min(1).default('127.0.0.1'),
  flightgearPort: ZPort.default(FLIGHTGEAR_DEFAULT_PORT),
  /** A remote SimConnect; absent = node-simconnect's discovery on this PC. */
  msfsHost: z.string().trim().min(1).optional(),
  msfsPort: ZPort.optional(),
});
export type TSimulatorEndpoints = z.infer<typeof ZSimulatorEndpoints>;

/** `tracker serve`: the local hub for the browser. */
export const ZServeConfig = z.object({
  port: ZListenPort.default(TRACKER_HUB_DEFAULT_PORT),
  webOrigins: z.array(ZOrigin).min(1).default(DEFAULT_WEB_ORIGINS),
  dataDir: z.string().min(1).default(DEFAULT_DATA_DIR),
  /** The server used when the browser's StartRecord names none. */
  serverUrl: ZHttpUrl.default(DEFAULT_SERVER_URL),
  simulators: ZSimulatorEndpoints.default(ZSimulatorEndpoints.parse({})),
});
export type TServeConfig = z.infer<typeof ZServeConfig>;
export type TServeConfigInput = z.input<typeof ZServeConfig>;

/** `tracker fly`: a whole flight with the built-in simulator, headless. */
const ZAirportIdentOption = z.string().trim().min(2).max(8).regex(/^[A-Za-z0-9-]+$/, 'an airport ident, e.g. EGLL').transform((v) => v.toUpperCase());

export const ZFlyConfig = z.object({
  serverUrl: ZHttpUrl.default(DEFAULT_SERVER_URL),
  username: z.string({ error: 'required (--username)' }).trim().min(1, 'required (--username)'),
  password: z.string({ error: 'required (--password or TRACKER_PASSWORD)' }).min(1, 'required (--password or TRACKER_PASSWORD)'),
  /** Departure and arrival; a mission names its own, so they are left out with --mission. */
  from: ZAirportIdentOption.optional(),
  to: ZAirportIdentOption.optional(),
  /** Fly this mission of the catalogue (its airports, flight number, passengers and cargo). */
  missionId: z.uuid('a mission id (a UUID, from the mission list)').optional(),
  /** Fly a route of a virtual airline the pilot belongs to, in one of its planes (booked on the way). */
  airlineId: z.uuid('an airline id (a UUID, from the airline search)').optional(),
  routeId: z.uuid('a route id (a UUID, from the airline routes)').optional(),
  /** The aircraft type; an airline flight flies the type of the plane it books. */
  aircraft: z.string().trim().regex(/^[A-Za-z0-9]{2,4}F?$/, 'an ICAO type designator, e.g. A320').transform((v) => v.toUpperCase()).optional(),
  /** Simulation rate: 1 is real time; the built-in simulator goes up to 128. */
  rate: z.coerce.number().min(1).max(MAX_SIMULATION_RATE).default(1),
  /** Cruise level in feet; default from the aircraft and the distance. */
  cruiseLevelFt: z.coerce.number().int().min(1000).max(60_000).optional(),
  flightNumber: z.string().trim().min(2).max(10).regex(/^[A-Za-z0-9-]+$/).optional(),
  faults: z.array(z.string()).max(10).default([]),
  dataDir: z.string().min(1).default(DEFAULT_DATA_DIR),
  /** Give up when the server has not said ReadyToEndFlight this long after the simulated flight ended (wall ms). */
  readyTimeoutMs: z.coerce.number().int().positive().default(60_000),
})
  // Checked even when other options are bad, so one run lists every problem.
  .refine((config) => config.missionId === undefined || (config.from === undefined && config.to === undefined), {
    path: ['from'],
    message: 'a mission sets the airports: leave out --from and --to',
    when: () => true,
  })
  .refine((config) => (config.airlineId === undefined) === (config.routeId === undefined), {
    path: ['routeId'],
    message: 'an airline flight needs both --airline and --route',
    when: () => true,
  })
  .refine((config) => config.airlineId === undefined || (config.from === undefined && config.to === undefined && config.missionId === undefined), {
    path: ['from'],
    message: 'an airline route sets the airports: leave out --from, --to and --mission',
    when: () => true,
  })
  .refine((config) => config.airlineId !== undefined || config.aircraft !== undefined, { path: ['aircraft'], message: 'required (--aircraft)', when: () => true })
  .refine((config) => config.missionId !== undefined || config.airlineId !== undefined || config.from !== undefined, {
    path: ['from'],
    message: 'required (--from, --mission or --airline)',
    when: () => true,
  })
  .refine((config) => config.missionId !== undefined || config.airlineId !== undefined || config.to !== undefined, {
    path: ['to'],
    message: 'required (--to, --mission or --airline)',
    when: () => true,
  });
export type TFlyConfig = z.infer<typeof ZFlyConfig>;
export type TFlyConfigInput = z.input<typeof ZFlyConfig>;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Parses with a schema; a failure becomes one readable ConfigError listing every bad option. */
export function parseConfig<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'options'}: ${issue.message}`);
  throw new ConfigError(`Invalid options:\n  ${problems.join('\n  ')}`);
}
