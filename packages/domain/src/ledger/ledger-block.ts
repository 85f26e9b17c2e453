import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { merkleRoot } from './merkle-tree';
import { canonicalJson, sha256Hex } from './ledger-record';

/**
 * A sealed block of the flight ledger: an append-only hash chain. Each block names the hash of
 * the one before it and the Merkle root of the records it seals; its hash is SHA-256 of the
 * header's canonical JSON, and the server signs that hash with its Ed25519 key.
 */
export type TLedgerBlockHeader = {
  version: 1;
  /** 0 for the first block. */
  height: number;
  /** The previous block's hash; 64 zeros for the first block. */
  previousHash: string;
  merkleRoot: string;
  recordCount: number;
  /** ISO 8601, UTC. */
  sealedAt: string;
};

export const GENESIS_PREVIOUS_HASH = '0'.repeat(64);

export const ledgerBlockHash = (header: TLedgerBlockHeader): string => sha256Hex(canonicalJson(header));

/** The header alone of a published block (which also carries its hash, signature, leaves...). */
export const ledgerBlockHeaderOf = (block: TLedgerBlockHeader): TLedgerBlockHeader => ({
  version: block.version,
  height: block.height,
  previousHash: block.previousHash,
  merkleRoot: block.merkleRoot,
  recordCount: block.recordCount,
  sealedAt: block.sealedAt,
});

/** The Ed25519 signature (hex) of the block hash. */
export const signLedgerBlock = (blockHash: string, secretKey: Uint8Array): string =>
  bytesToHex(ed25519.sign(utf8ToBytes(blockHash), secretKey));

export const ledgerPublicKey = (secretKey: Uint8Array): string => bytesToHex(ed25519.getPublicKey(secretKey));

export const verifyLedgerSignature = (blockHash: string, signature: string, publicKey: string): boolean => {
  try {
    return ed25519.verify(hexToBytes(signature), utf8ToBytes(blockHash), hexToBytes(publicKey), { zip215: false });
  } catch {
    return false; // a signature or key that is not hex, or of the wrong length
  }
};

/** A block as the ledger API publishes it: its header, hash, signature and the records it seals. */
export type TSealedBlock = TLedgerBlockHeader & { hash: string; signature: string; recordHashes: string[] };

export type TChainVerification =
  | { valid: true; blocks: number; records: number }
  | { valid: false; blocks: number; records: number; invalidHeight: number; problem: LedgerProblem };

/** What can break: a block's own checks, or (seen only with the logs at hand) a record that no longer hashes to its leaf. */
export const LedgerProblem = ['height', 'previousHash', 'recordCount', 'merkleRoot', 'hash', 'signature', 'recordHash'] as const;
export type LedgerProblem = (typeof LedgerProblem)[number];

const holdsMerkleRoot = (block: TSealedBlock): boolean => {
  try {
    return merkleRoot(block.recordHashes) === block.merkleRoot;
  } catch {
    return false; // a record hash that is not hex
  }
};

/** Why one block does not hold, or undefined when it does (given the block before it). */
export const ledgerBlockProblem = (block: TSealedBlock, previous: TSealedBlock | undefined, publicKey: string): LedgerProblem | undefined => {
  if (block.height !== (previous ? previous.height + 1 : 0)) return 'height';
  if (block.previousHash !== (previous ? previous.hash : GENESIS_PREVIOUS_HASH)) return 'previousHash';
  if (block.recordCount !== block.recordHashes.length || block.recordCount === 0) return 'recordCount';
  if (!holdsMerkleRoot(block)) return 'merkleRoot';
  if (ledgerBlockHash(ledgerBlockHeaderOf(block)) !== block.hash) return 'hash';
  if (!verifyLedgerSignature(block.hash, block.signature, publicKey)) return 'signature';
  return undefined;
};

/**
 * Checks a chain block by block, first block first, as the blocks arrive (a page at a time from an
 * API or a database): every link, Merkle root and signature. `add` answers the block's problem, if
 * any (`recordsHold: false` when its records were checked and one does not match its leaf), and the
 * walk stops there; `result` is the verdict so far.
 */
export const ledgerChainWalk = (publicKey: string) => {
  let previous: TSealedBlock | undefined;
  let invalid: { invalidHeight: number; problem: LedgerProblem } | undefined;
  let blocks = 0;
  let records = 0;
  return {
    add: (block: TSealedBlock, recordsHold = true): LedgerProblem | undefined => {
      if (invalid) return invalid.problem;
      const problem = ledgerBlockProblem(block, previous, publicKey) ?? (recordsHold ? undefined : 'recordHash');
      if (problem) {
        invalid = { invalidHeight: block.height, problem };
        return problem;
      }
      previous = block;
      blocks += 1;
      records += block.recordCount;
      return undefined;
    },
    result: (): TChainVerification => (invalid ? { valid: false, blocks, records, ...invalid } : { valid: true, blocks, records }),
  };
};

/** Checks a whole chain, first block first: every link, every Merkle root, every signature. */
export const verifyLedgerChain = (blocks: TSealedBlock[], publicKey: string): TChainVerification => {
  const walk = ledgerChainWalk(publicKey);
  for (const block of blocks) if (walk.add(block)) break;
  return walk.result();
};
