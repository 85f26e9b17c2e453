import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import dns from 'node:dns/promises';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import {
  WEBHOOK_MAX_ENDPOINTS_PER_AIRLINE,
  type TCreateWebhookRequest,
  type TCreatedWebhook,
  type TWebhookDelivery,
  type TWebhookEndpoint,
  ZCreateWebhookRequest,
} from '@contrail/domain/webhook/webhook-contract';
import {
  WEBHOOK_RETRY,
  discordWebhookBody,
  displayWebhookUrl,
  genericWebhookBody,
  isDiscordWebhookUrl,
  isRetryableStatus,
  retryDelayMs,
  type WebhookEvent,
} from '@contrail/domain/webhook/webhook-message';
import type { DbExecutor } from '../../db/database';
import { requireAccess, type Caller } from '../access/access.service';
import { findAirline } from '../airline/airline-common';
import { isPrivateAddress, sendWebhook } from './webhook-sender';
import {
  attemptsOf,
  countEndpoints,
  deleteEndpoint,
  findDeliveryToSend,
  findDeliveryWithType,
  findDueDeliveries,
  findEndpoint,
  insertEndpoint,
  insertEventWithDeliveries,
  listEndpoints,
  listRecentDeliveries,
  recordAttempt,
  type AttemptRow,
  type DeliveryRow,
  type EndpointRow,
  type EventRow,
} from './webhook.repository';

/** What the webhook module needs from the app: the database, and whether private addresses may be called (tests). */
export type WebhookContext = { db: DbExecutor; allowPrivateTargets: boolean };

const invalidUrl = (message: string) => new AppError(ErrorCode.validation, message, 'url');

const toEndpoint = (row: EndpointRow): TWebhookEndpoint => ({
  id: row.id,
  displayUrl: displayWebhookUrl(row.url),
  format: row.format,
  events: row.events,
  description: row.description,
  createdAt: row.createdAt.toISOString(),
});

const toDelivery = (row: DeliveryRow, eventType: string, attempts: AttemptRow[]): TWebhookDelivery => ({
  id: row.id,
  endpointId: row.endpointId,
  eventType,
  eventId: row.eventId,
  status: row.status,
  attemptCount: row.attemptCount,
  lastStatusCode: row.lastStatusCode,
  nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
  attempts: attempts.map((attempt) => ({
    attempt: attempt.attempt,
    at: attempt.at.toISOString(),
    statusCode: attempt.statusCode,
    error: attempt.error,
    durationMs: attempt.durationMs,
  })),
});

/**
 * The rule for an added URL (docs/decisions/0045-airline-webhooks.md): http(s) only, no user or
 * password in it, https unless private targets are allowed; a Discord endpoint is Discord's
 * execute URL; a host that is (or resolves to) a private or local address is refused. The same
 * address check runs again at each send.
 */
export const checkWebhookUrl = async (raw: string, format: 'generic' | 'discord', allowPrivateTargets: boolean): Promise<URL> => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidUrl('This is not a web address: it should start with https://');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalidUrl('A webhook address starts with https://');
  if (url.protocol === 'http:' && !allowPrivateTargets) throw invalidUrl('A webhook address must use https://, so what it receives cannot be read on the way');
  if (url.username || url.password) throw invalidUrl('Leave the user name and password out of the address');
  if (format === 'discord' && !isDiscordWebhookUrl(url, allowPrivateTargets)) {
    throw invalidUrl('This is not a Discord webhook address: copy it from the channel’s Integrations, Webhooks, “Copy Webhook URL” (https://discord.com/api/webhooks/…)');
  }
  if (allowPrivateTargets) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const refused = () => invalidUrl('This address points to a private or local network, which the server does not call');
  if (isIP(host) !== 0) {
    if (isPrivateAddress(host)) throw refused();
    return url;
  }
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal') || !host.includes('.')) throw refused();
  let addresses: { address: string }[];
  try {
    addresses = await dns.lookup(host, { all: true });
  } catch {
    throw invalidUrl('This host name does not exist');
  }
  if (addresses.some((entry) => isPrivateAddress(entry.address))) throw refused();
  return url;
};

export const listWebhooks = async (ctx: WebhookContext, caller: Caller, airlineId: string): Promise<TWebhookEndpoint[]> => {
  await requireAccess(ctx.db, caller, 'airline.webhook.manage', { airlineId });
  return (await listEndpoints(ctx.db, airlineId)).map(toEndpoint);
};

/** Adds an endpoint; answers its signing secret, which is never shown again. */
export const createWebhook = async (ctx: WebhookContext, caller: Caller, airlineId: string, request: TCreateWebhookRequest, now: Date): Promise<TCreatedWebhook> => {
  await requireAccess(ctx.db, caller, 'airline.webhook.manage', { airlineId });
  const body = ZCreateWebhookRequest.parse(request);
  const url = await checkWebhookUrl(body.url, body.format, ctx.allowPrivateTargets);
  if ((await countEndpoints(ctx.db, airlineId)) >= WEBHOOK_MAX_ENDPOINTS_PER_AIRLINE) {
    throw new AppError(ErrorCode.conflict, `An airline has at most ${WEBHOOK_MAX_ENDPOINTS_PER_AIRLINE} webhooks: delete one first`);
  }
  const secret = `whsec_${randomBytes(24).toString('base64url')}`;
  const row = await insertEndpoint(ctx.db, {
    airlineId,
    url: url.toString(),
    format: body.format,
    events: [...new Set(body.events)],
    description: body.description,
    secret,
    createdById: caller.id,
    createdAt: now,
  });
  return { endpoint: toEndpoint(row), secret };
};

