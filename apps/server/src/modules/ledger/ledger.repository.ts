import { and, asc, count, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { advisoryXactLock } from '../../db/named-lock';
import { countLogsByLedgerState, isLedgerHashPending, ledgerRecordsOfLogs, listLogsAwaitingSeal, markLogsSealed } from '../flight-log/flight-log.service';
import { ledgerBlocks, ledgerRecords } from './ledger.schema';

export type LedgerBlockRow = typeof ledgerBlocks.$inferSelect;

/** Serialises sealing across server instances (one block at a time, whatever the number of processes). */
export const lockLedger = async (tx: DbExecutor): Promise<void> => {
  await tx.execute(advisoryXactLock('ledger-seal'));
};

export const findLastBlock = async (db: DbExecutor): Promise<LedgerBlockRow | undefined> => {
  const [row] = await db.select().from(ledgerBlocks).orderBy(desc(ledgerBlocks.height)).limit(1);
  return row;
};

export const findBlock = async (db: DbExecutor, height: number): Promise<LedgerBlockRow | undefined> => {
  const [row] = await db.select().from(ledgerBlocks).where(eq(ledgerBlocks.height, height));
  return row;
};

/** Blocks from `fromHeight`, oldest first. */
export const listBlocks = async (db: DbExecutor, fromHeight: number, limit: number): Promise<LedgerBlockRow[]> =>
  db.select().from(ledgerBlocks).where(gte(ledgerBlocks.height, fromHeight)).orderBy(asc(ledgerBlocks.height)).limit(limit);

export const insertBlock = async (tx: DbExecutor, block: LedgerBlockRow): Promise<void> => {
  await tx.insert(ledgerBlocks).values(block);
};

export const countBlocks = async (db: DbExecutor): Promise<number> => {
  const [blocks] = await db.select({ value: count() }).from(ledgerBlocks);
  return blocks?.value ?? 0;
};

export const countLedger = async (db: DbExecutor) => {
  const [blocks, logs] = await Promise.all([countBlocks(db), countLogsByLedgerState(db)]);
  return { blocks, sealedRecords: logs.validated, pendingRecords: logs.pending };
};

/**
 * The oldest pending logs, in the order they are sealed. A log in review waits: what it pays is
 * decided (and its record with it) only when a reviewer accepts or rejects it.
 */
export const listPendingRecords = (db: DbExecutor, limit: number) => listLogsAwaitingSeal(db, limit);

/** The logs still linked to the leaves of blocks [fromHeight, toHeight), with their leaf's hash. */
export const listSealedLogs = async (db: DbExecutor, fromHeight: number, toHeight: number) => {
  const leaves = await db
    .select({ flightLogId: ledgerRecords.flightLogId, blockHeight: ledgerRecords.blockHeight, sealedHash: ledgerRecords.recordHash })
    .from(ledgerRecords)
    .where(and(gte(ledgerRecords.blockHeight, fromHeight), lt(ledgerRecords.blockHeight, toHeight)));
  // A leaf whose log was deleted (its pilot's account with it) keeps no link: it has no log to check.
  const linked = leaves.flatMap((leaf) => (leaf.flightLogId === null ? [] : [{ ...leaf, flightLogId: leaf.flightLogId }]));
  const logs = new Map((await ledgerRecordsOfLogs(db, linked.map((leaf) => leaf.flightLogId))).map((log) => [log.id, log]));
  return linked.flatMap((leaf) => {
    const log = logs.get(leaf.flightLogId);
    return log ? [{ ...log, blockHeight: leaf.blockHeight, sealedHash: leaf.sealedHash }] : [];
  });
};

/** The leaf that seals this record hash, if any. */
export const findLeaf = async (db: DbExecutor, recordHash: string) => {
  const [row] = await db.select().from(ledgerRecords).where(eq(ledgerRecords.recordHash, recordHash)).orderBy(asc(ledgerRecords.blockHeight)).limit(1);
  return row;
};

export const isRecordPending = (db: DbExecutor, recordHash: string): Promise<boolean> => isLedgerHashPending(db, recordHash);

/** Writes a block's leaves and marks their logs sealed in that block. */
export const insertLeaves = async (tx: DbExecutor, height: number, records: { id: string; recordHash: string }[]): Promise<void> => {
  await tx.insert(ledgerRecords).values(records.map((record, leafIndex) => ({ blockHeight: height, leafIndex, recordHash: record.recordHash, flightLogId: record.id })));
  await markLogsSealed(tx, height, records);
};

/** The leaves' hashes of these blocks, by block, in leaf order. */
export const recordHashesOfBlocks = async (db: DbExecutor, heights: number[]): Promise<Map<number, string[]>> => {
  const byHeight = new Map<number, string[]>(heights.map((height) => [height, []]));
  if (heights.length === 0) return byHeight;
  const rows = await db
    .select({ height: ledgerRecords.blockHeight, recordHash: ledgerRecords.recordHash })
    .from(ledgerRecords)
    .where(inArray(ledgerRecords.blockHeight, heights))
    .orderBy(asc(ledgerRecords.blockHeight), asc(ledgerRecords.leafIndex));
  for (const row of rows) byHeight.get(row.height)?.push(row.recordHash);
  return byHeight;
};
