import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { spawnContrailServer, startContrailServer } from './contrail-server';
import { startTrackerHub } from './tracker-hub';

// Vitest's provided context is extended by declaration merging, which needs an interface.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The tracker hub the browser connects to (a journey stores it as `contrail.trackerHubUrl`). */
    trackerHubUrl: string;
    /** A second server whose clock the airline journeys move days ahead (decision 0035), and its hub. */
    clockServerUrl: string;
    clockTrackerHubUrl: string;
    /** The secret every clock move on that server carries. */
    clockControlToken: string;
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

const openLog = (name: string): number => fs.openSync(path.join(repoRoot, 'e2e/artifacts', name), 'w');

/**
 * Starts Contrail as a newcomer would (built web app, PGlite in a fresh data folder, no SMTP so
 * mails land in the outbox) on a free port, and the local tracker beside it. Then a second server
 * with the clock control on, shared by the journeys that move time (the airline and the flight
 * review): the others keep a server on the wall clock, and the two that move time pay one start
 * between them instead of one each (a start took over 150 s on a loaded machine). It boots while
 * the first journeys run; those two wait for it (support/clock.ts).
 */
export default async function setup(project: TestProject) {
  const webIndex = path.join(repoRoot, 'apps/web/dist/index.html');
  if (!fs.existsSync(webIndex)) throw new Error('Build the web app first: npm run build -w @contrail/web');
  fs.mkdirSync(path.join(repoRoot, 'e2e/artifacts'), { recursive: true });
  const mainLog = openLog('server.log');
  const main = await startContrailServer({
    dataDirPrefix: 'contrail-e2e-',
    // Sealed every second, so a journey sees its flights validated in the ledger.
    env: { LOG_LEVEL: 'warn', LEDGER_SEAL_INTERVAL_MS: '1000', ...networkFeeds() },
    stdio: ['ignore', mainLog, mainLog],
    // A ceiling, not a target: beside the other suites on a loaded 2-core machine a start has taken over 90 s.
    healthTimeoutMs: 240_000,
  });
  project.provide('baseUrl', main.baseUrl);

  const clockControlToken = randomBytes(24).toString('hex');
  const clockLog = openLog('clock-server.log');
  const clocked = spawnContrailServer({
    dataDirPrefix: 'contrail-e2e-clock-',
    env: { LOG_LEVEL: 'warn', CLOCK_CONTROL: 'on', CLOCK_CONTROL_TOKEN: clockControlToken },
    stdio: ['ignore', clockLog, clockLog],
  });
  project.provide('clockServerUrl', clocked.baseUrl);
  project.provide('clockControlToken', clockControlToken);

  // The tracker hubs beside them, as a pilot runs one (support/tracker-hub.ts).
  const tracker = await startTrackerHub({ serverUrl: main.baseUrl, dataDir: path.join(main.dataDir, 'tracker'), logName: 'tracker.log' });
  project.provide('trackerHubUrl', tracker.url);
  const clockTracker = await startTrackerHub({ serverUrl: clocked.baseUrl, dataDir: path.join(clocked.dataDir, 'tracker'), logName: 'clock-tracker.log' });
  project.provide('clockTrackerHubUrl', clockTracker.url);

  return async () => {
    await Promise.all([tracker.stop(), clockTracker.stop()]);
    for (const { server, dataDir } of [main, clocked]) {
      if (server.exitCode === null) {
        server.kill('SIGTERM');
        await new Promise((resolve) => server.once('exit', resolve));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };
}
