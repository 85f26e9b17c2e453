import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * When each shared job last ran (apps/server/src/jobs/job-registry.ts), so that across server
 * instances a job runs once per period, not once per instance.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
});
