import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TFlyResult } from '../../apps/tracker/src/fly/fly-command';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * The tracker's headless `fly` command as a pilot runs it (apps/tracker/README.md), in a data folder
 * of its own; resolves with its last stdout line, the JSON result.
 */
export const flyWithTracker = (baseUrl: string, args: string[]): Promise<TFlyResult> =>
  new Promise((resolve, reject) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-e2e-fly-'));
    const child = spawn(
      process.execPath,
      ['node_modules/tsx/dist/cli.mjs', 'apps/tracker/src/main.ts', 'fly', '--server', baseUrl, ...args, '--data-dir', dataDir],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => {
      const last = stdout.trim().split('\n').at(-1) ?? '';
      if (code === 0 && last.startsWith('{')) resolve(JSON.parse(last) as TFlyResult);
      else reject(new Error(`fly exited with ${code}: ${stderr}`));
    });
  });
