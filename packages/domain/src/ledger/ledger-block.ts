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

export const LedgerProblem = ['height', 'previousHash', 'recordCount', 'merkleRoot', 'hash', 'signature'] as const;
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

/** Checks a whole chain, first block first: every link, every Merkle root, every signature. */
export const verifyLedgerChain = (blocks: TSealedBlock[], publicKey: string): TChainVerification => {
  let records = 0;
  for (const [position, block] of blocks.entries()) {
    const problem = ledgerBlockProblem(block, blocks[position - 1], publicKey);
    if (problem) return { valid: false, blocks: position, records, invalidHeight: block.height, problem };
    records += block.recordCount;
  }
  return { valid: true, blocks: blocks.length, records };
};
