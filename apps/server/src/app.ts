import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { Redis } from 'ioredis';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { refuseNulBytes } from '@contrail/domain/common/nul-bytes';
import type { AppConfig } from './config/config';
import { openDatabase, type DatabaseHandle } from './db/database';
import { pgliteCheckpointJob } from './db/pglite-checkpoint';
import { createAdvancableClock, systemClock, type Clock } from './lib/clock';
import { genReqId, loggerOptions } from './lib/logging';
import { createJobRegistry } from './jobs/job-registry';
import { getOrCreateServerSecret } from './lib/server-secret';
import { authenticationPlugin, createAccessTokens } from './plugins/authentication';
import { clientErrorHandler, frameworkErrors, registerErrorHandler, sendRouteNotFound } from './plugins/error-handler';
import { refuseNulBytesEverywhere } from './plugins/nul-bytes';
import { registerResponseHeaders } from './plugins/security-headers';
import { DebugRequestLogController, readableLogStream } from './plugins/readable-log';
import { apiModules } from './modules/api-modules';
import { wireModulePorts } from './module-ports';
import { sessionCheckFor } from './modules/auth/session-generation';
import { livePlugin } from './modules/live/live.plugin';
import { timeEveryAnswer } from './modules/ops/answer-timing';
import { createMetrics } from './modules/ops/metrics';
import { opsPlugin } from './modules/ops/ops.plugin';
import { orderCheckoutOutcomes } from './modules/store/store.service';
import { subscriptionCheckoutOutcomes } from './modules/subscription/subscription-billing';

export type { AppDeps } from './app-deps';

export type BuildAppOptions = {
  config: AppConfig;
  clock?: Clock;
  /** An already-open database (tests share one per file); otherwise opened from the config. */
  database?: DatabaseHandle;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
};

export type App = FastifyInstance;

/** Builds the whole server: database, plugins, every API module, the web app. Does not listen. */
export const buildApp = async ({ config, clock: givenClock = systemClock, database, logStream }: BuildAppOptions): Promise<App> => {
  // CLOCK_CONTROL=on (browser journeys): the clock only moves forward, through POST /ops/clock/advance.
  const clockControl = config.CLOCK_CONTROL === 'on' ? createAdvancableClock(givenClock) : undefined;
  const clock = clockControl ?? givenClock;
  const handle = database ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }));
  // Access reads memberships, the wallet moves balances, through ports the owning modules implement.
  wireModulePorts();

  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : loggerOptions(config.LOG_LEVEL, logStream ?? (config.NODE_ENV === 'development' ? readableLogStream() : undefined)),
    genReqId,
    // Request lines at debug level (readable logs for `npm start`).
    logController: new DebugRequestLogController(),
    // X-Forwarded-* only from the configured proxies: otherwise any client picks its own address.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 1_048_576,
    // Every plugin here is async, so none can forget to call done: the default 10 s limit only
    // failed a boot on a loaded machine, where a plugin's start waited behind other work.
    pluginTimeout: 60_000,
    // Malformed URLs, over-long path parameters and requests Node refuses answer in the action shape.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  // Every request schema refuses NUL characters before its own rules (packages/domain/src/common/nul-bytes.ts).
  app.setValidatorCompiler(({ schema, ...route }) => validatorCompiler({ ...route, schema: refuseNulBytes(schema as ZodType) }));
  refuseNulBytesEverywhere(app);
  registerResponseHeaders(app);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const metrics = createMetrics();
  timeEveryAnswer(app, metrics.httpRequestDuration);
  const jobs = createJobRegistry(handle, app.log, (report, durationMs) => {
    metrics.jobRuns.inc({ job: report.name, outcome: report.outcome });
    if (durationMs !== undefined) metrics.jobDuration.observe({ job: report.name }, durationMs / 1000);
  });
  if (handle.kind === 'pglite') jobs.register(pgliteCheckpointJob(handle.db));
  const lifecycle = { isShuttingDown: false };
  // The payment module reports checkouts to the modules that start them, through its port.
  const checkoutOutcomes = { orders: orderCheckoutOutcomes, subscriptions: subscriptionCheckoutOutcomes };
  app.decorate('deps', { config, db: handle.db, databaseKind: handle.kind, clock, jobs, metrics, lifecycle, checkoutOutcomes });
  if (!database) app.addHook('onClose', async () => handle.close());
  // Tests drive jobs with `app.deps.jobs.runDue(clock.now())` instead of a timer.
  if (config.NODE_ENV !== 'test') {
    let stopJobs: (() => Promise<void>) | undefined;
    app.addHook('onListen', async () => {
      stopJobs = jobs.start(clock);
    });
    // preClose: a job under way finishes (with the database still open) before anything closes.
    app.addHook('preClose', async () => stopJobs?.());
  }

  const jwtSecret = config.JWT_SECRET ?? (await getOrCreateServerSecret(handle.db, 'jwt-secret'));
  await app.register(authenticationPlugin, {
    accessTokens: createAccessTokens(jwtSecret, config.ACCESS_TOKEN_TTL_SECONDS, clock),
    isCurrent: sessionCheckFor(handle.db),
  });

  await app.register(fastifyRateLimit, { global: false, ...sharedRateLimitStore(app, config) });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Contrail API', description: 'Every service of Contrail', version: '2.6.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(opsPlugin, { dumpDataDir: handle.dumpDataDir, clockControl });
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok', database: handle.kind }));

  // Socket.IO on the same HTTP server, before the modules that add namespaces to it.
  await app.register(livePlugin);
  for (const module of apiModules) {
    await app.register(module.plugin, { prefix: module.prefix });
  }

  await registerWebApp(app, config.WEB_DIST_DIR);
  return app;
};

/** Fastify's `trustProxy` from TRUST_PROXY; a hop count becomes proxy-addr's "trust the first n hops". */
const trustProxyOption = (trust: AppConfig['TRUST_PROXY']) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

/**
 * With REDIS_URL, rate limits count in Redis, so a client meets the same limit whichever instance
 * answers; without it, in memory. A Redis outage lets requests through rather than refusing them.
 */
const sharedRateLimitStore = (app: App, config: AppConfig) => {
  if (!config.REDIS_URL) return {};
  const redis = new Redis(config.REDIS_URL, { connectTimeout: 1000, maxRetriesPerRequest: 1 });
  redis.on('error', (error: Error) => app.log.warn({ err: error }, 'rate-limit store connection error'));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return { redis, nameSpace: `${config.REDIS_KEY_PREFIX}rate-limit:`, skipOnError: true };
};

/**
 * Serves the built SPA when there is one; unknown non-API GETs get index.html so client routes
 * load directly. Every other unknown route gets the action-shaped 404.
 */
const registerWebApp = async (app: App, distDir: string): Promise<void> => {
  const hasWebApp = Boolean(distDir) && fs.existsSync(path.join(distDir, 'index.html'));
  if (hasWebApp) await app.register(fastifyStatic, { root: distDir, wildcard: false, index: ['index.html'] });
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api') || request.url.startsWith('/socket.io') || request.url.startsWith('/dev');
    if (!hasWebApp || request.method !== 'GET' || isApi) return sendRouteNotFound(request, reply);
    return reply.type('text/html').sendFile('index.html');
  });
};
