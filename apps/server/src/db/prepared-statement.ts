import { PGlite, protocol } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from './database';

/**
 * A statement parsed and planned once per connection, then only bound and executed: for the few
 * statements run hundreds of times a second (the frame commit group, decision 0060). Its
 * parameters are text, in PostgreSQL's input syntax (`textArrayLiteral` for arrays), cast in the
 * statement itself.
 */
export type PreparedStatement = { readonly name: string; readonly text: string };

export type TextParam = string | null;

/** The array literal PostgreSQL reads for `$1::text[]` (or uuid[], int[], boolean[]): `{"a",NULL,"b"}`. */
export const textArrayLiteral = (values: readonly (string | number | boolean | null)[]): string => {
  let literal = '{';
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i];
    if (i > 0) literal += ',';
    if (value === null || value === undefined) literal += 'NULL';
    else if (typeof value === 'string') literal += `"${value.replace(/[\\"]/g, '\\$&')}"`;
    else literal += String(value);
  }
  return `${literal}}`;
};

/**
 * PGlite's `query` sends six protocol messages per call, each its own pass through the embedded
 * server (parse, two describes, bind, execute, sync), and parses and plans the statement every
 * time. A prepared statement is one pass: bind, execute, sync. Run under PGlite's own locks, so it
 * never lands inside another caller's transaction.
 */
const preparedOnPglite = new WeakMap<PGlite, Set<string>>();

const concatBytes = (parts: Uint8Array[]): Uint8Array => {
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
};

const runOnPglite = async (client: PGlite, statement: PreparedStatement, params: readonly TextParam[]): Promise<void> => {
  let prepared = preparedOnPglite.get(client);
  if (!prepared) preparedOnPglite.set(client, (prepared = new Set()));
  const known = prepared;
  await client._checkReady();
  await client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      const { serialize } = protocol;
      const parts: Uint8Array[] = [];
      if (!known.has(statement.name)) {
        // After a failure the statement may or may not exist: close it (no error when absent) and parse it again.
        parts.push(serialize.close({ type: 'S', name: statement.name }), serialize.parse({ name: statement.name, text: statement.text, types: [] }));
      }
      parts.push(serialize.bind({ statement: statement.name, values: [...params] }), serialize.execute({}), serialize.sync());
      known.delete(statement.name);
      await client.execProtocol(concatBytes(parts));
      known.add(statement.name);
    }),
  );
};

/** Runs a prepared statement on the database (never inside a transaction: each run is its own). */
export const runPrepared = async (db: Database, statement: PreparedStatement, params: readonly TextParam[]): Promise<void> => {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) return runOnPglite(client, statement, params);
  if (client instanceof pg.Pool) {
    // node-postgres parses a named statement once per pooled connection.
    await client.query({ name: statement.name, text: statement.text, values: [...params] });
    return;
  }
  throw new Error('runPrepared: not a database opened by openDatabase');
};
