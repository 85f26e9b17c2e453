import { ed25519 } from '@noble/curves/ed25519.js';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { GENESIS_PREVIOUS_HASH, ledgerBlockHash, ledgerPublicKey, signLedgerBlock } from '@contrail/domain/ledger/ledger-block';
import type { TLedgerProof } from '@contrail/domain/ledger/ledger-contract';
import { sha256Hex } from '@contrail/domain/ledger/ledger-record';
import { merkleAuditPath, merkleRoot } from '@contrail/domain/ledger/merkle-tree';
import { installFakeFetch, json } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { LedgerProofCheck } from './ledger-proof-check';

/** A real proof: three records sealed in block 4, signed by a fresh key, as the server publishes it. */
const sealedProof = (): TLedgerProof => {
  const secretKey = ed25519.utils.randomSecretKey();
  const recordHashes = ['a', 'b', 'c'].map(sha256Hex);
  const header = { version: 1 as const, height: 4, previousHash: GENESIS_PREVIOUS_HASH, merkleRoot: merkleRoot(recordHashes), recordCount: 3, sealedAt: '2026-11-21T12:00:00.000Z' };
  const hash = ledgerBlockHash(header);
  return {
    recordHash: recordHashes[1]!,
    index: 1,
    treeSize: 3,
    auditPath: merkleAuditPath(recordHashes, 1),
    merkleRoot: header.merkleRoot,
    block: { ...header, hash, signature: signLedgerBlock(hash, secretKey) },
    publicKey: ledgerPublicKey(secretKey),
  };
};

const checkFor = async (proof: TLedgerProof | { status: number; errorCode: string }) => {
  const recordHash = 'recordHash' in proof ? proof.recordHash : sha256Hex('unknown');
  installFakeFetch({
    [`GET /api/v1/ledger/records/${recordHash}/proof`]: () =>
      'status' in proof ? json({ success: false, message: 'no', errorCode: proof.errorCode }, proof.status) : json(proof),
  });
  renderWithProviders(<LedgerProofCheck recordHash={recordHash} blockHeight={4} />);
  expect(screen.getByText('Sealed in ledger block #4')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'What is a ledger block?' })).toHaveAttribute('href', '/help/ledger#block');
  await userEvent.click(screen.getByRole('button', { name: 'Check the proof' }));
};

describe('ledger proof check', () => {
  it('checks a real proof in the browser: Merkle path, block hash and signature', async () => {
    const proof = sealedProof();
    await checkFor(proof);
    expect(await screen.findByText(`Proof checked in your browser: leaf 1 of 3 in block #4, signed by the server key ${proof.publicKey.slice(0, 16)}…`)).toBeInTheDocument();
  });

  it('says so when the block was changed after it was signed', async () => {
    const proof = sealedProof();
    await checkFor({ ...proof, block: { ...proof.block, sealedAt: '2030-01-01T00:00:00.000Z' } });
    expect(await screen.findByText('The proof does not hold: this record does not match its block.')).toBeInTheDocument();
  });

  it('says so when the proof leads to another record', async () => {
    const proof = sealedProof();
    await checkFor({ ...proof, auditPath: [...proof.auditPath].reverse() });
    expect(await screen.findByText('The proof does not hold: this record does not match its block.')).toBeInTheDocument();
  });

  it("words the server's refusal", async () => {
    await checkFor({ status: 404, errorCode: 'LEDGER_RECORD_NOT_FOUND' });
    expect(await screen.findByRole('status')).toHaveTextContent('No flight record has this hash.');
  });

  it('tells a pending record it waits for the next block, with nothing to check yet', () => {
    renderWithProviders(<LedgerProofCheck recordHash={sha256Hex('x')} blockHeight={null} />);
    expect(screen.getByText('Waiting for the next ledger block (sealed every minute).')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'What is a ledger block?' })).toHaveAttribute('href', '/help/ledger#block');
    expect(screen.queryByRole('button', { name: 'Check the proof' })).not.toBeInTheDocument();
  });
});
