import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config';
import { acquireDataDirLock, DataDirLockedError } from '../../src/db/data-dir-lock';
import nodeFlags from '../../node-flags.json' with { type: 'json' };
import { seedMigratedDataDir } from '../support/test-app';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const tsxCli = path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs');
const tempDirs: string[] = [];
const children: ChildProcess[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-startup-'));
  tempDirs.push(dir);
  return dir;
};

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs the real server entry point with the V8 flags `npm start` gives it, and resolves with its exit code and output. */
const runServer = (env: Record<string, string>) => {
  const child = spawn(process.execPath, [tsxCli, ...nodeFlags.server, 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', WEB_DIST_DIR: '', DATABASE_URL: '', ...env },
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, output })),
  );
  return { child, exited, output: () => output };
};

const waitForHealth = async (port: number) => {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the first server never answered /healthz');
};

describe('configuration', () => {
  it('names every bad variable and refuses to start', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'not a url' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/DATABASE_URL: must start with postgres/);
    }
  });

  it('has working defaults for a newcomer', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 8080, DATA_DIR: './data', PUBLIC_URL: 'http://localhost:8080' });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('links mails to the port the app is served on unless PUBLIC_URL says otherwise', () => {
    expect(loadConfig({ PORT: '3000' }).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '3000', PUBLIC_URL: 'https://contrail.example.org' }).PUBLIC_URL).toBe('https://contrail.example.org');
  });

  it('stops the real server with the message when the environment is wrong', async () => {
    const run = runServer({ PORT: '-1' });
    const { code, output } = await run.exited;
    expect(code).toBe(1);
    expect(output).toContain('Invalid configuration');
    expect(output).toContain('PORT');
  });
});

describe('the PGlite data folder lock', () => {
  it('refuses a folder held by a living process and takes over one left by a dead process', () => {
    const dir = tempDir();
    const holder = spawn('sleep', ['30']);
    children.push(holder);
    fs.writeFileSync(path.join(dir, 'contrail.lock'), String(holder.pid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);

    holder.kill('SIGKILL');
    fs.writeFileSync(path.join(dir, 'contrail.lock'), '999999999'); // no such process
    const lock = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'contrail.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(path.join(dir, 'contrail.lock'))).toBe(false);
  });

  it('refuses a second server on the same folder with a clear message, and the first keeps running', async () => {
    const dataDir = tempDir();
    await seedMigratedDataDir(dataDir);
    const firstPort = 21000 + Math.floor(Math.random() * 20000);
    const first = runServer({ PORT: String(firstPort), HOST: '127.0.0.1', DATA_DIR: dataDir });
    await waitForHealth(firstPort);

    const second = runServer({ PORT: String(firstPort + 1), HOST: '127.0.0.1', DATA_DIR: dataDir });
    const { code, output } = await second.exited;
    expect(code).toBe(1);
    expect(output).toContain('is already in use by another Contrail process');
    expect(output).toMatch(/\(pid \d+\)/);

    expect((await fetch(`http://127.0.0.1:${firstPort}/healthz`)).ok).toBe(true);
    first.child.kill('SIGTERM');
    await first.exited;
    expect(fs.existsSync(path.join(dataDir, 'contrail.lock'))).toBe(false);
  }, 120_000);
});
