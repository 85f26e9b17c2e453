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

export type CommitSpacing = { timesLastWrite: number; maxMs: number };

export type FrameWriterOptions = {
  /** Longest wait of a group for a write under way to end, ms, before it starts beside it or in line. */
  intervalMs: number;
  /** Write at once when this many rows are waiting. */
  maxRows: number;
  /**
   * Groups written at the same time, each in its own transaction: 2 on PostgreSQL, so one slow
   * commit (a WAL flush) does not hold the next group back; 1 on PGlite, which has one connection.
   */
  concurrentCommits: number;
  /**
   * After a write, the next group waits `timesLastWrite` times as long as that write took, at most
   * `maxMs`; undefined starts it as soon as the write ends. WRITE_SPACING_ON_THIS_THREAD on PGlite,
   * on the event loop or on its own thread (decision 0070).
   */
  commitSpacing: CommitSpacing | undefined;
  now: () => Date;
};

/**
 * The spacing for a database that runs on the server's own thread (PGlite): the writer spends at
 * most a quarter of its time writing, and its groups grow with the load instead of its writes
 * growing in number. Each write there has a fixed cost on the event loop (about 0.4 ms for the
 * statement and its commit, against 35 µs a frame), and PGlite answers a group within the turn
 * that started it: with no wait, 5,000 flights were written seven frames at a time and the fixed
 * cost alone took 0.3 of the one event loop. At most 5 ms, so that a slow write does not hold
 * every acknowledgement back longer. PostgreSQL's round trip already gathers the next group
 * (docs/decisions/0063-commit-groups-spaced-by-their-writes.md). A data folder's PGlite runs on a
 * thread of its own, where the spacing no longer frees the event loop but still saves the fixed
 * cost: without it, the server's CPU a frame rose by a fifth at 5,000 flights (decision 0070).
 */
export const WRITE_SPACING_ON_THIS_THREAD: CommitSpacing = { timesLastWrite: 3, maxMs: 5 };

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
 * end of the current event-loop turn when the writer is quiet (an idle server does not wait for a
 * window); after a write, the next group waits for `commitSpacing` (a few times that write's
 * duration), unless `maxRows` rows wait. So on PGlite thousands of flights at 1 Hz cost a few
 * hundred statements a second, not thousands. A flight never has rows in two groups (its next
 * batch waits for this one's answer, FlightRuntime.serialize), so groups written side by side
 * never touch the same flight.
 */
export class FrameWriter {
  private group: Group = emptyGroup();
  private timer: NodeJS.Timeout | undefined;
  private immediate: NodeJS.Immediate | undefined;
  private readonly writing = new Set<Promise<void>>();
  /** Groups closed while `concurrentCommits` were already being written, oldest first. */
  private readonly queued: Group[] = [];
  /** performance.now() before which the next group waits (`commitSpacing`). */
  private nextGroupAt = 0;
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
    else this.schedule();
    return done;
  }

  /**
   * Starts the open group once it is due. With no group being written: at the end of this turn, or
   * when the spacing after the last write has passed. With one being written: after `intervalMs`
   * (beside it, or in line when every slot is taken), unless that write ends first.
   */
  private schedule(): void {
    if (this.timer || this.immediate || this.group.waiters.length === 0) return;
    const wait = this.writing.size > 0 ? this.options.intervalMs : this.nextGroupAt - performance.now();
    if (wait <= 0) this.immediate = setImmediate(() => this.startDueGroup());
    else this.timer = setTimeout(() => this.startDueGroup(), wait);
  }

  /** The last write ended: a group that was waiting for it now waits for the spacing instead. */
  private restartSchedule(): void {
    this.cancelScheduled();
    this.schedule();
  }

  private cancelScheduled(): void {
    clearTimeout(this.timer);
    clearImmediate(this.immediate);
    this.timer = undefined;
    this.immediate = undefined;
  }

  /** A write that ended meanwhile may have moved the spacing on: wait again then. */
  private startDueGroup(): void {
    this.timer = undefined;
    this.immediate = undefined;
    // A write under way: the window is over. Otherwise the spacing must have passed (a timer fires
    // on the millisecond, so up to one early).
    if (this.writing.size > 0 || performance.now() + 1 >= this.nextGroupAt) this.startGroup();
    else this.schedule();
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
    this.cancelScheduled();
    const group = this.group;
    if (group.waiters.length === 0) return;
    group.timing.closedAt = performance.now();
    this.group = emptyGroup();
    if (this.writing.size < this.options.concurrentCommits) this.startCommit(group);
    else this.queued.push(group);
  }

  private startCommit(group: Group): void {
    const startedAt = performance.now();
    const written: Promise<void> = this.commit(group).then(() => {
      this.writing.delete(written);
      const now = performance.now();
      const spacing = this.options.commitSpacing;
      const wait = spacing ? Math.min(spacing.maxMs, spacing.timesLastWrite * (now - startedAt)) : 0;
      this.nextGroupAt = Math.max(this.nextGroupAt, now + wait);
      const next = this.queued.shift();
      if (next) this.startCommit(next);
      else if (this.writing.size === 0) {
        // Nothing else being written: with no spacing to wait for, the open group has waited long enough.
        if (now >= this.nextGroupAt) this.startGroup();
        else this.restartSchedule();
      }
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
