import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/** An online-network feed: an http(s) URL, a file:// URL, or a file path (any other scheme is refused). */
const zFeedSource = z
  .string()
  .refine((value) => !/^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /^(https?|file):\/\//i.test(value), {
    message: 'must be an http(s) URL, a file:// URL or a file path',
  })
  .refine((value) => !/^https?:\/\//i.test(value) || URL.canParse(value), { message: 'is not a valid URL' });

/** proxy-addr's named ranges, usable in TRUST_PROXY beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isAddressOrCidr = (entry: string): boolean => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
};

/**
 * Which peers may speak for the client through X-Forwarded-For / X-Forwarded-Proto: `off` (no one:
 * the socket's address is the client), a hop count (`1`: the nearest proxy), or a comma-separated
 * list of proxy addresses, CIDRs and the names loopback, linklocal, uniquelocal.
 * Returned in the shape Fastify's `trustProxy` option takes.
 */
const zTrustProxy = z
  .string()
  .default('off')
  .transform((value, context): false | number | string[] => {
    const trimmed = value.trim();
    if (trimmed === 'off' || trimmed === '') return false;
    if (/^\d+$/.test(trimmed)) {
      const hops = Number(trimmed);
      if (hops < 1 || hops > 10) context.addIssue({ code: 'custom', message: 'a hop count must be between 1 and 10' });
      return hops;
    }
    const entries = trimmed.split(',').map((entry) => entry.trim()).filter(Boolean);
    const bad = entries.filter((entry) => !isAddressOrCidr(entry));
    if (bad.length > 0) {
      context.addIssue({ code: 'custom', message: `not an address, CIDR or hop count: ${bad.join(', ')} (use off, a number, or a list like 10.0.0.0/8,127.0.0.1)` });
    }
    return entries;
  });

/** The interface to listen on: HOST, or the safe default (see HOST below). */
export const listenHostOf = (config: { HOST?: string | undefined; SMTP_URL?: string | undefined; NODE_ENV: string }): string =>
  config.HOST ?? (config.SMTP_URL || config.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1');

/** Whether a listen address is reachable from this machine only. */
export const isLoopback = (host: string): boolean =>
  host === 'localhost' || host === '::1' || host === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(host);

/**
 * Configuration comes from the environment only, read once and validated at start-up; a bad value
 * stops the process with a message naming the variable. Documented in README.md.
 */
const ZConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /**
   * Interface to listen on. Unset: 0.0.0.0 when mail goes over SMTP or in production, 127.0.0.1
   * otherwise, so the development outbox (every reset link) is not served to the network.
   */
  HOST: z.string().min(1).optional(),
  /** Proxies whose X-Forwarded-* headers are believed (see zTrustProxy); off by default. */
  TRUST_PROXY: zTrustProxy,
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
  /**
   * Server processes on this machine (node:cluster, docs/decisions/0031): above 1, a primary
   * process holds the port and hands each connection to a worker, keeping a Socket.IO session on
   * the worker that opened it. Needs DATABASE_URL and REDIS_URL (checked below).
   */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /** Prefix of every Redis key and channel (rate limits, live broadcasts), so deployments can share a Redis. */
  REDIS_KEY_PREFIX: z.string().regex(/^[\w:.-]{1,64}$/, 'letters, digits and _ : . - only').default('contrail:'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Contrail <no-reply@contrail.local>'),
  /**
   * Base URL of the web app, for links in emails. Unset: the links of a mail sent while answering a
   * request follow the address that request was served on (its Host, or X-Forwarded-Host from a
   * trusted proxy), and other links http://localhost:<PORT>; a newcomer who changes PORT, or opens
   * the app on another interface, gets links that work. Required (checked below) as soon as mails
   * go out over SMTP or the server listens beyond loopback, where a forged Host could point a reset
   * link at another site (docs/decisions/0034-links-follow-the-served-address.md).
   */
  PUBLIC_URL: z.url().optional(),
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
  /**
   * Lets the browser journeys move the server's clock forward (POST /ops/clock/advance, from this
   * machine only), so a plane is delivered or an airline runs out of money without waiting days.
   * Never in production.
   */
  CLOCK_CONTROL: z.enum(['on', 'off']).default('off'),
  /**
   * The secret a clock move carries (header X-Clock-Control-Token); required with CLOCK_CONTROL=on,
   * so a program of another user of the machine, or a local proxy, cannot move the clock.
   */
  CLOCK_CONTROL_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Whether flights recorded by the tracker's built-in simulator (practice: it can fly itself on
   * autopilot) pay FC, XP and airline revenue. Unset: `off` in production, so nobody farms coins
   * with an unattended simulator; `on` elsewhere, so a newcomer's demo loop (fly, earn, buy) works.
   */
  PRACTICE_FLIGHTS_PAY: z.enum(['on', 'off']).optional(),
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
  /** How long tracker frames wait for a group commit under way before a second starts beside it (PostgreSQL), ms (docs/decisions/0006, 0057). */
  FLIGHT_FRAME_COMMIT_MS: z.coerce.number().int().min(1).max(1000).default(10),
  /** How often pending flight records are sealed into a ledger block, milliseconds (docs/decisions/0015-flight-ledger.md). */
  LEDGER_SEAL_INTERVAL_MS: z.coerce.number().int().min(100).default(60_000),
  /**
   * Clean shutdown (SIGTERM): readiness answers 503 for this long before the server stops
   * accepting, so the load balancer's health checks move new traffic elsewhere first. 0 locally;
   * in production about two health-check intervals (README "Run in production").
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /** A shutdown that has not finished after this long (a stuck job or connection) exits anyway, with status 1. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  /** Time limit of one feed download, milliseconds. */
  NETWORK_FEED_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Stripe secret key (sk_...). Unset: card payments run in the embedded sandbox (docs/decisions/0027-payment-sandbox.md). */
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_... or rk_...)').optional(),
  /** Signing secret of the Stripe webhook endpoint (whsec_...); required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_...)').optional(),
  /**
   * `on`: card payments run in the embedded sandbox on purpose, so a production site can be a demo
   * where nobody pays. Production refuses to start with neither this nor the Stripe keys, since a
   * forgotten key would otherwise hand out FC packs and subscriptions for a test card number.
   */
  PAYMENT_SANDBOX: z.enum(['on', 'off']).default('off'),
  /**
   * `on`: airline webhooks may be sent to loopback and private addresses (a local receiver in
   * tests). `off` (the default) refuses them, at creation and at each send (docs/decisions/0045).
   * Never in production.
   */
  WEBHOOK_PRIVATE_TARGETS: z.enum(['on', 'off']).default('off'),
})
  .refine((config) => !config.STRIPE_SECRET_KEY || config.STRIPE_WEBHOOK_SECRET, {
    message: 'STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set',
    path: ['STRIPE_WEBHOOK_SECRET'],
  })
  .refine((config) => config.WORKERS === 1 || (config.DATABASE_URL && config.REDIS_URL), {
    message:
      'WORKERS above 1 needs DATABASE_URL (PostgreSQL: a PGlite folder is open in one process only) and REDIS_URL (the workers share live broadcasts through Redis)',
    path: ['WORKERS'],
  })
  .refine((config) => config.WEBHOOK_PRIVATE_TARGETS === 'off' || config.NODE_ENV !== 'production', {
    message: 'webhooks to private addresses can only be allowed outside production',
    path: ['WEBHOOK_PRIVATE_TARGETS'],
  })
  .refine((config) => config.CLOCK_CONTROL === 'off' || config.NODE_ENV !== 'production', {
    message: 'the clock can only be moved outside production',
    path: ['CLOCK_CONTROL'],
  })
  .refine((config) => config.CLOCK_CONTROL === 'off' || config.CLOCK_CONTROL_TOKEN, {
    message: 'is required with CLOCK_CONTROL=on (32 characters or more, sent by the caller in X-Clock-Control-Token)',
    path: ['CLOCK_CONTROL_TOKEN'],
  })
  .refine((config) => config.NODE_ENV !== 'production' || config.STRIPE_SECRET_KEY || config.PAYMENT_SANDBOX === 'on', {
    message:
      'production needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENT_SANDBOX=on for a demo site where card payments are simulated (anyone could buy with a test card)',
    path: ['STRIPE_SECRET_KEY'],
  })
  .refine((config) => config.PAYMENT_SANDBOX === 'off' || !config.STRIPE_SECRET_KEY, {
    message: 'PAYMENT_SANDBOX=on and STRIPE_SECRET_KEY are both set: keep one (the sandbox never charges a card)',
    path: ['PAYMENT_SANDBOX'],
  })
  .refine((config) => config.NODE_ENV !== 'production' || config.SMTP_URL, {
    message:
      'production needs SMTP_URL: without it no verification or password-reset mail leaves the server, so nobody could verify an address, pay or recover an account',
    path: ['SMTP_URL'],
  })
  .refine((config) => config.PUBLIC_URL || (!config.SMTP_URL && isLoopback(listenHostOf(config))), {
    message: `must be set (the web app's public address, e.g. https://contrail.example.org) when mails go out over SMTP_URL or HOST listens beyond this machine: otherwise a forged Host header would decide where reset links point`,
    path: ['PUBLIC_URL'],
  });

export type AppConfig = Omit<z.infer<typeof ZConfig>, 'PUBLIC_URL' | 'PRACTICE_FLIGHTS_PAY'> & {
  PUBLIC_URL: string;
  /** PRACTICE_FLIGHTS_PAY, its default decided by NODE_ENV. */
  PRACTICE_FLIGHTS_PAY: 'on' | 'off';
  /** PUBLIC_URL was given: links always use it, never the address a request came on. */
  isPublicUrlSet: boolean;
};

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
  const { PUBLIC_URL, PRACTICE_FLIGHTS_PAY, ...config } = parsed.data;
  return {
    ...config,
    PUBLIC_URL: PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    isPublicUrlSet: PUBLIC_URL !== undefined,
    PRACTICE_FLIGHTS_PAY: PRACTICE_FLIGHTS_PAY ?? (config.NODE_ENV === 'production' ? 'off' : 'on'),
  };
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
