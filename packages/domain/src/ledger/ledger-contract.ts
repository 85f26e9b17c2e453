import { z } from 'zod';
import { pageOf, ZPageQuery } from '../api/page';
import { LedgerProblem } from './ledger-block';

/**
 * The public ledger API (docs/decisions/0015-flight-ledger.md): anyone can read the chain and check it, and a
 * pilot can prove one of their flights is in it. Hashes are lower-case hex SHA-256.
 */
const ZHash = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 hash: 64 lower-case hex digits');

export const ZLedgerBlock = z.object({
  version: z.literal(1),
  height: z.number().int(),
  previousHash: ZHash,
  merkleRoot: ZHash,
  recordCount: z.number().int(),
  sealedAt: z.string(),
  hash: ZHash,
  signature: z.string(),
  recordHashes: z.array(ZHash),
});
export type TLedgerBlock = z.infer<typeof ZLedgerBlock>;

/** GET /v1/ledger/blocks?page&size: oldest first, so a verifier walks the chain page by page. */
export const ZLedgerBlockQuery = ZPageQuery;
export const ZLedgerBlockPage = pageOf(ZLedgerBlock);
export type TLedgerBlockPage = z.infer<typeof ZLedgerBlockPage>;
export const ZLedgerBlockParams = z.object({ height: z.coerce.number().int().min(0) });

/** GET /v1/ledger: what a verifier needs first. */
export const ZLedgerSummary = z.object({
  /** Ed25519 public key (hex) that signs every block. */
  publicKey: z.string(),
  blocks: z.number().int(),
  sealedRecords: z.number().int(),
  pendingRecords: z.number().int(),
  lastBlockHash: ZHash.nullable(),
  lastSealedAt: z.string().nullable(),
});
export type TLedgerSummary = z.infer<typeof ZLedgerSummary>;

/** GET /v1/ledger/records/{recordHash}/proof: a Merkle audit path from the record to a signed block. */
export const ZLedgerRecordParams = z.object({ recordHash: ZHash });
export const ZLedgerProof = z.object({
  recordHash: ZHash,
  index: z.number().int(),
  treeSize: z.number().int(),
  auditPath: z.array(ZHash),
  merkleRoot: ZHash,
  block: ZLedgerBlock.omit({ recordHashes: true }),
  publicKey: z.string(),
});
export type TLedgerProof = z.infer<typeof ZLedgerProof>;

/** GET /v1/ledger/verify: the server checks the chain and every sealed log against its hash. */
export const ZLedgerVerification = z.object({
  valid: z.boolean(),
  blocks: z.number().int(),
  records: z.number().int(),
  invalidHeight: z.number().int().nullable(),
  problem: z.enum(LedgerProblem).nullable(),
});
export type TLedgerVerification = z.infer<typeof ZLedgerVerification>;
