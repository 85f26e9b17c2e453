import { Duplex } from 'node:stream';
import { Worker } from 'node:worker_threads';
import pg from 'pg';

/*
 * PGlite on a worker thread of its own (docs/decisions/0070-pglite-on-its-own-thread.md): its
 * PostgreSQL runs beside the server's event loop instead of on it. The server talks to it with
 * node-postgres, as to a PostgreSQL server, over a stream that carries the wire protocol's bytes
 * between the threads. PGlite is one session, so the pool has one connection.
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

export type PgliteThread = {
  pool: pg.Pool;
  /** The data folder as a tar, as `PGlite.dumpDataDir` gives it. */
  dumpDataDir: () => Promise<Blob>;
  close: () => Promise<void>;
};

/** Starts PGlite on `folder` in a worker thread; resolves once it has opened the folder. */
export const startPgliteThread = async (folder: string, startParams: string[]): Promise<PgliteThread> => {
  const worker = new Worker(workerEntry(new URL('./pglite-thread.worker.ts', import.meta.url)), {
    eval: true,
    workerData: { folder, startParams } satisfies ThreadStart,
  });
  const send = (request: ThreadRequest) => worker.postMessage(request);
  const sockets = new Map<number, ThreadSocket>();
  const dumps = new Map<number, { resolve: (tar: ArrayBuffer) => void; reject: (error: Error) => void }>();
  let stopped: Error | undefined;
  let nextId = 1;

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (reply: ThreadReply) => {
      switch (reply.type) {
        case 'ready':
          resolve();
          return;
        case 'failed':
          reject(new Error(reply.message));
          stop(new Error(`The embedded database stopped: ${reply.message}`));
          void worker.terminate();
          return;
        case 'bytes':
          sockets.get(reply.connection)?.push(Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength));
          return;
        case 'dump':
          dumps.get(reply.id)?.resolve(reply.tar);
          dumps.delete(reply.id);
          return;
      }
    });
    worker.on('error', (error) => {
      reject(error);
      stop(error);
    });
    worker.on('exit', () => stop(new Error('The embedded database stopped')));
  });

  /** The thread is gone: every connection ends with `error`, later ones fail at once. */
  const stop = (error: Error) => {
    stopped ??= error;
    for (const socket of sockets.values()) socket.destroy(error);
    for (const dump of dumps.values()) dump.reject(error);
    dumps.clear();
  };

  class ThreadSocket extends Duplex {
    private readonly id = nextId++;

    connect(): this {
      if (stopped) {
        process.nextTick(() => this.destroy(stopped));
        return this;
      }
      sockets.set(this.id, this);
      send({ type: 'connect', connection: this.id });
      process.nextTick(() => this.emit('connect'));
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
      if (stopped) return done(stopped);
      send({ type: 'bytes', connection: this.id, bytes: chunk });
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
      if (sockets.delete(this.id) && !stopped) send({ type: 'end', connection: this.id });
    }
  }

  await ready;
  // One connection, never closed for being idle: PGlite is one session, and a new connection
  // starts from a reset session (prepared statements included). Its one role and database: any
  // other name would end the session.
  const pool = new pg.Pool({ user: 'postgres', database: 'postgres', max: 1, idleTimeoutMillis: 0, stream: () => new ThreadSocket() });
  return {
    pool,
    dumpDataDir: async () => {
      if (stopped) throw stopped;
      const id = nextId++;
      const tar = new Promise<ArrayBuffer>((resolve, reject) => dumps.set(id, { resolve, reject }));
      send({ type: 'dump', id });
      return new Blob([await tar]);
    },
    close: async () => {
      await pool.end();
      if (stopped) return;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      send({ type: 'close' });
      await exited;
    },
  };
};
