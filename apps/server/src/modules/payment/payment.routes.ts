import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCheckoutSession,
  ZCheckoutSessionStatus,
  ZClientPortal,
  ZUserSubscriptionRequest,
  ZUserSubscriptions,
} from '@contrail/domain/store/store-contract';
import { currentUser } from '../../plugins/authentication';
import { requireAccess } from '../access/access.service';
import { expireSubscriptionPeriods, listUserSubscriptions } from '../subscription/subscription-periods';
import { runSandboxClock } from './sandbox.routes';
import { paymentGatewayOf } from './payment-gateway-of';
import { applyPaymentEvent, createSubscriptionCheckout, getCheckoutStatus, getClientPortal, verifyWebhookEvent } from './payment.service';

export const PAYMENT_SANDBOX_CLOCK_JOB = 'payment-sandbox-clock';
export const SUBSCRIPTION_EXPIRY_JOB = 'subscription-expiry';

/**
 * Card payments and subscriptions (spec section 7 "Store, orders, subscriptions"), under /api.
 * The webhook is the one door for payment outcomes, Stripe's or the sandbox's.
 */
export const paymentRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock, config, jobs } = app.deps;
  const gateway = await paymentGatewayOf(app.deps);

  // The sandbox's own clock first (renewals at period end), then expiry: a renewed period is never
  // seen lapsing. With Stripe, renewals arrive as events and only the expiry job runs.
  if (gateway.provider === 'SANDBOX') jobs.register({ name: PAYMENT_SANDBOX_CLOCK_JOB, periodMs: 60_000, run: (now) => runSandboxClock(app, now) });
  jobs.register({ name: SUBSCRIPTION_EXPIRY_JOB, periodMs: 60_000, run: (now) => expireSubscriptionPeriods(db, now) });
  const context = () => ({ db, gateway, publicUrl: config.PUBLIC_URL, now: clock.now() });
  const tags = ['payment'];
  const secured = { tags, security: [{ bearer: [] }] };

  app.get(
    '/v1/stripe/session/:id/status',
    { preHandler: app.authenticate, schema: { ...secured, params: z.object({ id: z.string().min(1).max(255) }), response: { 200: ZCheckoutSessionStatus } } },
    async (request) => getCheckoutStatus(db, currentUser(request).id, request.params.id),
  );

  app.post(
    '/v1/user-subscription/user/:userId',
    {
      preHandler: app.authenticate,
      schema: { ...secured, params: z.object({ userId: z.uuid() }), body: ZUserSubscriptionRequest, response: { 200: ZCheckoutSession } },
    },
    async (request) => {
      await requireAccess(db, currentUser(request), 'subscription.user.manage', { userId: request.params.userId });
      return createSubscriptionCheckout(context(), request.params.userId, request.body.subscriptionId);
    },
  );

  app.get(
    '/v1/user-subscription/user/:userId',
    { preHandler: app.authenticate, schema: { ...secured, params: z.object({ userId: z.uuid() }), response: { 200: ZUserSubscriptions } } },
    async (request) => {
      await requireAccess(db, currentUser(request), 'subscription.user.manage', { userId: request.params.userId });
      return listUserSubscriptions(db, request.params.userId, clock.now());
    },
  );

  app.get(
    '/v1/user/:id/subscription/client-portal',
    { preHandler: app.authenticate, schema: { ...secured, params: z.object({ id: z.uuid() }), response: { 200: ZClientPortal } } },
    async (request) => {
      await requireAccess(db, currentUser(request), 'user.subscription.portal', { userId: request.params.id });
      return getClientPortal(context(), request.params.id);
    },
  );

  // The webhook reads the raw body: Stripe signs the exact bytes, so JSON is not parsed here.
  await app.register(async (raw) => {
    raw.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    raw.post('/v1/stripe/webhook', { schema: { tags, hide: true } }, async (request) => {
      const signature = request.headers['stripe-signature'];
      const event = verifyWebhookEvent(gateway, typeof request.body === 'string' ? request.body : '', Array.isArray(signature) ? signature[0] : signature);
      const applied = await applyPaymentEvent(db, gateway, event, clock.now());
      return { received: true, duplicate: !applied };
    });
  });
};
