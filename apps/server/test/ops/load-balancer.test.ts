import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';
import { createSignedInUser } from '../support/factories';
import { completeOver, expectLogOfReferenceEngine, connected, openUplink, registerShortHop, sendBatch, sendFrames, shortHopFrames, type UplinkClient } from '../flight/support/flight-kit';
import { createSharedDatabase, type SharedDatabase } from '../flight/support/shared-database';
import { freePort, startServerProcess, type ServerProcess } from '../support/server-process';

/**
 * The shipped proxy configurations (deploy/nginx/contrail.conf, deploy/haproxy/contrail.cfg) in
 * front of two server processes on PostgreSQL and Redis: the operations endpoints are refused
 * however their path is spelled, a flight streams through the proxy, the
 * instance holding its uplink is stopped (SIGTERM) mid-flight, the tracker reconnects through the
 * proxy to the other, and the flight completes with every frame once. Each proxy is skipped when
 * its binary is absent; everything without PostgreSQL (TEST_DATABASE_URL) or Redis.
 */
const POSTGRES_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const deployDir = path.resolve(import.meta.dirname, '../../../../deploy');

const reachable = async (): Promise<boolean> => {
  if (!POSTGRES_URL) return false;
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
};
const hasPostgres = await reachable();

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-lb-'));
const owned: { servers: ServerProcess[]; proxies: ChildProcess[]; sockets: UplinkClient[]; shared: SharedDatabase[] } = { servers: [], proxies: [], sockets: [], shared: [] };
afterAll(async () => {
  for (const socket of owned.sockets) socket.disconnect();
  for (const server of owned.servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  for (const proxy of owned.proxies) proxy.kill('SIGTERM');
  for (const shared of owned.shared) await shared.drop();
  fs.rmSync(work, { recursive: true, force: true });
});

/** Resolves with the proxy's base URL once /readyz answers through it. */
const waitForProxy = async (port: number, logFile: string, name: string): Promise<string> => {
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return baseUrl;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} did not start: ${fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : ''}`);
};

const startNginx = async (binary: string, dir: string, port: number, upstreamPorts: number[]): Promise<string> => {
  const site = fs.readFileSync(path.join(deployDir, 'nginx/contrail.conf'), 'utf8').replace('listen 8080;', `listen 127.0.0.1:${port};`);
  fs.writeFileSync(path.join(dir, 'contrail.conf'), site);
  const upstream = upstreamPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n');
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\nevents {}\nhttp {\n  access_log off;\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n` +
      `  upstream contrail_instances {\n    ip_hash;\n${upstream}\n  }\n  include ${dir}/contrail.conf;\n}\n`,
  );
  owned.proxies.push(spawn(binary, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' }));
  return waitForProxy(port, path.join(dir, 'error.log'), 'nginx');
};

/** The shipped file as it is, but for its bind address and its server lines (the instances here). */
const startHaproxy = async (binary: string, dir: string, port: number, upstreamPorts: number[]): Promise<string> => {
  const shipped = fs.readFileSync(path.join(deployDir, 'haproxy/contrail.cfg'), 'utf8');
  const servers = upstreamPorts.map((p, i) => `  server contrail-${i + 1} 127.0.0.1:${p} cookie contrail-${i + 1}`).join('\n');
  const cfg = `${shipped.replace(/^\s*bind :8080$/m, `  bind 127.0.0.1:${port}`).replace(/^\s*server .*\n?/gm, '')}${servers}\n`;
  fs.writeFileSync(path.join(dir, 'haproxy.cfg'), cfg);
  const logFile = path.join(dir, 'haproxy.log');
  const log = fs.openSync(logFile, 'w');
  owned.proxies.push(spawn(binary, ['-db', '-f', path.join(dir, 'haproxy.cfg')], { stdio: ['ignore', log, log] }));
  return waitForProxy(port, logFile, 'HAProxy');
};

const findBinary = (name: string): string | undefined => [`/usr/sbin/${name}`, `/usr/bin/${name}`].find((file) => fs.existsSync(file));

const proxies = [
  // nginx keeps a client on an instance by source address (ip_hash), HAProxy by a cookie it sets.
  { name: 'nginx', config: 'deploy/nginx/contrail.conf', binary: findBinary('nginx'), start: startNginx, stickyCookie: undefined },
  { name: 'HAProxy', config: 'deploy/haproxy/contrail.cfg', binary: findBinary('haproxy'), start: startHaproxy, stickyCookie: 'contrail_instance=contrail-' },
];

/** A request whose path goes out exactly as written (fetch would resolve its dot segments first). */
const rawRequest = (baseUrl: string, method: string, rawPath: string): Promise<{ status: number; body: string }> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(baseUrl);
    const request = http.request({ host: hostname, port, method, path: rawPath, headers: { 'content-type': 'application/json' } }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end(method === 'POST' ? '{"hours":1}' : undefined);
  });

