import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { merkleAuditPath, merkleRoot, verifyMerkleAuditPath } from '../../src/ledger/merkle-tree';

// An independent reference (node:crypto, not @noble/hashes) of RFC 9162's hashing.
const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const leaf = (hex: string) => sha(Buffer.from([0]), Buffer.from(hex, 'hex'));
const node = (left: Buffer, right: Buffer) => sha(Buffer.from([1]), left, right);
const recordHash = (n: number) => createHash('sha256').update(`record ${n}`).digest('hex');
const records = (count: number) => Array.from({ length: count }, (_, n) => recordHash(n));

describe('merkle tree (RFC 9162)', () => {
  it('hashes one leaf with the 0x00 prefix and splits five leaves at four', () => {
    const [a, b, c, d, e] = records(5) as [string, string, string, string, string];
    expect(merkleRoot([a])).toBe(leaf(a).toString('hex'));
    const four = node(node(leaf(a), leaf(b)), node(leaf(c), leaf(d)));
    expect(merkleRoot([a, b, c, d, e])).toBe(node(four, leaf(e)).toString('hex'));
  });

  it('refuses an empty tree and a leaf that is not in the tree', () => {
    expect(() => merkleRoot([])).toThrow(/at least one leaf/);
    expect(() => merkleAuditPath(records(3), 3)).toThrow(/no leaf 3/);
  });

  it('proves every leaf of every tree up to 40 leaves', () => {
    for (let size = 1; size <= 40; size += 1) {
      const hashes = records(size);
      const root = merkleRoot(hashes);
      hashes.forEach((hash, index) => {
        const auditPath = merkleAuditPath(hashes, index);
        expect(verifyMerkleAuditPath({ recordHash: hash, index, treeSize: size, auditPath, merkleRoot: root })).toBe(true);
      });
    }
  });

  // The tree size is not proven by the path itself (the signed block carries it), so it is not varied here.
  it('rejects a proof for another record, index or root, or with a changed or extra sibling', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 64 }), fc.nat(), (size, seed) => {
        const hashes = records(size);
        const index = seed % size;
        const proof = { recordHash: hashes[index]!, index, treeSize: size, auditPath: merkleAuditPath(hashes, index), merkleRoot: merkleRoot(hashes) };
        expect(verifyMerkleAuditPath(proof)).toBe(true);
        expect(verifyMerkleAuditPath({ ...proof, recordHash: recordHash(1000) })).toBe(false);
        expect(verifyMerkleAuditPath({ ...proof, index: (index + 1) % size })).toBe(false);
        expect(verifyMerkleAuditPath({ ...proof, merkleRoot: merkleRoot(records(size + 1)) })).toBe(false);
        const changed = [...proof.auditPath];
        changed[seed % changed.length] = recordHash(2000);
        expect(verifyMerkleAuditPath({ ...proof, auditPath: changed })).toBe(false);
        expect(verifyMerkleAuditPath({ ...proof, auditPath: [...proof.auditPath, recordHash(3000)] })).toBe(false);
      }),
    );
  });

  it('answers false, not an exception, to hashes that are not hex', () => {
    expect(verifyMerkleAuditPath({ recordHash: 'zz', index: 0, treeSize: 1, auditPath: [], merkleRoot: 'ab' })).toBe(false);
    expect(verifyMerkleAuditPath({ recordHash: recordHash(0), index: 0, treeSize: 2, auditPath: ['not hex'], merkleRoot: 'ab' })).toBe(false);
  });
});
