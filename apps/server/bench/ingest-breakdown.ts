import os from 'node:os';
import type { IngestTiming } from '../src/modules/flight/ingest-probe';

/**
 * What bench:ingest measures besides latency: where each acknowledgement's time went (the server's
 * ingest probe joined with the load generator's send and receive times) and the CPU time the
 * processes used (from Linux's /proc, so it does not depend on how the shared cores were dealt).
 */

/**
 * The acknowledged batches of a window as the load generator saw them, one column each: which flight
 * (its index in the list the generator connected), its sequence, when sent and answered (epoch ms).
 * Columns of numbers cross the process boundary as a few buffers (the fork's `advanced`
 * serialization): a hundred thousand objects or id strings would be parsed into the measured
 * server's heap between windows, and the collector would pay for them in the next one.
 */
export type ClientAcks = { flights: Int32Array; seqs: Int32Array; sentAt: Float64Array; ackAt: Float64Array };

/** Columns that grow, for the generator to fill as acknowledgements come in. */
export class ClientAckColumns {
  private length = 0;
  private acks: ClientAcks;

  constructor(expectedRows: number) {
    this.acks = ClientAckColumns.allocate(Math.max(1024, expectedRows));
  }

  private static allocate(rows: number): ClientAcks {
    return { flights: new Int32Array(rows), seqs: new Int32Array(rows), sentAt: new Float64Array(rows), ackAt: new Float64Array(rows) };
  }

  add(flight: number, seq: number, sentAt: number, ackAt: number): void {
    if (this.length === this.acks.seqs.length) {
      const grown = ClientAckColumns.allocate(this.length * 2);
      grown.flights.set(this.acks.flights);
      grown.seqs.set(this.acks.seqs);
      grown.sentAt.set(this.acks.sentAt);
      grown.ackAt.set(this.acks.ackAt);
      this.acks = grown;
    }
    const row = this.length;
    this.acks.flights[row] = flight;
    this.acks.seqs[row] = seq;
    this.acks.sentAt[row] = sentAt;
    this.acks.ackAt[row] = ackAt;
    this.length += 1;
  }

  /** The filled rows (copies the size of the data, to send). */
  toAcks(): ClientAcks {
    const { flights, seqs, sentAt, ackAt } = this.acks;
    const rows = this.length;
    return { flights: flights.slice(0, rows), seqs: seqs.slice(0, rows), sentAt: sentAt.slice(0, rows), ackAt: ackAt.slice(0, rows) };
  }
}

const TIMING_NUMBERS = ['ackSeq', 'receivedAt', 'workStartedAt', 'engineDoneAt', 'groupClosedAt', 'commitStartedAt', 'committedAt', 'resumedAt', 'ackedAt'] as const;
type TimingNumber = (typeof TIMING_NUMBERS)[number];
/** A row of the log: the timing's numbers, then the flight's index. */
const ROW_WIDTH = TIMING_NUMBERS.length + 1;
const FLIGHT_COLUMN = TIMING_NUMBERS.length;
const column = Object.fromEntries(TIMING_NUMBERS.map((field, index) => [field, index])) as Record<TimingNumber, number>;

/**
 * The ingest probe's timings over a window, kept in one typed array, each flight by its index in the
 * seeded list: an object or id kept per acknowledgement would live through the window, be promoted
 * by the measured server's collector and copied on the way, adding to the very pauses the window
 * measures.
 */
export class TimingLog {
  private numbers: Float64Array;
  private rows = 0;
  private readonly flightIndexes: Map<string, number>;

  /** `flightIds`: the flights in the order the load generator was given them. */
  constructor(flightIds: readonly string[], expectedRows: number) {
    this.flightIndexes = new Map(flightIds.map((id, index) => [id, index]));
    this.numbers = new Float64Array(ROW_WIDTH * Math.max(1024, expectedRows));
  }

  clear(): void {
    this.rows = 0;
  }

  add(timing: IngestTiming): void {
    if ((this.rows + 1) * ROW_WIDTH > this.numbers.length) {
      const grown = new Float64Array(this.numbers.length * 2);
      grown.set(this.numbers);
      this.numbers = grown;
    }
    const start = this.rows * ROW_WIDTH;
    for (let field = 0; field < TIMING_NUMBERS.length; field += 1) this.numbers[start + field] = timing[TIMING_NUMBERS[field]!];
    this.numbers[start + FLIGHT_COLUMN] = this.flightIndexes.get(timing.flightId) ?? -1;
    this.rows += 1;
  }

  get length(): number {
    return this.rows;
  }

