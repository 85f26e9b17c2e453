import type { AppDeps } from '../../app-deps';
import { getOrCreateServerSecret } from '../../lib/server-secret';
import { createSandboxGateway, createStripeGateway, type PaymentGateway } from './payment-gateway';

const gateways = new WeakMap<AppDeps, Promise<PaymentGateway>>();

/**
 * The app's payment gateway, built once: Stripe when STRIPE_SECRET_KEY is set, otherwise the
 * embedded sandbox with a generated signing secret stored in the database (so every instance and
 * every restart verifies the same signatures).
 */
export const paymentGatewayOf = (deps: AppDeps): Promise<PaymentGateway> => {
  let gateway = gateways.get(deps);
  if (!gateway) {
    const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } = deps.config;
    gateway =
      STRIPE_SECRET_KEY && STRIPE_WEBHOOK_SECRET
        ? Promise.resolve(createStripeGateway(STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET))
        : getOrCreateServerSecret(deps.db, 'payment-sandbox-webhook-secret', 24).then((secret) => createSandboxGateway(`whsec_${secret}`));
    gateways.set(deps, gateway);
  }
  return gateway;
};
