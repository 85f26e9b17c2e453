import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export type OpsPluginOptions = {
  /** PGlite in a folder: a consistent tar of it, taken between two queries of the one connection. */
  dumpDataDir?: (() => Promise<Blob>) | undefined;
};

/** File in DATA_DIR holding the secret of POST /ops/backup; readable by the server's own user only. */
export const BACKUP_TOKEN_FILE = 'backup-token';

const isLoopback = (address: string | undefined) =>
  address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';

/**
 * Operations endpoints, outside /api (a load balancer and Prometheus call them, not the web app):
 * - GET /livez: the process answers (restart it when this fails);
 * - GET /readyz: send it traffic: the database answers and it is not shutting down (503 otherwise);
 * - GET /metrics: Prometheus text format (see metrics.ts).
 * and the hook timing every HTTP answer by route pattern.
 */
const opsPluginImpl = async (app: FastifyInstance, options: OpsPluginOptions): Promise<void> => {
  const { metrics, lifecycle, db, config } = app.deps;

  app.addHook('onResponse', async (request, reply) => {
    // The route pattern (`/api/v1/flight/:id`), never the URL: one series per route, not per id.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    metrics.httpRequestDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  app.get('/livez', { schema: { hide: true }, logLevel: 'warn' }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) => {
    if (lifecycle.isShuttingDown) return reply.status(503).send({ status: 'shutting-down' });
    try {
      await db.execute(sql`select 1`);
    } catch (error) {
      app.log.warn({ err: error }, 'readiness: the database does not answer');
      return reply.status(503).send({ status: 'database-unavailable' });
    }
    return { status: 'ready' };
  });

  // `npm run db:backup` on a PGlite server that is running: only this server may read its folder
  // (one process per PGlite folder), so the script asks it, from this machine (the socket's own
  // address, not X-Forwarded-For), with the token only the server's user can read.
  const { dumpDataDir } = options;
  if (dumpDataDir && config.DATA_DIR !== 'memory://') {
    const token = randomBytes(32).toString('hex');
    fs.writeFileSync(path.join(config.DATA_DIR, BACKUP_TOKEN_FILE), token, { mode: 0o600 });
    app.post('/ops/backup', { schema: { hide: true } }, async (request, reply) => {
      const given = Buffer.from(String(request.headers['x-backup-token'] ?? ''));
      const expected = Buffer.from(token);
      const tokenMatches = given.length === expected.length && timingSafeEqual(given, expected);
      if (!isLoopback(request.socket.remoteAddress) || !tokenMatches) {
        return reply.status(403).send({ success: false, message: 'Backups are taken from the server machine with npm run db:backup', errorCode: 'FORBIDDEN' });
      }
      const tar = Buffer.from(await (await dumpDataDir()).arrayBuffer());
      request.log.info({ bytes: tar.length }, 'data folder dumped for a backup');
      return reply.type('application/x-tar').send(tar);
    });
  }

  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) => {
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
};

export const opsPlugin = fp<OpsPluginOptions>(opsPluginImpl, { name: 'ops' });
