import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TFlightLogDetail, TFlightLogPage } from '@contrail/domain/flight-api/flight-log-contract';
import type { flightLogs } from '../../src/modules/flight-log/flight-log.schema';
import { sumUserTransactions } from '../../src/modules/wallet/wallet.repository';
import { createTestApp, type TestApp } from '../support/test-app';
import { createSignedInUser, giveSubscription, reloadUser, type SignedInUser } from '../support/factories';
import { flyShortHop, listen } from '../flight/support/flight-kit';
import { insertStoredFlightLog } from './support/stored-flight-log';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listen(t.app);
});
afterAll(async () => t?.close());

const get = (url: string, user: SignedInUser) => t.app.inject({ method: 'GET', url, headers: user.headers });

const insertLog = (userId: string, overrides: Partial<typeof flightLogs.$inferInsert> = {}) => insertStoredFlightLog(t.app, userId, overrides);

describe('GET /api/v1/flight-log/{id}', () => {
  it('gives the pilot everything the log screen shows; nobody else sees it (404)', async () => {
    const pilot = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    const completed = await flyShortHop(t.app, baseUrl, pilot.headers, { flightNumber: 'CTR777' });
    const response = await get(`/api/v1/flight-log/${completed.flightLogId}`, pilot);
    expect(response.statusCode).toBe(200);
    const log = response.json<TFlightLogDetail>();
    expect(log).toMatchObject({
      id: completed.flightLogId,
      flightNumber: 'CTR777',
      flightCoinAmount: completed.fc,
      xp: completed.xp,
      fcReason: null,
      inRestPeriod: false,
      isPNC: false,
      cruiseLevel: 24_000,
      locked: false,
      ledgerState: 'pending',
      isArrived: true,
      incidents: null,
      satisfaction: null,
    });
    for (const key of ['flightDuration', 'blockTime', 'distanceNm', 'nauticalDistanceNm', 'miles', 'fuelConsumed', 'fuelLoaded', 'averageSpeed'] as const) {
      expect(log.statistics[key], key).toBeGreaterThan(0);
    }
    expect(log.startBlockDate).not.toBeNull();
    expect(log.endBlockDate).not.toBeNull();
    expect(Date.parse(log.endBlockDate!)).toBeGreaterThan(Date.parse(log.startBlockDate!));
    expect(log.steps[0]).toEqual({ name: 'boarding', date: expect.any(String) as string });
    expect(log.events[0]).toMatchObject({ id: 0, flightId: log.flightId, eventCode: 0, key: 'FLIGHT_STEP_UPDATED' });
    expect(log.positionHistory[0]).toEqual({ createdAt: expect.any(String) as string, latitude: expect.any(Number) as number, longitude: expect.any(Number) as number, altitude: expect.any(Number) as number, speed: expect.any(Number) as number });
    expect(log.landing?.rating).toBeDefined();
    expect(log.reward.flightScore).toBe(log.flightScore);
    expect(log.reward.grossFc).toBe(completed.fc);
    expect((await get(`/api/v1/flight-log/${completed.flightLogId}`, other)).statusCode).toBe(404);
    expect((await get(`/api/v1/flight-log/${randomUUID()}`, pilot)).statusCode).toBe(404);
  });

  it('pays no FC in the rest period (InRestTime) but still pays XP, with the date flying pays again', async () => {
    const pilot = await createSignedInUser(t.app);
    // Eight hours flown within the last 24 hours.
    await insertLog(pilot.user.id, { flightDurationSeconds: 8 * 3600, endDate: new Date(t.clock.now().getTime() - 3_600_000) });
    const completed = await flyShortHop(t.app, baseUrl, pilot.headers);
    expect(completed.fc).toBe(0);
    expect(completed.fcReason).toBe('InRestTime');
    expect(completed.xp).toBeGreaterThan(0);
    const log = (await get(`/api/v1/flight-log/${completed.flightLogId}`, pilot)).json<TFlightLogDetail>();
    expect(log).toMatchObject({ fcReason: 'InRestTime', inRestPeriod: true, flightCoinAmount: 0 });
    expect(log.nextRemuneration).not.toBeNull();
    const user = await reloadUser(t.app, pilot.user.id);
    expect(user.walletMfc).toBe(0);
    expect(user.walletXp).toBe(completed.xp);
    expect(user.nextRemuneration?.toISOString()).toBe(log.nextRemuneration);
    expect(await sumUserTransactions(t.app.deps.db, pilot.user.id, 'XP')).toBe(user.walletXp);
  });

  it('stops FC at the monthly limit (MonthlyLimit)', async () => {
    const pilot = await createSignedInUser(t.app);
    await insertLog(pilot.user.id, { flightDurationSeconds: 100 * 3600, endDate: new Date(t.clock.now().getTime() - 2 * 86_400_000) });
    const now = t.clock.now();
    // Only meaningful when two days ago is in this month.
    if (now.getUTCDate() > 2) {
      const completed = await flyShortHop(t.app, baseUrl, pilot.headers);
      expect(completed).toMatchObject({ fc: 0, fcReason: 'MonthlyLimit' });
    }
  });

  it('moves the level with the XP (career levels)', async () => {
    const pilot = await createSignedInUser(t.app, { walletXp: 59 });
    const completed = await flyShortHop(t.app, baseUrl, pilot.headers);
    const user = await reloadUser(t.app, pilot.user.id);
    expect(user.walletXp).toBe(59 + completed.xp);
    // minXp of level 2 is 60.
    expect(user.level).toBeGreaterThanOrEqual(2);
    expect(user.numberOfFlight).toBe(1);
  });
});

