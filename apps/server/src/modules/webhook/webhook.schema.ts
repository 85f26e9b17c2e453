import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { WebhookDeliveryStatus, WebhookFormat, type WebhookEventType } from '@contrail/domain/webhook/webhook-contract';
import { airlines } from '../airline/airline.schema';
import { users } from '../user/user.schema';

/**
 * An airline's webhook URLs (docs/decisions/0045-airline-webhooks.md). The signing secret is kept
 * to sign each delivery and shown to the owner once, when the endpoint is added.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    airlineId: uuid('airline_id')
      .notNull()
      .references(() => airlines.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    format: text('format', { enum: WebhookFormat }).notNull(),
    events: text('events').array().$type<WebhookEventType[]>().notNull(),
    description: text('description').notNull().default(''),
    secret: text('secret').notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('webhook_endpoints_airline_idx').on(table.airlineId)],
);

/**
 * The outbox of airline events: a module writes one row in its own transaction when something
 * happens (`publishAirlineEvent`), with the deliveries to the endpoints subscribed to it. `key`
 * makes a publish idempotent (a flight departs once, whatever retries its frames take).
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    airlineId: uuid('airline_id')
      .notNull()
      .references(() => airlines.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    key: text('key').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('webhook_events_key_idx').on(table.airlineId, table.key)],
);

/** One event to one endpoint: its state, attempts so far and when the next one is due. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    status: text('status', { enum: WebhookDeliveryStatus }).notNull().default('pending'),
    attemptCount: integer('attempt_count').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    /** Null once delivered or given up. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('webhook_deliveries_endpoint_event_idx').on(table.endpointId, table.eventId),
    index('webhook_deliveries_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
  ],
);

/** Each attempt of a delivery and its outcome, listed to the owner. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (table) => [uniqueIndex('webhook_attempts_delivery_idx').on(table.deliveryId, table.attempt)],
);
