import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import {
  GENESIS_PREVIOUS_HASH,
  ledgerBlockHash,
  ledgerBlockHeaderOf,
  ledgerChainWalk,
  ledgerPublicKey,
  signLedgerBlock,
  type TChainVerification,
  type TLedgerBlockHeader,
  type TSealedBlock,
} from '@contrail/domain/ledger/ledger-block';
import type { TLedgerBlockPage, TLedgerProof, TLedgerSummary, TLedgerVerification } from '@contrail/domain/ledger/ledger-contract';
import { merkleAuditPath, merkleRoot } from '@contrail/domain/ledger/merkle-tree';
import type { Database } from '../../db/database';
import { queryPage, toPage } from '../../db/paging';
import { getOrCreateServerSecret } from '../../lib/server-secret';
import { recordNotifications } from '../notification/notification.service';
import { ledgerHashOfLog } from './ledger-record-of-log';
import {
  countBlocks,
  countLedger,
  findBlock,
  findLastBlock,
  findLeaf,
  insertBlock,
  insertLeaves,
  isRecordPending,
  listBlocks,
  listPendingRecords,
  listSealedLogs,
  lockLedger,
  recordHashesOfBlocks,
  type LedgerBlockRow,
} from './ledger.repository';

/** The server's Ed25519 key for blocks, kept with the other server secrets (every instance shares it). */
export type LedgerSigner = { publicKey: string; sign: (blockHash: string) => string };

export const loadLedgerSigner = async (db: Database): Promise<LedgerSigner> => {
  const secretKey = new Uint8Array(Buffer.from(await getOrCreateServerSecret(db, 'ledger-signing-key', 32), 'base64url'));
  return { publicKey: ledgerPublicKey(secretKey), sign: (blockHash) => signLedgerBlock(blockHash, secretKey) };
};

/** At most this many records go into one block, so one sealing transaction stays short. */
export const MAX_RECORDS_PER_BLOCK = 1000;

const headerOf = (row: LedgerBlockRow): TLedgerBlockHeader => ledgerBlockHeaderOf({ ...row, version: 1, sealedAt: row.sealedAt.toISOString() });

const publishedBlock = (row: LedgerBlockRow, recordHashes: string[]): TSealedBlock => ({
  ...headerOf(row),
  hash: row.hash,
  signature: row.signature,
  recordHashes,
});

/**
 * The sealing job: puts the oldest pending records into the next block (Merkle root, previous
 * block's hash, signature) and marks their logs validated, in one transaction behind a lock, so
 * instances sealing at once make consecutive blocks, never the same one. Returns the new block,
 * or undefined when nothing was pending.
 */
export const sealPendingRecords = async (
  db: Database,
  signer: LedgerSigner,
  now: Date,
  maxRecords = MAX_RECORDS_PER_BLOCK,
): Promise<TSealedBlock | undefined> =>
  db.transaction(async (tx) => {
    await lockLedger(tx);
    const pending = await listPendingRecords(tx, maxRecords);
    if (pending.length === 0) return undefined;
    // Logs written before record hashes were kept get theirs now, from the same facts.
    const records = pending.map((log) => ({ id: log.id, recordHash: log.ledgerHash ?? ledgerHashOfLog(log) }));
    const recordHashes = records.map((record) => record.recordHash);
    const last = await findLastBlock(tx);
    const header: TLedgerBlockHeader = {
      version: 1,
      height: last ? last.height + 1 : 0,
      previousHash: last?.hash ?? GENESIS_PREVIOUS_HASH,
      merkleRoot: merkleRoot(recordHashes),
      recordCount: records.length,
      sealedAt: now.toISOString(),
    };
    const hash = ledgerBlockHash(header);
    const row: LedgerBlockRow = { ...header, sealedAt: now, hash, signature: signer.sign(hash) };
    await insertBlock(tx, row);
    await insertLeaves(tx, header.height, records);
    await recordNotifications(
      tx,
      pending.map((log) => ({
        userId: log.userId,
        type: 'FLIGHT_LOG_VALIDATED' as const,
        data: { flightLogId: log.id, flightNumber: log.flightNumber, departureIdent: log.departureIdent, arrivalIdent: log.arrivalIdent, blockHeight: header.height },
      })),
    );
    return publishedBlock(row, recordHashes);
  });

