import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLIGHT_DURATION_LIMIT_HOURS, MONTHLY_LIMIT_HOURS } from '@contrail/domain/user/flight-time-rules';
import { getFlightHoursSince } from '../../src/modules/user/user.repository';
import { assertVerified, startOfUtcDay, startOfUtcMonth } from '../../src/modules/user/user.service';
import { createSignedInUser, createUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

describe('flight times, client portal and the verified-only guard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off', PUBLIC_URL: 'https://contrail.example' });
  });
  afterAll(async () => t.close());

  it('GET /api/v1/user/{id}/flight-times: hours today and this month, and the rules', async () => {
    const pilot = await createSignedInUser(t.app);
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/user/${pilot.user.id}/flight-times`, headers: pilot.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      today: 0,
      month: 0,
      rules: { flightDurationLimit: FLIGHT_DURATION_LIMIT_HOURS, monthLimit: MONTHLY_LIMIT_HOURS },
    });
    expect(FLIGHT_DURATION_LIMIT_HOURS).toBeGreaterThan(0);
    expect(MONTHLY_LIMIT_HOURS).toBeGreaterThan(FLIGHT_DURATION_LIMIT_HOURS);
  });

  it('getFlightHoursSince is 0 until flight logs exist', async () => {
    const { user } = await createUser(t.app);
    expect(await getFlightHoursSince(t.app.deps.db, user.id, new Date(0))).toBe(0);
  });

  it('counts the day and the month in UTC', () => {
    const now = new Date('2026-03-01T00:30:00+02:00'); // 2026-02-28T22:30Z
    expect(startOfUtcDay(now).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(startOfUtcMonth(now).toISOString()).toBe('2026-02-01T00:00:00.000Z');
  });

  it('GET /api/v1/user/{id}/subscription/client-portal points at the subscription page', async () => {
    const pilot = await createSignedInUser(t.app);
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/user/${pilot.user.id}/subscription/client-portal`, headers: pilot.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ url: 'https://contrail.example/subscription' });
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
