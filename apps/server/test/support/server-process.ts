import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { testConfig } from '../../src/config/config';
import { bundledEntry } from './bundled-entry';

/** A port nobody listens on right now (the OS picks it). */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

const serverDir = path.resolve(import.meta.dirname, '../..');

export type ServerProcessOptions = {
  /** Environment on top of the test defaults (NODE_ENV=test, 127.0.0.1, LOG_LEVEL=warn, no web app); a value here wins. */
  env?: Record<string, string>;
  /** The port to listen on; a free one by default. */
  port?: number;
  /** Node flags before the entry point (the server's V8 flags, for benchmarks and start-up tests). */
  nodeFlags?: readonly string[];
  /** The path polled for readiness: /readyz (the database is there) by default. */
  readinessPath?: string;
  /** How long start-up may take before the process is killed (120 s: a cold tsx start on a busy machine is slow). */
  timeoutMs?: number;
  /**
   * How src/main.ts is loaded: 'tsx' (default) through tsx, as `npm start` runs it (benchmarks keep
   * that); 'built' from the same sources built into one file (bundled-entry.ts), about half the CPU
   * of a start, for tests that start servers to prove what they do once started.
   */
  loader?: 'built' | 'tsx';
  /** Shows the server's stderr on this process's stderr as it comes (benchmarks), besides collecting it. */
  echoStderr?: boolean;
};

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** What the server wrote on stderr so far. */
  stderr: () => string;
  /** What the server wrote on stdout and stderr so far, in order. */
  output: () => string;
  /** Its exit code (null when ended by a signal). */
  exited: Promise<number | null>;
  /** Sends the signal (SIGTERM: a clean shutdown) and waits for the exit; nothing when it has already ended. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

/**
 * Spawns `src/main.ts` as its own `node` process without waiting for it: for a test that expects it
 * to refuse to start. Use startServerProcess for one that should serve.
 */
export const spawnServerProcess = async (options: ServerProcessOptions = {}): Promise<ServerProcess> => {
  const port = options.port ?? (await freePort());
  const entry = options.loader === 'built' ? [await bundledEntry('src/main.ts')] : ['--import', 'tsx', 'src/main.ts'];
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), ...entry], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JWT_SECRET: testConfig().JWT_SECRET!,
      WEB_DIST_DIR: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    output += chunk.toString();
    if (options.echoStderr) process.stderr.write(chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return { child, port, baseUrl: `http://127.0.0.1:${port}`, stderr: () => stderr, output: () => output, exited, stop };
};

/** Starts `src/main.ts` as its own process; resolves once the readiness path answers 200, fails with its output if it exits or takes too long. */
export const startServerProcess = async (options: ServerProcessOptions = {}): Promise<ServerProcess> => {
  const server = await spawnServerProcess(options);
  const readiness = `${server.baseUrl}${options.readinessPath ?? '/readyz'}`;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited with ${server.child.exitCode}: ${server.stderr()}`);
    try {
      if ((await fetch(readiness)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.child.kill('SIGKILL');
  throw new Error(`server did not start in ${timeoutMs / 1000} s: ${server.stderr()}`);
};
