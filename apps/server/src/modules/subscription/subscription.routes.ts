import type { FastifyPluginAsync } from 'fastify';
import { paymentRoutes as routes } from '@contrail/domain/store/payment-routes';
import { serveRoute } from '../../lib/serve-route';
import { currentUser } from '../../plugins/authentication';
import { paymentGatewayOf } from '../payment/payment-gateway-of';
import { getUserSubscriptions, subscribe } from './subscription-billing';
import { expireSubscriptionPeriods } from './subscription-periods';

export const SUBSCRIPTION_EXPIRY_JOB = 'subscription-expiry';

/**
 * Subscriptions, under /api: subscribing (a checkout the payment module opens and reports back on)
 * and a user's periods. Registered after the payment module, so the sandbox's renewals run before
 * the expiry job in each round of jobs.
 */
export const subscriptionRoutes: FastifyPluginAsync = async (app) => {
  const { db, clock, config, jobs } = app.deps;
  const gateway = await paymentGatewayOf(app.deps);
  // Premium lapses at period end even when the provider sends nothing.
  jobs.register({ name: SUBSCRIPTION_EXPIRY_JOB, periodMs: 60_000, run: (now) => expireSubscriptionPeriods(db, now) });

  serveRoute(app, routes.subscribe, async (request) =>
    subscribe(
      { db, gateway, publicUrl: config.PUBLIC_URL, now: clock.now(), log: request.log },
      currentUser(request),
      request.params.userId,
      request.body.subscriptionId,
    ),
  );
  serveRoute(app, routes.userSubscriptions, async (request) => getUserSubscriptions(db, currentUser(request), request.params.userId, clock.now()));
};
