import type pg from 'pg';

/** Socket errors of a database that is down, restarting or out of reach. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * PostgreSQL's own "not now" answers: class 08 (connection exception), 57P01 to 57P03 (shut down
 * or starting), 53300 (too many connections).
 */
const isUnavailableSqlState = (code: string) => code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300';

/** node-postgres reports a connection lost mid-query or refused by its pool with these texts and no code. */
const LOST_CONNECTION = /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect)/;

/**
 * True when `error` (or an error it wraps, as drizzle's query errors do) says the database cannot be
 * reached right now, rather than that the request was wrong or the code is broken: such a request
 * may succeed unchanged a moment later, so it is answered 503, never 500.
 */
export const isDatabaseUnavailable = (error: unknown): boolean => {
  const seen = new Set<unknown>();
  for (let current: unknown = error; current instanceof Error && !seen.has(current); current = current.cause) {
    seen.add(current);
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || isUnavailableSqlState(code))) return true;
    if (LOST_CONNECTION.test(current.message)) return true;
  }
  return false;
};

/**
 * node-postgres emits `error` on a client whose connection died (PostgreSQL restarted, the network
 * cut, the embedded database's thread gone): through the pool for an idle client, but on the
 * client itself while it is checked out (a transaction under way), where an event nobody listens
 * to would end the process. That client's queries already fail with the error (answered 503), so
 * every client gets a listener; idle ones are passed to `reportIdle`.
 */
export const outliveLostConnections = (pool: pg.Pool, reportIdle: (error: Error) => void): void => {
  pool.on('error', reportIdle);
  pool.on('connect', (client) => client.on('error', () => {}));
};
