import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils.js';

/**
 * The Merkle tree of Certificate Transparency (RFC 9162 section 2.1): leaves and inner nodes are
 * hashed with different prefixes (0x00, 0x01), so a leaf can never pass for a subtree, and a tree
 * of n leaves splits at the largest power of two below n, so no leaf is ever duplicated. Leaves
 * here are the records' hashes (hex); every hash in and out is lower-case hex SHA-256.
 */

const LEAF_PREFIX = Uint8Array.of(0x00);
const NODE_PREFIX = Uint8Array.of(0x01);

const leafHash = (recordHash: string): Uint8Array => sha256(concatBytes(LEAF_PREFIX, hexToBytes(recordHash)));
const nodeHash = (left: Uint8Array, right: Uint8Array): Uint8Array => sha256(concatBytes(NODE_PREFIX, left, right));

/** The largest power of two strictly below n (n >= 2). */
const splitPoint = (n: number): number => {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
};

const subtreeRoot = (leaves: string[]): Uint8Array => {
  if (leaves.length === 1) return leafHash(leaves[0]!);
  const k = splitPoint(leaves.length);
  return nodeHash(subtreeRoot(leaves.slice(0, k)), subtreeRoot(leaves.slice(k)));
};

/** The root of the tree over these record hashes, in order. A block always holds at least one. */
export const merkleRoot = (recordHashes: string[]): string => {
  if (recordHashes.length === 0) throw new Error('a Merkle tree needs at least one leaf');
  return bytesToHex(subtreeRoot(recordHashes));
};

/** The audit path of leaf `index`: the sibling hashes from the leaf up to the root. */
export const merkleAuditPath = (recordHashes: string[], index: number): string[] => {
  if (!Number.isInteger(index) || index < 0 || index >= recordHashes.length) throw new Error(`no leaf ${index} in a tree of ${recordHashes.length}`);
  const path = (leaves: string[], m: number): Uint8Array[] => {
    if (leaves.length === 1) return [];
    const k = splitPoint(leaves.length);
    return m < k
      ? [...path(leaves.slice(0, k), m), subtreeRoot(leaves.slice(k))]
      : [...path(leaves.slice(k), m - k), subtreeRoot(leaves.slice(0, k))];
  };
  return path(recordHashes, index).map(bytesToHex);
};

/**
 * True when `auditPath` proves that `recordHash` is leaf `index` of a tree of `treeSize` leaves
 * with this root (RFC 9162 section 2.1.3.2).
 */
export const verifyMerkleAuditPath = (proof: {
  recordHash: string;
  index: number;
  treeSize: number;
  auditPath: string[];
  merkleRoot: string;
}): boolean => {
  const { index, treeSize, auditPath } = proof;
  if (!Number.isInteger(index) || !Number.isInteger(treeSize) || index < 0 || index >= treeSize) return false;
  try {
    let fn = index;
    let sn = treeSize - 1;
    let hash = leafHash(proof.recordHash);
    for (const siblingHex of auditPath) {
      if (sn === 0) return false;
      const sibling = hexToBytes(siblingHex);
      if (fn % 2 === 1 || fn === sn) {
        hash = nodeHash(sibling, hash);
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      } else {
        hash = nodeHash(hash, sibling);
      }
      fn = Math.floor(fn / 2);
      sn = Math.floor(sn / 2);
    }
    return sn === 0 && bytesToHex(hash) === proof.merkleRoot.toLowerCase();
  } catch {
    return false; // a sibling or record hash that is not hex
  }
};
