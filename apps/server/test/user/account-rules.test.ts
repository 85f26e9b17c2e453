import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flightLogs } from '../../src/modules/flight-log/flight-log.schema';
import { FLIGHT_DURATION_LIMIT_HOURS, MONTHLY_LIMIT_HOURS } from '@contrail/domain/user/flight-time-rules';
import { sumFlightHoursSince } from '../../src/modules/flight-log/flight-log.service';
import { assertVerified, startOfUtcDay, startOfUtcMonth } from '../../src/modules/user/user.service';
import { createSignedInUser, createUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { api } from '../support/api';
import { paymentRoutes } from '@contrail/domain/store/payment-routes';
import { userRoutes } from '@contrail/domain/user/user-routes';

describe('flight times, client portal and the verified-only guard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off', PUBLIC_URL: 'https://contrail.example' });
  });
  afterAll(async () => t.close());

  it('GET /api/v1/user/{id}/flight-times: hours today and this month, and the rules', async () => {
    const pilot = await createSignedInUser(t.app);
    const response = await api(t.app, pilot.headers).inject(userRoutes.flightTimes, { params: { id: pilot.user.id } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      today: 0,
      month: 0,
      rules: { flightDurationLimit: FLIGHT_DURATION_LIMIT_HOURS, monthLimit: MONTHLY_LIMIT_HOURS },
    });
    expect(FLIGHT_DURATION_LIMIT_HOURS).toBeGreaterThan(0);
    expect(MONTHLY_LIMIT_HOURS).toBeGreaterThan(FLIGHT_DURATION_LIMIT_HOURS);
  });

  /** A flight log with only what the sums read filled in meaningfully. */
  const insertFlightLog = async (userId: string, endDate: Date, flightDurationSeconds: number) => {
    await t.app.deps.db.insert(flightLogs).values({
      userId,
      flightId: randomUUID(),
      type: 'NORMAL',
      flightNumber: 'CTL1',
      aircraftIcao: 'A320',
      departureIdent: 'LFPG',
      arrivalIdent: 'EGLL',
      originalArrivalIdent: 'EGLL',
      airports: {},
      cruiseLevelFt: 35000,
      isPNC: false,
      startDate: new Date(endDate.getTime() - flightDurationSeconds * 1000),
      endDate,
      flightDurationSeconds,
      flightHours: flightDurationSeconds / 3600,
      distanceNm: 190,
      isArrived: true,
      fc: 0,
      xp: 0,
      satisfactionXp: 0,
      inRestPeriod: false,
      flightScore: 100,
      pax: {} as never,
      cargos: [],
      outcome: {} as never,
      reward: {} as never,
      createdAt: endDate,
    });
  };

  it('sumFlightHoursSince sums the airborne time of the user\'s logs ended since then', async () => {
    const { user } = await createUser(t.app);
    const other = await createUser(t.app);
    expect(await sumFlightHoursSince(t.app.deps.db, user.id, new Date(0))).toBe(0);
    await insertFlightLog(user.id, new Date('2026-02-10T10:00:00Z'), 5400);
    await insertFlightLog(user.id, new Date('2026-02-01T00:00:00Z'), 3600);
    await insertFlightLog(user.id, new Date('2026-01-31T23:59:59Z'), 7200);
    await insertFlightLog(other.user.id, new Date('2026-02-10T10:00:00Z'), 36_000);
    expect(await sumFlightHoursSince(t.app.deps.db, user.id, new Date('2026-02-01T00:00:00Z'))).toBe(2.5);
    expect(await sumFlightHoursSince(t.app.deps.db, user.id, new Date('2026-02-10T00:00:00Z'))).toBe(1.5);
    expect(await sumFlightHoursSince(t.app.deps.db, user.id, new Date(0))).toBe(4.5);
  });

  it('flight-times counts today and this month (UTC) from the logs', async () => {
    const now = t.clock.now();
    const at = (day: number, hour: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, day, hour));
    t.clock.set(at(15, 12));
    // Access tokens are checked against the app clock: sign in once the clock is set.
    const pilot = await createSignedInUser(t.app);
    await insertFlightLog(pilot.user.id, at(15, 8), 7200);
    await insertFlightLog(pilot.user.id, at(14, 23), 3600);
    await insertFlightLog(pilot.user.id, at(0, 23), 3600); // the last day of the previous month
    const response = await api(t.app, pilot.headers).inject(userRoutes.flightTimes, { params: { id: pilot.user.id } });
    expect(response.json()).toMatchObject({ today: 2, month: 3 });
  });

  it('counts the day and the month in UTC', () => {
    const now = new Date('2026-03-01T00:30:00+02:00'); // 2026-02-28T22:30Z
    expect(startOfUtcDay(now).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(startOfUtcMonth(now).toISOString()).toBe('2026-02-01T00:00:00.000Z');
  });

  it('GET /api/v1/user/{id}/subscription/client-portal has no portal before a first card payment', async () => {
    const pilot = await createSignedInUser(t.app);
    const response = await api(t.app, pilot.headers).inject(paymentRoutes.clientPortal, { params: { id: pilot.user.id } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ pilot: null, airlineManager: null });
  });

  it("answers 403 for another user's flight times and portal", async () => {
    const pilot = await createSignedInUser(t.app);
    const other = await createUser(t.app);
    for (const url of [`/api/v1/user/${other.user.id}/flight-times`, `/api/v1/user/${other.user.id}/subscription/client-portal`]) {
      const response = await t.app.inject({ method: 'GET', url, headers: pilot.headers });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ success: false, errorCode: 'FORBIDDEN' });
    }
  });

  it('assertVerified throws 403 EMAIL_NOT_VERIFIED for an unverified user only', () => {
    expect(() => assertVerified({ emailVerified: true })).not.toThrow();
    expect(() => assertVerified({ emailVerified: false })).toThrow(expect.objectContaining({ code: 'EMAIL_NOT_VERIFIED', httpStatus: 403 }));
  });
});
