import fs from 'node:fs';
import os from 'node:os';
import type { IngestTiming } from '../src/modules/flight/ingest-probe';

/**
 * What bench:ingest measures besides latency: where each acknowledgement's time went (the server's
 * ingest probe joined with the load generator's send and receive times) and the CPU time the
 * processes used (from Linux's /proc, so it does not depend on how the shared cores were dealt).
 */

/** One acknowledged batch as the load generator saw it: which flight, its sequence, when sent and answered (epoch ms). */
export type ClientAcks = { flightIds: string[]; seqs: number[]; sentAt: number[]; ackAt: number[] };

/** The parts of one acknowledgement, in order, in ms. */
export const PARTS = [
  /** From the tracker's emit to the server's handler: the tracker's write, the kernel, then the server's event loop reaching the socket. */
  'socketIn',
  /** Waiting for earlier operations of the same flight, and loading it. */
  'flightTurn',
  /** Validation and the flight engine. */
  'engine',
  /** Waiting in the open commit group until it closed (window or size). */
  'groupWindow',
  /** The closed group waiting for a free commit slot. */
  'commitQueue',
  /** The group's transaction. */
  'commit',
  /** After the commit, until this batch's turn came (the group's other batches resume first). */
  'resume',
  /** Writing the flight's messages and the acknowledgement to the socket. */
  'ackWrite',
  /** From the server's write to the tracker's callback: the kernel, then the tracker's event loop. */
  'ackOut',
] as const;
export type Part = (typeof PARTS)[number];

const round1 = (value: number) => Math.round(value * 10) / 10;
const percentile = (sorted: Float64Array, p: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!);

export type Breakdown = {
  /** Acknowledgements matched with the server's record. */
  matched: number;
  /** Each part's p50 and p99 over every acknowledgement, ms. */
  parts: Record<Part, { p50: number; p99: number }>;
  /** Each part's mean over the slowest 1 % of acknowledgements (their total at or above the p99): what the tail is made of. */
  tailMeans: Record<Part, number> & { total: number };
};

/** Joins the server's records (performance.now() of this process) with the generator's (epoch ms). */
export const breakdownOf = (server: readonly IngestTiming[], client: ClientAcks): Breakdown => {
  const origin = performance.timeOrigin;
  const byKey = new Map<string, IngestTiming>();
  for (const timing of server) byKey.set(`${timing.flightId}:${timing.ackSeq}`, timing);
  const rows: { total: number; parts: number[] }[] = [];
  for (let i = 0; i < client.seqs.length; i += 1) {
    const t = byKey.get(`${client.flightIds[i]}:${client.seqs[i]}`);
    if (!t) continue;
    const sent = client.sentAt[i]! - origin;
    const acked = client.ackAt[i]! - origin;
    rows.push({
      total: acked - sent,
      parts: [
        t.receivedAt - sent,
        t.workStartedAt - t.receivedAt,
        t.engineDoneAt - t.workStartedAt,
        t.groupClosedAt - t.engineDoneAt,
        t.commitStartedAt - t.groupClosedAt,
        t.committedAt - t.commitStartedAt,
        t.resumedAt - t.committedAt,
        t.ackedAt - t.resumedAt,
        acked - t.ackedAt,
      ],
    });
  }
  const parts = {} as Breakdown['parts'];
  PARTS.forEach((part, index) => {
    const sorted = Float64Array.from(rows, (row) => row.parts[index]!).sort();
    parts[part] = { p50: round1(percentile(sorted, 0.5)), p99: round1(percentile(sorted, 0.99)) };
  });
  const totals = Float64Array.from(rows, (row) => row.total).sort();
  const tailFrom = percentile(totals, 0.99);
  const tail = rows.filter((row) => row.total >= tailFrom);
  const tailMeans = { total: round1(tail.reduce((sum, row) => sum + row.total, 0) / Math.max(1, tail.length)) } as Breakdown['tailMeans'];
  PARTS.forEach((part, index) => {
    tailMeans[part] = round1(tail.reduce((sum, row) => sum + row.parts[index]!, 0) / Math.max(1, tail.length));
  });
  return { matched: rows.length, parts, tailMeans };
};

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const PROC_TICKS_PER_SECOND = 100;

const cpuMicrosOfStat = (stat: string): number => {
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / PROC_TICKS_PER_SECOND;
};

/**
 * The CPU time (user and system) a process and its descendants (a cluster's workers) have used so
 * far, in microseconds, from /proc; undefined where there is none (not Linux, process gone).
 */
export const cpuMicrosOfTree = (pid: number): number | undefined => {
  try {
    const own = cpuMicrosOfStat(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ').filter(Boolean).map(Number);
    return children.reduce((total, child) => total + (cpuMicrosOfTree(child) ?? 0), own);
  } catch {
    return undefined;
  }
};

/**
 * The CPU time each PostgreSQL process on this host has used so far, in microseconds, by pid (the
 * database server of the PostgreSQL cases; other users of the same server count too).
 */
export const postgresCpuMicros = (): Map<number, number> => {
  const byPid = new Map<number, number>();
  try {
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
        byPid.set(Number(entry), cpuMicrosOfStat(fs.readFileSync(`/proc/${entry}/stat`, 'utf8')));
      } catch {
        // gone meanwhile
      }
    }
  } catch {
    // no /proc
  }
  return byPid;
};

/** What PostgreSQL's processes used between two readings (a process that ended meanwhile is left out, one that started counts whole). */
export const postgresCpuBetween = (before: Map<number, number>, after: Map<number, number>): number | undefined => {
  if (after.size === 0) return undefined;
  let total = 0;
  for (const [pid, micros] of after) total += micros - (before.get(pid) ?? 0);
  return total;
};

/** The machine's load averages (1, 5, 15 minutes), two decimals: the benchmarks share the cores. */
export const loadAverage = (): number[] => os.loadavg().map((value) => Math.round(value * 100) / 100);