/** The operations endpoints spelled as the server's router still reads them: percent-encoded letters, dot segments. */
const operationsSpellings: [method: string, path: string][] = [
  ['GET', '/metrics'],
  ['GET', '/%6Detrics'],
  ['GET', '/metric%73'],
  ['GET', '/./metrics'],
  ['GET', '/api/../metrics'],
  ['POST', '/ops/clock/advance'],
  ['POST', '/%6Fps/clock/advance'],
  ['POST', '/%6F%70%73/clock/advance'],
  ['POST', '/./ops/clock/advance'],
];

const uplinksOf = async (server: ServerProcess): Promise<number> => {
  const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
  return Number(/^contrail_tracker_uplinks (\d+)/m.exec(text)?.[1] ?? 0);
};

for (const { name, config, binary, start, stickyCookie } of proxies) describe(`two instances behind the shipped ${name} configuration (${config})`, () => {
  const skipReason = !binary ? `skipped: no ${name} binary (apt-get install ${name.toLowerCase()})` : !hasPostgres ? 'skipped: PostgreSQL not reachable at TEST_DATABASE_URL' : undefined;
  it.skipIf(skipReason)(`operations endpoints stay private however spelled, and a flight survives the instance holding its uplink being stopped mid-flight: every frame, once${skipReason ? ` (${skipReason})` : ''}`, async () => {
    const shared = await createSharedDatabase(POSTGRES_URL);
    owned.shared.push(shared);
    const app = await shared.buildApp();
    const pilot = await createSignedInUser(app);
    const frames: TTelemetryFrame[] = shortHopFrames(app.deps.clock.now().getTime() + 86_400_000);
    const flight = await registerShortHop(app, pilot.headers);
    await app.close();

    const env = { ...shared.env, REDIS_URL, REDIS_KEY_PREFIX: `contrail-lb-${randomUUID()}:`, SHUTDOWN_DRAIN_MS: '500' };
    const ports = [await freePort(), await freePort()];
    const servers = [await startServerProcess({ port: ports[0]!, env, loader: 'built' }), await startServerProcess({ port: ports[1]!, env, loader: 'built' })];
    owned.servers.push(...servers);
    const dir = fs.mkdtempSync(path.join(work, `${name.toLowerCase()}-`));
    const baseUrl = await start(binary!, dir, await freePort(), ports);

    // Through the proxy: the public blocks operations endpoints however they are spelled (the
    // proxy answers, in its own words; the server, which answers such a spelling directly, never
    // sees it), and passes the request id on.
    expect((await rawRequest(servers[0]!.baseUrl, 'GET', '/%6Detrics')).status).toBe(200);
    for (const [method, spelling] of operationsSpellings) {
      const answer = await rawRequest(baseUrl, method, spelling);
      expect([400, 404], `${method} ${spelling}`).toContain(answer.status);
      expect(answer.body, `${method} ${spelling} reached the server`).not.toContain('"success"');
    }
    const echoed = await fetch(`${baseUrl}/livez`, { headers: { 'x-request-id': 'lb-test-1' } });
    expect(echoed.headers.get('x-request-id')).toBe('lb-test-1');
    if (stickyCookie) expect(echoed.headers.get('set-cookie')).toContain(stickyCookie);

    const first = openUplink(baseUrl, { flightId: flight.id, token: flight.token });
    owned.sockets.push(first);
    await connected(first);
    await sendFrames(first, frames, 1, 1000);
    const holders = await Promise.all(servers.map(uplinksOf));
    expect(holders.toSorted()).toEqual([0, 1]);
    const holder = servers[holders.indexOf(1)]!;

    // Stop that instance while the tracker keeps streaming.
    let acked = 1000;
    holder.child.kill('SIGTERM');
    for (let seq = 1001; seq <= frames.length && first.connected; seq += 50) {
      const items = frames.slice(seq - 1, seq + 49).map((frame, i) => ({ seq: seq + i, frame }));
      const answer = await sendBatch(first, items).catch(() => null);
      if (!answer || 'error' in answer) break;
      acked = answer.ackSeq;
      await new Promise((resolve) => setTimeout(resolve, 50)); // a tracker at catch-up pace, so the stop lands mid-flight
    }
    expect(await holder.exited).toBe(0);
    expect(acked).toBeLessThan(frames.length);

    // The tracker reconnects through the proxy, which now reaches the other instance, and resends.
    const second = openUplink(baseUrl, { flightId: flight.id, token: flight.token });
    owned.sockets.push(second);
    await connected(second);
    await sendFrames(second, frames, acked + 1, frames.length);
    const completed = await completeOver(second);
    expect(await uplinksOf(servers.find((server) => server !== holder)!)).toBe(1);

    const check = await shared.buildApp();
    try {
      await expectLogOfReferenceEngine(check, flight.id, completed.flightLogId, pilot.headers, frames);
    } finally {
      await check.close();
    }
  }, 300_000);
});
