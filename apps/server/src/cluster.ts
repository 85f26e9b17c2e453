import cluster, { type Worker } from 'node:cluster';
import http from 'node:http';
import { once } from 'node:events';
import { setupMaster, setupWorker } from '@socket.io/sticky';
import { pino } from 'pino';
import type { App } from './app';
import { listenHostOf, type AppConfig } from './config/config';
import { openDatabase } from './db/database';
import { readableLogStream } from './plugins/readable-log';

/**
 * WORKERS > 1 (docs/decisions/0031-workers-and-sticky-sessions.md): one primary process holds the
 * port and forks WORKERS copies of the server. @socket.io/sticky reads the first bytes of each
 * connection and hands it to a worker: a request naming a Socket.IO session (`sid=`) to the worker
 * holding that session, anything else round-robin. Broadcasts cross workers through the Redis
 * adapter (live.plugin.ts), shared jobs run once under their PostgreSQL locks (job registry).
 */

/** Tells the primary that a worker has built its app and takes connections. */
const WORKER_READY = 'contrail:worker-ready';

/** Each response names the worker process that answered (debugging; the ops test checks it). */
export const WORKER_HEADER = 'x-contrail-worker';

/**
 * The primary: applies the migrations once (Drizzle's migrator takes no lock), forks the workers,
 * listens when they are all ready. SIGTERM/SIGINT go to every worker, which drains and shuts down
 * as a single process does (main.ts); the primary exits when they have, 0 if they all exited 0.
 * A worker that dies on its own stops the others and the primary (status 1): the supervisor restarts
 * the whole, rather than a fresh worker receiving connections before it can take them.
 */
export const runPrimary = async (config: AppConfig): Promise<void> => {
  const log = pino({ level: config.LOG_LEVEL, base: { pid: process.pid, role: 'primary' } }, config.NODE_ENV === 'development' ? readableLogStream() : undefined);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.close();

  const server = http.createServer();
  setupMaster(server, { loadBalancingMethod: 'round-robin' });

  // Request bytes cross the IPC channel as Buffers, not JSON (as @socket.io/sticky requires).
  cluster.setupPrimary({ serialization: 'advanced' });
  const workers = Array.from({ length: config.WORKERS }, () => cluster.fork());
  const exits = workers.map(async (worker) => {
    const [code] = (await once(worker, 'exit')) as [number | null];
    return code;
  });
  let isStopping = false;
  const stop = async (signal: NodeJS.Signals, reason: string): Promise<void> => {
    if (isStopping) return;
    isStopping = true;
    log.info({ signal, reason }, 'stopping the workers');
    const forced = setTimeout(() => {
      log.error('workers did not stop in time; killing them');
      for (const worker of workers) worker.process.kill('SIGKILL');
      process.exit(1);
    }, config.SHUTDOWN_DRAIN_MS + config.SHUTDOWN_TIMEOUT_MS + 5000);
    forced.unref();
    for (const worker of workers) if (!worker.isDead()) worker.process.kill(signal);
    const codes = await Promise.all(exits);
    server.close();
    const isClean = reason === 'signal' && codes.every((code) => code === 0);
    log.info({ codes }, isClean ? 'workers shut down cleanly' : 'workers stopped');
    process.exit(isClean ? 0 : 1);
  };
  for (const worker of workers) {
    worker.on('exit', (code, signal) => {
      if (!isStopping) log.error({ workerPid: worker.process.pid, code, signal }, 'a worker exited on its own: stopping');
      void stop('SIGTERM', 'worker-exit');
    });
  }
  process.on('SIGINT', () => void stop('SIGINT', 'signal'));
  process.on('SIGTERM', () => void stop('SIGTERM', 'signal'));

  await Promise.all(workers.map((worker) => waitUntilReady(worker)));
  server.listen(config.PORT, listenHostOf(config));
  await once(server, 'listening');
  log.info(`Contrail is ready on http://localhost:${config.PORT} (${config.WORKERS} workers, database: postgres)`);
};

const waitUntilReady = (worker: Worker): Promise<void> =>
  new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if ((message as { type?: unknown } | null)?.type !== WORKER_READY) return;
      worker.off('message', onMessage);
      resolve();
    };
    worker.on('message', onMessage);
    worker.once('exit', () => reject(new Error('a worker exited before it was ready')));
  });

/**
 * A worker: takes the connections the primary hands over instead of listening on the port. It
 * still listens, on a loopback port of its own that nothing uses, because Fastify runs its onListen
 * hooks (the job timer) on listen only.
 */
export const serveAsWorker = async (app: App): Promise<void> => {
  app.server.prependListener('request', (_request: http.IncomingMessage, response: http.ServerResponse) => {
    response.setHeader(WORKER_HEADER, String(process.pid));
  });
  await app.listen({ port: 0, host: '127.0.0.1', exclusive: true });
  setupWorker(app.live.io);
  process.send?.({ type: WORKER_READY });
};
