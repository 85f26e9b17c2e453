import { spawnSync } from 'node:child_process';
import nodeFlags from '../node-flags.json' with { type: 'json' };

/** The V8 flags `npm start` gives the server (apps/server/node-flags.json, decision 0006). */
export const SERVER_NODE_FLAGS: readonly string[] = nodeFlags.server;

/**
 * Benchmarks measure the server as `npm start` runs it: when this process lacks the server's
 * flags, run the same script again with them, and exit with its exit code.
 */
export const rerunWithServerNodeFlags = (script: string): void => {
  if (SERVER_NODE_FLAGS.every((flag) => process.execArgv.includes(flag))) return;
  const result = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, ...process.execArgv, script, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
};
