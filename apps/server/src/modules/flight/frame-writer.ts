import type { FlightEngineSnapshot } from '@contrail/domain/flight/flight-engine-types';
import type { TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';
import type { Database } from '../../db/database';
import { writeFrameGroup } from './flight.repository';
import type { GroupTiming } from './ingest-probe';

/** One numbered frame to store; `frame` null records a refused (malformed) sequence number. */
export type FrameRow = { flightId: string; seq: number; frame: TTelemetryFrame | null };

/** What a flight's row learns with a batch: a new engine snapshot, a new step, readiness. */
export type FlightStateUpdate = {
  flightId: string;
  snapshot?: { state: FlightEngineSnapshot; seq: number };
  flightStep?: string;
  readyToEndFlight?: boolean;
  arrivalIdent?: string;
  cruiseLevelFt?: number;
};

export type FrameWriterOptions = {
  /**
   * Longest wait before a buffered frame is written while another group is being written (group
   * commit window), ms. With no group being written, a group is written at the end of the event
   * loop's turn instead: waiting would only add latency.
   */
  intervalMs: number;
  /** Write at once when this many rows are waiting. */
  maxRows: number;
  /**
   * Groups written at the same time, each in its own transaction: 2 on PostgreSQL, so one slow
   * commit (a WAL flush) does not hold the next group back; 1 on PGlite, which has one connection.
   */
  concurrentCommits: number;
  now: () => Date;
};

type Group = {
  rows: FrameRow[];
  updates: Map<string, FlightStateUpdate>;
  waiters: { resolve: (timing: GroupTiming) => void; reject: (error: unknown) => void }[];
  timing: GroupTiming;
};

const emptyGroup = (): Group => ({ rows: [], updates: new Map(), waiters: [], timing: { closedAt: 0, commitStartedAt: 0, committedAt: 0 } });

const mergeUpdate = (into: Map<string, FlightStateUpdate>, update: FlightStateUpdate) => {
  const current = into.get(update.flightId);
  into.set(update.flightId, current ? { ...current, ...update } : update);
};

/**
 * Group commit for frames (docs/decisions/0006-frame-ingestion.md): callers hand rows in and wait;
 * one statement (writeFrameGroup: one round trip, atomic) writes everything waiting, then every
 * waiter resumes, so a frame is acknowledged only once it is durable. A group is written at the
 * end of the current event-loop turn when no other group is being written (an idle server does not
 * wait for a window), otherwise when `intervalMs` has passed, the group being written has
 * finished, or `maxRows` rows wait. So thousands of flights at 1 Hz cost a few dozen statements
 * a second. A flight never has rows in two groups (its next batch waits for this one's answer,
 * FlightRuntime.serialize), so groups written side by side never touch the same flight.
 */
export class FrameWriter {
  private group: Group = emptyGroup();
  private timer: NodeJS.Timeout | undefined;
  private immediate: NodeJS.Immediate | undefined;
  private readonly writing = new Set<Promise<void>>();
  /** Groups closed while `concurrentCommits` were already being written, oldest first. */
  private readonly queued: Group[] = [];
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly options: FrameWriterOptions,
  ) {}

  /**
   * Resolves once the rows and the update are committed, with when the group closed and committed
   * (the same object for every write of the group); rejects when that transaction failed.
   */
  write(rows: FrameRow[], update?: FlightStateUpdate): Promise<GroupTiming> {
    if (this.closed) return Promise.reject(new Error('frame writer closed'));
    const group = this.group;
    for (const row of rows) group.rows.push(row);
    if (update) mergeUpdate(group.updates, update);
    const done = new Promise<GroupTiming>((resolve, reject) => group.waiters.push({ resolve, reject }));
    if (group.rows.length >= this.options.maxRows) this.startGroup();
    else if (this.writing.size === 0) this.immediate ??= setImmediate(() => this.startGroup());
    else this.timer ??= setTimeout(() => this.startGroup(), this.options.intervalMs);
    return done;
  }

  /** Writes whatever waits now and resolves when everything handed in so far is written. */
  async flush(): Promise<void> {
    if (this.group.waiters.length > 0) this.startGroup();
    while (this.writing.size > 0) await Promise.all(this.writing);
  }

  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
  }

  private startGroup(): void {
    clearTimeout(this.timer);
    clearImmediate(this.immediate);
    this.timer = undefined;
    this.immediate = undefined;
    const group = this.group;
    if (group.waiters.length === 0) return;
    group.timing.closedAt = performance.now();
    this.group = emptyGroup();
    if (this.writing.size < this.options.concurrentCommits) this.startCommit(group);
    else this.queued.push(group);
  }

  private startCommit(group: Group): void {
    const written: Promise<void> = this.commit(group).then(() => {
      this.writing.delete(written);
      const next = this.queued.shift();
      if (next) this.startCommit(next);
      // Nothing else being written: the open group's frames have waited long enough.
      else if (this.writing.size === 0 && this.group.waiters.length > 0) this.startGroup();
    });
    this.writing.add(written);
  }

  private async commit(group: Group): Promise<void> {
    group.timing.commitStartedAt = performance.now();
    try {
      await writeFrameGroup(this.db, group.rows, [...group.updates.values()], this.options.now());
      group.timing.committedAt = performance.now();
      for (const waiter of group.waiters) waiter.resolve(group.timing);
    } catch (error) {
      for (const waiter of group.waiters) waiter.reject(error);
    }
  }
}
