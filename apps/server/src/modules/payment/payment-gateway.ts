import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { PaymentProvider } from '@contrail/domain/store/item-types';

/** What a card checkout is asked to charge. */
export type CheckoutRequest = {
  mode: 'payment' | 'subscription';
  /** Line shown to the payer. */
  name: string;
  amountCents: number;
  /** Subscriptions: billed each month or year. */
  interval: 'month' | 'year' | null;
  customerId: string | null;
  customerEmail: string;
  /** Absolute (Stripe) or same-origin (sandbox) return pages; `{CHECKOUT_SESSION_ID}` is filled in. */
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  /** Carried on the session (and the subscription) so webhook events find their user and purpose. */
  metadata: Record<string, string>;
};

export type CreatedCheckout = { id: string; url: string; clientSecret: string | null };

/**
 * Card payments, at Stripe (STRIPE_SECRET_KEY) or in the embedded sandbox. Both deliver their
 * outcome the same way: a Stripe-shaped event, signed, to POST /api/v1/stripe/webhook, which checks
 * the signature with the SDK's `webhooks.constructEvent` and this gateway's `webhookSecret`.
 */
export type PaymentGateway = {
  provider: PaymentProvider;
  /** The SDK instance; the sandbox uses it only for the webhook signing helpers, never the network. */
  stripe: Stripe;
  webhookSecret: string;
  createCheckout: (request: CheckoutRequest) => Promise<CreatedCheckout>;
  /** Customer portal (manage or cancel a subscription). */
  createPortalUrl: (customerId: string, returnUrl: string) => Promise<string>;
};

const randomId = (prefix: string): string => `${prefix}${randomBytes(18).toString('base64url').replaceAll('-', 'x').replaceAll('_', 'y')}`;
export const newSandboxId = randomId;

/**
 * Stripe itself: sessions, portal and events are Stripe's. `sdkOptions` reach the SDK as they are
 * (tests point `host`, `port` and `protocol` at a local peer).
 */
export const createStripeGateway = (secretKey: string, webhookSecret: string, sdkOptions: Stripe.StripeConfig = {}): PaymentGateway => {
  const stripe = new Stripe(secretKey, sdkOptions);
  return {
    provider: 'STRIPE',
    stripe,
    webhookSecret,
    createCheckout: async (request) => {
      const session = await stripe.checkout.sessions.create({
        mode: request.mode,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'eur',
              unit_amount: request.amountCents,
              product_data: { name: request.name },
              ...(request.interval ? { recurring: { interval: request.interval } } : {}),
            },
          },
        ],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        expires_at: Math.floor(request.expiresAt.getTime() / 1000),
        metadata: request.metadata,
        client_reference_id: request.metadata.userId,
        ...(request.customerId ? { customer: request.customerId } : { customer_email: request.customerEmail }),
        ...(request.mode === 'subscription' ? { subscription_data: { metadata: request.metadata } } : { customer_creation: 'always' as const }),
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { id: session.id, url: session.url, clientSecret: session.client_secret ?? null };
    },
    createPortalUrl: async (customerId, returnUrl) => (await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })).url,
  };
};

/**
 * The embedded sandbox: sessions live in our database and are paid on our own checkout page
 * (sandbox.routes.ts). The SDK instance is built with a placeholder key and never calls Stripe.
 */
export const createSandboxGateway = (webhookSecret: string): PaymentGateway => ({
  provider: 'SANDBOX',
  stripe: new Stripe('sk_test_contrail_sandbox_no_network'),
  webhookSecret,
  createCheckout: async () => {
    const id = randomId('cs_test_sandbox_');
    return { id, url: `/api/sandbox/checkout/${id}`, clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}` };
  },
  createPortalUrl: async (customerId) => `/api/sandbox/portal/${customerId}`,
});
