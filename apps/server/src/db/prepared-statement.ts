import { PGlite, protocol, types } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from './database';

/**
 * A statement parsed and planned once per connection, then only bound and executed: for the few
 * statements run hundreds of times a second (the frame commit group, decision 0060). Its
 * parameters are cast in the statement itself (`$1::uuid[]`).
 */
export type PreparedStatement = { readonly name: string; readonly text: string };

/**
 * A parameter: a text in PostgreSQL's input syntax, null, an array of them (or of numbers and
 * booleans), or bytes sent as a binary parameter (for a `text` parameter: its UTF-8 bytes).
 */
export type PreparedParam = string | null | Uint8Array | readonly (string | number | boolean | null)[];

/** Statements already parsed on each PGlite, by name. */
const preparedOnPglite = new WeakMap<PGlite, Set<string>>();

/**
 * The statement's bind, execute and sync messages, with the parameters written into them: arrays
 * as PostgreSQL array literals, by PGlite's own serializer (the element type is in the statement's
 * cast; its last argument only picks the delimiter of `box[]`, which is not ours), bytes as a
 * binary parameter.
 */
export const boundMessages = (statement: PreparedStatement, params: readonly PreparedParam[]): Uint8Array => {
  const { serialize } = protocol;
  const values = params.map((param) => (Array.isArray(param) ? types.arraySerializer(param, undefined, 0) : (param as string | null | Uint8Array)));
  return Buffer.concat([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]);
};

/**
 * PGlite's `query` sends six protocol messages per call, each its own pass through the embedded
 * server (parse, two describes, bind, execute, sync), and parses and plans the statement every
 * time. A prepared statement is one pass: bind, execute, sync. It runs under PGlite's own locks, so
 * it never lands inside another caller's transaction.
 *
 * The parameters are written into the message before taking the locks: what the locked callback
 * holds stays alive past the call (until the next scavenge at least, measured by
 * `bench/ingest-promotion.bench.ts`), and the parameters' text, a commit group's frames, would
 * then be moved to V8's old generation at every scavenge (decision 0065). The message is a buffer
 * outside the JavaScript heap.
 */
const runOnPglite = async (client: PGlite, statement: PreparedStatement, params: readonly PreparedParam[]): Promise<void> => {
  let known = preparedOnPglite.get(client);
  if (!known) preparedOnPglite.set(client, (known = new Set()));
  let bound: Uint8Array | undefined = boundMessages(statement, params);
  await client._checkReady();
  await client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      // After a failure the statement may or may not exist: close it (no error when absent) and parse it again.
      const message = known.has(statement.name)
        ? bound!
        : Buffer.concat([protocol.serialize.close({ type: 'S', name: statement.name }), protocol.serialize.parse({ name: statement.name, text: statement.text, types: [] }), bound!]);
      // Let go of the message here: this callback outlives the call, and so would the buffer's memory (decision 0067).
      bound = undefined;
      known.delete(statement.name);
      await client.execProtocol(message);
      known.add(statement.name);
    }),
  );
};

/** Runs a prepared statement on the database (never inside a transaction: each run is its own). */
export const runPrepared = async (db: Database, statement: PreparedStatement, params: readonly PreparedParam[]): Promise<void> => {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) return runOnPglite(client, statement, params);
  if (client instanceof pg.Pool) {
    // node-postgres parses a named statement once per pooled connection, and writes arrays as array literals.
    await client.query({ name: statement.name, text: statement.text, values: [...params] });
    return;
  }
  throw new Error('runPrepared: not a database opened by openDatabase');
};
