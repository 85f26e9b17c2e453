/**
 * Where each acknowledged batch of the uplink spent its time, for `npm run bench:ingest` (issue 36):
 * off unless a benchmark running the server in its own process sets a probe. Times are
 * `performance.now()` of the server's process.
 */
export type IngestTiming = {
  flightId: string;
  ackSeq: number;
  /** The socket's `frames` handler started (the batch was read off the socket). */
  receivedAt: number;
  /** The flight's turn came (earlier operations on it done) and it was loaded. */
  workStartedAt: number;
  /** Validation and engine done; the rows go to the group commit. */
  engineDoneAt: number;
  /** The commit group holding the rows closed (window over or group full). */
  groupClosedAt: number;
  /** That group's transaction began (later than closing when earlier groups still held every commit slot). */
  commitStartedAt: number;
  /** That group's transaction committed. */
  committedAt: number;
  /** This batch resumed after the commit (behind the other batches of the group). */
  resumedAt: number;
  /** The acknowledgement (and the flight's messages) written to the socket. */
  ackedAt: number;
};

/** The commit group a write went into, shared by every batch of the group. */
export type GroupTiming = { closedAt: number; commitStartedAt: number; committedAt: number };

let probe: ((timing: IngestTiming) => void) | undefined;

/** Sets (or with undefined, removes) the probe that receives every acknowledged batch's timing. */
export const setIngestProbe = (next: ((timing: IngestTiming) => void) | undefined): void => {
  probe = next;
};

export const ingestProbe = (): ((timing: IngestTiming) => void) | undefined => probe;
