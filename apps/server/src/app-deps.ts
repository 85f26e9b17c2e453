// The dependencies every module may use, in a file of their own: modules import this, never
// app.ts, so no module sits in an import circle with the app that registers it.
import type { AppConfig } from './config/config';
import type { Database, DatabaseHandle } from './db/database';
import type { JobRegistry } from './jobs/job-registry';
import type { Clock } from './lib/clock';
import type { Metrics } from './modules/ops/metrics';
import type { CheckoutOutcomes } from './modules/payment/checkout-outcomes';

/** What every module may use, decorated on the app as `app.deps`. */
export type AppDeps = {
  config: AppConfig;
  db: Database;
  databaseKind: DatabaseHandle['kind'];
  clock: Clock;
  /** Periodic jobs: modules register theirs; outside tests the app runs them from its clock once listening. */
  jobs: JobRegistry;
  /** Prometheus counters and histograms (modules/ops/metrics.ts). */
  metrics: Metrics;
  /** Set by a clean shutdown (main.ts): readiness answers 503 so the load balancer stops sending traffic. */
  lifecycle: { isShuttingDown: boolean };
  /** What became of a card checkout, told to the module that started it (the store, subscriptions). */
  checkoutOutcomes: CheckoutOutcomes;
};

// Fastify's declaration merging needs interfaces.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */
