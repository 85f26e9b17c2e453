import type { FastifyPluginAsync } from 'fastify';
import { webhookRoutes as routes } from '@contrail/domain/webhook/webhook-contract';
import { serveRoute } from '../../lib/serve-route';
import { currentUser } from '../../plugins/authentication';
import { createWebhook, deleteWebhook, deliverDueWebhooks, listWebhookDeliveries, listWebhooks, testWebhook, type WebhookContext } from './webhook.service';

export const WEBHOOK_DELIVERY_JOB = 'webhook-delivery';
/** How often due deliveries are looked for: the first retry waits 30 s, so 10 s keeps it near. */
export const WEBHOOK_DELIVERY_PERIOD_MS = 10_000;

/** The airline owner's webhooks, under /api/airline-manager/v1 (docs/decisions/0045-airline-webhooks.md). */
export const webhookModule: FastifyPluginAsync = async (app) => {
  const { db, clock, config } = app.deps;
  const ctx: WebhookContext = { db, allowPrivateTargets: config.WEBHOOK_PRIVATE_TARGETS === 'on' };
  app.deps.jobs.register({ name: WEBHOOK_DELIVERY_JOB, periodMs: WEBHOOK_DELIVERY_PERIOD_MS, run: (now) => deliverDueWebhooks(ctx, now) });

  serveRoute(app, routes.list, async (request) => listWebhooks(ctx, currentUser(request), request.params.id));
  serveRoute(app, routes.create, async (request) => createWebhook(ctx, currentUser(request), request.params.id, request.body, clock.now()));
  serveRoute(app, routes.remove, async (request) => deleteWebhook(ctx, currentUser(request), request.params.id, request.params.webhookId));
  serveRoute(app, routes.test, async (request) => testWebhook(ctx, currentUser(request), request.params.id, request.params.webhookId, clock.now()));
  serveRoute(app, routes.deliveries, async (request) => listWebhookDeliveries(ctx, currentUser(request), request.params.id, request.query.limit));
};
