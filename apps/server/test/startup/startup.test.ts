import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config';
import { acquireDataDirLock, DataDirLockedError } from '../../src/db/data-dir-lock';
import nodeFlags from '../../node-flags.json' with { type: 'json' };
import { spawnServerProcess, startServerProcess } from '../support/server-process';
import { seedMigratedDataDir } from '../support/test-app';
import { describeOnPgliteOnly } from '../support/postgres-pass';

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

/** The real server entry point with the V8 flags `npm start` gives it (the test's own variables win). */
const serverOptions = (env: Record<string, string>) => ({ nodeFlags: nodeFlags.server, env: { DATABASE_URL: '', ...env }, loader: 'built' as const });

/** Runs the server, and resolves with its exit code and output. */
const runServer = async (env: Record<string, string>, loader: 'built' | 'tsx' = 'built') => {
  const server = await spawnServerProcess({ ...serverOptions(env), loader });
  children.push(server.child);
  return { child: server.child, exited: server.exited.then((code) => ({ code, output: server.output() })) };
};

// Configuration and the PGlite folder: the same in both passes of the suite.
describeOnPgliteOnly('configuration', () => {
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
    // Through tsx, as `npm start` runs it: main.ts imports the whole server before it reads the
    // configuration, so this start also proves every module loads that way (the other tests of
    // the suite start the same sources built into one file, at half the CPU; server-process.ts).
    const run = await runServer({ PORT: '-1' }, 'tsx');
    const { code, output } = await run.exited;
    expect(code).toBe(1);
    expect(output).toContain('Invalid configuration');
    expect(output).toContain('PORT');
  });
});

describeOnPgliteOnly('the PGlite data folder lock', () => {
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
    const first = await startServerProcess({ ...serverOptions({ DATA_DIR: dataDir }), readinessPath: '/healthz' });
    children.push(first.child);

    const second = await runServer({ DATA_DIR: dataDir });
    const { code, output } = await second.exited;
    expect(code).toBe(1);
    expect(output).toContain('is already in use by another Contrail process');
    expect(output).toMatch(/\(pid \d+\)/);

    expect((await fetch(`${first.baseUrl}/healthz`)).ok).toBe(true);
    await first.stop('SIGTERM');
    expect(fs.existsSync(path.join(dataDir, 'contrail.lock'))).toBe(false);
  }, 120_000);
});
