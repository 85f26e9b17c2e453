import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import type { AdvancableClock } from '../../lib/clock';
import { isFromThisMachine } from '../mail/mail.routes';

export type OpsPluginOptions = {
  /** PGlite in a folder: a consistent tar of it, taken between two queries of the one connection. */
  dumpDataDir?: (() => Promise<Blob>) | undefined;
  /** CLOCK_CONTROL=on: the clock POST /ops/clock/advance moves (absent otherwise, and the route with it). */
  clockControl?: AdvancableClock | undefined;
};

/** Header carrying the clock control's token (CLOCK_CONTROL_TOKEN). */
export const CLOCK_CONTROL_TOKEN_HEADER = 'x-clock-control-token';

/** A database slower than this to answer `select 1` is not ready (an unreachable host can take minutes to fail). */
const READINESS_TIMEOUT_MS = 2_000;

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });

/** The longest single move of the clock: a year. */
const MAX_CLOCK_ADVANCE_HOURS = 24 * 366;

/** File in DATA_DIR holding the secret of POST /ops/backup; readable by the server's own user only. */
export const BACKUP_TOKEN_FILE = 'backup-token';

/** Whether a header holds the secret, compared in constant time. */
const holdsSecret = (header: string | string[] | undefined, secret: string): boolean => {
  const given = Buffer.from(typeof header === 'string' ? header : '');
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/**
 * Operations endpoints, outside /api (a load balancer and Prometheus call them, not the web app):
 * - GET /livez: the process answers (restart it when this fails);
 * - GET /readyz: send it traffic: the database answers and it is not shutting down; 503 otherwise,
 *   naming what is missing (`{ status: 'unavailable', missing: ['database'] }`). Redis away (when
 *   configured) is named too but answers 200 `{ status: 'degraded', missing: ['redis'] }`: every
 *   instance shares that Redis, so a 503 would take them all out of rotation at once while each can
 *   still serve its own clients (the live map and rate limits rejoin Redis on their own).
 * - GET /metrics: Prometheus text format (see metrics.ts; answer-timing.ts times every answer).
 */
const opsPluginImpl = async (app: FastifyInstance, options: OpsPluginOptions): Promise<void> => {
  const { metrics, lifecycle, db, config } = app.deps;

  app.get('/livez', { schema: { hide: true }, logLevel: 'warn' }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) => {
    if (lifecycle.isShuttingDown) return reply.status(503).send({ status: 'shutting-down' });
    const missing: ('database' | 'redis')[] = [];
    try {
      await withTimeout(db.execute(sql`select 1`), READINESS_TIMEOUT_MS);
    } catch (error) {
      app.log.warn({ err: error }, 'readiness: the database does not answer');
      missing.push('database');
    }
    if (!app.live.isRedisReady()) {
      app.log.warn('readiness: Redis does not answer');
      missing.push('redis');
    }
    if (missing.includes('database')) return reply.status(503).send({ status: 'unavailable', missing });
    if (missing.length > 0) return { status: 'degraded', missing };
    return { status: 'ready' };
  });

  // `npm run db:backup` on a PGlite server that is running: only this server may read its folder
  // (one process per PGlite folder), so the script asks it, from this machine (the socket's own
  // address, and not through a proxy), with the token only the server's user can read.
  const { dumpDataDir } = options;
  if (dumpDataDir && config.DATA_DIR !== 'memory://') {
    const token = randomBytes(32).toString('hex');
    fs.writeFileSync(path.join(config.DATA_DIR, BACKUP_TOKEN_FILE), token, { mode: 0o600 });
    app.post('/ops/backup', { schema: { hide: true } }, async (request, reply) => {
      if (!isFromThisMachine(request) || !holdsSecret(request.headers['x-backup-token'], token)) {
        return reply.status(403).send({ success: false, message: 'Backups are taken from the server machine with npm run db:backup', errorCode: 'FORBIDDEN' });
      }
      const tar = Buffer.from(await (await dumpDataDir()).arrayBuffer());
      request.log.info({ bytes: tar.length }, 'data folder dumped for a backup');
      return reply.type('application/x-tar').send(tar);
    });
  }

  // Browser journeys need days to pass (a plane delivered, an airline out of money): with
  // CLOCK_CONTROL=on, a caller on this machine holding CLOCK_CONTROL_TOKEN moves the clock forward
  // and runs the jobs now due. Not through a proxy: one on this machine forwards strangers.
  const { clockControl } = options;
  const clockControlToken = config.CLOCK_CONTROL_TOKEN;
  if (clockControl && clockControlToken) {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/ops/clock/advance',
      {
        schema: { hide: true, body: z.object({ hours: z.number().positive().max(MAX_CLOCK_ADVANCE_HOURS) }) },
        // Before the body is read: a stranger learns nothing about what a move looks like.
        onRequest: async (request, reply) => {
          if (isFromThisMachine(request) && holdsSecret(request.headers[CLOCK_CONTROL_TOKEN_HEADER], clockControlToken)) return undefined;
          return reply
            .status(403)
            .send({ success: false, message: 'The clock is moved from the server machine only, with its clock-control token', errorCode: ErrorCode.forbidden });
        },
      },
      async (request) => {
        clockControl.advanceMs(request.body.hours * 3_600_000);
        const now = clockControl.now();
        const jobs = await app.deps.jobs.runDue(now);
        request.log.warn({ hours: request.body.hours, now }, 'clock moved forward');
        return { now: now.toISOString(), jobs: jobs.filter((job) => job.outcome !== 'not-due').map(({ name, outcome }) => ({ name, outcome })) };
      },
    );
  }

  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) => {
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
};

export const opsPlugin = fp<OpsPluginOptions>(opsPluginImpl, { name: 'ops' });
