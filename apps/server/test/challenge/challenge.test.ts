import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengeWeekOf, type TChallenge } from '@contrail/domain/challenge/weekly-challenge';
import type { FlightOutcome } from '@contrail/domain/flight/flight-engine-types';
import { createSignedInUser, type SignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { insertStoredFlightLog, shortHopOutcome } from '../flight-log/support/stored-flight-log';
import { api } from '../support/api';
import { challengeRoutes } from '@contrail/domain/challenge/challenge-routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const outcomeWith = (touchdownFpm: number, fuelKg: number): FlightOutcome => {
  const base = shortHopOutcome(t.clock.now().getTime());
  if (!base.landing) throw new Error('the short hop lands');
  return { ...base, landing: { ...base.landing, verticalSpeedFpm: touchdownFpm, isObserved: true, isRateKnown: true }, statistics: { ...base.statistics, fuelConsumedKg: fuelKg } };
};

const fly = (pilot: SignedInUser, figures: { touchdownFpm: number; fuelKg: number }, overrides: Parameters<typeof insertStoredFlightLog>[2] = {}) => {
  const week = challengeWeekOf(t.clock.now());
  return insertStoredFlightLog(t.app, pilot.user.id, {
    departureIdent: week.departureIdent,
    arrivalIdent: week.arrivalIdent,
    distanceNm: 200,
    endDate: new Date(Math.max(week.start.getTime() + 60_000, t.clock.now().getTime() - 60_000)),
    outcome: outcomeWith(figures.touchdownFpm, figures.fuelKg),
    ...overrides,
  });
};

const challengeFor = async (pilot: SignedInUser) => {
  const answer = await api(t.app, pilot.headers).inject(challengeRoutes.current);
  expect(answer.statusCode).toBe(200);
  return answer.json<TChallenge>();
};

describe('the weekly challenge', () => {
  it("ranks the pilots' accepted flights of the week's route, and only those: a refused, held or practice flight never ranks", async () => {
    const ace = await createSignedInUser(t.app);
    const steady = await createSignedInUser(t.app);
    const liar = await createSignedInUser(t.app);
    await fly(ace, { touchdownFpm: -95, fuelKg: 1100 });
    await fly(ace, { touchdownFpm: -250, fuelKg: 900 });
    await fly(steady, { touchdownFpm: -140, fuelKg: 1000 });
    // Perfect figures the judge did not accept (impossible frames are refused or held for review), a
    // practice flight of the built-in simulator, and one on another route or another week.
    await fly(liar, { touchdownFpm: -1, fuelKg: 10 }, { reviewStatus: 'rejected' });
    await fly(liar, { touchdownFpm: -1, fuelKg: 10 }, { reviewStatus: 'pending' });
    await fly(liar, { touchdownFpm: -1, fuelKg: 10 }, { practice: true });
    await fly(liar, { touchdownFpm: -1, fuelKg: 10 }, { arrivalIdent: 'KJFK' });
    await fly(liar, { touchdownFpm: -1, fuelKg: 10 }, { endDate: new Date(challengeWeekOf(t.clock.now()).start.getTime() - 60_000) });

    const board = await challengeFor(steady);
    const week = challengeWeekOf(t.clock.now());
    expect(board).toMatchObject({ departureIdent: week.departureIdent, arrivalIdent: week.arrivalIdent, weekStart: week.start.toISOString() });
    expect(board.landing.map((entry) => [entry.rank, entry.userId, entry.value])).toEqual([
      [1, ace.user.id, 95],
      [2, steady.user.id, 140],
    ]);
    expect(board.fuel.map((entry) => [entry.rank, entry.userId, entry.value])).toEqual([
      [1, ace.user.id, 4.5],
      [2, steady.user.id, 5],
    ]);
    expect(board.mine).toMatchObject({ landing: { rank: 2 }, fuel: { rank: 2 } });
    expect((await challengeFor(liar)).mine).toEqual({ landing: null, fuel: null });
    // Other pilots see a display name or the public pilot id, never a username or an email.
    for (const entry of board.landing) {
      expect(entry.pilotName).not.toContain('@');
      expect([ace.user.userName, steady.user.userName]).not.toContain(entry.pilotName);
    }
  });

  it('takes no score from a client and needs a signed-in pilot', async () => {
    const pilot = await createSignedInUser(t.app);
    const posted = await t.app.inject({ method: 'POST', url: '/api/v1/challenge/current', headers: pilot.headers, payload: { landing: 1 } });
    expect(posted.statusCode).toBe(404);
    expect((await challengeFor(pilot)).mine).toEqual({ landing: null, fuel: null });
    expect((await api(t.app).inject(challengeRoutes.current)).statusCode).toBe(401);
  });
});
