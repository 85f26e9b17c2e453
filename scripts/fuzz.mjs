// `npm run fuzz`: the contract fuzz test with many more cases per operation than CI runs
// (FUZZ_RUNS, default 60 here; FUZZ_SEED to change the seed).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const result = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'server', 'apps/server/test/security/contract-fuzz.test.ts'],
  { cwd: root, stdio: 'inherit', env: { ...process.env, FUZZ_RUNS: process.env.FUZZ_RUNS ?? '60' } },
);
process.exit(result.status ?? 1);
