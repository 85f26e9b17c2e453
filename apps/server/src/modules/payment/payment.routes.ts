import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { paymentRoutes as routes } from '@contrail/domain/store/payment-routes';
import { serveRoute } from '../../lib/serve-route';
import { currentUser } from '../../plugins/authentication';
import { requireAccess } from '../access/access.service';
import { assertUserVerified } from '../user/user.service';
import { expireSubscriptionPeriods, listUserSubscriptions } from '../subscription/subscription-periods';
import { runSandboxClock } from './sandbox.routes';
import { paymentGatewayOf } from './payment-gateway-of';
import { applyPaymentEvent, createSubscriptionCheckout, getCheckoutStatus, getClientPortal, verifyWebhookEvent } from './payment.service';

export const PAYMENT_SANDBOX_CLOCK_JOB = 'payment-sandbox-clock';
export const SUBSCRIPTION_EXPIRY_JOB = 'subscription-expiry';

/**
 * Card payments and subscriptions, under /api.
 * The webhook is the one door for payment outcomes, Stripe's or the sandbox's; the other routes are
 * served from their declarations in the domain.
 */
export const paymentRoutes: FastifyPluginAsync = async (app) => {
  const { db, clock, config, jobs } = app.deps;
  const gateway = await paymentGatewayOf(app.deps);
  if (gateway.provider === 'SANDBOX' && config.NODE_ENV === 'production') {
    app.log.warn('card payments run in the sandbox (PAYMENT_SANDBOX=on): a demo site, where no card is ever charged');
  }

  // The sandbox's own clock first (renewals at period end), then expiry: a renewed period is never
  // seen lapsing. With Stripe, renewals arrive as events and only the expiry job runs.
  if (gateway.provider === 'SANDBOX') jobs.register({ name: PAYMENT_SANDBOX_CLOCK_JOB, periodMs: 60_000, run: (now) => runSandboxClock(app, now) });
  jobs.register({ name: SUBSCRIPTION_EXPIRY_JOB, periodMs: 60_000, run: (now) => expireSubscriptionPeriods(db, now) });
  const context = (request: FastifyRequest) => ({ db, gateway, publicUrl: config.PUBLIC_URL, now: clock.now(), log: request.log });

  serveRoute(app, routes.checkoutStatus, async (request) => getCheckoutStatus(db, currentUser(request).id, request.params.id));

  serveRoute(app, routes.subscribe, async (request) => {
    await requireAccess(db, currentUser(request), 'subscription.user.manage', { userId: request.params.userId });
    await assertUserVerified(db, currentUser(request).id);
    return createSubscriptionCheckout(context(request), request.params.userId, request.body.subscriptionId);
  });

  serveRoute(app, routes.userSubscriptions, async (request) => {
    await requireAccess(db, currentUser(request), 'subscription.user.manage', { userId: request.params.userId });
    return listUserSubscriptions(db, request.params.userId, clock.now());
  });

  serveRoute(app, routes.clientPortal, async (request) => {
    await requireAccess(db, currentUser(request), 'user.subscription.portal', { userId: request.params.id });
    return getClientPortal(context(request), request.params.id);
  });

  // The webhook reads the raw body: Stripe signs the exact bytes, so JSON is not parsed here.
  await app.register(async (raw) => {
    raw.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    raw.post('/v1/stripe/webhook', { schema: { tags: ['payment'], hide: true } }, async (request) => {
      const signature = request.headers['stripe-signature'];
      const event = verifyWebhookEvent(gateway, typeof request.body === 'string' ? request.body : '', Array.isArray(signature) ? signature[0] : signature);
      const applied = await applyPaymentEvent(db, gateway, event, clock.now());
      return { received: true, duplicate: !applied };
    });
  });
};
