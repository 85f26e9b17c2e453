import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createFlightEngine } from '@contrail/domain/flight/flight-engine';
import type { TFlightLogDetail } from '@contrail/domain/flight-api/flight-log-contract';
import type { TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';
import { flights } from '../../src/db/schema/index';
import { createSignedInUser } from '../support/factories';
import { completeOver, connected, openUplink, registerShortHop, sendBatch, sendFrames, shortHopFrames, type UplinkClient } from '../flight/support/flight-kit';
import { createSharedDatabase, type SharedDatabase } from '../flight/support/shared-database';
import { freePort, startServerProcess, type ServerProcess } from './server-process';

/**
 * The shipped nginx configuration (deploy/nginx/contrail.conf) in front of two server processes on
 * PostgreSQL and Redis: a flight streams through nginx, the instance holding its uplink is stopped
 * (SIGTERM) mid-flight, the tracker reconnects through nginx to the other, and the flight completes
 * with every frame once. Skipped without nginx, PostgreSQL (TEST_DATABASE_URL) or Redis.
 */
const POSTGRES_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file));
const siteConf = path.resolve(import.meta.dirname, '../../../../deploy/nginx/contrail.conf');

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
const canRun = Boolean(nginx) && (await reachable());

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-lb-'));
const owned: { servers: ServerProcess[]; nginx?: ChildProcess; sockets: UplinkClient[]; shared?: SharedDatabase } = { servers: [], sockets: [] };
afterAll(async () => {
  for (const socket of owned.sockets) socket.disconnect();
  for (const server of owned.servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  owned.nginx?.kill('SIGTERM');
  await owned.shared?.drop();
  fs.rmSync(work, { recursive: true, force: true });
});

const startNginx = async (port: number, upstreamPorts: number[]): Promise<string> => {
  const site = fs.readFileSync(siteConf, 'utf8').replace('listen 8080;', `listen 127.0.0.1:${port};`);
  fs.writeFileSync(path.join(work, 'contrail.conf'), site);
  const upstream = upstreamPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n');
  fs.writeFileSync(
    path.join(work, 'nginx.conf'),
    `pid ${work}/nginx.pid;\nerror_log ${work}/error.log warn;\nevents {}\nhttp {\n  access_log off;\n  client_body_temp_path ${work}/body;\n  proxy_temp_path ${work}/proxy;\n` +
      `  upstream contrail_instances {\n    ip_hash;\n${upstream}\n  }\n  include ${work}/contrail.conf;\n}\n`,
  );
  owned.nginx = spawn(nginx!, ['-p', work, '-c', path.join(work, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return baseUrl;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx did not start: ${fs.readFileSync(path.join(work, 'error.log'), 'utf8')}`);
};

const uplinksOf = async (server: ServerProcess): Promise<number> => {
  const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
  return Number(/^contrail_tracker_uplinks (\d+)/m.exec(text)?.[1] ?? 0);
};

describe.skipIf(!canRun)('two instances behind the shipped nginx configuration', () => {
  it('a flight survives the instance holding its uplink being stopped mid-flight: every frame, once', async () => {
    const shared = await createSharedDatabase(POSTGRES_URL);
    owned.shared = shared;
    const app = await shared.buildApp();
    const pilot = await createSignedInUser(app);
    const frames: TTelemetryFrame[] = shortHopFrames(app.deps.clock.now().getTime() + 86_400_000);
    const flight = await registerShortHop(app, pilot.headers);
    await app.close();

    const env = { ...shared.env, REDIS_URL, REDIS_KEY_PREFIX: `contrail-lb-${randomUUID()}:`, SHUTDOWN_DRAIN_MS: '500' };
    const ports = [await freePort(), await freePort()];
    const servers = [await startServerProcess(ports[0]!, env), await startServerProcess(ports[1]!, env)];
    owned.servers.push(...servers);
    const baseUrl = await startNginx(await freePort(), ports);

    // Through nginx: the public blocks operations endpoints, and passes the request id on.
    expect((await fetch(`${baseUrl}/metrics`)).status).toBe(404);
    const echoed = await fetch(`${baseUrl}/livez`, { headers: { 'x-request-id': 'lb-test-1' } });
    expect(echoed.headers.get('x-request-id')).toBe('lb-test-1');

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

    // The tracker reconnects through nginx, which now reaches the other instance, and resends.
    const second = openUplink(baseUrl, { flightId: flight.id, token: flight.token });
    owned.sockets.push(second);
    await connected(second);
    await sendFrames(second, frames, acked + 1, frames.length);
    const completed = await completeOver(second);
    expect(await uplinksOf(servers.find((server) => server !== holder)!)).toBe(1);

    const check = await shared.buildApp();
    try {
      const [row] = await check.deps.db.select().from(flights).where(eq(flights.id, flight.id));
      expect(row?.status).toBe('complete');
      const reference = createFlightEngine(row!.plan);
      for (const frame of frames) reference.ingest(frame);
      const expected = reference.complete();
      const log = (await check.inject({ url: `/api/v1/flight-log/${completed.flightLogId}`, headers: pilot.headers })).json<TFlightLogDetail>();
      expect(log.events.map((event) => event.key)).toEqual(expected.events.map((event) => event.key));
      expect(log.positionHistory.length).toBe(expected.positionHistory.length);
      expect(log.isArrived).toBe(true);
    } finally {
      await check.close();
    }
  }, 300_000);
});
