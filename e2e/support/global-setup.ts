import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startContrailServer } from './contrail-server';

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

/** A port nothing listens on right now (the OS picks it). */
const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const waitForPort = async (port: number, child: ChildProcess, timeoutMs: number): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the tracker exited with code ${child.exitCode} (see e2e/artifacts/tracker.log)`);
    const isOpen = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (isOpen) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the tracker hub did not listen on ${port} within ${timeoutMs} ms`);
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
    healthTimeoutMs: 90_000,
  });
  project.provide('baseUrl', baseUrl);

  // The tracker hub beside it, as a pilot runs it (`npm run tracker -- serve`), on a free port
  // rather than the default 7373 so parallel runs do not collide; the page is told the port
  // through the `contrail.trackerHubUrl` device key (see apps/web/src/features/tracker/lib).
  const hubPort = await freePort();
  const trackerLog = fs.openSync(path.join(repoRoot, 'e2e/artifacts/tracker.log'), 'w');
  const tracker = spawn(
    process.execPath,
    [
      path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'),
      'apps/tracker/src/main.ts',
      'serve',
      '--port',
      String(hubPort),
      '--web-origin',
      baseUrl,
      '--server',
      baseUrl,
      '--data-dir',
      path.join(dataDir, 'tracker'),
    ],
    { cwd: repoRoot, env: { ...process.env }, stdio: ['ignore', trackerLog, trackerLog] },
  );
  const trackerHubUrl = `http://127.0.0.1:${hubPort}`;
  await waitForPort(hubPort, tracker, 60_000);
  project.provide('trackerHubUrl', trackerHubUrl);

  return async () => {
    tracker.kill('SIGTERM');
    await new Promise((resolve) => (tracker.exitCode === null ? tracker.once('exit', resolve) : resolve(undefined)));
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
