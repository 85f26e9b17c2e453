import { Duplex } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { outliveLostConnections } from './unavailable';

/*
 * PGlite on a worker thread of its own (docs/decisions/0070-pglite-on-its-own-thread.md): its
 * PostgreSQL runs beside the server's event loop instead of on it. The server talks to it with
 * node-postgres, as to a PostgreSQL server, over a stream that carries the wire protocol's bytes
 * between the threads. PGlite is one session, so the pool has one connection.
 *
 * A thread that dies after start-up (PGlite aborting) is started again on the same folder
 * (decision 0071): what was under way fails as "database unavailable", which callers answer
 * 503 and trackers resend, and the next connection waits for the new thread.
 */

export type ThreadStart = { folder: string; startParams: string[] };
export type ThreadRequest =
  | { type: 'connect'; connection: number }
  | { type: 'bytes'; connection: number; bytes: Uint8Array }
  | { type: 'end'; connection: number }
  | { type: 'dump'; id: number }
  | { type: 'close' };
export type ThreadReply =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'bytes'; connection: number; bytes: Uint8Array }
  | { type: 'dump'; id: number; tar: ArrayBuffer };

/** The thread's entry: Node's worker threads do not inherit tsx's loader, so it is registered there first. */
const workerEntry = (url: URL) =>
  `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); })`;

/** After a start that failed, the next waits this long, doubling up to the longest. */
const RETRY_FIRST_MS = 500;
const RETRY_LONGEST_MS = 30_000;

export type PgliteThread = {
  pool: pg.Pool;
  /** The data folder as a tar, as `PGlite.dumpDataDir` gives it. */
  dumpDataDir: () => Promise<Blob>;
  close: () => Promise<void>;
  /** Ends the running thread as a crash would (tests of the restart). */
  crashForTest: () => Promise<void>;
};

export type PgliteThreadOptions = {
  folder: string;
  startParams: string[];
  /** Told when the thread stopped on its own, and when it runs again or could not start. */
  report?: (message: string) => void;
};

/** Errors node-postgres's callers see; the codes are those of a PostgreSQL server gone (db/unavailable.ts). */
const connectionLost = (reason: Error) => Object.assign(new Error(`The embedded database stopped: ${reason.message}`, { cause: reason }), { code: 'ECONNRESET' });
const connectionRefused = (reason: Error) => Object.assign(new Error(`The embedded database is not running: ${reason.message}`, { cause: reason }), { code: 'ECONNREFUSED' });

/** One thread that started: its connections and dumps in flight, and why it stopped once it has. */
type RunningThread = {
  worker: Worker;
  send: (request: ThreadRequest) => void;
  sockets: Map<number, ThreadSocket>;
  dumps: Map<number, { resolve: (tar: ArrayBuffer) => void; reject: (error: Error) => void }>;
  /** Set when the thread stopped: every connection ended with `error`, later writes fail. */
  stopped: Error | undefined;
};

let nextId = 1;

/**
 * A connection's stream: node-postgres writes the wire protocol into it and reads PostgreSQL's
 * answers from it. It connects once the thread runs (a restart under way is waited for).
 */
class ThreadSocket extends Duplex {
  private readonly id = nextId++;
  private thread: RunningThread | undefined;

  constructor(private readonly threadToUse: () => Promise<RunningThread>) {
    super();
  }

  connect(): this {
    this.threadToUse().then(
      (thread) => {
        if (this.destroyed) return;
        if (thread.stopped) return this.destroy(connectionRefused(thread.stopped));
        this.thread = thread;
        thread.sockets.set(this.id, this);
        thread.send({ type: 'connect', connection: this.id });
        this.emit('connect');
      },
      (error: Error) => this.destroy(connectionRefused(error)),
    );
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    return this;
  }

  unref(): this {
    return this;
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    const thread = this.thread;
    if (!thread) return done(new Error('The embedded database connection is not open'));
    if (thread.stopped) return done(connectionLost(thread.stopped));
    thread.send({ type: 'bytes', connection: this.id, bytes: chunk });
    done();
  }

  override _final(done: (error?: Error | null) => void): void {
    this.release();
    this.push(null);
    done();
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.release();
    done(error);
  }

  private release() {
    const thread = this.thread;
    if (thread?.sockets.delete(this.id) && !thread.stopped) thread.send({ type: 'end', connection: this.id });
  }
}

