import type { TLedgerProof } from '@contrail/domain/ledger/ledger-contract';
import { ledgerRoutes } from '@contrail/domain/ledger/ledger-routes';
import { apiClient } from '../../../lib/api-client';

/** The record's Merkle audit path and its signed block (public). */
export const getLedgerProof = (recordHash: string): Promise<TLedgerProof> =>
  apiClient.call(ledgerRoutes.proof, { params: { recordHash } });
