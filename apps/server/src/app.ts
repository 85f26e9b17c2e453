import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
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
import type { AppConfig } from './config/config';
import { openDatabase, type Database, type DatabaseHandle } from './db/database';
import { systemClock, type Clock } from './lib/clock';
import { getOrCreateServerSecret } from './lib/server-secret';
import { authenticationPlugin, createAccessTokens } from './plugins/authentication';
import { registerErrorHandler, sendRouteNotFound } from './plugins/error-handler';
import { apiModules } from './modules/api-modules';
import { livePlugin } from './modules/live/live.plugin';

/** What every module may use, decorated on the app as `app.deps`. */
export type AppDeps = {
  config: AppConfig;
  db: Database;
  databaseKind: DatabaseHandle['kind'];
  clock: Clock;
};

// Fastify's declaration merging needs interfaces.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

export type BuildAppOptions = {
  config: AppConfig;
  clock?: Clock;
  /** An already-open database (tests share one per file); otherwise opened from the config. */
  database?: DatabaseHandle;
};

export type App = FastifyInstance;

/** Builds the whole server: database, plugins, every API module, the web app. Does not listen. */
export const buildApp = async ({ config, clock = systemClock, database }: BuildAppOptions): Promise<App> => {
  const handle = database ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }));

  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    trustProxy: true,
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  app.decorate('deps', { config, db: handle.db, databaseKind: handle.kind, clock });
  if (!database) app.addHook('onClose', async () => handle.close());

  const jwtSecret = config.JWT_SECRET ?? (await getOrCreateServerSecret(handle.db, 'jwt-secret'));
  await app.register(authenticationPlugin, {
    accessTokens: createAccessTokens(jwtSecret, config.ACCESS_TOKEN_TTL_SECONDS, clock),
  });

  await app.register(fastifyRateLimit, { global: false, ...sharedRateLimitStore(app, config) });
  await app.register(fastifyMultipart, { limits: { fileSize: 2_097_152, files: 1, fields: 40 } });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Contrail API', description: 'Every service of Contrail', version: '2.6.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok', database: handle.kind }));

  // Socket.IO on the same HTTP server, before the modules that add namespaces to it.
  await app.register(livePlugin);
  for (const module of apiModules) {
    await app.register(module.plugin, { prefix: module.prefix });
  }

  await registerWebApp(app, config.WEB_DIST_DIR);
  return app;
};

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
