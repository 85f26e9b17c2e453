import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { paymentRoutes as routes } from '@contrail/domain/store/payment-routes';
import { serveRoute } from '../../lib/serve-route';
import { currentUser } from '../../plugins/authentication';
import { runSandboxClock } from './sandbox.routes';
import { paymentGatewayOf } from './payment-gateway-of';
import { applyPaymentEvent, getCheckoutStatus, getClientPortal, verifyWebhookEvent } from './payment.service';

export const PAYMENT_SANDBOX_CLOCK_JOB = 'payment-sandbox-clock';

/**
 * Card payments, under /api.
 * The webhook is the one door for payment outcomes, Stripe's or the sandbox's: it tells the module
 * that started each checkout through `checkoutOutcomes`. The other routes are served from their
 * declarations in the domain; subscribing is the subscription module's (subscription.routes.ts).
 */
export const paymentRoutes: FastifyPluginAsync = async (app) => {
  const { db, clock, config, jobs, checkoutOutcomes } = app.deps;
  const gateway = await paymentGatewayOf(app.deps);
  if (gateway.provider === 'SANDBOX' && config.NODE_ENV === 'production') {
    app.log.warn('card payments run in the sandbox (PAYMENT_SANDBOX=on): a demo site, where no card is ever charged');
  }

  // The sandbox's own clock (renewals at period end) is registered before the subscription
  // module's expiry job, so a renewed period is never seen lapsing. With Stripe, renewals arrive
  // as events and only the expiry job runs.
  if (gateway.provider === 'SANDBOX') jobs.register({ name: PAYMENT_SANDBOX_CLOCK_JOB, periodMs: 60_000, run: (now) => runSandboxClock(app, now) });
  const context = (request: FastifyRequest) => ({ db, gateway, publicUrl: config.PUBLIC_URL, now: clock.now(), log: request.log });

  serveRoute(app, routes.checkoutStatus, async (request) => getCheckoutStatus(db, currentUser(request).id, request.params.id));

  serveRoute(app, routes.clientPortal, async (request) => getClientPortal(context(request), currentUser(request), request.params.id));

  // The webhook reads the raw body: Stripe signs the exact bytes, so JSON is not parsed here.
  await app.register(async (raw) => {
    raw.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    raw.post('/v1/stripe/webhook', { schema: { tags: ['payment'], hide: true } }, async (request) => {
      const signature = request.headers['stripe-signature'];
      const event = verifyWebhookEvent(gateway, typeof request.body === 'string' ? request.body : '', Array.isArray(signature) ? signature[0] : signature);
      const applied = await applyPaymentEvent({ db, gateway, outcomes: checkoutOutcomes }, event, clock.now());
      return { received: true, duplicate: !applied };
    });
  });
};
