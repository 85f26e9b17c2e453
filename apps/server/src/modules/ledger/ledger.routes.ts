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
export const ledgerRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock, config } = app.deps;
  const signer = await loadLedgerSigner(db);

  // Sealed at start and then every LEDGER_SEAL_INTERVAL_MS. Tests call sealPendingRecords with their clock instead.
  if (config.NODE_ENV !== 'test') {
    let timer: NodeJS.Timeout | undefined;
    const seal = () => sealPendingRecords(db, signer, clock.now()).catch((error: unknown) => app.log.warn({ err: error }, 'ledger sealing failed'));
    app.addHook('onListen', async () => {
      void seal();
      timer = setInterval(() => void seal(), config.LEDGER_SEAL_INTERVAL_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  }

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