export const getLedgerSummary = async (db: Database, signer: LedgerSigner): Promise<TLedgerSummary> => {
  const [counts, last] = await Promise.all([countLedger(db), findLastBlock(db)]);
  return { publicKey: signer.publicKey, ...counts, lastBlockHash: last?.hash ?? null, lastSealedAt: last?.sealedAt.toISOString() ?? null };
};

/** A page of blocks, oldest first, each with its leaves. */
export const pageLedgerBlocks = async (db: Database, query: { page: number; size: number }): Promise<TLedgerBlockPage> => {
  // Heights count from 0 without a gap, so the n-th block is the one at height n: read from there by the index.
  const page = await queryPage(query, { rows: ({ limit, offset }) => listBlocks(db, offset, limit), count: () => countBlocks(db) });
  const leaves = await recordHashesOfBlocks(db, page.rows.map((row) => row.height));
  return toPage(page, (row) => publishedBlock(row, leaves.get(row.height) ?? []));
};

const blockNotFound = (height: number) => new AppError(ErrorCode.notFound, `The ledger has no block ${height}`);

export const getLedgerBlock = async (db: Database, height: number): Promise<TSealedBlock> => {
  const row = await findBlock(db, height);
  if (!row) throw blockNotFound(height);
  const leaves = await recordHashesOfBlocks(db, [height]);
  return publishedBlock(row, leaves.get(height) ?? []);
};

/** The Merkle audit path from a record to its signed block: what anyone needs to check it alone. */
export const getLedgerProof = async (db: Database, signer: LedgerSigner, recordHash: string): Promise<TLedgerProof> => {
  const leaf = await findLeaf(db, recordHash);
  if (!leaf) {
    if (await isRecordPending(db, recordHash)) throw new AppError(ErrorCode.ledgerRecordPending, 'This record waits for the next block');
    throw new AppError(ErrorCode.ledgerRecordNotFound, 'No flight record has this hash');
  }
  const block = await getLedgerBlock(db, leaf.blockHeight);
  const { recordHashes, ...header } = block;
  return {
    recordHash,
    index: leaf.leafIndex,
    treeSize: recordHashes.length,
    auditPath: merkleAuditPath(recordHashes, leaf.leafIndex),
    merkleRoot: block.merkleRoot,
    block: header,
    publicKey: signer.publicKey,
  };
};

const VERIFY_PAGE = 100;

/**
 * The server's own check: every block's link, Merkle root and signature, and every sealed log
 * still in the database against its leaf (a log edited after sealing no longer hashes to it).
 */
export const verifyLedger = async (db: Database, signer: LedgerSigner): Promise<TLedgerVerification> => {
  const walk = ledgerChainWalk(signer.publicKey);
  for (let fromHeight = 0; ; fromHeight += VERIFY_PAGE) {
    const rows = await listBlocks(db, fromHeight, VERIFY_PAGE);
    if (rows.length === 0) break;
    const leaves = await recordHashesOfBlocks(db, rows.map((row) => row.height));
    const logs = await listSealedLogs(db, fromHeight, fromHeight + VERIFY_PAGE);
    const editedInBlocks = new Set(logs.filter((log) => ledgerHashOfLog(log) !== log.sealedHash).map((log) => log.blockHeight));
    for (const row of rows) {
      if (walk.add(publishedBlock(row, leaves.get(row.height) ?? []), !editedInBlocks.has(row.height))) return verificationOf(walk.result());
    }
  }
  return verificationOf(walk.result());
};

const verificationOf = (result: TChainVerification): TLedgerVerification =>
  result.valid ? { ...result, invalidHeight: null, problem: null } : result;
