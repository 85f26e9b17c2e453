/**
 * The load generator of `npm run bench:ingest`, run as a child process so it never takes the
 * server's event loop. Driven over IPC by ingest.bench.ts:
 *   { type: 'connect', baseUrl, flights: [{ id, token }], echo } -> opens one WebSocket per flight
 *       carrying two namespaces: /uplink (authenticated as that flight) and, unless echo is false
 *       (a server started as `npm start` runs it has no echo), /bench-echo
 *   { type: 'run', namespace, flights, seconds, warmupSeconds, rampSeconds } -> each of the first
 *       `flights` sockets sends one numbered frame per second (spread evenly over the second), open
 *       loop; sockets that never sent on that namespace join one by one over the first
 *       `rampSeconds` (flights start at different times: thousands of first frames in one second,
 *       each a new step, is not a load any server sees);
 *       sends { type: 'mark', at: 'start' | 'end' } when the measured window opens and closes (the
 *       parent reads CPU times then), and answers acks per second, ack latency percentiles, this
 *       process's CPU time over the window and every measured ack (flight by its index in `flights`,
 *       seq, sent and answered, epoch ms; columns of numbers, ClientAcks) for the parent to join with
 *       the server's ingest probe and collector pauses
 *   { type: 'saturate', flights, seconds } -> every echo socket keeps one request outstanding:
 *       the bare Socket.IO echo's capacity
 *   { type: 'close' } -> answers how many frames went up the uplink in all (to compare with the stored rows)
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Manager, type Socket } from 'socket.io-client';
import { findAircraftByIcao } from '@contrail/domain/reference/aircraft-catalogue';
import type { TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';
import { flySimulatedFlight } from '@contrail/sim/fly-simulated-flight';
import { ClientAckColumns } from './ingest-breakdown';

type Client = { index: number; uplink: Socket; echo: Socket | undefined; seq: number; echoSeq: number };
type Command =
  | { type: 'connect'; baseUrl: string; flights: { id: string; token: string }[]; echo?: boolean }
  | { type: 'run'; namespace: 'uplink' | 'echo'; flights: number; seconds: number; warmupSeconds: number; rampSeconds: number }
  | { type: 'saturate'; flights: number; seconds: number }
  | { type: 'close' };

const aircraft = findAircraftByIcao('A320')!;
const frames: TTelemetryFrame[] = flySimulatedFlight({
  departure: { ident: 'EGLL', latitudeDeg: 51.4706, longitudeDeg: -0.461941, elevationFt: 83, runwayHeadingDeg: 270 },
  arrival: { ident: 'LFPG', latitudeDeg: 49.012798, longitudeDeg: 2.55, elevationFt: 392, runwayHeadingDeg: 265 },
  aircraft,
  cruiseLevelFt: 24_000,
  startTimeMs: Date.now(),
});
const clients: Client[] = [];
const reply = (message: unknown) => process.send?.(message);

const waitConnected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error: Error) => reject(error));
  });

const connect = async (baseUrl: string, flights: { id: string; token: string }[], withEcho: boolean) => {
  const chunk = 100;
  for (let start = 0; start < flights.length; start += chunk) {
    await Promise.all(
      flights.slice(start, start + chunk).map(async (flight, offset) => {
        // A long connect timeout: the machine may be shared, and thousands of handshakes queue up.
        const manager = new Manager(baseUrl, { transports: ['websocket'], reconnection: false, timeout: 180_000 });
        const uplink = manager.socket('/uplink', { auth: { flightId: flight.id, token: flight.token } });
        const echo = withEcho ? manager.socket('/bench-echo') : undefined;
        uplink.connect();
        echo?.connect();
        await Promise.all([waitConnected(uplink), ...(echo ? [waitConnected(echo)] : [])]);
        clients.push({ index: start + offset, uplink, echo, seq: 0, echoSeq: 0 });
      }),
    );
  }
};

const round1 = (value: number) => Math.round(value * 10) / 10;
const percentile = (sorted: Float64Array, p: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!);

const run = async (command: Extract<Command, { type: 'run' }>) => {
  const active = clients.slice(0, command.flights);
  const periodMs = 1000;
  const startMs = performance.now();
  const measureFromMs = startMs + command.warmupSeconds * 1000;
  const endMs = measureFromMs + command.seconds * 1000;
  const latencies: number[] = [];
  const acks = new ClientAckColumns(Math.ceil(command.flights * command.seconds * 1.1));
  // How late each measured frame left against its schedule: a stall of this process sends a
  // burst afterwards, which the server would pay for, though no tracker fleet sends that way.
  const sendLateness: number[] = [];
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  let cpuAtStart = process.cpuUsage();
  setTimeout(() => {
    cpuAtStart = process.cpuUsage();
    loopDelay.enable();
    reply({ type: 'mark', at: 'start' });
  }, measureFromMs - startMs);
  let acked = 0;
  let errors = 0;
  let sent = 0;
  // Flight i sends at i/n of each second; one that never sent starts at i/n of the ramp (until then
  // its turns pass without a frame, which keeps the round-robin below in send-time order).
  const next = active.map((_, i) => startMs + (i / active.length) * periodMs);
  const isNew = (client: Client) => (command.namespace === 'uplink' ? client.seq : client.echoSeq) === 0;
  const startsAt = active.map((client, i) => (isNew(client) ? startMs + (i / active.length) * command.rampSeconds * 1000 : startMs));
  let cursor = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      if (now >= endMs) {
        reply({ type: 'mark', at: 'end' });
        resolve();
        return;
      }
      for (let scanned = 0; scanned < active.length; scanned += 1) {
        const i = cursor;
        if (next[i]! > now) break;
        cursor = (cursor + 1) % active.length;
        const scheduledAt = next[i]!;
        next[i]! += periodMs;
        if (now < startsAt[i]!) continue;
        if (scheduledAt >= measureFromMs) sendLateness.push(now - scheduledAt);
        const client = active[i]!;
        const socket = command.namespace === 'uplink' ? client.uplink : client.echo!;
        const seq = command.namespace === 'uplink' ? (client.seq += 1) : (client.echoSeq += 1);
        const frame = frames[(seq - 1) % frames.length]!;
        const sentAt = performance.now();
        sent += 1;
        socket.emit('frames', { frames: [{ seq, frame }] }, (answer: { ackSeq?: number; error?: unknown }) => {
          const doneAt = performance.now();
          if (sentAt < measureFromMs || doneAt > endMs) return;
          if (answer.ackSeq !== seq) errors += 1;
          else {
            acked += 1;
            latencies.push(doneAt - sentAt);
            acks.add(client.index, seq, performance.timeOrigin + sentAt, performance.timeOrigin + doneAt);
          }
        });
      }
      setTimeout(tick, 2);
    };
    tick();
  });
  const cpu = process.cpuUsage(cpuAtStart);
  loopDelay.disable();
  const lateness = Float64Array.from(sendLateness).sort();
  // Let the last acks of the window arrive.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const sorted = Float64Array.from(latencies).sort();
  reply({
    type: 'result',
    namespace: command.namespace,
    flights: command.flights,
    sent,
    acked,
    errors,
    framesPerSecond: acked / command.seconds,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    maxMs: sorted.length ? sorted[sorted.length - 1] : 0,
    loadGeneratorCpuMicros: cpu.user + cpu.system,
    loadGenerator: {
      sendLatenessMs: { p50: round1(percentile(lateness, 0.5)), p99: round1(percentile(lateness, 0.99)), max: round1(lateness.at(-1) ?? 0) },
      eventLoopDelayMaxMs: round1(loopDelay.max / 1e6),
    },
    acks: acks.toAcks(),
  });
};

const saturate = async (command: Extract<Command, { type: 'saturate' }>) => {
  const active = clients.slice(0, command.flights);
  const endMs = performance.now() + command.seconds * 1000;
  let acked = 0;
  const frame = frames[0];
  await Promise.all(
    active.map(
      (client) =>
        new Promise<void>((resolve) => {
          const send = () => {
            if (performance.now() >= endMs) return resolve();
            client.echo!.emit('frames', { frames: [{ seq: (client.echoSeq += 1), frame }] }, () => {
              acked += 1;
              send();
            });
          };
          send();
        }),
    ),
  );
  reply({ type: 'saturated', flights: command.flights, echoPerSecond: acked / command.seconds });
};

process.on('message', (command: Command) => {
  const work = async () => {
    switch (command.type) {
      case 'connect':
        await connect(command.baseUrl, command.flights, command.echo !== false);
        reply({ type: 'connected', count: clients.length });
        return;
      case 'run':
        await run(command);
        return;
      case 'saturate':
        await saturate(command);
        return;
      case 'close':
        for (const client of clients) {
          client.uplink.disconnect();
          client.echo?.disconnect();
        }
        reply({ type: 'closed', uplinkSent: clients.reduce((total, client) => total + client.seq, 0) });
        setTimeout(() => process.exit(0), 100);
        return;
    }
  };
  work().catch((error: unknown) => reply({ type: 'error', message: String(error) }));
});
reply({ type: 'ready' });
