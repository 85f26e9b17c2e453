import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, reloadUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

describe('POST /api/v1/pilot/career', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off' });
  });
  afterAll(async () => t.close());

  const startCareer = (headers: Record<string, string> | undefined, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v1/pilot/career', headers, payload: payload as Record<string, unknown> });

  it('starts the career at the home hub: display name, careerStarted, hub and last location', async () => {
    const pilot = await createSignedInUser(t.app, { lastLocationIdent: 'EGLL' });
    const response = await startCareer(pilot.headers, { displayName: '  Captain Blue ', homeHubIdent: 'lfpg' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: pilot.user.id, careerStarted: true, displayName: 'Captain Blue', lastLocation: { ident: 'LFPG' } });
    const row = await reloadUser(t.app, pilot.user.id);
    expect(row).toMatchObject({ careerStarted: true, displayName: 'Captain Blue', homeHubIdent: 'LFPG', lastLocationIdent: 'LFPG' });
  });

  it.each([
    ['an empty display name', { displayName: '   ', homeHubIdent: 'LFPG' }, 'ERR_0034', 'displayName'],
    ['a display name over 45 characters', { displayName: 'x'.repeat(46), homeHubIdent: 'LFPG' }, 'ERR_0034', 'displayName'],
    ['a forbidden character', { displayName: 'Ace<3', homeHubIdent: 'LFPG' }, 'ERR_0034', 'displayName'],
    ['a pound sign', { displayName: 'Ace £', homeHubIdent: 'LFPG' }, 'ERR_0034', 'displayName'],
    ['no home hub', { displayName: 'Ace' }, 'VALIDATION_ERROR', 'homeHubIdent'],
    ['an unknown home hub', { displayName: 'Ace', homeHubIdent: 'ZZZZ9' }, 'VALIDATION_ERROR', 'homeHubIdent'],
  ])('refuses %s and changes nothing', async (_label, payload, errorCode, field) => {
    const pilot = await createSignedInUser(t.app, { lastLocationIdent: 'EGLL' });
    const response = await startCareer(pilot.headers, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errorCode, field });
    const row = await reloadUser(t.app, pilot.user.id);
    expect(row).toMatchObject({ careerStarted: false, displayName: null, homeHubIdent: null, lastLocationIdent: 'EGLL' });
  });

  it('starts a career once: a second call answers 409 and keeps the first hub', async () => {
    const pilot = await createSignedInUser(t.app);
    expect((await startCareer(pilot.headers, { displayName: 'First', homeHubIdent: 'EGLL' })).statusCode).toBe(200);
    const again = await startCareer(pilot.headers, { displayName: 'Second', homeHubIdent: 'LFPG' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errorCode: 'CONFLICT' });
    expect(await reloadUser(t.app, pilot.user.id)).toMatchObject({ displayName: 'First', homeHubIdent: 'EGLL' });
  });

  it('needs a signed-in pilot and only changes the caller', async () => {
    expect((await startCareer(undefined, { displayName: 'Ace', homeHubIdent: 'LFPG' })).statusCode).toBe(401);
    const pilot = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    await startCareer(pilot.headers, { displayName: 'Ace', homeHubIdent: 'LFPG' });
    expect(await reloadUser(t.app, other.user.id)).toMatchObject({ careerStarted: false, homeHubIdent: null });
  });
});
