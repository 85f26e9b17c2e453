import cluster from 'node:cluster';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from './app';
import { runPrimary, serveAsWorker } from './cluster';
import { ConfigError, listenHostOf, loadConfig } from './config/config';
import { DataDirLockedError } from './db/data-dir-lock';

/**
 * Starts Contrail's server: validates the configuration, opens and migrates the database, listens.
 * With WORKERS above 1, this process becomes the primary of a cluster and each worker runs the
 * rest (cluster.ts).
 */
const main = async (): Promise<void> => {
  const config = loadConfig();
  if (config.WORKERS > 1 && cluster.isPrimary) return runPrimary(config);
  const app = await buildApp({ config });
  let shuttingDown = false;
  /**
   * Clean shutdown (docs/decisions/0019-operations.md): readiness goes false and the load balancer
   * drains this instance for SHUTDOWN_DRAIN_MS; then Fastify stops accepting, a job under way
   * finishes (job registry), every socket is closed so trackers and browsers reconnect to another
   * instance, the frame writer commits what it holds, and the database closes. A tracker whose
   * last batch was cut before its acknowledgement resends it; stored frames are skipped by seq.
   */
  const close = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.deps.lifecycle.isShuttingDown = true;
    app.log.info({ signal, drainMs: config.SHUTDOWN_DRAIN_MS }, 'shutting down: readiness off, draining');
    const forced = setTimeout(() => {
      app.log.error({ timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutdown did not finish in time; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS + config.SHUTDOWN_DRAIN_MS);
    forced.unref();
    if (config.SHUTDOWN_DRAIN_MS > 0) await sleep(config.SHUTDOWN_DRAIN_MS);
    try {
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    app.log.info('shut down cleanly');
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
  if (cluster.isWorker) return serveAsWorker(app, config);
  await app.listen({ port: config.PORT, host: listenHostOf(config) });
  app.log.info(`Contrail is ready on http://localhost:${config.PORT} (database: ${app.deps.databaseKind})`);
};

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Contrail could not start:', error);
  }
  process.exit(1);
});