export const deleteWebhook = async (ctx: WebhookContext, caller: Caller, airlineId: string, endpointId: string): Promise<{ success: true }> => {
  await requireAccess(ctx.db, caller, 'airline.webhook.manage', { airlineId });
  if (!(await deleteEndpoint(ctx.db, airlineId, endpointId))) throw new AppError(ErrorCode.notFound, 'Webhook not found');
  return { success: true };
};

const deliveryOf = async (db: DbExecutor, deliveryId: string): Promise<TWebhookDelivery> => {
  const row = await findDeliveryWithType(db, deliveryId);
  if (!row) throw new AppError(ErrorCode.notFound, 'Delivery not found');
  return toDelivery(row.delivery, row.eventType, await attemptsOf(db, [deliveryId]));
};

/** Sends a `webhook.test` event to the endpoint now (its first attempt inline; retries as any other). */
export const testWebhook = async (ctx: WebhookContext, caller: Caller, airlineId: string, endpointId: string, now: Date): Promise<TWebhookDelivery> => {
  await requireAccess(ctx.db, caller, 'airline.webhook.manage', { airlineId });
  const endpoint = await findEndpoint(ctx.db, airlineId, endpointId);
  if (!endpoint) throw new AppError(ErrorCode.notFound, 'Webhook not found');
  const written = await insertEventWithDeliveries(
    ctx.db,
    { airlineId, type: 'webhook.test', key: `webhook.test:${endpointId}:${now.toISOString()}:${randomBytes(4).toString('hex')}`, occurredAt: now, data: { message: 'This is a test from Contrail: the webhook works.' } },
    now,
    endpointId,
  );
  const delivery = written?.deliveries[0];
  if (!delivery) throw new AppError(ErrorCode.conflict, 'The test could not be queued; try again');
  await attemptDelivery(ctx, delivery.id, now);
  return deliveryOf(ctx.db, delivery.id);
};

export const listWebhookDeliveries = async (ctx: WebhookContext, caller: Caller, airlineId: string, limit: number): Promise<TWebhookDelivery[]> => {
  await requireAccess(ctx.db, caller, 'airline.webhook.manage', { airlineId });
  const rows = await listRecentDeliveries(ctx.db, airlineId, limit);
  const attempts = await attemptsOf(ctx.db, rows.map((row) => row.delivery.id));
  return rows.map((row) => toDelivery(row.delivery, row.eventType, attempts.filter((attempt) => attempt.deliveryId === row.delivery.id)));
};

// ---- delivery -------------------------------------------------------------------------------

const eventOf = async (db: DbExecutor, row: EventRow): Promise<WebhookEvent> => {
  const airline = await findAirline(db, row.airlineId);
  return {
    id: row.id,
    type: row.type as WebhookEvent['type'],
    occurredAt: row.occurredAt.toISOString(),
    airline: { id: airline.id, name: airline.name, code: airline.code },
    data: row.data as WebhookEvent['data'],
  };
};

/** The body an endpoint receives for an event, in its form. */
export const bodyFor = (endpoint: Pick<EndpointRow, 'format'>, event: WebhookEvent, delivery: { id: string; attempt: number }): string =>
  JSON.stringify(endpoint.format === 'discord' ? discordWebhookBody(event) : genericWebhookBody(event, delivery));

const send = async (ctx: WebhookContext, row: { delivery: DeliveryRow; endpoint: EndpointRow; event: EventRow }, now: Date): Promise<void> => {
  const attempt = row.delivery.attemptCount + 1;
  const event = await eventOf(ctx.db, row.event);
  const outcome = await sendWebhook({
    url: row.endpoint.url,
    body: bodyFor(row.endpoint, event, { id: row.delivery.id, attempt }),
    secret: row.endpoint.secret,
    headers: { 'contrail-event': event.type, 'contrail-event-id': event.id, 'contrail-delivery-id': row.delivery.id },
    now,
    timeoutMs: WEBHOOK_RETRY.timeoutMs,
    allowPrivateTargets: ctx.allowPrivateTargets,
  });
  const delivered = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const retries = !delivered && isRetryableStatus(outcome.statusCode) && attempt < WEBHOOK_RETRY.maxAttempts;
  const error = delivered ? null : (outcome.error ?? `The receiver answered HTTP ${outcome.statusCode}`);
  await recordAttempt(
    ctx.db,
    row.delivery,
    { at: now, statusCode: outcome.statusCode, error, durationMs: outcome.durationMs },
    {
      status: delivered ? 'delivered' : retries ? 'pending' : 'failed',
      nextAttemptAt: retries ? new Date(now.getTime() + retryDelayMs(attempt)) : null,
      deliveredAt: delivered ? now : null,
    },
  );
};

const attemptDelivery = async (ctx: WebhookContext, deliveryId: string, now: Date): Promise<void> => {
  const row = await findDeliveryToSend(ctx.db, deliveryId);
  if (row && row.delivery.status === 'pending') await send(ctx, row, now);
};

/** How many due deliveries one run of the job sends, and how many at once. */
const BATCH = 50;
const PARALLEL = 5;
/**
 * No new group starts after this long: the job registry runs jobs one after the other, so slow
 * receivers must not hold the settlement or the plane deliveries back for long. What is left
 * stays due for the next run.
 */
const RUN_BUDGET_MS = 5_000;

/** The delivery job: sends due deliveries (oldest first), a few at a time, within its budget. Answers how many it tried. */
export const deliverDueWebhooks = async (ctx: WebhookContext, now: Date): Promise<number> => {
  const started = performance.now();
  const due = await findDueDeliveries(ctx.db, now, BATCH);
  let tried = 0;
  for (let start = 0; start < due.length && performance.now() - started < RUN_BUDGET_MS; start += PARALLEL) {
    const group = due.slice(start, start + PARALLEL);
    await Promise.all(group.map((row) => send(ctx, row, now)));
    tried += group.length;
  }
  return tried;
};
