import { ed25519 } from '@noble/curves/ed25519.js';
import { describe, expect, it } from 'vitest';
import {
  GENESIS_PREVIOUS_HASH,
  ledgerBlockHash,
  ledgerPublicKey,
  signLedgerBlock,
  verifyLedgerChain,
  type TSealedBlock,
} from '../../src/ledger/ledger-block';
import { canonicalJson, ledgerRecordHash, sha256Hex, type TLedgerRecord } from '../../src/ledger/ledger-record';
import { merkleRoot } from '../../src/ledger/merkle-tree';

const secretKey = ed25519.utils.randomSecretKey();
const publicKey = ledgerPublicKey(secretKey);

const record = (n: number): TLedgerRecord => ({
  version: 1,
  flightLogId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  flightId: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  userId: '20000000-0000-4000-8000-000000000001',
  flightNumber: `CTR${n}`,
  type: 'NORMAL',
  aircraftIcao: 'A320',
  departureIdent: 'LFPG',
  arrivalIdent: 'EGLL',
  startDate: '2026-11-21T10:00:00.000Z',
  endDate: '2026-11-21T11:10:00.000Z',
  flightDurationSeconds: 3600,
  distanceNm: 188,
  isArrived: true,
  flightScore: 92,
  fc: 1200,
  xp: 300,
  missionFcBonus: 0,
  missionXpBonus: 0,
});

const seal = (height: number, previous: string, recordHashes: string[], key = secretKey): TSealedBlock => {
  const header = { version: 1 as const, height, previousHash: previous, merkleRoot: merkleRoot(recordHashes), recordCount: recordHashes.length, sealedAt: `2026-11-21T1${height}:00:00.000Z` };
  const hash = ledgerBlockHash(header);
  return { ...header, hash, signature: signLedgerBlock(hash, key), recordHashes };
};

const chain = (): TSealedBlock[] => {
  const first = seal(0, GENESIS_PREVIOUS_HASH, [0, 1, 2].map((n) => ledgerRecordHash(record(n))));
  const second = seal(1, first.hash, [3].map((n) => ledgerRecordHash(record(n))));
  const third = seal(2, second.hash, [4, 5, 6, 7, 8].map((n) => ledgerRecordHash(record(n))));
  return [first, second, third];
};

describe('ledger record hash', () => {
  it('is SHA-256 of the canonical JSON, whatever order the keys come in', () => {
    const reversed = Object.fromEntries(Object.entries(record(1)).reverse()) as TLedgerRecord;
    expect(ledgerRecordHash(reversed)).toBe(ledgerRecordHash(record(1)));
    expect(canonicalJson({ b: 1, a: [true, 'x'] })).toBe('{"a":[true,"x"],"b":1}');
    expect(ledgerRecordHash(record(1))).toBe(sha256Hex(canonicalJson(record(1))));
    expect(ledgerRecordHash({ ...record(1), fc: 1201 })).not.toBe(ledgerRecordHash(record(1)));
  });
});

describe('ledger chain', () => {
  it('holds when every link, root and signature holds', () => {
    expect(verifyLedgerChain(chain(), publicKey)).toEqual({ valid: true, blocks: 3, records: 9 });
    expect(verifyLedgerChain([], publicKey)).toEqual({ valid: true, blocks: 0, records: 0 });
  });

  it('names the first block that breaks, and why', () => {
    const tamper = (change: (blocks: TSealedBlock[]) => void) => {
      const blocks = chain();
      change(blocks);
      return verifyLedgerChain(blocks, publicKey);
    };
    expect(tamper((b) => (b[1]!.recordHashes = [ledgerRecordHash(record(99))]))).toMatchObject({ valid: false, invalidHeight: 1, problem: 'merkleRoot', records: 3 });
    expect(tamper((b) => b[2]!.recordHashes.pop())).toMatchObject({ invalidHeight: 2, problem: 'recordCount' });
    expect(tamper((b) => (b[1]!.sealedAt = '2030-01-01T00:00:00.000Z'))).toMatchObject({ invalidHeight: 1, problem: 'hash' });
    expect(tamper((b) => (b[2]!.previousHash = b[0]!.hash))).toMatchObject({ invalidHeight: 2, problem: 'previousHash' });
    expect(tamper((b) => b.splice(1, 1))).toMatchObject({ invalidHeight: 2, problem: 'height' });
    expect(tamper((b) => (b[0]!.signature = b[1]!.signature))).toMatchObject({ invalidHeight: 0, problem: 'signature' });
    expect(tamper((b) => (b[0]!.signature = 'not hex'))).toMatchObject({ invalidHeight: 0, problem: 'signature' });
    expect(tamper((b) => (b[0]!.recordHashes = ['zz']))).toMatchObject({ invalidHeight: 0, problem: 'recordCount' });
  });

  it('refuses a chain signed by another key, even when every hash is right', () => {
    const forged = seal(0, GENESIS_PREVIOUS_HASH, [ledgerRecordHash(record(0))], ed25519.utils.randomSecretKey());
    expect(verifyLedgerChain([forged], publicKey)).toMatchObject({ valid: false, invalidHeight: 0, problem: 'signature' });
  });
});
