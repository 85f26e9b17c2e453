import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZLedgerBlock,
  ZLedgerBlockPage,
  ZLedgerBlockParams,
  ZLedgerBlockQuery,
  ZLedgerProof,
  ZLedgerRecordParams,
  ZLedgerSummary,
  ZLedgerVerification,
} from '@contrail/domain/ledger/ledger-contract';
import { rateLimited } from '../../plugins/rate-limit';
import { getLedgerBlock, getLedgerProof, getLedgerSummary, loadLedgerSigner, pageLedgerBlocks, sealPendingRecords, verifyLedger } from './ledger.service';

/**
 * The flight ledger (DESIGN.md "Flight ledger"), under /api, public: blocks and proofs carry
 * hashes only, so anyone can check the chain without an account. The sealing job runs here.
 */
export const LEDGER_SEAL_JOB = 'ledger-seal';

export const ledgerRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config, jobs } = app.deps;
  const signer = await loadLedgerSigner(db);

  // Sealed at start and then every LEDGER_SEAL_INTERVAL_MS, by one instance at a time.
  jobs.register({ name: LEDGER_SEAL_JOB, periodMs: config.LEDGER_SEAL_INTERVAL_MS, run: (now) => sealPendingRecords(db, signer, now) });

  const tags = ['ledger'];
  app.get('/v1/ledger', { schema: { tags, response: { 200: ZLedgerSummary } } }, async () => getLedgerSummary(db, signer));

  app.get(
    '/v1/ledger/blocks',
    { schema: { tags, querystring: ZLedgerBlockQuery, response: { 200: ZLedgerBlockPage } } },
    async (request) => pageLedgerBlocks(db, request.query),
  );

  app.get(
    '/v1/ledger/blocks/:height',
    { schema: { tags, params: ZLedgerBlockParams, response: { 200: ZLedgerBlock } } },
    async (request) => getLedgerBlock(db, request.params.height),
  );

  app.get(
    '/v1/ledger/records/:recordHash/proof',
    { schema: { tags, params: ZLedgerRecordParams, response: { 200: ZLedgerProof } } },
    async (request) => getLedgerProof(db, signer, request.params.recordHash),
  );

  // Reads the whole ledger and every sealed log: a few calls a minute per client is plenty.
  app.get(
    '/v1/ledger/verify',
    { config: rateLimited(config, { max: 6 }), schema: { tags, response: { 200: ZLedgerVerification } } },
    async () => verifyLedger(db, signer),
  );
};
