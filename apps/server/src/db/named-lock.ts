import { sql, type SQL } from 'drizzle-orm';

/**
 * PostgreSQL advisory locks are numbers; Contrail names them. The key is PostgreSQL's own 64-bit
 * hash of `contrail:<name>` (`hashtextextended`), so a lock is read by its name in the code and no
 * two features pick the same magic number by accident.
 */
export const lockKeyText = (name: string): string => `contrail:${name}`;
const lockKey = (name: string): SQL => sql`hashtextextended(${lockKeyText(name)}, 0)`;

/** Waits for the transaction-scoped lock of that name (released at commit or rollback). */
export const advisoryXactLock = (name: string): SQL => sql`select pg_advisory_xact_lock(${lockKey(name)})`;

