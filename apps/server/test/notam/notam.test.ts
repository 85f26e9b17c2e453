import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TNotam } from '@contrail/domain/notam/notam-contract';
import { createSignedInUser, type SignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { api } from '../support/api';
import { notamRoutes } from '@contrail/domain/notam/notam-routes';

// The test clock starts at a fixed time; notices are written around it.
const notice = (ref: string, kind: string, items: { a?: string; b: string; c: string; e?: string }) =>
  `${ref} ${kind}\nQ) LFFF/QMRLC/IV/NBO/A/000/999/4901N00233E005\nA) ${items.a ?? 'LFPG'} B) ${items.b} C) ${items.c}\nE) ${items.e ?? 'RWY 09L/27R CLOSED'}`;
const stamp = (date: Date) => date.toISOString().slice(2, 16).replace(/[-T:]/g, '');

describe('notices to airmen', () => {
  let t: TestApp;
  let admin: SignedInUser;
  let pilot: SignedInUser;
  let hourAgo: string;
  let inADay: string;
  let inTwoDays: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createSignedInUser(t.app, { role: 'ADMIN' });
    pilot = await createSignedInUser(t.app);
    const now = t.clock.now().getTime();
    hourAgo = stamp(new Date(now - 3_600_000));
    inADay = stamp(new Date(now + 86_400_000));
    inTwoDays = stamp(new Date(now + 2 * 86_400_000));
  });
  afterAll(async () => t.close());

  const issue = (text: string, audience = 'AIRPORTS', who: SignedInUser = admin) =>
    api(t.app, who.headers).injectLoose(notamRoutes.issue, { body: { text, audience } });
  const inForce = async (query = '') => (await t.app.inject({ method: 'GET', url: `/api/v1/notam${query}`, headers: pilot.headers })).json<TNotam[]>();

  it('issues a notice for an airport and lists it while in force, for that airport only', async () => {
    const response = await issue(notice('A0001/26', 'NOTAMN', { b: hourAgo, c: inADay }));
    expect(response.json()).toMatchObject({ reference: 'A0001/26', kind: 'NEW', audience: 'AIRPORTS', locations: ['LFPG'], qCode: 'QMRLC', text: 'RWY 09L/27R CLOSED' });
    expect((await inForce('?airports=EGLL,LFPG')).map((n) => n.reference)).toContain('A0001/26');
    expect((await inForce('?airports=EGLL')).map((n) => n.reference)).not.toContain('A0001/26');
  });

  it('filters out future and past notices by their validity', async () => {
    await issue(notice('A0002/26', 'NOTAMN', { b: inADay, c: inTwoDays }));
    expect((await inForce()).map((n) => n.reference)).not.toContain('A0002/26');
    t.clock.advanceMs(25 * 3_600_000);
    const fresh = await createSignedInUser(t.app);
    admin = await createSignedInUser(t.app, { role: 'ADMIN' });
    const later = (await api(t.app, fresh.headers).inject(notamRoutes.listInForce, { query: { airports: 'LFPG' } })).json<TNotam[]>();
    // A0001 ended an hour ago; A0002 began an hour ago.
    expect(later.map((n) => n.reference)).toEqual(['A0002/26']);
    pilot = fresh;
  });

  it('shows a notice for everyone with any airport, and a replacement ends the replaced notice', async () => {
    const now = t.clock.now().getTime();
    const from = stamp(new Date(now - 60_000));
    const to = stamp(new Date(now + 86_400_000));
    expect((await issue(notice('B0001/26', 'NOTAMN', { a: 'LFFF', b: from, c: to, e: 'GPS UNRELIABLE' }), 'EVERYONE')).statusCode).toBe(201);
    expect((await inForce('?airports=KJFK')).map((n) => n.reference)).toContain('B0001/26');
    expect((await issue(notice('B0002/26', 'NOTAMR B0001/26', { a: 'LFFF', b: from, c: 'PERM', e: 'GPS UNRELIABLE NORTH OF PARIS' }), 'EVERYONE')).statusCode).toBe(201);
    const refs = (await inForce()).map((n) => n.reference);
    expect(refs).toContain('B0002/26');
    expect(refs).not.toContain('B0001/26');
    expect((await issue(notice('B0003/26', 'NOTAMC B0002/26', { a: 'LFFF', b: from, c: to }), 'EVERYONE')).statusCode).toBe(201);
    expect((await inForce()).map((n) => n.reference)).not.toContain('B0002/26');
    expect((await inForce()).map((n) => n.reference)).not.toContain('B0003/26');
  });

  it('refuses a malformed notice with a clear message, and changes nothing', async () => {
    const before = await inForce();
    const response = await issue('A0009/26 NOTAMN\nQ) LFFF/QMRLC/IV/NBO/A/000/999\nA) LFPG B) 2611231099 C) PERM\nE) TEXT');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'VALIDATION_ERROR' });
    expect(response.json<{ message: string }>().message).toMatch(/The Q line needs 8 fields.*B\) "2611231099" must be a UTC date and time/);
    expect(await inForce()).toEqual(before);
  });

  it('refuses an unknown airport, a number already used, and a replacement of nothing', async () => {
    const now = t.clock.now().getTime();
    const b = stamp(new Date(now - 60_000));
    const c = stamp(new Date(now + 86_400_000));
    const unknown = await issue(notice('C0001/26', 'NOTAMN', { a: 'ZZZZ', b, c }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toMatch(/A\) ZZZZ: unknown airport/);
    expect((await issue(notice('C0002/26', 'NOTAMN', { b, c }))).statusCode).toBe(201);
    const again = await issue(notice('C0002/26', 'NOTAMN', { b, c }));
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe('C0002/26 is already issued: use the next number');
    const nothing = await issue(notice('C0003/26', 'NOTAMR C0999/26', { b, c }));
    expect(nothing.json<{ message: string }>().message).toBe('C0999/26 does not exist: there is nothing to replace');
  });

  it('lets only administrators issue', async () => {
    const now = t.clock.now().getTime();
    const response = await issue(notice('D0001/26', 'NOTAMN', { b: stamp(new Date(now)), c: stamp(new Date(now + 86_400_000)) }), 'AIRPORTS', pilot);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'FORBIDDEN' });
    const access = (who: SignedInUser) => api(t.app, who.headers).inject(notamRoutes.access);
    expect((await access(pilot)).json()).toEqual({ canIssue: false });
    expect((await access(admin)).json()).toEqual({ canIssue: true });
    expect((await inForce()).map((n) => n.reference)).not.toContain('D0001/26');
    expect((await api(t.app, pilot.headers).inject(notamRoutes.listInForce, { query: { airports: 'not valid' } })).statusCode).toBe(400);
  });
});
