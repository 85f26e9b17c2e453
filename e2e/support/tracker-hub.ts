import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export type TrackerHub = { url: string; stop: () => Promise<void> };

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

const waitForPort = async (port: number, child: ChildProcess, logName: string, timeoutMs: number): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the tracker exited with code ${child.exitCode} (see e2e/artifacts/${logName})`);
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
 * The tracker hub beside a server, as a pilot runs it (`npm run tracker -- serve`), on a free port
 * rather than the default 7373 so parallel runs do not collide; the page is told the port through
 * the `contrail.trackerHubUrl` device key (see apps/web/src/features/tracker/lib).
 */
export const startTrackerHub = async (options: { serverUrl: string; dataDir: string; logName: string }): Promise<TrackerHub> => {
  const port = await freePort();
  const log = fs.openSync(path.join(repoRoot, 'e2e/artifacts', options.logName), 'w');
  const tracker = spawn(
    process.execPath,
    [
      path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'),
      'apps/tracker/src/main.ts',
      'serve',
      '--port',
      String(port),
      '--web-origin',
      options.serverUrl,
      '--server',
      options.serverUrl,
      '--data-dir',
      options.dataDir,
    ],
    { cwd: repoRoot, env: { ...process.env }, stdio: ['ignore', log, log] },
  );
  await waitForPort(port, tracker, options.logName, 60_000);
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      tracker.kill('SIGTERM');
      await new Promise((resolve) => (tracker.exitCode === null ? tracker.once('exit', resolve) : resolve(undefined)));
    },
  };
};
