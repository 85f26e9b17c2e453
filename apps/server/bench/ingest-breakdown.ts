import os from 'node:os';
import type { IngestTiming } from '../src/modules/flight/ingest-probe';

/**
 * What bench:ingest measures besides latency: where each acknowledgement's time went (the server's
 * ingest probe joined with the load generator's send and receive times) and the CPU time the
 * processes used (from Linux's /proc, so it does not depend on how the shared cores were dealt).
 */

/** One acknowledged batch as the load generator saw it: which flight, its sequence, when sent and answered (epoch ms). */
export type ClientAcks = { flightIds: string[]; seqs: number[]; sentAt: number[]; ackAt: number[] };

const TIMING_NUMBERS = ['ackSeq', 'receivedAt', 'workStartedAt', 'engineDoneAt', 'groupClosedAt', 'commitStartedAt', 'committedAt', 'resumedAt', 'ackedAt'] as const;

/**
 * The ingest probe's timings over a window, kept in one typed array (and the flights' own id
 * strings): an object kept per acknowledgement would live through the window, be promoted by the
 * measured server's collector and copied on the way, adding to the very pauses the window measures.
 */
export class TimingLog {
  private numbers: Float64Array;
  private flightIds: string[] = [];

  constructor(expectedRows: number) {
    this.numbers = new Float64Array(TIMING_NUMBERS.length * Math.max(1024, expectedRows));
  }

  clear(): void {
    this.flightIds = [];
  }

  add(timing: IngestTiming): void {
    const row = this.flightIds.length;
    const width = TIMING_NUMBERS.length;
    if ((row + 1) * width > this.numbers.length) {
      const grown = new Float64Array(this.numbers.length * 2);
      grown.set(this.numbers);
      this.numbers = grown;
    }
    for (let field = 0; field < width; field += 1) this.numbers[row * width + field] = timing[TIMING_NUMBERS[field]!];
    this.flightIds.push(timing.flightId);
  }

  /** The timings as objects, once the window is over. */
  toTimings(): IngestTiming[] {
    const width = TIMING_NUMBERS.length;
    return this.flightIds.map((flightId, row) => {
      const timing = { flightId } as IngestTiming;
      TIMING_NUMBERS.forEach((field, index) => (timing[field] = this.numbers[row * width + index]!));
      return timing;
    });
  }
}

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
/** The value at fraction `p` of `sorted` (ascending): 0.5 the median, the upper of the two middles for an even count. */
export const percentile = (sorted: Float64Array, p: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!);

export type Breakdown = {
  /** Acknowledgements matched with the server's record. */
  matched: number;
  /** Each part's p50 and p99 over every acknowledgement, ms. */
  parts: Record<Part, { p50: number; p99: number }>;
  /** Each part's mean over the slowest 1 % of acknowledgements (their total at or above the p99): what the tail is made of. */
  tailMeans: Record<Part, number> & { total: number };
  /** The commit groups of the window: how many, their batches (p50, p99, largest) and commit times (p50, p99, longest), ms. */
  groups: { count: number; batches: { p50: number; p99: number; max: number }; commitMs: { p50: number; p99: number; max: number } };
};

/** Each commit group's batches and commit time, a group being the acknowledgements that share its close time. */
const groupsOf = (server: readonly IngestTiming[]): Breakdown['groups'] => {
  const byGroup = new Map<number, { batches: number; commitMs: number }>();
  for (const timing of server) {
    const group = byGroup.get(timing.groupClosedAt);
    if (group) group.batches += 1;
    else byGroup.set(timing.groupClosedAt, { batches: 1, commitMs: timing.committedAt - timing.commitStartedAt });
  }
  const summary = (values: number[]) => {
    const sorted = Float64Array.from(values).sort();
    return { p50: round1(percentile(sorted, 0.5)), p99: round1(percentile(sorted, 0.99)), max: round1(sorted.at(-1) ?? 0) };
  };
  const groups = [...byGroup.values()];
  return { count: groups.length, batches: summary(groups.map((group) => group.batches)), commitMs: summary(groups.map((group) => group.commitMs)) };
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
  return { matched: rows.length, parts, tailMeans, groups: groupsOf(server) };
};

/** The machine's load averages (1, 5, 15 minutes), two decimals: the benchmarks share the cores. */
export const loadAverage = (): number[] => os.loadavg().map((value) => Math.round(value * 100) / 100);
