import { parseArgs } from 'node:util';
import {
  ConfigError,
  parseConfig,
  ZFlyConfig,
  ZServeConfig,
  type TFlyConfig,
  type TServeConfig,
} from '../config/tracker-config';

export const USAGE = `Contrail tracker

Usage:
  tracker serve [options]   the local hub for the web app (default command)
  tracker fly [options]     fly a whole flight headless with the built-in simulator
  tracker open-link LINK    check a contrail: flight plan link and keep its plan
  tracker register-link     make this computer open contrail: links with this tracker
  tracker help

serve options (environment variable in brackets):
  --port N                  hub port on 127.0.0.1 [TRACKER_HUB_PORT] (default 7373)
  --web-origin URL[,URL]    web app origin(s) allowed to connect [TRACKER_WEB_ORIGIN]
                            (default http://localhost:8080,http://127.0.0.1:8080)
  --server URL              Contrail server when the web app names none [TRACKER_SERVER_URL]
                            (default http://127.0.0.1:8080)
  --data-dir DIR            journals and flight state [TRACKER_DATA_DIR]
                            (default: your user data folder, e.g. ~/.local/share/contrail-tracker)
  --xplane-host HOST        X-Plane's address (default 127.0.0.1)
  --xplane-port N           X-Plane's UDP receive port (default 49000)
  --flightgear-host HOST    address FlightGear sends to (default 127.0.0.1)
  --flightgear-port N       port FlightGear sends to (default 5501)
  --msfs-host HOST          remote SimConnect host (default: this PC's SimConnect)
  --msfs-port N             remote SimConnect port

fly options:
  --server URL              Contrail server [TRACKER_SERVER_URL] (default http://127.0.0.1:8080)
  --username U              pilot's username
  --password P              pilot's password [TRACKER_PASSWORD]
  --from ICAO --to ICAO     departure and arrival airports
  --mission ID              fly this mission instead (its airports, flight number, pax, cargo)
  --airline ID --route ID   fly this route of your virtual airline: books one of its planes
                            at the departure, flies it, and reports the airline's revenue
                            and your salary
  --aircraft ICAO           aircraft type, e.g. A320
  --rate N                  simulation rate, 1 (real time) to 128 (default 1)
  --cruise-level FT         cruise level in feet (default from the distance)
  --flight-number NUM       (default CTRnnnn)
  --fault NAME              a built-in simulator fault, repeatable (e.g. hardLanding)
  --data-dir DIR            [TRACKER_DATA_DIR] (default: your user data folder)
  --ready-timeout S         give up S seconds after the simulated flight ended without
                            the server's ReadyToEndFlight (default 60)

open-link options:
  --server URL              the Contrail server whose key checks the link [TRACKER_SERVER_URL]
                            (default http://127.0.0.1:8080)
  --data-dir DIR            where the plan is kept [TRACKER_DATA_DIR]

fly prints one JSON line on stdout: {"flightLogId": ..., "fc": ..., "xp": ...}; progress goes to stderr.
`;

export type TCommandLine =
  | { command: 'serve'; config: TServeConfig }
  | { command: 'fly'; config: TFlyConfig }
  | { command: 'open-link'; link: string; config: { serverUrl: string; dataDir: string } }
  | { command: 'register-link' }
  | { command: 'help' };

