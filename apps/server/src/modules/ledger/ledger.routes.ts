import type { FastifyPluginAsync } from 'fastify';
import { ledgerRoutes as routes } from '@contrail/domain/ledger/ledger-routes';
import { serveRoute } from '../../lib/serve-route';
import { rateLimited } from '../../plugins/rate-limit';
import { getLedgerBlock, getLedgerProof, getLedgerSummary, loadLedgerSigner, pageLedgerBlocks, sealPendingRecords, verifyLedger } from './ledger.service';

/**
 * The flight ledger (docs/decisions/0015-flight-ledger.md), under /api, public: blocks and proofs carry
 * hashes only, so anyone can check the chain without an account. The sealing job runs here.
 */
export const LEDGER_SEAL_JOB = 'ledger-seal';

export const ledgerRoutes: FastifyPluginAsync = async (app) => {
  const { db, config, jobs } = app.deps;
  const signer = await loadLedgerSigner(db);

  // Sealed at start and then every LEDGER_SEAL_INTERVAL_MS, by one instance at a time.
  jobs.register({ name: LEDGER_SEAL_JOB, periodMs: config.LEDGER_SEAL_INTERVAL_MS, run: (now) => sealPendingRecords(db, signer, now) });

  serveRoute(app, routes.summary, async () => getLedgerSummary(db, signer));
  serveRoute(app, routes.blocks, async (request) => pageLedgerBlocks(db, request.query));
  serveRoute(app, routes.block, async (request) => getLedgerBlock(db, request.params.height));
  serveRoute(app, routes.proof, async (request) => getLedgerProof(db, signer, request.params.recordHash));
  // Reads the whole ledger and every sealed log: a few calls a minute per client is plenty.
  serveRoute(app, routes.verify, async () => verifyLedger(db, signer), { config: rateLimited(config, { max: 6 }) });
};
