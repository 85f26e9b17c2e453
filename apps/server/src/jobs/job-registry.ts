import { setImmediate as nextTurn } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '../db/database';
import { jobRuns } from './jobs.schema';
import type { Clock } from '../lib/clock';

/**
 * A job the server runs on a period (docs/decisions/0017-job-registry.md). `shared` jobs (the
 * default) change the database: across instances one runs each due job at a time, under a lock
 * named after the job, and the last run is kept in `job_runs`, so the period holds for the
 * cluster. `instance` jobs refresh what one process holds in memory (the airport index): every
 * instance runs them, on its own period.
 */
export type Job = {
  /** Unique, kebab-case: names the lock and the `job_runs` row. */
  name: string;
  periodMs: number;
  run: (now: Date) => Promise<unknown>;
  scope?: 'shared' | 'instance';
};

export type JobOutcome = 'ran' | 'not-due' | 'busy' | 'failed';
export type JobReport = { name: string; outcome: JobOutcome; error?: unknown };

export type JobRegistry = {
  register: (job: Job) => void;
  names: () => string[];
  /**
   * Runs every job due at `now`, one after the other, with a turn of the event loop between two
   * (see runDue); tests drive it from the manual clock. A job that throws is reported (and logged)
   * and stays due: its next `runDue` tries again.
   */
  runDue: (now: Date) => Promise<JobReport[]>;
  /**
   * Starts calling `runDue(clock.now())` every `tickMs` (not in tests); returns the stop function,
   * which resolves once a run under way has finished (a clean shutdown lets jobs finish).
   */
  start: (clock: Clock, tickMs?: number) => () => Promise<void>;
};

const DEFAULT_TICK_MS = 1000;

/** Told of every attempt that did something (not `not-due`), with its duration when the job ran. */
export type JobObserver = (report: JobReport, durationMs: number | undefined) => void;

export const createJobRegistry = (
  handle: Pick<DatabaseHandle, 'db' | 'tryWithLock'>,
  log?: FastifyBaseLogger,
  observe?: JobObserver,
): JobRegistry => {
  const jobs = new Map<string, Job>();
  /** Earliest time each job can be due, as this instance last saw it: saves a lock and a read per tick. */
  const nextDueAt = new Map<string, number>();

  const runShared = async (job: Job, now: Date): Promise<JobOutcome> => {
    const locked = await handle.tryWithLock(`job:${job.name}`, async () => {
      const lastRunAt = await findLastRun(handle.db, job.name);
      if (lastRunAt && now.getTime() - lastRunAt.getTime() < job.periodMs) {
        nextDueAt.set(job.name, lastRunAt.getTime() + job.periodMs);
        return 'not-due' as const;
      }
      await job.run(now);
      await recordRun(handle.db, job.name, now);
      nextDueAt.set(job.name, now.getTime() + job.periodMs);
      return 'ran' as const;
    });
    return locked.acquired ? locked.value : 'busy';
  };

  const runInstance = async (job: Job, now: Date): Promise<JobOutcome> => {
    await job.run(now);
    nextDueAt.set(job.name, now.getTime() + job.periodMs);
    return 'ran';
  };

  const runDue = async (now: Date): Promise<JobReport[]> => {
    const reports: JobReport[] = [];
    let hasRunOne = false;
    for (const job of jobs.values()) {
      if ((nextDueAt.get(job.name) ?? -Infinity) > now.getTime()) {
        reports.push({ name: job.name, outcome: 'not-due' });
        continue;
      }
      // On PGlite a query runs on this thread and its promise settles before any I/O is read: the
      // jobs of one tick (a dozen share the one-minute period) would hold the event loop from
      // the first to the last, 130 ms at 5,000 flights. Between two jobs, sockets are served.
      if (hasRunOne) await nextTurn();
      hasRunOne = true;
      const startedAt = performance.now();
      let report: JobReport;
      try {
        report = { name: job.name, outcome: await (job.scope === 'instance' ? runInstance(job, now) : runShared(job, now)) };
      } catch (error) {
        log?.warn({ err: error, job: job.name }, 'job failed');
        report = { name: job.name, outcome: 'failed', error };
      }
      reports.push(report);
      if (report.outcome !== 'not-due') {
        const ran = report.outcome === 'ran' || report.outcome === 'failed';
        observe?.(report, ran ? performance.now() - startedAt : undefined);
      }
    }
    return reports;
  };

  return {
    register: (job) => {
      if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(job.name)) throw new Error(`job name ${job.name}: kebab-case only`);
      if (jobs.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
      if (!(job.periodMs > 0)) throw new Error(`job ${job.name}: periodMs must be positive`);
      jobs.set(job.name, job);
    },
    names: () => [...jobs.keys()],
    runDue,
    start: (clock, tickMs = DEFAULT_TICK_MS) => {
      let running: Promise<unknown> | undefined;
      const tick = async () => {
        if (running) return; // a slow job delays the next tick rather than overlapping it
        running = runDue(clock.now());
        try {
          await running;
        } finally {
          running = undefined;
        }
      };
      void tick();
      const timer = setInterval(() => void tick(), tickMs);
      timer.unref();
      return async () => {
        clearInterval(timer);
        await running;
      };
    },
  };
};

const findLastRun = async (db: Database, name: string): Promise<Date | undefined> => {
  const [row] = await db.select({ lastRunAt: jobRuns.lastRunAt }).from(jobRuns).where(eq(jobRuns.name, name));
  return row?.lastRunAt;
};

const recordRun = async (db: Database, name: string, now: Date): Promise<void> => {
  await db
    .insert(jobRuns)
    .values({ name, lastRunAt: now })
    .onConflictDoUpdate({ target: jobRuns.name, set: { lastRunAt: sql`excluded.last_run_at` } });
};
