import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app';
import { testConfig } from '../../src/config/config';
import { missions } from '../../src/modules/mission/mission.schema';
import type { DatabaseHandle } from '../../src/db/database';
import { createManualClock } from '../../src/lib/clock';
import { AIRPORT_REFRESH_JOB } from '../../src/modules/airport/airport.routes';
import { LEDGER_SEAL_JOB } from '../../src/modules/ledger/ledger.routes';
import { MISSION_REFRESH_INTERVAL_MS, MISSION_REFRESH_JOB } from '../../src/modules/mission/mission.routes';
import type { JobReport } from '../../src/jobs/job-registry';
import { openTestDatabase, type TestDatabase } from '../support/test-app';

const outcomeOf = (reports: JobReport[], name: string) => reports.find((report) => report.name === name)?.outcome;

/** Two server instances on one database (PGlite: one handle; PostgreSQL with TEST_DATABASE_URL: two pools). */
describe('job registry', () => {
  let database: TestDatabase;
  let secondHandle: DatabaseHandle;
  let first: App;
  let second: App;
  const clock = createManualClock(new Date());

  beforeAll(async () => {
    database = await openTestDatabase();
    secondHandle = await database.connectAgain();
    first = await buildApp({ config: testConfig(), clock, database });
    second = await buildApp({ config: testConfig(), clock, database: secondHandle });
    await Promise.all([first.ready(), second.ready()]);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await secondHandle.close();
    await database.close();
  });

  it('holds the modules’ jobs: ledger sealing, mission refresh, airport refresh', () => {
    expect(first.deps.jobs.names()).toEqual(expect.arrayContaining([LEDGER_SEAL_JOB, MISSION_REFRESH_JOB, AIRPORT_REFRESH_JOB]));
  });

  it('runs a due shared job on one instance at a time, and once per period across instances', async () => {
    let runs = 0;
    let release!: () => void;
    let started!: () => void;
    const isStarted = new Promise<void>((resolve) => (started = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    const job = {
      name: 'gated-test-job',
      periodMs: 60_000,
      run: async () => {
        runs += 1;
        started();
        await gate;
      },
    };
    first.deps.jobs.register(job);
    second.deps.jobs.register(job);

    const firstRun = first.deps.jobs.runDue(clock.now());
    await isStarted;
    // While the first instance runs it, the second finds the lock held.
    expect(outcomeOf(await second.deps.jobs.runDue(clock.now()), 'gated-test-job')).toBe('busy');
    release();
    expect(outcomeOf(await firstRun, 'gated-test-job')).toBe('ran');
    // Ran by the first instance: not due for the second within the period.
    clock.advanceMs(30_000);
    expect(outcomeOf(await second.deps.jobs.runDue(clock.now()), 'gated-test-job')).toBe('not-due');
    expect(runs).toBe(1);
    clock.advanceMs(30_000);
    const [a, b] = await Promise.all([first.deps.jobs.runDue(clock.now()), second.deps.jobs.runDue(clock.now())]);
    expect([outcomeOf(a, 'gated-test-job'), outcomeOf(b, 'gated-test-job')].filter((outcome) => outcome === 'ran')).toHaveLength(1);
    expect(runs).toBe(2);
  });

  it('drives the mission refresh from the manual clock, every hour whichever instance runs it', async () => {
    const missionCount = async () => (await first.deps.db.select({ value: count() }).from(missions))[0]?.value ?? 0;
    // The earlier test's runs made this period's missions; an hour on, the refresh is due again.
    expect(await missionCount()).toBeGreaterThanOrEqual(30);
    clock.advanceMs(MISSION_REFRESH_INTERVAL_MS);
    expect(outcomeOf(await second.deps.jobs.runDue(clock.now()), MISSION_REFRESH_JOB)).toBe('ran');
    clock.advanceMs(MISSION_REFRESH_INTERVAL_MS - 60_000);
    expect(outcomeOf(await first.deps.jobs.runDue(clock.now()), MISSION_REFRESH_JOB)).toBe('not-due');
    clock.advanceMs(60_000);
    expect(outcomeOf(await first.deps.jobs.runDue(clock.now()), MISSION_REFRESH_JOB)).toBe('ran');
  });

  it('reports a failing job, keeps it due, and refuses a second job of the same name', async () => {
    let attempts = 0;
    first.deps.jobs.register({
      name: 'flaky-test-job',
      periodMs: 60_000,
      run: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('first attempt fails');
      },
    });
    expect(outcomeOf(await first.deps.jobs.runDue(clock.now()), 'flaky-test-job')).toBe('failed');
    expect(outcomeOf(await first.deps.jobs.runDue(clock.now()), 'flaky-test-job')).toBe('ran');
    expect(() => first.deps.jobs.register({ name: 'flaky-test-job', periodMs: 1, run: async () => undefined })).toThrow(/twice/);
    expect(() => first.deps.jobs.register({ name: 'Bad Name', periodMs: 1, run: async () => undefined })).toThrow(/kebab-case/);
  });

  it('lets the event loop turn between two due jobs, so that their pauses do not add up', async () => {
    // Neither job waits for any I/O: without a turn between them, the second starts before anything else runs.
    let hasTurned = false;
    let hadTurnedBeforeSecond: boolean | undefined;
    first.deps.jobs.register({ name: 'turn-first-test-job', periodMs: 60_000, scope: 'instance', run: async () => void setImmediate(() => (hasTurned = true)) });
    first.deps.jobs.register({ name: 'turn-second-test-job', periodMs: 60_000, scope: 'instance', run: async () => (hadTurnedBeforeSecond = hasTurned) });
    const reports = await first.deps.jobs.runDue(clock.now());
    expect([outcomeOf(reports, 'turn-first-test-job'), outcomeOf(reports, 'turn-second-test-job')]).toEqual(['ran', 'ran']);
    expect(hadTurnedBeforeSecond).toBe(true);
  });
});
