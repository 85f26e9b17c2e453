import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import type { ThreadReply, ThreadRequest, ThreadStart } from './pglite-thread';

/*
 * The worker thread side of `pglite-thread.ts`: PGlite on its folder, fed the PostgreSQL wire
 * protocol that node-postgres writes on the main thread. PGlite is one session: one connection
 * at a time uses it, and the session is reset when that connection ends.
 */

const port = parentPort!;
const { folder, startParams } = workerData as ThreadStart;
const reply = (message: ThreadReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/** Front-end messages after which PostgreSQL answers: Sync, Query, Flush. Terminate is handled here. */
const ANSWERED_AFTER = new Set(['S'.charCodeAt(0), 'Q'.charCodeAt(0), 'H'.charCodeAt(0)]);
const TERMINATE = 'X'.charCodeAt(0);

/**
 * A connection's bytes, cut into whole messages. Its first message is the startup message, with
 * no type byte (PGlite answers it itself); every later one is a type byte and a length.
 */
class Connection {
  private pending = new Uint8Array(0);
  private hasStarted = false;

  /** Appends `bytes`; returns the whole messages that can go to PostgreSQL now, and whether the client said goodbye. */
  take(bytes: Uint8Array): { ready: Uint8Array | undefined; terminated: boolean } {
    const joined = new Uint8Array(this.pending.length + bytes.length);
    joined.set(this.pending);
    joined.set(bytes, this.pending.length);
    const view = new DataView(joined.buffer);
    const readyUpTo = (cut: number) => (cut > 0 ? joined.subarray(0, cut) : undefined);
    let at = 0;
    let cut = 0;
    while (true) {
      const typeBytes = this.hasStarted ? 1 : 0;
      if (joined.length - at < typeBytes + 4) break;
      const end = at + typeBytes + view.getInt32(at + typeBytes);
      if (end > joined.length) break;
      const type = this.hasStarted ? joined[at] : undefined;
      if (type === TERMINATE) {
        this.pending = new Uint8Array(0);
        return { ready: readyUpTo(cut), terminated: true };
      }
      this.hasStarted = true;
      at = end;
      // A message PostgreSQL answers only later (Parse, Bind, Execute...) waits for the one it answers after.
      if (type === undefined || ANSWERED_AFTER.has(type)) cut = at;
    }
    this.pending = joined.slice(cut);
    return { ready: readyUpTo(cut), terminated: false };
  }
}

const open = async (): Promise<PGlite> => {
  const db = new PGlite(folder, { startParams });
  await db.waitReady;
  return db;
};

/** What the closed connection left in the session: an open transaction, prepared statements, settings. */
const resetSession = async (db: PGlite) => {
  await db.exec('rollback');
  await db.exec('discard all');
};

const serve = async () => {
  let db: PGlite;
  try {
    db = await open();
  } catch (error) {
    reply({ type: 'failed', message: (error as Error).message });
    return;
  }
  reply({ type: 'ready' });
  const connections = new Map<number, Connection>();
  // One request at a time, in order: PGlite is one session.
  let queue: Promise<void> = Promise.resolve();
  const handle = async (request: ThreadRequest) => {
    switch (request.type) {
      case 'connect':
        connections.set(request.connection, new Connection());
        return;
      case 'bytes': {
        const connection = connections.get(request.connection);
        if (!connection) return;
        const { ready, terminated } = connection.take(request.bytes);
        if (ready) {
          const answer = (await db.execProtocolRaw(ready)).slice();
          reply({ type: 'bytes', connection: request.connection, bytes: answer }, [answer.buffer]);
        }
        if (terminated) await handle({ type: 'end', connection: request.connection });
        return;
      }
      case 'end':
        if (connections.delete(request.connection)) await resetSession(db);
        return;
      case 'dump': {
        const tar = await (await db.dumpDataDir('none')).arrayBuffer();
        reply({ type: 'dump', id: request.id, tar }, [tar]);
        return;
      }
      case 'close':
        await db.close();
        port.close();
        return;
    }
  };
  port.on('message', (request: ThreadRequest) => {
    queue = queue.then(() => handle(request)).catch((error: unknown) => {
      reply({ type: 'failed', message: (error as Error).message });
    });
  });
};

void serve();
