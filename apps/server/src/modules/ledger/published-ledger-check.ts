import type { z } from 'zod';
import { ledgerChainWalk, type TChainVerification } from '@contrail/domain/ledger/ledger-block';
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
  const walk = ledgerChainWalk(publicKey);
  for (let page = 0, totalPages = 1; page < totalPages; page += 1) {
    const url = new URL('/api/v1/ledger/blocks', serverUrl);
    url.search = new URLSearchParams({ page: String(page), size: String(PAGE_SIZE) }).toString();
    const blockPage = await fetchJson(url, ZLedgerBlockPage);
    totalPages = blockPage.totalPages;
    if (blockPage.items.some((block) => walk.add(block))) break;
  }
  return { ...walk.result(), publicKey, keyMismatch: publicKey !== summary.publicKey };
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