  /** Row `row`'s `field`. */
  value(row: number, field: TimingNumber): number {
    return this.numbers[row * ROW_WIDTH + column[field]]!;
  }

  /** Row `row`'s flight, as its index in the seeded list (-1 for a flight not in it). */
  flight(row: number): number {
    return this.numbers[row * ROW_WIDTH + FLIGHT_COLUMN]!;
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
const groupsOf = (server: TimingLog): Breakdown['groups'] => {
  const byGroup = new Map<number, { batches: number; commitMs: number }>();
  for (let row = 0; row < server.length; row += 1) {
    const closedAt = server.value(row, 'groupClosedAt');
    const group = byGroup.get(closedAt);
    if (group) group.batches += 1;
    else byGroup.set(closedAt, { batches: 1, commitMs: server.value(row, 'committedAt') - server.value(row, 'commitStartedAt') });
  }
  const summary = (values: number[]) => {
    const sorted = Float64Array.from(values).sort();
    return { p50: round1(percentile(sorted, 0.5)), p99: round1(percentile(sorted, 0.99)), max: round1(sorted.at(-1) ?? 0) };
  };
  const groups = [...byGroup.values()];
  return { count: groups.length, batches: summary(groups.map((group) => group.batches)), commitMs: summary(groups.map((group) => group.commitMs)) };
};

/**
 * A flight and sequence as one small integer (a Map key V8 stores unboxed): sequences stay far
 * below this in a benchmark of minutes at 1 Hz.
 */
const SEQS_PER_FLIGHT = 2 ** 17;
const ackKey = (flight: number, seq: number) => {
  if (seq >= SEQS_PER_FLIGHT) throw new Error(`sequence ${seq} is past what the breakdown joins on`);
  return flight * SEQS_PER_FLIGHT + seq;
};

/** Joins the server's records (performance.now() of this process) with the generator's (epoch ms). */
export const breakdownOf = (server: TimingLog, client: ClientAcks): Breakdown => {
  const origin = performance.timeOrigin;
  const rowByAck = new Map<number, number>();
  for (let row = 0; row < server.length; row += 1) rowByAck.set(ackKey(server.flight(row), server.value(row, 'ackSeq')), row);
  // One row per matched acknowledgement: its total, then its parts.
  const width = 1 + PARTS.length;
  const rows = new Float64Array(client.seqs.length * width);
  let matched = 0;
  for (let i = 0; i < client.seqs.length; i += 1) {
    const row = rowByAck.get(ackKey(client.flights[i]!, client.seqs[i]!));
    if (row === undefined) continue;
    const at = (field: TimingNumber) => server.value(row, field);
    const sent = client.sentAt[i]! - origin;
    const acked = client.ackAt[i]! - origin;
    rows.set(
      [
        acked - sent,
        at('receivedAt') - sent,
        at('workStartedAt') - at('receivedAt'),
        at('engineDoneAt') - at('workStartedAt'),
        at('groupClosedAt') - at('engineDoneAt'),
        at('commitStartedAt') - at('groupClosedAt'),
        at('committedAt') - at('commitStartedAt'),
        at('resumedAt') - at('committedAt'),
        at('ackedAt') - at('resumedAt'),
        acked - at('ackedAt'),
      ],
      matched * width,
    );
    matched += 1;
  }
  const columnOf = (index: number) => Float64Array.from({ length: matched }, (_, row) => rows[row * width + index]!);
  const parts = {} as Breakdown['parts'];
  PARTS.forEach((part, index) => {
    const sorted = columnOf(1 + index).sort();
    parts[part] = { p50: round1(percentile(sorted, 0.5)), p99: round1(percentile(sorted, 0.99)) };
  });
  const totals = columnOf(0);
  const tailFrom = percentile(totals.slice().sort(), 0.99);
  const sums = new Float64Array(width);
  let tail = 0;
  for (let row = 0; row < matched; row += 1) {
    if (totals[row]! < tailFrom) continue;
    tail += 1;
    for (let index = 0; index < width; index += 1) sums[index]! += rows[row * width + index]!;
  }
  const meanOf = (index: number) => round1(sums[index]! / Math.max(1, tail));
  const tailMeans = { total: meanOf(0) } as Breakdown['tailMeans'];
  PARTS.forEach((part, index) => {
    tailMeans[part] = meanOf(1 + index);
  });
  return { matched, parts, tailMeans, groups: groupsOf(server) };
};

/** The machine's load averages (1, 5, 15 minutes), two decimals: the benchmarks share the cores. */
export const loadAverage = (): number[] => os.loadavg().map((value) => Math.round(value * 100) / 100);
