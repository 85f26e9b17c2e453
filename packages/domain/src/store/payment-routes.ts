import { z } from 'zod';
import { declareRoute } from '../api/route-declaration';
import { ZCheckoutSession, ZCheckoutSessionStatus, ZClientPortal, ZUserSubscriptionRequest, ZUserSubscriptions } from './store-contract';

/**
 * Card payments and subscriptions. Stripe's webhook
 * is not declared: it reads the raw signed body, so the server registers it by hand.
 */
export const paymentRoutes = {
  /** The caller's checkout session, polled after the redirect back from the payment page. */
  checkoutStatus: declareRoute({
    method: 'GET',
    path: '/api/v1/stripe/session/:id/status',
    tag: 'payment',
    params: z.object({ id: z.string().min(1).max(255) }),
    response: ZCheckoutSessionStatus,
  }),
  /** A card checkout for a subscription plan. */
  subscribe: declareRoute({
    method: 'POST',
    path: '/api/v1/user-subscription/user/:userId',
    tag: 'payment',
    params: z.object({ userId: z.uuid() }),
    body: ZUserSubscriptionRequest,
    response: ZCheckoutSession,
  }),
  userSubscriptions: declareRoute({
    method: 'GET',
    path: '/api/v1/user-subscription/user/:userId',
    tag: 'payment',
    params: z.object({ userId: z.uuid() }),
    response: ZUserSubscriptions,
  }),
  /** Where to manage or cancel a subscription. */
  clientPortal: declareRoute({
    method: 'GET',
    path: '/api/v1/user/:id/subscription/client-portal',
    tag: 'payment',
    params: z.object({ id: z.uuid() }),
    response: ZClientPortal,
  }),
};
