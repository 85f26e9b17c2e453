import { declareRoute } from '../api/route-declaration';
import {
  ZLedgerBlock,
  ZLedgerBlockPage,
  ZLedgerBlockParams,
  ZLedgerBlockQuery,
  ZLedgerProof,
  ZLedgerRecordParams,
  ZLedgerSummary,
  ZLedgerVerification,
} from './ledger-contract';

const tag = 'ledger';

/** The flight ledger (docs/decisions/0015-flight-ledger.md), public: blocks and proofs carry hashes only. */
export const ledgerRoutes = {
  summary: declareRoute({ method: 'GET', path: '/api/v1/ledger', tag, signedIn: false, response: ZLedgerSummary }),
  blocks: declareRoute({ method: 'GET', path: '/api/v1/ledger/blocks', tag, signedIn: false, query: ZLedgerBlockQuery, response: ZLedgerBlockPage }),
  block: declareRoute({ method: 'GET', path: '/api/v1/ledger/blocks/:height', tag, signedIn: false, params: ZLedgerBlockParams, response: ZLedgerBlock }),
  /** A record's Merkle audit path and its signed block. */
  proof: declareRoute({ method: 'GET', path: '/api/v1/ledger/records/:recordHash/proof', tag, signedIn: false, params: ZLedgerRecordParams, response: ZLedgerProof }),
  verify: declareRoute({ method: 'GET', path: '/api/v1/ledger/verify', tag, signedIn: false, response: ZLedgerVerification }),
};
