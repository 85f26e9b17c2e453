import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { notifications } from './notification.schema';
import { users } from '../user/user.schema';
import type { Job } from '../../jobs/job-registry';
import { signalNotificationRecorded } from './notification-signal';

export const REST_PERIOD_JOB = 'notification-rest-period-over';
/** The pilot learns their rest is over within this. */
export const REST_PERIOD_CHECK_MS = 60_000;
/** A rest that ended longer ago than this (server stopped for days) is not announced any more. */
const ANNOUNCE_WINDOW_MS = 24 * 3_600_000;

/**
 * Tells each pilot whose rest period (`users.next_remuneration`, set when a flight's FlightCoins
 * were withheld for rest or the monthly limit) has ended that their flights pay again. Computed
 * when due, in one statement: a rest end already announced (same `restEndedAt`) is skipped, so a
 * rerun announces nothing twice.
 */
export const notifyRestPeriodsOver = async (db: Database, now: Date): Promise<number> => {
  const iso = sql`to_char(${users.nextRemuneration} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const inserted = await db.execute<{ id: string }>(sql`
    insert into ${notifications} (user_id, type, data)
    select ${users.id}, 'REST_PERIOD_OVER', jsonb_build_object('restEndedAt', ${iso})
    from ${users}
    where ${users.nextRemuneration} <= ${now} and ${users.nextRemuneration} > ${new Date(now.getTime() - ANNOUNCE_WINDOW_MS)}
      and not exists (
        select 1 from ${notifications} n
        where n.user_id = ${users.id} and n.type = 'REST_PERIOD_OVER' and n.data->>'restEndedAt' = ${iso}
      )
    returning id`);
  const count = (inserted as { rows?: unknown[] }).rows?.length ?? (Array.isArray(inserted) ? inserted.length : 0);
  if (count > 0) signalNotificationRecorded();
  return count;
};

export const restPeriodOverJob = (db: Database): Job => ({ name: REST_PERIOD_JOB, periodMs: REST_PERIOD_CHECK_MS, run: (now) => notifyRestPeriodsOver(db, now) });
