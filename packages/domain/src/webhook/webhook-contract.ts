import { z } from 'zod';
import { declareRoute } from '../api/route-declaration';
import { airlineApiBase as base, airlineApiTag as tag, ZSuccess } from '../airline/airline-route-parts';

/**
 * An airline's webhooks: the events it may send and the two body forms
 * (docs/decisions/0045-airline-webhooks.md).
 */
export const WebhookEventType = ['flight.departed', 'flight.completed', 'member.joined', 'review.needed', 'bankruptcy.warning'] as const;
export type WebhookEventType = (typeof WebhookEventType)[number];

/** `webhook.test` is sent by the test button only; an endpoint never subscribes to it. */
export type WebhookDeliveredEventType = WebhookEventType | 'webhook.test';

export const WebhookFormat = ['generic', 'discord'] as const;
export type WebhookFormat = (typeof WebhookFormat)[number];

export const WebhookDeliveryStatus = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WebhookDeliveryStatus)[number];

export const WEBHOOK_MAX_ENDPOINTS_PER_AIRLINE = 10;
export const WEBHOOK_URL_MAX_LENGTH = 500;

export const ZCreateWebhookRequest = z.object({
  url: z.string().trim().min(1).max(WEBHOOK_URL_MAX_LENGTH),
  format: z.enum(WebhookFormat),
  events: z.array(z.enum(WebhookEventType)).min(1).max(WebhookEventType.length),
  /** What the owner calls it ("#departures on our Discord"). */
  description: z.string().trim().max(100).default(''),
});
export type TCreateWebhookRequest = z.input<typeof ZCreateWebhookRequest>;

export const ZWebhookEndpoint = z.object({
  id: z.uuid(),
  /** The URL with a Discord token or any query string hidden: the list never repeats a secret. */
  displayUrl: z.string(),
  format: z.enum(WebhookFormat),
  events: z.array(z.enum(WebhookEventType)),
  description: z.string(),
  createdAt: z.string(),
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

/** The answer to an added endpoint: its signing secret, shown this once. */
export const ZCreatedWebhook = z.object({ endpoint: ZWebhookEndpoint, secret: z.string() });
export type TCreatedWebhook = z.infer<typeof ZCreatedWebhook>;

export const ZWebhookAttempt = z.object({
  attempt: z.number().int(),
  at: z.string(),
  /** The receiver's HTTP status; null when no answer came (refused address, timeout, connection error). */
  statusCode: z.number().int().nullable(),
  /** Why it did not count as delivered, in words; null when it did. */
  error: z.string().nullable(),
  durationMs: z.number().int(),
});

export const ZWebhookDelivery = z.object({
  id: z.uuid(),
  endpointId: z.uuid(),
  eventType: z.string(),
  eventId: z.uuid(),
  status: z.enum(WebhookDeliveryStatus),
  attemptCount: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  attempts: z.array(ZWebhookAttempt),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

const WebhookParams = z.object({ id: z.uuid(), webhookId: z.uuid() });

/** The airline owner's webhooks, under the airline manager's API. */
export const webhookRoutes = {
  list: declareRoute({ method: 'GET', path: `${base}/airline/:id/webhook`, tag, params: z.object({ id: z.uuid() }), response: z.array(ZWebhookEndpoint) }),
  create: declareRoute({ method: 'POST', path: `${base}/airline/:id/webhook`, tag, status: 201, params: z.object({ id: z.uuid() }), body: ZCreateWebhookRequest, response: ZCreatedWebhook }),
  remove: declareRoute({ method: 'DELETE', path: `${base}/airline/:id/webhook/:webhookId`, tag, params: WebhookParams, response: ZSuccess }),
  /** Sends a `webhook.test` event to this endpoint at once and answers its delivery. */
  test: declareRoute({ method: 'POST', path: `${base}/airline/:id/webhook/:webhookId/test`, tag, params: WebhookParams, response: ZWebhookDelivery }),
  /** The airline's most recent deliveries (all endpoints), newest first, with their attempts. */
  deliveries: declareRoute({
    method: 'GET',
    path: `${base}/airline/:id/webhook-delivery`,
    tag,
    params: z.object({ id: z.uuid() }),
    query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(30) }),
    response: z.array(ZWebhookDelivery),
  }),
};
