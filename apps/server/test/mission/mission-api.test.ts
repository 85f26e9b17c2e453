import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMission, TMissionPage, TUserMission } from '@contrail/domain/mission/mission-contract';
import { missionPeriodOf } from '@contrail/domain/mission/mission-rules';
import { finishUserMission, refreshMissionCatalogue, startMissionForUser } from '../../src/modules/mission/mission.service';
import { createSignedInUser, giveSubscription, type SignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { api } from '../support/api';
import { missionRoutes } from '@contrail/domain/mission/mission-routes';

const DAY_MS = 86_400_000;

describe('missions', () => {
  let t: TestApp;
  let admin: SignedInUser;
  let pilot: SignedInUser;

  beforeAll(async () => {
    // The clock stays at the real time: access tokens expire by it (15 minutes).
    t = await createTestApp();
    admin = await createSignedInUser(t.app, { userName: 'missionboss', role: 'ADMIN' });
    pilot = await createSignedInUser(t.app, { level: 10 });
  });
  afterAll(async () => t.close());

  const list = async (query: string, user = pilot) => {
    const response = await t.app.inject({ url: `/api/v1/missions?${query}`, headers: user.headers });
    return { status: response.statusCode, body: response.json<TMissionPage>() };
  };
  const addMission = (overrides: Record<string, unknown> = {}, user = admin) =>
    api(t.app, user.headers).inject(missionRoutes.create, { body: {
        title: 'Cheese run to Nice',
        description: 'Forty wheels of comté for the Riviera.',
        missionType: 'CARGO',
        flightNumber: 'CTR0042',
        CLRequired: 5,
        startDate: new Date(t.clock.now().getTime() - DAY_MS).toISOString(),
        endDate: new Date(t.clock.now().getTime() + 10 * DAY_MS).toISOString(),
        departureIcao: 'lfpg',
        arrivalIcao: 'LFMN',
        cargos: [{ name: 'Comté wheels', weight: 40, quantity: 40, points: 3 }],
        pax: 0,
        xpBonus: 250,
        fcBonus: 400,
        aircraftCategory: 'CARGO',
        ...overrides,
      } });

  it('generates the week\'s missions from the airport data, once per period', async () => {
    const added = await refreshMissionCatalogue(t.app.deps.db, t.clock.now());
    expect(added).toBeGreaterThanOrEqual(30);
    expect(await refreshMissionCatalogue(t.app.deps.db, t.clock.now())).toBe(0);
    const { body } = await list('limit=100');
    expect(body.total).toBe(added);
    const period = missionPeriodOf(t.clock.now());
    for (const mission of body.data) {
      expect(mission.source).toBe('GENERATED');
      expect(mission.startDate).toBe(period.startDate.toISOString());
      expect(mission.endDate).toBe(period.endDate.toISOString());
      expect(mission.departureAirport.ident).not.toBe(mission.arrivalAirport.ident);
      expect(mission.departureAirport.position.latitude).toBeGreaterThanOrEqual(-90);
    }
    // Sorted by career level required, then distance.
    const levels = body.data.map((mission) => mission.CLRequired);
    expect([...levels].sort((a, b) => a - b)).toEqual(levels);
  });

  it('filters by career level, title, airports and distance, with limit and skip', async () => {
    const all = (await list('limit=100')).body;
    const upTo5 = (await list('limit=100&clRequired=5')).body;
    expect(upTo5.data.every((mission) => mission.CLRequired <= 5)).toBe(true);
    expect(upTo5.total).toBe(all.data.filter((mission) => mission.CLRequired <= 5).length);

    const sample = all.data[Math.floor(all.data.length / 2)]!;
    const fromDeparture = (await list(`departureIcao=${sample.departureAirport.ident.toLowerCase()}&limit=100`)).body;
    expect(fromDeparture.data.map((mission) => mission.id)).toContain(sample.id);
    expect(fromDeparture.data.every((mission) => mission.departureAirport.ident === sample.departureAirport.ident)).toBe(true);
    const toArrival = (await list(`arrivalIcao=${sample.arrivalAirport.ident}&limit=100`)).body;
    expect(toArrival.data.every((mission) => mission.arrivalAirport.ident === sample.arrivalAirport.ident)).toBe(true);

    const word = sample.title.split(' ')[0]!.replace(':', '');
    const byTitle = (await list(`title=${encodeURIComponent(word.toLowerCase())}&limit=100`)).body;
    expect(byTitle.total).toBeGreaterThan(0);
    expect(byTitle.data.every((mission) => mission.title.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    expect((await list('title=%25%25%25')).body.total).toBe(0); // % is matched literally

    const band = (await list('minDistance=500&maxDistance=2500&limit=100')).body;
    expect(band.data.every((mission) => mission.distanceNm >= 500 && mission.distanceNm <= 2500)).toBe(true);

    const page1 = (await list('limit=5&skip=0')).body;
    const page2 = (await list('limit=5&skip=5')).body;
    expect(page1.data).toHaveLength(5);
    expect(page2.data[0]!.id).toBe(all.data[5]!.id);
    expect(page1.total).toBe(all.total);
  });

  it('reads one mission by id; an unknown id is 404, a malformed one 400, an anonymous call 401', async () => {
    const [first] = (await list('limit=1')).body.data;
    const one = await api(t.app, pilot.headers).inject(missionRoutes.byId, { params: { id: first!.id } });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(first);
    expect((await api(t.app, pilot.headers).inject(missionRoutes.byId, { params: { id: randomUUID() } })).statusCode).toBe(404);
    expect((await api(t.app, pilot.headers).inject(missionRoutes.byId, { params: { id: 'not-an-id' } })).statusCode).toBe(400);
    expect((await api(t.app).inject(missionRoutes.byId, { params: { id: first!.id } })).statusCode).toBe(401);
  });

  it('reads a mission by id only while it is open on the server clock when asked to (open=true)', async () => {
    const [open] = (await list('limit=1')).body.data;
    const byId = (id: string, query = '') => t.app.inject({ url: `/api/v1/missions/${id}${query}`, headers: pilot.headers });
    expect((await byId(open!.id, '?open=true')).json()).toEqual(open);

    // Two administrator's missions in the catalogue, one not open yet, one already over.
    const now = t.clock.now().getTime();
    const missionBetween = async (startMs: number, endMs: number) => {
      const created = await addMission({ startDate: new Date(startMs).toISOString(), endDate: new Date(endMs).toISOString() });
      expect(created.statusCode).toBe(201);
      return created.json<TMission>().id;
    };
    for (const id of [await missionBetween(now + DAY_MS, now + 2 * DAY_MS), await missionBetween(now - 2 * DAY_MS, now - DAY_MS)]) {
      expect((await byId(id)).statusCode).toBe(200);
      expect((await byId(id, '?open=false')).statusCode).toBe(200);
      const closed = await byId(id, '?open=true');
      expect(closed.statusCode).toBe(404);
      expect(closed.json()).toMatchObject({ errorCode: expect.any(String) });
    }
    expect((await byId(open!.id, '?open=perhaps')).statusCode).toBe(400);
  });

  it('refuses bad list queries and anonymous calls', async () => {
    expect((await list('minDistance=900&maxDistance=100')).status).toBe(400);
    expect((await list('limit=0')).status).toBe(400);
    expect((await list('skip=-1')).status).toBe(400);
    expect((await list('departureIcao=LF%20PG!')).status).toBe(400);
    expect((await api(t.app).inject(missionRoutes.list)).statusCode).toBe(401);
  });

  it('lets an administrator (role ADMIN) add a mission, and nobody else', async () => {
    const created = await addMission();
    expect(created.statusCode).toBe(201);
    const mission = created.json<TMission>();
    expect(mission).toMatchObject({
      source: 'ADMIN',
      CLRequired: 5,
      departureAirport: { ident: 'LFPG', position: { latitude: 49.012798, longitude: 2.55, altitude: 392 } },
      arrivalAirport: { ident: 'LFMN' },
      cargos: [{ name: 'Comté wheels', weight: 40, quantity: 40, points: 3 }],
    });
    expect(mission.distanceNm).toBeGreaterThan(350);
    expect(mission.distanceNm).toBeLessThan(380);
    expect((await list('title=comt%C3%A9')).body.total).toBe(0);
    expect((await list('title=cheese')).body.data.map((m) => m.id)).toEqual([mission.id]);

    const notAdmin = await addMission({ title: 'Sneaky' }, pilot);
    expect(notAdmin.statusCode).toBe(403);
    expect((await list('title=sneaky')).body.total).toBe(0);
    expect((await addMission({ departureIcao: 'QQQQ' })).json()).toMatchObject({ errorCode: 'VALIDATION_ERROR', field: 'departureIcao' });
    expect((await addMission({ arrivalIcao: 'LFPG' })).statusCode).toBe(400);
    expect((await addMission({ endDate: new Date(t.clock.now().getTime() - 2 * DAY_MS).toISOString() })).statusCode).toBe(400);
    expect((await addMission({ CLRequired: 0 })).statusCode).toBe(400);
  });

  it('enforces the start rules: open window, career level, 3 a month for freemium, none for GOLD', async () => {
    const db = t.app.deps.db;
    const make = async (overrides: Record<string, unknown>) => {
      const response = await addMission(overrides);
      expect(response.statusCode, response.body).toBe(201);
      return response.json<TMission>();
    };
    const open = await make({ title: 'Open mission', CLRequired: 10 });
    const tooHigh = await make({ title: 'Senior mission', CLRequired: 11 });
    const closed = await make({
      title: 'Past mission',
      startDate: new Date(t.clock.now().getTime() - 10 * DAY_MS).toISOString(),
      endDate: new Date(t.clock.now().getTime() - DAY_MS).toISOString(),
    });
    const start = (missionId: string, userId = pilot.user.id) => startMissionForUser(db, { userId, missionId, now: t.clock.now() });

    await expect(start(tooHigh.id)).rejects.toMatchObject({ code: 'CAREER_LEVEL_TOO_LOW', httpStatus: 403 });
    await expect(start(closed.id)).rejects.toMatchObject({ code: 'MISSION_NOT_OPEN' });
    await expect(start('5a4cc9a8-1111-4222-8333-444455556666')).rejects.toMatchObject({ httpStatus: 404 });
    await expect(start('not-a-uuid')).rejects.toMatchObject({ httpStatus: 404 });

    const first = await start(open.id);
    expect(first.mission.id).toBe(open.id);
    await start(open.id);
    const third = await start(open.id);
    await expect(start(open.id)).rejects.toMatchObject({ code: 'FREEMIUM_MISSION_LIMIT', httpStatus: 403 });

    // A cancelled mission gives its slot back.
    await finishUserMission(db, { userId: pilot.user.id, userMissionId: third.userMissionId, status: 'CANCELLED', now: t.clock.now() });
    await start(open.id);
    await expect(start(open.id)).rejects.toMatchObject({ code: 'FREEMIUM_MISSION_LIMIT' });

    // Another pilot cannot finish this pilot's mission.
    const other = await createSignedInUser(t.app, { level: 12 });
    await expect(
      finishUserMission(db, { userId: other.user.id, userMissionId: first.userMissionId, status: 'COMPLETED', now: t.clock.now() }),
    ).rejects.toMatchObject({ httpStatus: 404 });

    // Two concurrent starts with one slot left: exactly one passes.
    await start(open.id, other.user.id);
    await start(open.id, other.user.id);
    const race = await Promise.allSettled([start(open.id, other.user.id), start(open.id, other.user.id)]);
    expect(race.filter((result) => result.status === 'fulfilled')).toHaveLength(1);

    // GOLD lifts the limit; XP alone can also carry the level (60 * 11^2 XP is level 12).
    const gold = await createSignedInUser(t.app, { level: 1, walletXp: 60 * 11 * 11 });
    await giveSubscription(t.app, gold.user.id, 'GOLD');
    for (let i = 0; i < 5; i += 1) await start(tooHigh.id, gold.user.id);

    // A new calendar month gives a freemium pilot 3 more.
    const today = t.clock.now();
    const nextMonth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1, 0, 30));
    const later = await make({ title: 'Next month mission', CLRequired: 1, endDate: new Date(nextMonth.getTime() + 5 * DAY_MS).toISOString() });
    t.clock.set(nextMonth);
    await start(later.id);
    t.clock.set(today);
  });

  it('GET /user-missions lists only the caller\'s missions, newest first', async () => {
    const mine = (await api(t.app, pilot.headers).inject(missionRoutes.ofPilot)).json<TUserMission[]>();
    expect(mine).toHaveLength(5); // 3, one of them cancelled, a 4th in its slot, one next month
    expect(mine[0]!.mission.title).toBe('Next month mission');
    expect(mine.filter((m) => m.status === 'CANCELLED')).toHaveLength(1);
    expect(mine.every((m) => m.mission.id.length > 0 && m.flightId === null)).toBe(true);
    const adminMissions = (await api(t.app, admin.headers).inject(missionRoutes.ofPilot)).json<TUserMission[]>();
    expect(adminMissions).toEqual([]);
    expect((await api(t.app).inject(missionRoutes.ofPilot)).statusCode).toBe(401);
  });

  it('makes a fresh set when the clock reaches the next week, and stops listing the old one', async () => {
    const today = t.clock.now();
    const before = (await list('limit=100')).body.data.filter((mission) => mission.source === 'GENERATED');
    const nextWeek = missionPeriodOf(today).endDate;
    t.clock.set(new Date(nextWeek.getTime() + 1000));
    const pilotNextWeek = await createSignedInUser(t.app); // a token issued at the new clock time
    const after = (await list('limit=100', pilotNextWeek)).body.data.filter((mission) => mission.source === 'GENERATED');
    expect(after.length).toBeGreaterThanOrEqual(30);
    const beforeIds = new Set(before.map((mission) => mission.id));
    expect(after.some((mission) => beforeIds.has(mission.id))).toBe(false);
    expect(after[0]!.startDate).toBe(nextWeek.toISOString());
    t.clock.set(today);
  });
});
