import cluster, { type Worker } from 'node:cluster';
import type http from 'node:http';
import { once } from 'node:events';
import { pino } from 'pino';
import type { App } from './app';
import { listenHostOf, type AppConfig } from './config/config';
import { openDatabase } from './db/database';
import { readableLogStream } from './plugins/readable-log';

/**
 * WORKERS > 1 (docs/decisions/0031-workers-and-sticky-sessions.md): one primary process holds the
 * port and forks WORKERS copies of the server; Node's cluster hands each new connection to the next
 * worker (round-robin) without reading it, and the worker keeps it (HTTP keep-alive included).
 * Socket.IO takes WebSocket only there (live.plugin.ts), so a tracker's or a browser's session is
 * one connection and stays on one worker without any stickiness to keep. Broadcasts cross workers
 * through the Redis adapter, shared jobs run once under their PostgreSQL locks (job registry).
 */

/** A worker has built its app (database open, modules registered) and waits for the word to listen. */
const WORKER_BUILT = 'contrail:worker-built';
/** The primary's word: every worker is built, listen now (the port opens for all of them at once). */
const LISTEN = 'contrail:listen';
/** A worker listens and takes connections. */
const WORKER_READY = 'contrail:worker-ready';

/** Each response names the worker process that answered (debugging; the ops test checks it). */
export const WORKER_HEADER = 'x-contrail-worker';

/**
 * The primary: applies the migrations once (Drizzle's migrator takes no lock), forks the workers,
 * lets them listen when they are all built. SIGTERM/SIGINT go to every worker, which drains and
 * shuts down as a single process does (main.ts); the primary exits when they have, 0 if they all
 * exited 0. A worker that dies on its own stops the others and the primary (status 1): the
 * supervisor restarts the whole, one rule for every failure.
 */
export const runPrimary = async (config: AppConfig): Promise<void> => {
  const log = pino({ level: config.LOG_LEVEL, base: { pid: process.pid, role: 'primary' } }, config.NODE_ENV === 'development' ? readableLogStream() : undefined);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.close();

  // Round-robin on every platform (Windows defaults to the operating system's choice, which piles
  // connections on one worker).
  cluster.schedulingPolicy = cluster.SCHED_RR;
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

  // No connection reaches a worker before it listens, and none listens before all are built: a
  // fast worker does not take the whole load while a slow one is still starting.
  await Promise.all(workers.map((worker) => waitFor(worker, WORKER_BUILT)));
  for (const worker of workers) worker.send({ type: LISTEN });
  await Promise.all(workers.map((worker) => waitFor(worker, WORKER_READY)));
  log.info(`Contrail is ready on http://localhost:${config.PORT} (${config.WORKERS} workers, database: postgres)`);
};

const isMessage = (message: unknown, type: string): boolean => (message as { type?: unknown } | null)?.type === type;

const waitFor = (worker: Worker, type: string): Promise<void> =>
  new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if (!isMessage(message, type)) return;
      worker.off('message', onMessage);
      resolve();
    };
    worker.on('message', onMessage);
    worker.once('exit', () => reject(new Error('a worker exited before it was ready')));
  });

/**
 * A worker listens on the configured port as a single process does: in a cluster worker, listening
 * asks the primary for the shared port, and the primary starts handing this worker connections.
 */
export const serveAsWorker = async (app: App, config: AppConfig): Promise<void> => {
  app.server.prependListener('request', (_request: http.IncomingMessage, response: http.ServerResponse) => {
    response.setHeader(WORKER_HEADER, String(process.pid));
  });
  const listen = new Promise<void>((resolve) => {
    const onMessage = (message: unknown) => {
      if (!isMessage(message, LISTEN)) return;
      process.off('message', onMessage);
      resolve();
    };
    process.on('message', onMessage);
  });
  process.send?.({ type: WORKER_BUILT });
  await listen;
  await app.listen({ port: config.PORT, host: listenHostOf(config) });
  process.send?.({ type: WORKER_READY });
};