/**
 * Starts a thread on the folder; resolves once PGlite has opened it, rejects if it could not.
 * `onDeath` is called once if the thread later stops without being asked to.
 */
const launch = (start: ThreadStart, onDeath: (thread: RunningThread) => void): Promise<RunningThread> => {
  const worker = new Worker(workerEntry(new URL('./pglite-thread.worker.ts', import.meta.url)), { eval: true, workerData: start });
  const thread: RunningThread = { worker, send: (request) => worker.postMessage(request), sockets: new Map(), dumps: new Map(), stopped: undefined };
  let isReady = false;
  return new Promise<RunningThread>((resolve, reject) => {
    const stop = (error: Error) => {
      if (thread.stopped) return;
      thread.stopped = error;
      for (const socket of thread.sockets.values()) socket.destroy(connectionLost(error));
      for (const dump of thread.dumps.values()) dump.reject(connectionLost(error));
      thread.dumps.clear();
      if (isReady) onDeath(thread);
      else reject(error);
    };
    worker.on('message', (reply: ThreadReply) => {
      switch (reply.type) {
        case 'ready':
          isReady = true;
          resolve(thread);
          return;
        case 'failed':
          // PGlite threw outside a statement's own errors (those are answers): it cannot go on.
          stop(new Error(reply.message));
          void worker.terminate();
          return;
        case 'bytes':
          thread.sockets.get(reply.connection)?.push(Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength));
          return;
        case 'dump':
          thread.dumps.get(reply.id)?.resolve(reply.tar);
          thread.dumps.delete(reply.id);
          return;
      }
    });
    worker.on('error', stop);
    worker.on('exit', (code) => stop(new Error(`its thread exited (code ${code})`)));
  });
};

/** Starts PGlite on `folder` in a worker thread; resolves once it has opened the folder. */
// Warnings, as the PostgreSQL pool's lost connections are: the server goes on.
const warn = (message: string) => console.warn(message);

export const startPgliteThread = async ({ folder, startParams, report = warn }: PgliteThreadOptions): Promise<PgliteThread> => {
  const start: ThreadStart = { folder, startParams };
  let isClosing = false;
  /** The running thread, or the start under way; a failed start rejects it until the next attempt. */
  let current: Promise<RunningThread>;

  /** Starts threads until one runs: at once, then after waits that double; connections in the waits are refused. */
  const keepStarting = async () => {
    for (let wait = 0; !isClosing; wait = Math.min(RETRY_LONGEST_MS, Math.max(RETRY_FIRST_MS, wait * 2))) {
      if (wait > 0) await sleep(wait);
      if (isClosing) return;
      try {
        current = launch(start, onDeath);
        await current;
        report('The embedded database runs again.');
        return;
      } catch (error) {
        report(`The embedded database could not start again (${(error as Error).message}); trying again shortly.`);
      }
    }
  };
  const onDeath = (thread: RunningThread) => {
    if (isClosing) return;
    report(`The embedded database stopped (${thread.stopped?.message}); starting it again.`);
    void keepStarting();
  };

  current = launch(start, onDeath);
  await current;
  // One connection, never closed for being idle: PGlite is one session, and a new connection
  // starts from a reset session (prepared statements included). Its one role and database: any
  // other name would end the session.
  const pool = new pg.Pool({ user: 'postgres', database: 'postgres', max: 1, idleTimeoutMillis: 0, stream: () => new ThreadSocket(() => current) });
  // A connection ends when its thread dies (told by `report`): the pool replaces it on next use.
  outliveLostConnections(pool, () => {});
  return {
    pool,
    dumpDataDir: async () => {
      const thread = await current;
      if (thread.stopped) throw connectionLost(thread.stopped);
      const id = nextId++;
      const tar = new Promise<ArrayBuffer>((resolve, reject) => thread.dumps.set(id, { resolve, reject }));
      thread.send({ type: 'dump', id });
      return new Blob([await tar]);
    },
    close: async () => {
      await pool.end();
      isClosing = true;
      const thread = await current.catch(() => undefined);
      if (!thread || thread.stopped) return;
      const exited = new Promise<void>((resolve) => thread.worker.once('exit', () => resolve()));
      thread.send({ type: 'close' });
      await exited;
    },
    crashForTest: async () => {
      const thread = await current;
      await thread.worker.terminate();
    },
  };
};
