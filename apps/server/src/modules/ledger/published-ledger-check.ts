import type { z } from 'zod';
import { ledgerBlockProblem, type TChainVerification, type TSealedBlock } from '@contrail/domain/ledger/ledger-block';
import { ZLedgerBlockPage, ZLedgerProof, ZLedgerSummary, type TLedgerProof } from '@contrail/domain/ledger/ledger-contract';
import { ledgerProofHolds } from '@contrail/domain/ledger/ledger-proof';

/**
 * Checks a Contrail server's ledger from the outside, through its public API only: what
 * `npm run ledger:verify` runs. Nothing here trusts the server's own verdict.
 */

const PAGE_SIZE = 100;

const fetchJson = async <T extends z.ZodType>(url: URL, schema: T): Promise<z.infer<T>> => {
  const response = await fetch(url);
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message = (body as { message?: string } | undefined)?.message ?? response.statusText;
    throw new Error(`${url.pathname} answered ${response.status}: ${message}`);
  }
  return schema.parse(body);
};

export type PublishedLedgerCheck = TChainVerification & {
  publicKey: string;
  /** The pinned key was not the server's: every block is then refused. */
  keyMismatch: boolean;
};

/** Walks the chain page by page, first block first, checking every link, Merkle root and signature. */
export const checkPublishedLedger = async (serverUrl: string, options: { publicKey?: string } = {}): Promise<PublishedLedgerCheck> => {
  const summary = await fetchJson(new URL('/api/v1/ledger', serverUrl), ZLedgerSummary);
  const publicKey = options.publicKey ?? summary.publicKey;
  let previous: TSealedBlock | undefined;
  let blocks = 0;
  let records = 0;
  for (let page = 0; ; page += 1) {
    const url = new URL('/api/v1/ledger/blocks', serverUrl);
    url.search = new URLSearchParams({ page: String(page), size: String(PAGE_SIZE) }).toString();
    const { items, totalPages } = await fetchJson(url, ZLedgerBlockPage);
    for (const block of items) {
      const problem = ledgerBlockProblem(block, previous, publicKey);
      if (problem) return { valid: false, blocks, records, invalidHeight: block.height, problem, publicKey, keyMismatch: publicKey !== summary.publicKey };
      previous = block;
      blocks += 1;
      records += block.recordCount;
    }
    if (page + 1 >= totalPages) break;
  }
  return { valid: true, blocks, records, publicKey, keyMismatch: publicKey !== summary.publicKey };
};

/** Fetches a record's proof and checks it: its Merkle path to the root, the block's hash and its signature. */
export const checkPublishedRecord = async (
  serverUrl: string,
  recordHash: string,
  options: { publicKey?: string } = {},
): Promise<{ holds: boolean; proof: TLedgerProof }> => {
  const proof = await fetchJson(new URL(`/api/v1/ledger/records/${encodeURIComponent(recordHash)}/proof`, serverUrl), ZLedgerProof);
  return { holds: ledgerProofHolds(proof, options.publicKey ?? proof.publicKey), proof };
};
