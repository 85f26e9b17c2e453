import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/config';
import { DataDirLockedError } from './db/data-dir-lock';

/** Starts Contrail's server: validates the configuration, opens and migrates the database, listens. */
const main = async (): Promise<void> => {
  const config = loadConfig();
  const app = await buildApp({ config });
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.PORT, host: config.HOST });
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