describe('GET /api/v1/flight-log/user/{userId}', () => {
  it('pages the pilot logs newest first with totals, and searches flight number, airports and aircraft', async () => {
    const pilot = await createSignedInUser(t.app);
    await giveSubscription(t.app, pilot.user.id, 'GOLD');
    const base = t.clock.now().getTime();
    for (let i = 0; i < 5; i += 1) {
      await insertLog(pilot.user.id, { flightNumber: `AB${i}00`, endDate: new Date(base - (10 - i) * 3_600_000) });
    }
    await insertLog(pilot.user.id, { flightNumber: 'ZZ900', departureIdent: 'KJFK', aircraftIcao: 'B77W', endDate: new Date(base - 3_600_000) });
    const first = (await get(`/api/v1/flight-log/user/${pilot.user.id}?page=0&size=4`, pilot)).json<TFlightLogPage>();
    expect(first.totalItems).toBe(6);
    expect(first.totalPages).toBe(2);
    expect(first.items.map((item) => item.flightNumber)).toEqual(['ZZ900', 'AB400', 'AB300', 'AB200']);
    expect(first.items.every((item) => !item.locked)).toBe(true);
    const second = (await get(`/api/v1/flight-log/user/${pilot.user.id}?page=1&size=4`, pilot)).json<TFlightLogPage>();
    expect(second.items.map((item) => item.flightNumber)).toEqual(['AB100', 'AB000']);
    for (const search of ['zz9', 'kjfk', 'b77']) {
      const found = (await get(`/api/v1/flight-log/user/${pilot.user.id}?search=${search}`, pilot)).json<TFlightLogPage>();
      expect(found.items.map((item) => item.flightNumber), search).toEqual(['ZZ900']);
    }
    const none = (await get(`/api/v1/flight-log/user/${pilot.user.id}?search=${encodeURIComponent('%')}`, pilot)).json<TFlightLogPage>();
    expect(none.totalItems).toBe(0);
    expect((await get(`/api/v1/flight-log/user/${pilot.user.id}?size=0`, pilot)).statusCode).toBe(400);
  });

  it('answers 403 for another pilot logs', async () => {
    const pilot = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    await insertLog(pilot.user.id);
    expect((await get(`/api/v1/flight-log/user/${pilot.user.id}`, other)).statusCode).toBe(403);
  });

  it('locks all but the 3 newest logs of a freemium pilot (listed, detail 403); GOLD opens them', async () => {
    const pilot = await createSignedInUser(t.app);
    const base = t.clock.now().getTime();
    const rows = [];
    for (let i = 0; i < 5; i += 1) rows.push(await insertLog(pilot.user.id, { flightNumber: `LK${i}`, endDate: new Date(base - (10 - i) * 3_600_000) }));
    const page = (await get(`/api/v1/flight-log/user/${pilot.user.id}`, pilot)).json<TFlightLogPage>();
    expect(page.items.map((item) => [item.flightNumber, item.locked])).toEqual([
      ['LK4', false],
      ['LK3', false],
      ['LK2', false],
      ['LK1', true],
      ['LK0', true],
    ]);
    expect((await get(`/api/v1/flight-log/${rows[0]!.id}`, pilot)).statusCode).toBe(403);
    expect((await get(`/api/v1/flight-log/${rows[4]!.id}`, pilot)).statusCode).toBe(200);
    await giveSubscription(t.app, pilot.user.id, 'GOLD');
    expect((await get(`/api/v1/flight-log/${rows[0]!.id}`, pilot)).statusCode).toBe(200);
  });

  it('keeps an older log held for review open to a freemium pilot (the reply lives there), and not a decided one', async () => {
    const pilot = await createSignedInUser(t.app);
    const base = t.clock.now().getTime();
    const held = await insertLog(pilot.user.id, { flightNumber: 'HELD', reviewStatus: 'pending', endDate: new Date(base - 20 * 3_600_000) });
    const rejected = await insertLog(pilot.user.id, { flightNumber: 'REJ', reviewStatus: 'rejected', endDate: new Date(base - 19 * 3_600_000) });
    for (let i = 0; i < 3; i += 1) await insertLog(pilot.user.id, { flightNumber: `NEW${i}`, endDate: new Date(base - (5 - i) * 3_600_000) });
    const page = (await get(`/api/v1/flight-log/user/${pilot.user.id}`, pilot)).json<TFlightLogPage>();
    expect(page.items.filter((item) => item.locked).map((item) => item.flightNumber)).toEqual(['REJ']);
    const opened = await get(`/api/v1/flight-log/${held.id}`, pilot);
    expect(opened.statusCode).toBe(200);
    expect(opened.json<TFlightLogDetail>().review.status).toBe('pending');
    const locked = await get(`/api/v1/flight-log/${rejected.id}`, pilot);
    expect(locked.statusCode).toBe(403);
    expect(locked.json<{ message: string }>().message).toContain('GOLD');
  });

  it('locks the older logs again when GOLD has ended', async () => {
    const pilot = await createSignedInUser(t.app);
    const base = t.clock.now().getTime();
    const oldest = await insertLog(pilot.user.id, { flightNumber: 'OLD', endDate: new Date(base - 30 * 3_600_000) });
    for (let i = 0; i < 3; i += 1) await insertLog(pilot.user.id, { flightNumber: `N${i}`, endDate: new Date(base - (5 - i) * 3_600_000) });
    await giveSubscription(t.app, pilot.user.id, 'GOLD', new Date(base - 60_000));
    expect((await get(`/api/v1/flight-log/${oldest.id}`, pilot)).statusCode).toBe(403);
    await giveSubscription(t.app, pilot.user.id, 'GOLD', new Date(base + 86_400_000));
    expect((await get(`/api/v1/flight-log/${oldest.id}`, pilot)).statusCode).toBe(200);
  });
});
