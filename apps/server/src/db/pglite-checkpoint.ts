import { sql } from 'drizzle-orm';
import type { Job } from '../jobs/job-registry';
import type { Database } from './database';

export const PGLITE_CHECKPOINT_JOB = 'pglite-checkpoint';
/**
 * How often the embedded database is checkpointed. Each checkpoint writes the pages changed since
 * the last one, on PGlite's thread (about 2 ms a megabyte here), and every statement waits behind
 * it: at 5,000 flights that is tens of milliseconds every 30 s, where a five-minute period would
 * hold the database ten times longer.
 */
export const PGLITE_CHECKPOINT_PERIOD_MS = 30_000;

/** Where the write-ahead log has been written up to, as PostgreSQL prints it ("0/1A2B3C8"). */
export const walPosition = async (db: Database): Promise<string> => {
  const { rows } = (await db.execute(sql`select pg_current_wal_lsn()::text as position`)) as { rows: { position: string }[] };
  return rows[0]!.position;
};

/**
 * PGlite runs PostgreSQL as a single process, with no checkpointer behind it: nothing checkpoints
 * until it closes (docs/decisions/0062-pglite-write-ahead-log.md). Its write-ahead log then grows
 * without bound (9 GB an hour at 5,000 flights) and a crash replays all of it on the next start.
 * This job checkpoints it on a period, skipping a period in which nothing was written; a checkpoint
 * lets PostgreSQL recycle the log's old segments.
 */
export const pgliteCheckpointJob = (db: Database): Job => {
  let positionAfterLast: string | undefined;
  return {
    name: PGLITE_CHECKPOINT_JOB,
    periodMs: PGLITE_CHECKPOINT_PERIOD_MS,
    // One process owns a PGlite folder: nothing to share with another instance.
    scope: 'instance',
    run: async () => {
      if (positionAfterLast !== undefined && (await walPosition(db)) === positionAfterLast) return { checkpointed: false };
      await db.execute(sql`checkpoint`);
      positionAfterLast = await walPosition(db);
      return { checkpointed: true };
    },
  };
};
