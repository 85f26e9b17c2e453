import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { notifications } from './notification.schema';
import { restPeriodsEnded } from '../user/user-directory.service';
import type { Job } from '../../jobs/job-registry';
import { signalNotificationRecorded } from './notification-signal';

export const REST_PERIOD_JOB = 'notification-rest-period-over';
/** The pilot learns their rest is over within this. */
export const REST_PERIOD_CHECK_MS = 60_000;
/** A rest that ended longer ago than this (server stopped for days) is not announced any more. */
const ANNOUNCE_WINDOW_MS = 24 * 3_600_000;

/**
 * Tells each pilot whose rest period (`users.next_remuneration`, set when a flight's FlightCoins
 * were withheld for rest or the monthly limit) has ended that their flights pay again. The user
 * module names the pilots when due; one statement then inserts the notifications, skipping a rest
 * end already announced (same `restEndedAt`), so a rerun announces nothing twice.
 */
export const notifyRestPeriodsOver = async (db: Database, now: Date): Promise<number> => {
  const ended = await restPeriodsEnded(db, new Date(now.getTime() - ANNOUNCE_WINDOW_MS), now);
  const due = ended.flatMap((row) => (row.restEndedAt ? [{ user_id: row.userId, rest_ended_at: row.restEndedAt.toISOString() }] : []));
  if (due.length === 0) return 0;
  const inserted = await db.execute<{ id: string }>(sql`
    insert into ${notifications} (user_id, type, data)
    select due.user_id, 'REST_PERIOD_OVER', jsonb_build_object('restEndedAt', due.rest_ended_at)
    from jsonb_to_recordset(${JSON.stringify(due)}::jsonb) as due(user_id uuid, rest_ended_at text)
    where not exists (
      select 1 from ${notifications} n
      where n.user_id = due.user_id and n.type = 'REST_PERIOD_OVER' and n.data->>'restEndedAt' = due.rest_ended_at
    )
    returning id`);
  const count = (inserted as { rows?: unknown[] }).rows?.length ?? (Array.isArray(inserted) ? inserted.length : 0);
  if (count > 0) signalNotificationRecorded();
  return count;
};

export const restPeriodOverJob = (db: Database): Job => ({ name: REST_PERIOD_JOB, periodMs: REST_PERIOD_CHECK_MS, run: (now) => notifyRestPeriodsOver(db, now) });
