import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { signalNotificationRecorded } from '../notification/notification-signal';
import { airlineEvents } from '../webhook/airline-events';

/**
 * The airline clock (docs/decisions/0023-airline-economy.md), set-based so 10,000 airlines settle
 * in a few statements rather than row by row:
 * 1. lock the ACTIVE airlines with due PLANNED rows (`for update`), so no purchase moves their
 *    balance under the statement;
 * 2. per airline, in date order, pay the prefix of due debits the balance covers, FAIL the rest
 *    (`where transaction_state = 'PLANNED'`: a second run, here or on another instance, finds
 *    nothing), and move each balance by what was paid, in one statement;
 * 3. plan the next period of what was paid, suspend what failed, record the notifications;
 * 4. fail airlines whose oldest FAILED row is older than their deadline;
 * 5. deliver built planes and planes out of maintenance.
 * One database transaction; `pg_try_advisory_xact_lock` keeps a second caller out (the job registry
 * already holds its named lock; this covers a direct call).
 */
export type SettlementReport = { skipped: boolean; paid: number; failed: number; airlinesFailed: number; planesDelivered: number; planesMaintained: number };

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** ISO-8601 text of a timestamptz, as JavaScript's toISOString writes it (cost keys must match). */
const isoText = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const settleAirlines = async (db: DbExecutor, now: Date): Promise<SettlementReport> => {
  let notified = false;
  const report = await db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(hashtextextended('airline-settlement', 0)) as locked`));
    if (!lock?.locked) return { skipped: true, paid: 0, failed: 0, airlinesFailed: 0, planesDelivered: 0, planesMaintained: 0 };

    await tx.execute(sql`
      select a.id from airlines a
      where a.state = 'ACTIVE' and exists (
        select 1 from wallet_transactions t
        where t.airline_id = a.id and t.transaction_state = 'PLANNED' and t.execution_date <= ${now})
      order by a.id
      for update`);

    await tx.execute(sql`create temp table if not exists airline_settled (
      id uuid, airline_id uuid, amount bigint, transaction_type text, transaction_state text,
      idempotency_key text, description text, execution_date timestamptz) on commit delete rows`);

    await tx.execute(sql`
      with due as (
        select t.id, t.airline_id, t.execution_date, a.balance,
               sum(case when t.transaction_type = 'DEBIT' then t.amount else -t.amount end)
                 over (partition by t.airline_id order by t.execution_date, t.id) as running
        from wallet_transactions t
        join airlines a on a.id = t.airline_id and a.state = 'ACTIVE'
        where t.transaction_state = 'PLANNED' and t.execution_date <= ${now}
      ),
      -- Once one due row does not fit, it and every later one of that airline fail.
      decided as (
        select id, bool_or(running > balance) over (partition by airline_id order by execution_date, id) as failed
        from due
      ),
      settled as (
        update wallet_transactions w
        set transaction_state = case when d.failed then 'FAILED' else 'SUCCESS' end
        from decided d
        where w.id = d.id and w.transaction_state = 'PLANNED'
        returning w.id, w.airline_id, w.amount, w.transaction_type, w.transaction_state, w.idempotency_key, w.description, w.execution_date
      ),
      moved as (
        update airlines a
        set balance = a.balance - s.paid
        from (
          select airline_id, sum(case when transaction_type = 'DEBIT' then amount else -amount end) as paid
          from settled where transaction_state = 'SUCCESS' group by airline_id
        ) s
        where a.id = s.airline_id
        returning a.id
      )
      insert into airline_settled select * from settled`);

    // Statistics for the follow-ups' plans: without them the planner guesses a tiny temp table and
    // may scan an asset table once per settled row.
    await tx.execute(sql`analyze airline_settled`);

    const [counts] = rowsOf<{ paid: number; failed: number }>(
      await tx.execute(sql`select count(*) filter (where transaction_state = 'SUCCESS')::int as paid,
                                  count(*) filter (where transaction_state = 'FAILED')::int as failed from airline_settled`),
    );

    // Paid hub and hangar rent: plan the next month, move the next due date.
    for (const [kind, table] of [
      ['hub', 'airline_hubs'],
      ['hangar', 'airline_hangars'],
    ] as const) {
      await tx.execute(
        sql.raw(`
        with paid as (
          select s.airline_id, split_part(s.idempotency_key, ':', 3)::uuid as asset_id, s.execution_date + interval '1 month' as next_due,
                 w.category, w.category_data, w.description
          from airline_settled s join wallet_transactions w on w.id = s.id
          where s.transaction_state = 'SUCCESS' and s.idempotency_key like 'airline-cost:${kind}:%'
        ),
        moved as (
          update ${table} x set next_dt_of_payment = p.next_due from paid p where x.id = p.asset_id and x.state = 'ACTIVE' returning x.id, x.operating_cost
        )
        insert into wallet_transactions (airline_id, currency, transaction_type, transaction_state, amount, category, category_data, description, idempotency_key, execution_date)
        select p.airline_id, 'MFC', 'DEBIT', 'PLANNED', m.operating_cost, p.category, p.category_data, p.description,
               'airline-cost:${kind}:' || p.asset_id || ':' || ${isoText('p.next_due')}, p.next_due
        from paid p join moved m on m.id = p.asset_id
        on conflict (idempotency_key) do nothing`),
      );
    }
    // Paid traffic-right renewals: a year more; plan the next renewal while auto-renew is on.
    await tx.execute(
      sql.raw(`
      with paid as (
        select s.airline_id, split_part(s.idempotency_key, ':', 3)::uuid as asset_id, w.category, w.category_data, w.description
        from airline_settled s join wallet_transactions w on w.id = s.id
        where s.transaction_state = 'SUCCESS' and s.idempotency_key like 'airline-cost:traffic-right:%'
      ),
      moved as (
        update airline_traffic_rights r set end_date = r.end_date + interval '12 months', state = 'ACTIVE'
        from paid p where r.id = p.asset_id returning r.id, r.end_date, r.auto_renew, r.licence_cost
      )
      insert into wallet_transactions (airline_id, currency, transaction_type, transaction_state, amount, category, category_data, description, idempotency_key, execution_date)
      select p.airline_id, 'MFC', 'DEBIT', 'PLANNED', m.licence_cost, p.category, p.category_data, p.description,
             'airline-cost:traffic-right:' || p.asset_id || ':' || ${isoText('m.end_date')}, m.end_date
      from paid p join moved m on m.id = p.asset_id where m.auto_renew
      on conflict (idempotency_key) do nothing`),
    );
    // Failed payments suspend what they paid for.
    for (const [kind, table] of [
      ['hub', 'airline_hubs'],
      ['hangar', 'airline_hangars'],
      ['traffic-right', 'airline_traffic_rights'],
    ] as const) {
      await tx.execute(
        sql.raw(`update ${table} x set state = 'SUSPENDED' from airline_settled s
                 where s.transaction_state = 'FAILED' and s.idempotency_key like 'airline-cost:${kind}:%'
                   and x.id = split_part(s.idempotency_key, ':', 3)::uuid`),
      );
    }
    const failedNotes = rowsOf<{ n: number }>(
      await tx.execute(sql`
        with inserted as (
          insert into notifications (user_id, type, data, created_at)
          select a.owner_id, 'TRANSACTION_FAILED',
                 jsonb_build_object('airlineId', s.airline_id, 'transactionId', s.id, 'description', s.description, 'amount', s.amount), ${now}
          from airline_settled s join airlines a on a.id = s.airline_id
          where s.transaction_state = 'FAILED'
          returning 1)
        select count(*)::int as n from inserted`),
    )[0]?.n ?? 0;
    await airlineEvents.bankruptcyWarnings(tx, now);

    // Bankruptcy: the oldest FAILED row older than the airline's deadline (14 days REALIST, 28 EASY,
    // AIRLINE_ECONOMY.bankruptcyDeadlineDays).
    const bankrupt = rowsOf<{ id: string; name: string }>(
      await tx.execute(sql`
        update airlines a set state = 'FAILED', failed_at = ${now}
        where a.state = 'ACTIVE' and exists (
          select 1 from wallet_transactions t
          where t.airline_id = a.id and t.transaction_state = 'FAILED'
            and t.execution_date + (case a.game_difficulty when 'EASY' then 28 else 14 end) * interval '1 day' <= ${now})
        returning a.id, a.name`),
    );
    if (bankrupt.length > 0) {
      await tx.execute(sql`
        insert into notifications (user_id, type, data, created_at)
        select m.user_id, 'AIRLINE_FAILED', jsonb_build_object('airlineId', a.id, 'airlineName', a.name), ${now}
        from airlines a join airline_members m on m.airline_id = a.id and m.status = 'ACTIVE'
        where a.id in (${sql.join(
          bankrupt.map((row) => sql`${row.id}::uuid`),
          sql`, `,
        )})`);
    }

    const delivered = rowsOf<{ n: number }>(
      await tx.execute(sql`
        with done as (
          update airline_planes p set state = 'AT_AIRPORT' where p.state = 'BUILDING' and p.delivery_time <= ${now}
          returning p.id, p.airline_id, p.tail_registration),
        noted as (
          insert into notifications (user_id, type, data, created_at)
          select a.owner_id, 'PLANE_END_OF_BUILDING', jsonb_build_object('airlineId', d.airline_id, 'planeId', d.id, 'planeRegistration', d.tail_registration), ${now}
          from done d join airlines a on a.id = d.airline_id returning 1)
        select count(*)::int as n from done`),
    )[0]?.n ?? 0;
    const maintained = rowsOf<{ n: number }>(
      await tx.execute(sql`
        with done as (
          update airline_planes p set state = 'AT_AIRPORT', wear = 100, maintenance_start = null, maintenance_end = null
          where p.state = 'UNDER_MAINTENANCE' and p.maintenance_end <= ${now}
          returning p.id, p.airline_id, p.tail_registration),
        noted as (
          insert into notifications (user_id, type, data, created_at)
          select a.owner_id, 'PLANE_END_OF_MAINTENANCE', jsonb_build_object('airlineId', d.airline_id, 'planeId', d.id, 'planeRegistration', d.tail_registration), ${now}
          from done d join airlines a on a.id = d.airline_id returning 1)
        select count(*)::int as n from done`),
    )[0]?.n ?? 0;

    notified = failedNotes + bankrupt.length + delivered + maintained > 0;
    return {
      skipped: false,
      paid: counts?.paid ?? 0,
      failed: counts?.failed ?? 0,
      airlinesFailed: bankrupt.length,
      planesDelivered: delivered,
      planesMaintained: maintained,
    };
  });
  if (notified) signalNotificationRecorded();
  return report;
};
