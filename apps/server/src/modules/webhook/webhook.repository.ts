import { and, arrayContains, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from './webhook.schema';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type EventRow = typeof webhookEvents.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

export const listEndpoints = (db: DbExecutor, airlineId: string) =>
  db.select().from(webhookEndpoints).where(eq(webhookEndpoints.airlineId, airlineId)).orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));

export const countEndpoints = async (db: DbExecutor, airlineId: string): Promise<number> => {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(webhookEndpoints).where(eq(webhookEndpoints.airlineId, airlineId));
  return row?.n ?? 0;
};

export const findEndpoint = async (db: DbExecutor, airlineId: string, endpointId: string): Promise<EndpointRow | undefined> => {
  const [row] = await db.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.airlineId, airlineId)));
  return row;
};

export const insertEndpoint = async (db: DbExecutor, row: typeof webhookEndpoints.$inferInsert): Promise<EndpointRow> => {
  const [inserted] = await db.insert(webhookEndpoints).values(row).returning();
  return inserted!;
};

export const deleteEndpoint = async (db: DbExecutor, airlineId: string, endpointId: string): Promise<boolean> =>
  (await db.delete(webhookEndpoints).where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.airlineId, airlineId))).returning({ id: webhookEndpoints.id })).length > 0;

/**
 * Writes the event once (by its key) and a pending delivery to each endpoint of the airline that
 * subscribed to its type (or to the one endpoint named). Undefined when the key was already used.
 */
export const insertEventWithDeliveries = async (
  db: DbExecutor,
  event: typeof webhookEvents.$inferInsert,
  now: Date,
  onlyEndpointId?: string,
): Promise<{ event: EventRow; deliveries: DeliveryRow[] } | undefined> => {
  const [inserted] = await db.insert(webhookEvents).values(event).onConflictDoNothing().returning();
  if (!inserted) return undefined;
  const endpoints = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.airlineId, event.airlineId),
        onlyEndpointId ? eq(webhookEndpoints.id, onlyEndpointId) : arrayContains(webhookEndpoints.events, [event.type as never]),
      ),
    );
  if (endpoints.length === 0) return { event: inserted, deliveries: [] };
  const deliveries = await db
    .insert(webhookDeliveries)
    .values(endpoints.map((endpoint) => ({ endpointId: endpoint.id, eventId: inserted.id, nextAttemptAt: now, createdAt: now })))
    .onConflictDoNothing()
    .returning();
  return { event: inserted, deliveries };
};

/** Deliveries due at `now`, oldest first. */
export const findDueDeliveries = (db: DbExecutor, now: Date, limit: number) =>
  db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, event: webhookEvents })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now)))
    .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
    .limit(limit);

export const findDeliveryToSend = async (db: DbExecutor, deliveryId: string) => {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, event: webhookEvents })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, deliveryId));
  return row;
};

/**
 * Records an attempt and moves the delivery, only if it is still at `attemptsBefore` attempts:
 * two instances cannot both count the same attempt. False when another one did.
 */
export const recordAttempt = async (
  db: DbExecutor,
  delivery: DeliveryRow,
  attempt: Omit<typeof webhookAttempts.$inferInsert, 'deliveryId' | 'attempt'>,
  next: { status: DeliveryRow['status']; nextAttemptAt: Date | null; deliveredAt: Date | null },
): Promise<boolean> =>
  db.transaction(async (tx) => {
    const moved = await tx
      .update(webhookDeliveries)
      .set({ status: next.status, attemptCount: delivery.attemptCount + 1, lastStatusCode: attempt.statusCode ?? null, nextAttemptAt: next.nextAttemptAt, deliveredAt: next.deliveredAt })
      .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.attemptCount, delivery.attemptCount), eq(webhookDeliveries.status, 'pending')))
      .returning({ id: webhookDeliveries.id });
    if (moved.length === 0) return false;
    await tx.insert(webhookAttempts).values({ ...attempt, deliveryId: delivery.id, attempt: delivery.attemptCount + 1 });
    return true;
  });

/** The airline's latest deliveries with their event type, newest first. */
export const listRecentDeliveries = (db: DbExecutor, airlineId: string, limit: number) =>
  db
    .select({ delivery: webhookDeliveries, eventType: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookEndpoints.airlineId, airlineId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);

export const findDeliveryWithType = async (db: DbExecutor, deliveryId: string) => {
  const [row] = await db
    .select({ delivery: webhookDeliveries, eventType: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, deliveryId));
  return row;
};

export const attemptsOf = (db: DbExecutor, deliveryIds: string[]) =>
  deliveryIds.length === 0
    ? Promise.resolve([] as AttemptRow[])
    : db.select().from(webhookAttempts).where(inArray(webhookAttempts.deliveryId, deliveryIds)).orderBy(asc(webhookAttempts.attempt));

/**
 * The airlines whose payments failed in the settlement under way (its `airline_settled` rows, in
 * the caller's transaction): how many, for how much, the oldest failed payment and the difficulty.
 */
export const failedInSettlement = async (db: DbExecutor) => {
  const result = await db.execute(sql`
    select s.airline_id as "airlineId", count(*)::int as "failed", coalesce(sum(s.amount), 0)::bigint as "amount",
           a.game_difficulty as "difficulty",
           (select min(t.execution_date) from wallet_transactions t where t.airline_id = s.airline_id and t.transaction_state = 'FAILED') as "oldest"
    from airline_settled s join airlines a on a.id = s.airline_id
    where s.transaction_state = 'FAILED' and a.state = 'ACTIVE'
    group by s.airline_id, a.game_difficulty`);
  return (result as { rows: { airlineId: string; failed: number; amount: string | number; difficulty: 'EASY' | 'REALIST'; oldest: Date | string | null }[] }).rows;
};