const OPTIONS = {
  port: { type: 'string' },
  'web-origin': { type: 'string', multiple: true },
  server: { type: 'string' },
  'data-dir': { type: 'string' },
  'xplane-host': { type: 'string' },
  'xplane-port': { type: 'string' },
  'flightgear-host': { type: 'string' },
  'flightgear-port': { type: 'string' },
  'msfs-host': { type: 'string' },
  'msfs-port': { type: 'string' },
  username: { type: 'string' },
  password: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  aircraft: { type: 'string' },
  rate: { type: 'string' },
  'cruise-level': { type: 'string' },
  'flight-number': { type: 'string' },
  mission: { type: 'string' },
  airline: { type: 'string' },
  route: { type: 'string' },
  fault: { type: 'string', multiple: true },
  'ready-timeout': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const SERVE_ONLY = ['port', 'web-origin', 'xplane-host', 'xplane-port', 'flightgear-host', 'flightgear-port', 'msfs-host', 'msfs-port'];
const FLY_ONLY = ['username', 'password', 'from', 'to', 'mission', 'airline', 'route', 'aircraft', 'rate', 'cruise-level', 'flight-number', 'fault', 'ready-timeout'];

/**
 * Reads the command line and the environment once, validated: options win over environment
 * variables, which win over defaults. Throws a ConfigError with every problem listed.
 */
export function parseCommandLine(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): TCommandLine {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true; args: string[] }>>;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const command = positionals[0] ?? 'serve';
  if (values.help === true || command === 'help') return { command: 'help' };
  if (positionals.length > (command === 'open-link' ? 2 : 1)) throw new ConfigError(`Unexpected argument ${positionals[command === 'open-link' ? 2 : 1]}`);
  const given = (name: keyof typeof OPTIONS) => values[name] !== undefined;

  switch (command) {
    case 'serve': {
      const misplaced = FLY_ONLY.filter((name) => given(name as keyof typeof OPTIONS));
      if (misplaced.length > 0) throw new ConfigError(`Options for fly, not serve: --${misplaced.join(', --')}`);
      const origins = values['web-origin'] ?? (env.TRACKER_WEB_ORIGIN === undefined ? undefined : [env.TRACKER_WEB_ORIGIN]);
      return {
        command,
        config: parseConfig(ZServeConfig, {
          port: values.port ?? env.TRACKER_HUB_PORT,
          webOrigins: origins?.flatMap((origin) => origin.split(',')).map((origin) => origin.trim()).filter((origin) => origin !== ''),
          serverUrl: values.server ?? env.TRACKER_SERVER_URL,
          dataDir: values['data-dir'] ?? env.TRACKER_DATA_DIR,
          simulators: {
            xplaneHost: values['xplane-host'],
            xplanePort: values['xplane-port'],
            flightgearHost: values['flightgear-host'],
            flightgearPort: values['flightgear-port'],
            msfsHost: values['msfs-host'],
            msfsPort: values['msfs-port'],
          },
        }),
      };
    }
    case 'fly': {
      const misplaced = SERVE_ONLY.filter((name) => given(name as keyof typeof OPTIONS));
      if (misplaced.length > 0) throw new ConfigError(`Options for serve, not fly: --${misplaced.join(', --')}`);
      const readyTimeout = values['ready-timeout'];
      return {
        command,
        config: parseConfig(ZFlyConfig, {
          serverUrl: values.server ?? env.TRACKER_SERVER_URL,
          username: values.username,
          password: values.password ?? env.TRACKER_PASSWORD,
          from: values.from,
          to: values.to,
          missionId: values.mission,
          airlineId: values.airline,
          routeId: values.route,
          aircraft: values.aircraft,
          rate: values.rate,
          cruiseLevelFt: values['cruise-level'],
          flightNumber: values['flight-number'],
          faults: values.fault,
          dataDir: values['data-dir'] ?? env.TRACKER_DATA_DIR,
          readyTimeoutMs: readyTimeout === undefined ? undefined : Number(readyTimeout) * 1_000,
        }),
      };
    }
    case 'open-link': {
      const link = positionals[1];
      if (!link) throw new ConfigError('open-link needs the link, e.g. tracker open-link "contrail://flight-plan?..."');
      const misplaced = [...SERVE_ONLY, ...FLY_ONLY].filter((name) => given(name as keyof typeof OPTIONS));
      if (misplaced.length > 0) throw new ConfigError(`Options open-link does not take: --${misplaced.join(', --')}`);
      const { serverUrl, dataDir } = parseConfig(ZServeConfig, { serverUrl: values.server ?? env.TRACKER_SERVER_URL, dataDir: values['data-dir'] ?? env.TRACKER_DATA_DIR });
      return { command, link, config: { serverUrl, dataDir } };
    }
    case 'register-link': {
      const misplaced = Object.keys(values).filter((name) => name !== 'help');
      if (misplaced.length > 0) throw new ConfigError(`register-link takes no options: --${misplaced.join(', --')}`);
      return { command };
    }
    default:
      throw new ConfigError(`Unknown command ${command}: use serve, fly, open-link, register-link or help`);
  }
}
