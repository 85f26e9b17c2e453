import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFlightPlanLink } from '@contrail/domain/deep-link/flight-plan-link';
import { createSignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { api } from '../support/api';
import { deepLinkRoutes } from '@contrail/domain/deep-link/deep-link-routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const plan = { flightNumber: 'ctr42', aircraftIcao: 'a320', departureIdent: 'EGLL', arrivalIdent: 'LFPG', cruiseLevelFt: 24_000, type: 'NORMAL' };

describe('the contrail: flight-plan link', () => {
  it('signs the plan for the served address; the published key opens it, and a tampered copy is refused', async () => {
    const pilot = await createSignedInUser(t.app);
    const answer = await t.app.inject({ method: 'POST', url: '/api/v1/deep-link/flight-plan', headers: { ...pilot.headers, host: 'contrail.test:8443' }, payload: plan });
    expect(answer.statusCode).toBe(200);
    const { link, expiresAt } = answer.json<{ link: string; expiresAt: string }>();
    expect(link).toMatch(/^contrail:\/\/flight-plan\?/);
    expect(Date.parse(expiresAt) - t.clock.now().getTime()).toBe(24 * 3_600_000);

    const key = await api(t.app).inject(deepLinkRoutes.key);
    expect(key.statusCode).toBe(200);
    const { publicKey } = key.json<{ publicKey: string }>();
    const checked = checkFlightPlanLink(link, { publicKey, nowMs: t.clock.now().getTime() });
    expect(checked).toEqual({
      ok: true,
      plan: { ...plan, flightNumber: 'CTR42', aircraftIcao: 'A320', server: 'http://contrail.test:8443', expiresAtMs: Date.parse(expiresAt) },
    });

    const tampered = new URL(link);
    tampered.searchParams.set('to', 'KJFK');
    expect(checkFlightPlanLink(tampered.href, { publicKey, nowMs: t.clock.now().getTime() })).toMatchObject({ ok: false, reason: 'bad-hash' });
    // The key is stable: a second read answers the same key, so trackers can keep it.
    expect((await api(t.app).inject(deepLinkRoutes.key)).json<{ publicKey: string }>().publicKey).toBe(publicKey);
  });

  it('signs only for a signed-in pilot, and only a plan that holds together', async () => {
    expect((await api(t.app).injectLoose(deepLinkRoutes.flightPlanLink, { body: plan })).statusCode).toBe(401);
    const pilot = await createSignedInUser(t.app);
    for (const bad of [{ ...plan, cruiseLevelFt: 99_000 }, { ...plan, departureIdent: 'not an airport' }, { ...plan, type: 'AIRLINE' }]) {
      expect((await api(t.app, pilot.headers).injectLoose(deepLinkRoutes.flightPlanLink, { body: bad })).statusCode).toBe(400);
    }
  });
});
