import { mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { ZTelemetryFrame, type TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';

/**
 * The tracker's durable uplink queue for one flight.
 *
 * Every frame gets a sequence number (1, 2, 3... per flight) and is appended to a journal file
 * (JSON lines, fsync'd per batch) BEFORE it is sent. The server acknowledges "everything up to
 * seq N"; acknowledged frames leave the queue. After a crash or restart, `FrameJournal.open` on
 * the same file gives back the unacknowledged frames in order and the next sequence number, so
 * they are sent again. Delivery is at-least-once from the tracker; the server makes it
 * exactly-once by ignoring every seq <= the last one it accepted.
 *
 * File format, one JSON object per line:
 *   {"journal":"contrail-uplink","version":1,"flightId":"...","ackedSeq":0}   header, first line
 *   {"seq":1,"frame":{...}}                                                   a frame
 *   {"ack":1}                                                                 acknowledged up to 1
 * An ack appends one short line; the file is rewritten without the acknowledged frames (to a
 * temporary file, fsync'd, then renamed over the journal) once they outnumber the pending ones
 * and `compactAfterLines`. A torn last line (the process died mid-write) is dropped on open.
 */
export type TJournalEntry = { seq: number; frame: TTelemetryFrame };

export type TFrameJournalOptions = {
  /** Rewrite the file once this many acknowledged lines (frames and ack lines) have piled up. */
  compactAfterLines: number;
};

/** What open() found in an existing file. */
export type TJournalRecovery = {
  /** Frames found unacknowledged (they will be sent again). */
  pendingFrames: number;
  /** A partial last line (a write cut short by a crash) was dropped. */
  hasDroppedTornTail: boolean;
  /** Complete lines that were not valid journal lines (skipped). */
  corruptLines: number;
};

const HEADER_TAG = 'contrail-uplink';
const FORMAT_VERSION = 1;
const DEFAULT_OPTIONS: TFrameJournalOptions = { compactAfterLines: 256 };

export class JournalError extends Error {
  override readonly name = 'JournalError';
}

/** The journal file for a flight inside the tracker's data folder (the id is made file-safe). */
export function journalPathFor(dataDir: string, flightId: string): string {
  const safeId = flightId.replace(/[^A-Za-z0-9_-]/g, '_');
  if (safeId === '') throw new JournalError('A flight id is required for the uplink journal');
  return path.join(dataDir, 'uplink', `${safeId}.jsonl`);
}

export class FrameJournal {
  private entries: TJournalEntry[];
  private handle: FileHandle | undefined;
  /** Lines in the file that carry nothing pending any more (acked frames, ack lines). */
  private deadLines = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private isBroken = false;

  private constructor(
    readonly filePath: string,
    readonly flightId: string,
    private ackedSeq: number,
    private lastSeq: number,
    entries: TJournalEntry[],
    readonly recovery: TJournalRecovery,
    private readonly options: TFrameJournalOptions,
  ) {
    this.entries = entries;
  }

  /**
   * Opens (or creates) the journal of a flight. An existing file is read back: unacknowledged
   * frames stay pending in seq order, the next seq continues after the highest one ever written.
   * Throws a JournalError when the file belongs to another flight.
   */
  static async open(filePath: string, flightId: string, options: Partial<TFrameJournalOptions> = {}): Promise<FrameJournal> {
    await mkdir(path.dirname(filePath), { recursive: true });
    const content = await readIfExists(filePath);
    const loaded = parseJournal(content, flightId, filePath);
    const journal = new FrameJournal(
      filePath,
      flightId,
      loaded.ackedSeq,
      loaded.lastSeq,
      loaded.entries,
      { pendingFrames: loaded.entries.length, hasDroppedTornTail: loaded.hasDroppedTornTail, corruptLines: loaded.corruptLines },
      { ...DEFAULT_OPTIONS, ...options },
    );
    // Start from a clean file: no torn tail to append after, no acknowledged frames.
    await journal.rewrite();
    return journal;
  }

  /** The seq the next appended frame gets. */
  get nextSeq(): number {
    return this.lastSeq + 1;
  }

  /** Everything up to this seq is acknowledged by the server. */
  get acknowledgedSeq(): number {
    return this.ackedSeq;
  }

  get pendingCount(): number {
    return this.entries.length;
  }

  /** The unacknowledged frames in seq order, at most `limit` (a batch to send). */
  pending(limit = Number.POSITIVE_INFINITY): TJournalEntry[] {
    return this.entries.slice(0, limit);
  }

  /**
   * Numbers the frames and writes them durably; returns them with their seq. Every frame is
   * validated first: one invalid frame rejects the whole batch and nothing is written.
   */
  append(frames: readonly TTelemetryFrame[]): Promise<TJournalEntry[]> {
    return this.serialize(async () => {
      const valid = frames.map((frame, position) => {
        const parsed = ZTelemetryFrame.safeParse(frame);
        if (!parsed.success) {
          throw new JournalError(`Frame ${position} of the batch is not a valid telemetry frame: ${parsed.error.message}`);
        }
        return parsed.data;
      });
      if (valid.length === 0) return [];
      const batch = valid.map((frame, position) => ({ seq: this.lastSeq + 1 + position, frame }));
      await this.writeDurably(batch.map((entry) => JSON.stringify(entry) + '\n').join(''));
      this.lastSeq += batch.length;
      this.entries.push(...batch);
      return batch;
    });
  }

  /**
   * The server accepted every frame up to `seq`. Stale or duplicated acks (seq at or below the
   * current one) change nothing and return false. An ack beyond the last written seq is a
   * protocol error: it throws and changes nothing.
   */
  acknowledge(seq: number): Promise<boolean> {
    return this.serialize(() => this.acknowledgeNow(seq));
  }

  /**
   * The server holds frames up to `seq` that this journal never wrote (its copy was lost, or
   * another tracker streamed the flight): everything here counts as delivered, and numbering
   * continues after `seq` so the next frames are not taken for duplicates. A seq at or below the
   * last written one is a plain acknowledge(). Returns true when anything changed.
   */
  advanceTo(seq: number): Promise<boolean> {
    return this.serialize(async () => {
      if (!Number.isInteger(seq) || seq < 0) throw new JournalError(`A sequence must be a non-negative integer, got ${seq}`);
      if (seq <= this.lastSeq) return this.acknowledgeNow(seq);
      // On open, an ack line beyond every frame also moves the next seq (parseJournal).
      await this.writeDurably(JSON.stringify({ ack: seq }) + '\n');
      this.deadLines += this.entries.length + 1;
      this.entries = [];
      this.ackedSeq = seq;
      this.lastSeq = seq;
      return true;
    });
  }

  /** Rewrites the file with only the pending frames (also done automatically as acks pile up). */
  compact(): Promise<void> {
    return this.serialize(() => this.rewrite());
  }

  /** Closes the file; the journal stays on disk for the next open(). */
  close(): Promise<void> {
    if (this.isBroken && this.handle === undefined) return Promise.resolve();
    return this.serialize(async () => {
      await this.handle?.close();
      this.handle = undefined;
      this.isBroken = true;
    });
  }

  /** Deletes the journal (the flight is over and everything was acknowledged). */
  remove(): Promise<void> {
    return this.serialize(async () => {
      if (this.entries.length > 0) {
        throw new JournalError(`${this.entries.length} frame(s) of flight ${this.flightId} are not acknowledged yet`);
      }
      await this.handle?.close();
      this.handle = undefined;
      this.isBroken = true;
      await rm(this.filePath, { force: true });
    });
  }

  /** Deletes the journal whatever it still holds (the flight was cancelled: its frames are moot). */
  discard(): Promise<void> {
    const run = this.queue.then(async () => {
      await this.handle?.close();
      this.handle = undefined;
      this.isBroken = true;
      this.entries = [];
      await rm(this.filePath, { force: true });
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async acknowledgeNow(seq: number): Promise<boolean> {
    if (!Number.isInteger(seq) || seq < 0) throw new JournalError(`An ack must be a non-negative integer, got ${seq}`);
    if (seq > this.lastSeq) {
      throw new JournalError(`Ack ${seq} is beyond the last frame written (${this.lastSeq}) for flight ${this.flightId}`);
    }
    if (seq <= this.ackedSeq) return false;
    await this.writeDurably(JSON.stringify({ ack: seq }) + '\n');
    const remaining = this.entries.filter((entry) => entry.seq > seq);
    this.deadLines += this.entries.length - remaining.length + 1;
    this.entries = remaining;
    this.ackedSeq = seq;
    if (this.deadLines >= this.options.compactAfterLines && this.deadLines >= this.entries.length) {
      await this.rewrite();
    }
    return true;
  }

  /** Operations run one at a time, in call order, so appends and acks never interleave on disk. */
  private serialize<T>(operation: () => Promise<T>): Promise<T> {
    const run = this.queue.then(() => {
      if (this.isBroken) throw new JournalError(`The journal ${this.filePath} is closed; open it again`);
      return operation();
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async writeDurably(text: string): Promise<void> {
    const handle = this.handle;
    if (handle === undefined) throw new JournalError(`The journal ${this.filePath} is not open`);
    try {
      await handle.appendFile(text, 'utf8');
      await handle.datasync();
    } catch (cause) {
      // The file may now end with a torn line: stop here, open() again repairs it.
      this.isBroken = true;
      await handle.close().catch(() => undefined);
      this.handle = undefined;
      throw new JournalError(`Could not write the uplink journal ${this.filePath}: ${String(cause)}`);
    }
  }

  /** header + pending frames -> temporary file, fsync, rename over the journal, reopen to append. */
  private async rewrite(): Promise<void> {
    await this.handle?.close();
    this.handle = undefined;
    const header = { journal: HEADER_TAG, version: FORMAT_VERSION, flightId: this.flightId, ackedSeq: this.ackedSeq, lastSeq: this.lastSeq };
    const text = [header, ...this.entries].map((line) => JSON.stringify(line) + '\n').join('');
    const temporaryPath = `${this.filePath}.tmp`;
    const temporary = await open(temporaryPath, 'w');
    try {
      await temporary.writeFile(text, 'utf8');
      await temporary.sync();
    } finally {
      await temporary.close();
    }
    await rename(temporaryPath, this.filePath);
    await syncDirectory(path.dirname(this.filePath));
    this.deadLines = 0;
    this.handle = await open(this.filePath, 'a');
  }
}

async function readIfExists(filePath: string): Promise<string> {
  try {
    const handle = await open(filePath, 'r');
    try {
      return await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}

/** Makes the rename durable (POSIX); Windows cannot open a directory, and does not need it. */
async function syncDirectory(directory: string): Promise<void> {
  try {
    const handle = await open(directory, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Not supported on this platform.
  }
}

type TLoadedJournal = {
  ackedSeq: number;
  lastSeq: number;
  entries: TJournalEntry[];
  hasDroppedTornTail: boolean;
  corruptLines: number;
};

function parseJournal(content: string, flightId: string, filePath: string): TLoadedJournal {
  const lines = content.split('\n');
  // Everything after the last newline is a line whose write was cut short.
  const tail = lines.pop() ?? '';
  const loaded: TLoadedJournal = { ackedSeq: 0, lastSeq: 0, entries: [], hasDroppedTornTail: tail !== '', corruptLines: 0 };
  const bySeq = new Map<number, TJournalEntry>();
  for (const [position, line] of lines.entries()) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      loaded.corruptLines += 1;
      continue;
    }
    if (isRecord(value) && value.journal === HEADER_TAG) {
      if (position !== 0) {
        loaded.corruptLines += 1;
        continue;
      }
      if (value.flightId !== flightId) {
        throw new JournalError(`${filePath} is the journal of flight ${String(value.flightId)}, not ${flightId}`);
      }
      loaded.ackedSeq = nonNegativeInteger(value.ackedSeq) ?? 0;
      loaded.lastSeq = Math.max(loaded.ackedSeq, nonNegativeInteger(value.lastSeq) ?? 0);
      continue;
    }
    if (isRecord(value) && 'ack' in value) {
      const ack = nonNegativeInteger(value.ack);
      if (ack === undefined) loaded.corruptLines += 1;
      else loaded.ackedSeq = Math.max(loaded.ackedSeq, ack);
      continue;
    }
    const seq = isRecord(value) ? nonNegativeInteger(value.seq) : undefined;
    const frame = isRecord(value) ? ZTelemetryFrame.safeParse(value.frame) : undefined;
    if (seq === undefined || seq === 0 || frame === undefined || !frame.success) {
      loaded.corruptLines += 1;
      continue;
    }
    // A seq is written once; should it appear twice, the first write is the one that may have been sent.
    if (!bySeq.has(seq)) bySeq.set(seq, { seq, frame: frame.data });
    loaded.lastSeq = Math.max(loaded.lastSeq, seq);
  }
  loaded.lastSeq = Math.max(loaded.lastSeq, loaded.ackedSeq);
  loaded.entries = [...bySeq.values()].filter((entry) => entry.seq > loaded.ackedSeq).sort((a, b) => a.seq - b.seq);
  return loaded;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonNegativeInteger(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}
