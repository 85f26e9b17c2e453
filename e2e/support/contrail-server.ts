import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import nodeFlags from '../../apps/server/node-flags.json' with { type: 'json' };

const repoRoot = path.resolve(import.meta.dirname, '../..');

export type ContrailServer = { baseUrl: string; server: ChildProcess; dataDir: string };

type ServerOptions = {
  /** The built web app to serve; the server's default (apps/web/dist) when absent. */
  webDist?: string;
  dataDirPrefix: string;
  env?: Record<string, string>;
  stdio: StdioOptions;
};

/**
 * The real server (apps/server/src/main.ts with the V8 flags `npm start` gives it) on a random
 * port and a fresh PGlite folder, answering /healthz. For the browser journeys and the live-map
 * benchmark; `env` adds or overrides variables.
 */
export const startContrailServer = async (options: ServerOptions & { healthTimeoutMs: number }): Promise<ContrailServer> => {
  const started = spawnContrailServer(options);
  await waitForHealth(started.baseUrl, started.server, options.healthTimeoutMs);
  return started;
};

/** The same server, spawned without waiting for it: its address is known at once, `waitForHealth` tells when it answers. */
export const spawnContrailServer = (options: ServerOptions): ContrailServer => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), options.dataDirPrefix));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), ...nodeFlags.server, 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      RATE_LIMIT: 'off',
      DATABASE_URL: '',
      SMTP_URL: '',
      ...(options.webDist ? { WEB_DIST_DIR: options.webDist } : {}),
      ...options.env,
    },
    stdio: options.stdio,
  });
  return { baseUrl, server, dataDir };
};

export const waitForHealth = async (url: string, child: ChildProcess, timeoutMs: number): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer ${url}/healthz within ${timeoutMs} ms`);
};
