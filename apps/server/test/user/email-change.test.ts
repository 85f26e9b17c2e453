import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_CHANGE_TOKEN_TTL_HOURS } from '@contrail/domain/auth/auth-contract';
import { createSignedInUser, createUser, latestTokenMailedTo, multipartForm, outboxMailsTo, reloadUser, uniqueSuffix } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { userTokens } from '../../src/modules/auth/auth.schema';
import { api } from '../support/api';
import { authRoutes } from '@contrail/domain/auth/auth-routes';

// Issue 13 item 3: a stolen access token alone must not move the account to another address.
describe('email change from the profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off' });
  });
  afterAll(async () => t.close());

  const putForm = (userId: string, headers: Record<string, string>, fields: Record<string, string>) => {
    const form = multipartForm(fields);
    return t.app.inject({ method: 'PUT', url: `/api/v1/user/${userId}/information`, headers: { ...headers, ...form.headers }, payload: form.payload });
  };
  const confirm = (token: string) => api(t.app).inject(authRoutes.confirmEmailChange, { body: { token } });
  const newAddress = () => `moved${uniqueSuffix()}@example.test`;

  it('refuses a change without the current password or with a wrong one, changing nothing and mailing nobody', async () => {
    const pilot = await createSignedInUser(t.app, { city: 'Nantes' });
    const email = newAddress();
    for (const fields of [{ email, city: 'Lyon' } as Record<string, string>, { email, city: 'Lyon', currentPassword: 'Wrong-Guess-77' }]) {
      const response = await putForm(pilot.user.id, pilot.headers, fields);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, errorCode: 'WRONG_PASSWORD' });
    }
    const stored = await reloadUser(t.app, pilot.user.id);
    expect(stored).toMatchObject({ email: pilot.user.email, city: 'Nantes' });
    expect(await outboxMailsTo(t.app, email)).toHaveLength(0);
    expect(await outboxMailsTo(t.app, pilot.user.email)).toHaveLength(0);
  });

  it('refuses an address another account uses', async () => {
    const pilot = await createSignedInUser(t.app);
    const other = await createUser(t.app);
    const response = await putForm(pilot.user.id, pilot.headers, { email: other.user.email, currentPassword: pilot.password });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ errorCode: 'EMAIL_TAKEN' });
  });

  it('applies only once the link mailed to the new address is followed; the old address gets a notice without a link', async () => {
    const pilot = await createSignedInUser(t.app, { emailVerified: true });
    const email = newAddress();
    const asked = await putForm(pilot.user.id, pilot.headers, { email: email.toUpperCase(), currentPassword: pilot.password, city: 'Lyon' });
    expect(asked.statusCode).toBe(200);
    // Other fields of the form apply; the address does not, yet.
    expect(asked.json()).toMatchObject({ email: pilot.user.email, emailVerified: true, city: 'Lyon' });
    expect(await reloadUser(t.app, pilot.user.id)).toMatchObject({ email: pilot.user.email, emailVerified: true });

    const [notice] = await outboxMailsTo(t.app, pilot.user.email);
    expect(notice!.text).toContain(email);
    expect(notice!.text).not.toMatch(/token=/);
    const token = await latestTokenMailedTo(t.app, email, '/confirm-email-change');
    const stored = JSON.stringify(await t.app.deps.db.select().from(userTokens));
    expect(stored).not.toContain(token);

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ success: true, message: 'Email address changed', errorCode: null });
    expect(await reloadUser(t.app, pilot.user.id)).toMatchObject({ email, emailVerified: true });

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ success: false, errorCode: 'INVALID_TOKEN' });
  });

  it('a newer request retires the older link, and an expired link changes nothing', async () => {
    const pilot = await createSignedInUser(t.app);
    const first = newAddress();
    const second = newAddress();
    expect((await putForm(pilot.user.id, pilot.headers, { email: first, currentPassword: pilot.password })).statusCode).toBe(200);
    const firstToken = await latestTokenMailedTo(t.app, first, '/confirm-email-change');
    expect((await putForm(pilot.user.id, pilot.headers, { email: second, currentPassword: pilot.password })).statusCode).toBe(200);
    const secondToken = await latestTokenMailedTo(t.app, second, '/confirm-email-change');
    expect((await confirm(firstToken)).json()).toMatchObject({ errorCode: 'INVALID_TOKEN' });

    t.clock.advanceMs(EMAIL_CHANGE_TOKEN_TTL_HOURS * 3_600_000 + 1);
    const expired = await confirm(secondToken);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ errorCode: 'TOKEN_EXPIRED' });
    expect(await reloadUser(t.app, pilot.user.id)).toMatchObject({ email: pilot.user.email });
  });

  it('refuses the confirmation when another account took the address meanwhile', async () => {
    const pilot = await createSignedInUser(t.app);
    const email = newAddress();
    await putForm(pilot.user.id, pilot.headers, { email, currentPassword: pilot.password });
    const token = await latestTokenMailedTo(t.app, email, '/confirm-email-change');
    await createUser(t.app, { email });
    const response = await confirm(token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ errorCode: 'EMAIL_TAKEN' });
    expect(await reloadUser(t.app, pilot.user.id)).toMatchObject({ email: pilot.user.email });
  });
});
