import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startContrailServer } from './contrail-server';
import { startTrackerHub } from './tracker-hub';

// Vitest's provided context is extended by declaration merging, which needs an interface.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The tracker hub the browser connects to (a journey stores it as `contrail.trackerHubUrl`). */
    trackerHubUrl: string;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * The real VATSIM and IVAO snapshots of ../shared/data/networks as the server's feeds, when that
 * folder exists (the live-map journey draws them); otherwise network traffic stays off.
 */
const networkFeeds = (): Record<string, string> => {
  const folder = path.resolve(repoRoot, '../shared/data/networks');
  const vatsim = path.join(folder, 'vatsim-data-v3.json');
  const ivao = path.join(folder, 'ivao-whazzup-v2.json');
  return {
    ...(fs.existsSync(vatsim) ? { VATSIM_FEED_URL: vatsim } : {}),
    ...(fs.existsSync(ivao) ? { IVAO_FEED_URL: ivao } : {}),
  };
};

/**
 * Starts Contrail as a newcomer would (built web app, PGlite in a fresh data folder, no SMTP so
 * mails land in the outbox) on a free port, and the local tracker beside it when present.
 */
export default async function setup(project: TestProject) {
  const webIndex = path.join(repoRoot, 'apps/web/dist/index.html');
  if (!fs.existsSync(webIndex)) throw new Error('Build the web app first: npm run build -w @contrail/web');
  const logPath = path.join(repoRoot, 'e2e/artifacts/server.log');
  fs.mkdirSync(path.dirname(logPath), { recursive: true });
  const log = fs.openSync(logPath, 'w');
  const { baseUrl, server, dataDir } = await startContrailServer({
    dataDirPrefix: 'contrail-e2e-',
    // Sealed every second, so a journey sees its flights validated in the ledger.
    env: { LOG_LEVEL: 'warn', LEDGER_SEAL_INTERVAL_MS: '1000', ...networkFeeds() },
    stdio: ['ignore', log, log],
    // A ceiling, not a target: beside the other suites on a loaded 2-core machine a start has taken over 90 s.
    healthTimeoutMs: 180_000,
  });
  project.provide('baseUrl', baseUrl);

  // The tracker hub beside it, as a pilot runs it (support/tracker-hub.ts).
  const tracker = await startTrackerHub({ serverUrl: baseUrl, dataDir: path.join(dataDir, 'tracker'), logName: 'tracker.log' });
  project.provide('trackerHubUrl', tracker.url);

  return async () => {
    await tracker.stop();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
