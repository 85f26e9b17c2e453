import path from 'node:path';
import { z } from 'zod';

/** An online-network feed: an http(s) URL, a file:// URL, or a file path (any other scheme is refused). */
const zFeedSource = z
  .string()
  .refine((value) => !/^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /^(https?|file):\/\//i.test(value), {
    message: 'must be an http(s) URL, a file:// URL or a file path',
  })
  .refine((value) => !/^https?:\/\//i.test(value) || URL.canParse(value), { message: 'is not a valid URL' });

/**
 * Configuration comes from the environment only, read once and validated at start-up; a bad value
 * stops the process with a message naming the variable. Documented in README.md.
 */
const ZConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** PGlite folder, used when DATABASE_URL is not set. `memory://` keeps everything in memory. */
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** Prefix of every Redis key and channel (rate limits, live broadcasts), so deployments can share a Redis. */
  REDIS_KEY_PREFIX: z.string().regex(/^[\w:.-]{1,64}$/, 'letters, digits and _ : . - only').default('contrail:'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Contrail <no-reply@contrail.local>'),
  /** Base URL of the web app, for links in emails. */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  /** Secret for signing access tokens. Generated per data folder when absent (see auth keys). */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Access-token lifetime in seconds. */
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).default(15 * 60),
  /** Refresh-token lifetime in seconds. */
  REFRESH_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(30 * 24 * 3600),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Folder of the built web app to serve; empty to serve none. */
  WEB_DIST_DIR: z.string().default(path.resolve(import.meta.dirname, '../../../web/dist')),
  /** Turns the rate limits off (tests that sign in hundreds of times). Never in production. */
  RATE_LIMIT: z.enum(['on', 'off']).default('on'),
  /** Comma-separated user names allowed to add missions (there are no admin roles yet). */
  ADMIN_USERNAMES: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((name) => name.trim().toLowerCase()).filter(Boolean)),
  /** SimBrief API key, to sign flight-plan generation requests. Unset: generate-request answers "not configured". */
  SIMBRIEF_API_KEY: z.string().min(1).optional(),
  /** SimBrief's base URL (the OFP fetcher is `${SIMBRIEF_BASE_URL}/api/xml.fetcher.php`). */
  SIMBRIEF_BASE_URL: z.url().default('https://www.simbrief.com'),
  /** Base URL of the external virtual-airline (AFRV) booking service. Unset: bookings are off. */
  AFRV_BOOKING_URL: z.url().optional(),
  /** VATSIM v3 data feed: http(s) URL, file:// URL or file path. Unset: VATSIM traffic is off. */
  VATSIM_FEED_URL: zFeedSource.optional(),
  /** IVAO whazzup v2 feed: http(s) URL, file:// URL or file path. Unset: IVAO traffic is off. */
  IVAO_FEED_URL: zFeedSource.optional(),
  /** Poll interval overrides, milliseconds. Unset: the feed's own rate (VATSIM general.reload, IVAO 15 s). */
  VATSIM_FEED_POLL_INTERVAL_MS: z.coerce.number().int().min(10).optional(),
  IVAO_FEED_POLL_INTERVAL_MS: z.coerce.number().int().min(10).optional(),
  /** Group-commit window of tracker frames, ms: frames are written together this often, then acknowledged (docs/decisions/0006). */
  FLIGHT_FRAME_COMMIT_MS: z.coerce.number().int().min(1).max(1000).default(10),
  /** How often pending flight records are sealed into a ledger block, milliseconds (DESIGN.md "Flight ledger"). */
  LEDGER_SEAL_INTERVAL_MS: z.coerce.number().int().min(100).default(60_000),
  /** Time limit of one feed download, milliseconds. */
  NETWORK_FEED_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
});

export type AppConfig = z.infer<typeof ZConfig>;

export class ConfigError extends Error {}

/** Parses an environment into the configuration, or throws a ConfigError listing every bad variable. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): AppConfig => {
  // An empty variable means "unset", except WEB_DIST_DIR where empty means "serve no web app".
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([key, value]) => value !== undefined && (value !== '' || key === 'WEB_DIST_DIR')),
  );
  const parsed = ZConfig.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
};

/** A configuration for tests: in-memory database, no SMTP, quiet logs. */
export const testConfig = (overrides: Partial<Record<keyof AppConfig, string>> = {}): AppConfig =>
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    WEB_DIST_DIR: '',
    ...overrides,
  });
