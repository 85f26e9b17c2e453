import { and, asc, count, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { advisoryXactLock } from '../../db/named-lock';
import { flightLogs } from '../flight-log/flight-log.schema';
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
  const blocks = await countBlocks(db);
  const states = await db.select({ state: flightLogs.ledgerState, value: count() }).from(flightLogs).groupBy(flightLogs.ledgerState);
  const of = (state: string) => states.find((row) => row.state === state)?.value ?? 0;
  return { blocks, sealedRecords: of('validated'), pendingRecords: of('pending') };
};

/** Every column the ledger record is made of. */
const recordColumns = {
  id: flightLogs.id,
  flightId: flightLogs.flightId,
  userId: flightLogs.userId,
  flightNumber: flightLogs.flightNumber,
  type: flightLogs.type,
  aircraftIcao: flightLogs.aircraftIcao,
  departureIdent: flightLogs.departureIdent,
  arrivalIdent: flightLogs.arrivalIdent,
  startDate: flightLogs.startDate,
  endDate: flightLogs.endDate,
  flightDurationSeconds: flightLogs.flightDurationSeconds,
  distanceNm: flightLogs.distanceNm,
  isArrived: flightLogs.isArrived,
  flightScore: flightLogs.flightScore,
  fc: flightLogs.fc,
  xp: flightLogs.xp,
  missionFcBonus: flightLogs.missionFcBonus,
  missionXpBonus: flightLogs.missionXpBonus,
  ledgerHash: flightLogs.ledgerHash,
};

/**
 * The oldest pending logs, in the order they are sealed. A log in review waits: what it pays is
 * decided (and its record with it) only when a reviewer accepts or rejects it.
 */
export const listPendingRecords = async (db: DbExecutor, limit: number) =>
  db
    .select(recordColumns)
    .from(flightLogs)
    .where(and(eq(flightLogs.ledgerState, 'pending'), ne(flightLogs.reviewStatus, 'pending'))).orderBy(asc(flightLogs.createdAt), asc(flightLogs.id)).limit(limit);

/** The logs still linked to the leaves of blocks [fromHeight, toHeight), with their leaf's hash. */
export const listSealedLogs = async (db: DbExecutor, fromHeight: number, toHeight: number) =>
  db
    .select({ ...recordColumns, blockHeight: ledgerRecords.blockHeight, sealedHash: ledgerRecords.recordHash })
    .from(ledgerRecords)
    .innerJoin(flightLogs, eq(flightLogs.id, ledgerRecords.flightLogId))
    .where(and(gte(ledgerRecords.blockHeight, fromHeight), lt(ledgerRecords.blockHeight, toHeight)));

/** The leaf that seals this record hash, if any. */
export const findLeaf = async (db: DbExecutor, recordHash: string) => {
  const [row] = await db.select().from(ledgerRecords).where(eq(ledgerRecords.recordHash, recordHash)).orderBy(asc(ledgerRecords.blockHeight)).limit(1);
  return row;
};

export const isRecordPending = async (db: DbExecutor, recordHash: string): Promise<boolean> => {
  const [row] = await db
    .select({ id: flightLogs.id })
    .from(flightLogs)
    .where(and(eq(flightLogs.ledgerHash, recordHash), eq(flightLogs.ledgerState, 'pending')))
    .limit(1);
  return row !== undefined;
};

/** Writes a block's leaves and marks their logs sealed in that block. */
export const insertLeaves = async (tx: DbExecutor, height: number, records: { id: string; recordHash: string }[]): Promise<void> => {
  await tx.insert(ledgerRecords).values(records.map((record, leafIndex) => ({ blockHeight: height, leafIndex, recordHash: record.recordHash, flightLogId: record.id })));
  const rows = records.map((record) => sql`(${record.id}::uuid, ${record.recordHash})`);
  await tx.execute(sql`
    update ${flightLogs} set ledger_state = 'validated', ledger_hash = sealed.record_hash, ledger_block_height = ${height}
    from (values ${sql.join(rows, sql`, `)}) as sealed(id, record_hash)
    where ${flightLogs.id} = sealed.id`);
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
