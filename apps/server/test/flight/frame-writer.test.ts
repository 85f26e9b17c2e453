import { PGlite } from '@electric-sql/pglite';
import { asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flightFrames, flights } from '../../src/modules/flight/flight.schema';
import { runPrepared } from '../../src/db/prepared-statement';
import { frameGroupStatement } from '../../src/modules/flight/flight.repository';
import { decodeFrame } from '../../src/modules/flight/frame-codec';
import { FrameWriter, WRITE_SPACING_ON_THIS_THREAD, type FlightStateUpdate, type FrameRow } from '../../src/modules/flight/frame-writer';
import type { GroupTiming } from '../../src/modules/flight/ingest-probe';
import { createSignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerShortHop, shortHopFrames } from './support/flight-kit';

/** The group commit on its own, on the test database (PGlite, or PostgreSQL in the second pass). */
describe('FrameWriter', () => {
  let t: TestApp;
  const flightIds: string[] = [];
  const frames = shortHopFrames(Date.UTC(2026, 10, 21, 9, 0));
  const flightColumns = Object.values(getTableColumns(flights)).map((column) => column.name);

  beforeAll(async () => {
    t = await createTestApp();
    for (let i = 0; i < 3; i += 1) {
      const pilot = await createSignedInUser(t.app);
      flightIds.push((await registerShortHop(t.app, pilot.headers)).id);
    }
  });
  afterAll(async () => t.close());

  const storedSeqs = async (flightId: string) =>
    (await t.app.deps.db.select().from(flightFrames).where(eq(flightFrames.flightId, flightId)).orderBy(asc(flightFrames.seq))).map((row) => row.seq);

  it('writes groups side by side: every batch answered once durable, each flight in order', async () => {
    const writer = new FrameWriter(t.app.deps.db, { intervalMs: 1, maxRows: 2, concurrentCommits: 2, commitSpacing: undefined, now: () => t.clock.now() });
    // Each flight sends its next batch once the previous one is answered, as FlightRuntime does.
    const flyFlight = async (flightId: string) => {
      for (let seq = 1; seq <= 6; seq += 1) {
        await writer.write([{ flightId, seq, frame: frames[seq - 1]! }], seq === 6 ? { flightId, flightStep: 'TAXI' } : undefined);
        expect(await storedSeqs(flightId)).toContain(seq); // durable when answered
      }
    };
    await Promise.all(flightIds.map(flyFlight));
    await writer.close();

    for (const flightId of flightIds) expect(await storedSeqs(flightId)).toEqual([1, 2, 3, 4, 5, 6]);
    const rows = await t.app.deps.db.select().from(flights).where(inArray(flights.id, flightIds));
    expect(rows.map((row) => row.flightStep)).toEqual(['TAXI', 'TAXI', 'TAXI']);
    const [stored] = await t.app.deps.db.select().from(flightFrames).where(eq(flightFrames.flightId, flightIds[0]!)).limit(1);
    expect(decodeFrame(stored!.frame!)).toEqual(frames[0]);
  });

  it('rejects the waiters of a group whose transaction fails, and only them; nothing of it is stored', async () => {
    const writer = new FrameWriter(t.app.deps.db, { intervalMs: 1, maxRows: 1000, concurrentCommits: 2, commitSpacing: undefined, now: () => t.clock.now() });
    const [first, second] = flightIds;
    // A malformed flight id makes the database refuse the group's INSERT (its uuid[] cast).
    const failing = writer.write([{ flightId: first!, seq: 7, frame: frames[6]! }, { flightId: 'not-a-uuid', seq: 1, frame: null }]);
    await expect(failing).rejects.toThrow();
    await writer.write([{ flightId: second!, seq: 7, frame: frames[6]! }]);
    await writer.close();
    expect(await storedSeqs(first!)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await storedSeqs(second!)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    await expect(writer.write([{ flightId: second!, seq: 8, frame: frames[7]! }])).rejects.toThrow('frame writer closed');
  });

  it('writes a quiet flight at once, and a steady stream in groups spaced by their writes, not one a turn', async () => {
    // The spacing of PGlite, on either database. A window of a minute: nothing below waits for it.
    const writer = new FrameWriter(t.app.deps.db, { intervalMs: 60_000, maxRows: 1000, concurrentCommits: 1, commitSpacing: WRITE_SPACING_ON_THIS_THREAD, now: () => t.clock.now() });
    const [first] = flightIds;
    const quiet = await writer.write([{ flightId: first!, seq: 1000, frame: frames[0]! }]);
    expect(await storedSeqs(first!)).toContain(1000);

    // One batch every event-loop turn, as trackers' batches arrive on a busy server.
    const written: Promise<GroupTiming>[] = [];
    for (let i = 0; i < 300; i += 1) {
      written.push(writer.write([{ flightId: flightIds[i % 2]!, seq: 1001 + i, frame: frames[i % frames.length]! }]));
      await new Promise((resolve) => setImmediate(resolve));
    }
    const groups = [quiet, ...new Set(await Promise.all(written))];
    await writer.close();
    for (const flightId of flightIds.slice(0, 2)) expect((await storedSeqs(flightId)).filter((seq) => seq >= 1000)).toHaveLength(150 + (flightId === first ? 1 : 0));
    // Each group starts no sooner than the spacing times the previous one's write after it (a timer may fire up to 1 ms early).
    const { timesLastWrite, maxMs } = WRITE_SPACING_ON_THIS_THREAD;
    for (let i = 1; i < groups.length; i += 1) {
      const before = groups[i - 1]!;
      const spacing = Math.min(maxMs, timesLastWrite * (before.committedAt - before.commitStartedAt));
      expect(groups[i]!.commitStartedAt).toBeGreaterThanOrEqual(before.committedAt + spacing - 1);
    }
    // Without the spacing each turn's batch was a group of its own.
    expect(groups.length).toBeLessThan(100);
  });

  it('plans each group statement once per connection, whatever the size of the group', async () => {
    // A table of a busy server's size: 5,000 flights in progress, each its pilot's.
    await t.app.deps.db.execute(sql`
      insert into users (user_name, mf_id, email, password_hash)
      select 'planner-' || g, 'planner-' || g, 'planner-' || g || '@example.test', 'unused' from generate_series(1, 5000) g`);
    const copied = (column: string) => (column === 'id' ? 'gen_random_uuid()' : column === 'user_id' ? 'u.id' : `f."${column}"`);
    await t.app.deps.db.execute(sql`
      insert into flights (${sql.raw(flightColumns.map((column) => `"${column}"`).join(', '))})
      select ${sql.raw(flightColumns.map(copied).join(', '))}
      from flights f, users u where f.id = ${flightIds[0]!} and u.user_name like 'planner-%'`);
    await t.app.deps.db.execute(sql`analyze flights, users`);
    // Small groups of every size, half of them with a state change: the two statements, 12 runs each.
    const groups = Array.from({ length: 24 }, (_, i) => {
      const size = 1 + (i % 8);
      const rows = Array.from({ length: size }, (_, k) => ({ flightId: flightIds[k % 2]!, seq: 100 + i * 8 + k, frame: frames[k]! }));
      return { rows, updates: i % 2 === 0 ? [] : [{ flightId: flightIds[0]!, cruiseLevelFt: 24_000 }] };
    });
    // Under names of their own: the counts below start at this test's first run.
    const probe = (rows: FrameRow[], updates: FlightStateUpdate[]) => {
      const { statement, params } = frameGroupStatement(rows, updates, t.clock.now());
      return { statement: { name: `${statement.name}_probe`, text: statement.text }, params };
    };
    const names = [...new Set(groups.map(({ rows, updates }) => probe(rows, updates).statement.name))];
    const plansQuery = 'select name, generic_plans, custom_plans from pg_prepared_statements where name = any($1) order by name';
    type Plans = { name: string; generic_plans: string | number; custom_plans: string | number };
    let plans: Plans[];
    const client = (t.app.deps.db as unknown as { $client: unknown }).$client;
    if (client instanceof PGlite) {
      for (const { rows, updates } of groups) {
        const { statement, params } = probe(rows, updates);
        await runPrepared(t.app.deps.db, statement, params);
      }
      plans = (await client.query<Plans>(plansQuery, [names])).rows;
    } else {
      // Prepared statements belong to one connection: run them all on one, as the pool does for each of its own.
      const connection = await (client as pg.Pool).connect();
      try {
        for (const { rows, updates } of groups) {
          const { statement, params } = probe(rows, updates);
          await connection.query({ name: statement.name, text: statement.text, values: params });
        }
        plans = (await connection.query<Plans>(plansQuery, [names])).rows;
      } finally {
        connection.release();
      }
    }
    expect(plans.map((plan) => plan.name)).toEqual([...names].sort());
    // PostgreSQL plans the first five runs for their parameters, then keeps the generic plan unless
    // the parameters' plans cost less: here it must never plan again.
    for (const plan of plans) expect({ name: plan.name, custom: Number(plan.custom_plans) }).toEqual({ name: plan.name, custom: 5 });
  });

  it('stores every frame of a group as sent, whatever its text holds, and a refused sequence number as no frame', async () => {
    const writer = new FrameWriter(t.app.deps.db, { intervalMs: 1, maxRows: 1000, concurrentCommits: 1, commitSpacing: undefined, now: () => t.clock.now() });
    const [first] = flightIds;
    // The frames travel as lines of one text, sent as its UTF-8 bytes: a title with a line break,
    // quotes, a backslash, an array literal's characters and characters of two, three and four
    // bytes must come back whole.
    const awkward = { ...frames[0]!, aircraftTitle: 'Line one\nline "two", C:\\sim\\{A320}\r\nÎle-de-France – 東京 ✈ 🛫', aircraftIcao: 'A320' };
    await writer.write([
      { flightId: first!, seq: 5001, frame: awkward },
      { flightId: first!, seq: 5002, frame: null },
      { flightId: first!, seq: 5003, frame: frames[1]! },
    ]);
    await writer.write([{ flightId: first!, seq: 5004, frame: null }]);
    await writer.write([
      { flightId: first!, seq: 5005, frame: null },
      { flightId: first!, seq: 5006, frame: null },
    ]);
    await writer.close();
    const stored = await t.app.deps.db
      .select({ seq: flightFrames.seq, frame: flightFrames.frame })
      .from(flightFrames)
      .where(sql`${flightFrames.flightId} = ${first!} and ${flightFrames.seq} > 5000`)
      .orderBy(asc(flightFrames.seq));
    expect(stored.map((row) => ({ seq: row.seq, frame: row.frame === null ? null : decodeFrame(row.frame) }))).toEqual([
      { seq: 5001, frame: awkward },
      { seq: 5002, frame: null },
      { seq: 5003, frame: frames[1] },
      { seq: 5004, frame: null },
      { seq: 5005, frame: null },
      { seq: 5006, frame: null },
    ]);
  });

  it('drops a repeated sequence, and every frame and state of a flight no longer in progress, with or without a state change', async () => {
    const writer = new FrameWriter(t.app.deps.db, { intervalMs: 1, maxRows: 1000, concurrentCommits: 1, commitSpacing: undefined, now: () => t.clock.now() });
    const third = flightIds[2]!;
    await writer.write([{ flightId: third, seq: 3, frame: frames[2]! }]);
    expect(await storedSeqs(third)).toEqual([1, 2, 3, 4, 5, 6]);

    await t.app.deps.db.update(flights).set({ status: 'canceled' }).where(eq(flights.id, third));
    await writer.write([{ flightId: third, seq: 7, frame: frames[6]! }]);
    await writer.write([{ flightId: third, seq: 8, frame: frames[7]! }], { flightId: third, flightStep: 'TAKEOFF' });
    await writer.close();
    expect(await storedSeqs(third)).toEqual([1, 2, 3, 4, 5, 6]);
    const [row] = await t.app.deps.db.select().from(flights).where(eq(flights.id, third));
    expect(row!.flightStep).toBe('TAXI');
  });
});
