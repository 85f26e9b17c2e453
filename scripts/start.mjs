// `npm start`: builds the web app when its build is missing or older than its sources, then runs
// the server (web app + every API on one port, PGlite in ./data by default) and, unless
// TRACKER=off, a local tracker with the built-in simulator so a newcomer can fly at once.
// WORKERS=N (with DATABASE_URL and REDIS_URL) makes the server a primary of N worker processes
// (apps/server/src/cluster.ts); this script starts and stops it the same way.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'apps/web');
const distIndex = path.join(webDir, 'dist/index.html');

const newestMtime = (dir) => {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
};

const webSources = [path.join(webDir, 'src'), path.join(root, 'packages/domain/src')];
const isStale =
  !fs.existsSync(distIndex) || webSources.some((dir) => newestMtime(dir) > fs.statSync(distIndex).mtimeMs);
if (isStale && process.env.SKIP_WEB_BUILD !== '1') {
  console.log('Building the web app...');
  const build = spawnSync('npm', ['run', 'build', '-w', '@contrail/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The server's V8 flags (apps/server/node-flags.json): a young generation large enough that
// thousands of tracked flights do not pause the server every few dozen milliseconds (decision 0006)
// and that keeps its size after a full collection (decision 0068), and a heap allowed to grow
// fourfold between full collections, so they come less often (decision 0064).
const serverNodeFlags = JSON.parse(fs.readFileSync(path.join(root, 'apps/server/node-flags.json'), 'utf8')).server;

const children = [];
const start = (name, args, env = {}) => {
  const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  child.on('exit', (code, signal) => {
    if (name === 'server') {
      for (const other of children) if (other !== child) other.kill('SIGTERM');
      process.exit(code ?? (signal ? 1 : 0));
    }
  });
  children.push(child);
  return child;
};

start('server', [...serverNodeFlags, 'apps/server/src/main.ts']);

const trackerMain = path.join(root, 'apps/tracker/src/main.ts');
if (process.env.TRACKER !== 'off' && fs.existsSync(trackerMain)) {
  const port = process.env.PORT ?? '8080';
  // The hub accepts the web app served by this server, whatever its port.
  const webOrigins = `http://localhost:${port},http://127.0.0.1:${port}`;
  start('tracker', [trackerMain, 'serve', '--server', `http://127.0.0.1:${port}`, '--web-origin', webOrigins]);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}
