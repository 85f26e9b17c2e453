import { ledgerBlockHash, ledgerBlockHeaderOf, verifyLedgerSignature } from './ledger-block';
import type { TLedgerProof } from './ledger-contract';
import { verifyMerkleAuditPath } from './merkle-tree';

/**
 * True when a published proof leads from the record to its block's Merkle root, and the block's
 * hash and signature hold under `publicKey`: a record's inclusion, checked without the server.
 */
export const ledgerProofHolds = (proof: TLedgerProof, publicKey: string): boolean =>
  proof.merkleRoot === proof.block.merkleRoot &&
  proof.treeSize === proof.block.recordCount &&
  verifyMerkleAuditPath(proof) &&
  ledgerBlockHash(ledgerBlockHeaderOf(proof.block)) === proof.block.hash &&
  verifyLedgerSignature(proof.block.hash, proof.block.signature, publicKey);
