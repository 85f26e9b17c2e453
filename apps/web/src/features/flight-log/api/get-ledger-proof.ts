import type { TLedgerProof } from '@contrail/domain/ledger/ledger-contract';
import { apiClient } from '../../../lib/api-client';

/** GET /api/v1/ledger/records/{hash}/proof: the record's Merkle audit path and its signed block (public). */
export const getLedgerProof = (recordHash: string): Promise<TLedgerProof> =>
  apiClient.get<TLedgerProof>(`/api/v1/ledger/records/${encodeURIComponent(recordHash)}/proof`);
