import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flightFrames, flights } from '../../src/modules/flight/flight.schema';
import { decodeFrame } from '../../src/modules/flight/frame-codec';
import { FrameWriter } from '../../src/modules/flight/frame-writer';
import { createSignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerShortHop, shortHopFrames } from './support/flight-kit';

/** The group commit on its own, on the test database (PGlite, or PostgreSQL in the second pass). */
describe('FrameWriter', () => {
  let t: TestApp;
  const flightIds: string[] = [];
  const frames = shortHopFrames(Date.UTC(2026, 10, 21, 9, 0));

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
    const writer = new FrameWriter(t.app.deps.db, { intervalMs: 1, maxRows: 2, concurrentCommits: 2, now: () => t.clock.now() });
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
    const writer = new FrameWriter(t.app.deps.db, { intervalMs: 1, maxRows: 1000, concurrentCommits: 2, now: () => t.clock.now() });
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

  it('drops a repeated sequence, and every frame and state of a flight no longer in progress, with or without a state change', async () => {
    const writer = new FrameWriter(t.app.deps.db, { intervalMs: 1, maxRows: 1000, concurrentCommits: 1, now: () => t.clock.now() });
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
