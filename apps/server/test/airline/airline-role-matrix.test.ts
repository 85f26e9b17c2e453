import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airlineHubs, airlineMembers, airlineRanks } from '../../src/modules/airline/airline.schema';
import { createSignedInUser, multipartForm, type SignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { API, airlineFields, createAirlineFor, nextCode, premiumManager, seedAirlineReference } from './airline-fixtures';
import { api } from '../support/api';
import { airlineRoutes } from '@contrail/domain/airline/airline-routes';

/**
 * The airline role matrix, generated: every airline-manager path, called by a pilot outside the
 * airline, an applicant, a member, an administrator and the owner, on their own airline and on
 * another one. A caller below the path's role gets 403 and nothing changes; a caller at or above
 * it gets past the access check (whatever the path then answers, never 401/403).
 */
const level = { outsider: 0, applicant: 0, member: 1, administrator: 2, owner: 3 } as const;
type Actor = keyof typeof level;
type Ids = { airlineId: string; hubId: string; rankId: string; ownerMemberId: string; userId: string };
type PathCase = {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: (ids: Ids) => string;
  body?: object;
  multipart?: boolean;
  /** 1 member, 2 administrator or owner, 3 owner. */
  needs: 1 | 2 | 3;
  /** Changes that would end the test's airline: only the refusals are called. */
  destructive?: boolean;
};

const random = '00000000-0000-4000-8000-000000000000';
const paths: PathCase[] = [
  { name: 'GET airline', method: 'GET', url: (i) => `/airline/${i.airlineId}`, needs: 1 },
  { name: 'PUT airline settings', method: 'PUT', url: (i) => `/airline/${i.airlineId}`, body: { recruitmentOpened: true }, needs: 3 },
  { name: 'PUT airline form', method: 'PUT', url: (i) => `/airline/${i.airlineId}`, multipart: true, needs: 3, destructive: true },
  { name: 'PUT reset', method: 'PUT', url: (i) => `/airline/${i.airlineId}/reset`, multipart: true, needs: 3, destructive: true },
  { name: 'DELETE airline', method: 'DELETE', url: (i) => `/airline/${i.airlineId}`, needs: 3, destructive: true },
  { name: 'GET stat', method: 'GET', url: (i) => `/airline/${i.airlineId}/stat`, needs: 1 },
  { name: 'GET bankrupt', method: 'GET', url: (i) => `/airline/${i.airlineId}/bankrupt`, needs: 1 },
  { name: 'GET configuration', method: 'GET', url: (i) => `/airline/${i.airlineId}/configuration`, needs: 1 },
  { name: 'GET livemap', method: 'GET', url: (i) => `/airline/${i.airlineId}/livemap/item?categories=PLANE,HUB`, needs: 1 },
  { name: 'GET forecast', method: 'GET', url: (i) => `/airline/${i.airlineId}/forecast`, needs: 2 },
  { name: 'GET members', method: 'GET', url: (i) => `/airline/${i.airlineId}/member`, needs: 1 },
  { name: 'PUT member rank', method: 'PUT', url: (i) => `/airline/${i.airlineId}/member/${random}`, body: { rankId: '' }, needs: 3 },
  { name: 'DELETE member', method: 'DELETE', url: (i) => `/airline/${i.airlineId}/member/${random}`, needs: 2 },
  { name: 'PUT member status', method: 'PUT', url: (i) => `/airline/${i.airlineId}/member/${random}/status`, body: { status: 'SUSPENDED' }, needs: 2 },
  { name: 'PUT member role', method: 'PUT', url: (i) => `/airline/${i.airlineId}/member/${random}/role`, body: { role: 'ADMINISTRATOR' }, needs: 3 },
  { name: 'GET applicants', method: 'GET', url: (i) => `/airline/${i.airlineId}/applicant`, needs: 2 },
  { name: 'PUT accept', method: 'PUT', url: (i) => `/airline/${i.airlineId}/applicant/${random}/accept`, needs: 2 },
  { name: 'PUT reject', method: 'PUT', url: (i) => `/airline/${i.airlineId}/applicant/${random}/reject`, needs: 2 },
  { name: 'GET ranks', method: 'GET', url: (i) => `/airline/${i.airlineId}/rank`, needs: 1 },
  { name: 'GET member rank', method: 'GET', url: (i) => `/airline/${i.airlineId}/rank/member/${i.ownerMemberId}`, needs: 1 },
  { name: 'POST rank', method: 'POST', url: (i) => `/airline/${i.airlineId}/rank`, body: { name: 'Matrix', fcBonus: 5 }, needs: 3 },
  { name: 'PUT rank', method: 'PUT', url: (i) => `/airline/${i.airlineId}/rank/${i.rankId}`, body: { name: 'First Officer', fcBonus: 0 }, needs: 3 },
  { name: 'DELETE rank', method: 'DELETE', url: (i) => `/airline/${i.airlineId}/rank/${random}`, needs: 3 },
  { name: 'PUT rank switch', method: 'PUT', url: (i) => `/airline/${i.airlineId}/rank/${i.rankId}/sort_idx/switch`, body: { toRankId: '' }, needs: 3 },
  { name: 'GET hubs', method: 'GET', url: (i) => `/airline/${i.airlineId}/hub`, needs: 1 },
  { name: 'GET hub', method: 'GET', url: (i) => `/airline/${i.airlineId}/hub/${i.hubId}`, needs: 1 },
  { name: 'POST hub', method: 'POST', url: (i) => `/airline/${i.airlineId}/hub`, body: { airportIdent: 'FR0001' }, needs: 3 },
  { name: 'PUT hub state', method: 'PUT', url: (i) => `/hub/${i.hubId}/state`, body: { state: 'ACTIVE' }, needs: 3 },
  { name: 'PUT hub main', method: 'PUT', url: (i) => `/hub/${i.hubId}/main`, needs: 3 },
  { name: 'GET hangars', method: 'GET', url: (i) => `/airline/${i.airlineId}/hangar`, needs: 1 },
  { name: 'GET hangar quote for the airline', method: 'GET', url: (i) => `/airline/hangar/airport/LFPG/cost?type=SMALL&airlineId=${i.airlineId}`, needs: 1 },
  { name: 'POST hangar', method: 'POST', url: (i) => `/airline/${i.airlineId}/hangar`, body: { hubId: random, itemId: random }, needs: 3 },
  { name: 'GET planes', method: 'GET', url: (i) => `/airline/${i.airlineId}/plane`, needs: 1 },
  { name: 'GET plane', method: 'GET', url: (i) => `/airline/${i.airlineId}/plane/${random}`, needs: 1 },
  { name: 'POST plane', method: 'POST', url: (i) => `/airline/${i.airlineId}/plane`, body: { itemId: random, aircraftIcao: 'A320', configuration: { eco: 1, business: 0, first: 0 }, hubId: random }, needs: 3 },
  { name: 'PUT maintenance', method: 'PUT', url: (i) => `/airline/${i.airlineId}/plane/${random}/state/UNDER_MAINTENANCE`, needs: 2 },
  { name: 'GET routes', method: 'GET', url: (i) => `/airline/${i.airlineId}/route`, needs: 1 },
  { name: 'GET routes from', method: 'GET', url: (i) => `/airline/${i.airlineId}/route/from/LFPG`, needs: 1 },
  { name: 'POST booking', method: 'POST', url: (i) => `/airline/${i.airlineId}/plane/${random}/booking`, body: { routeId: random }, needs: 1 },
  { name: 'DELETE booking', method: 'DELETE', url: (i) => `/airline/${i.airlineId}/booking/${random}`, needs: 1 },
  { name: 'GET profit and loss', method: 'GET', url: (i) => `/airline/${i.airlineId}/profit-and-loss`, needs: 2 },
  { name: 'POST route', method: 'POST', url: (i) => `/airline/${i.airlineId}/route`, body: { name: 'x', destinations: ['LFPG'], planeCategory: 'CARGO', departureTime: '10:00', arrivalTime: '11:00' }, needs: 3 },
  { name: 'PUT route', method: 'PUT', url: (i) => `/airline/${i.airlineId}/route/${random}`, body: { name: 'x', planeCategory: 'CARGO', departureTime: '10:00', arrivalTime: '11:00' }, needs: 3 },
  { name: 'DELETE route', method: 'DELETE', url: (i) => `/airline/${i.airlineId}/route/${random}`, needs: 3 },
  { name: 'GET flights restrictions', method: 'GET', url: (i) => `/airline/${i.airlineId}/aircraft/A320/flights-restrictions/`, needs: 1 },
  { name: 'GET traffic rights', method: 'GET', url: (i) => `/airline/${i.airlineId}/traffic-right`, needs: 1 },
  { name: 'POST traffic right', method: 'POST', url: (i) => `/airline/${i.airlineId}/traffic-right`, body: { isoCountry: 'XX' }, needs: 3 },
  { name: 'PUT traffic right', method: 'PUT', url: (i) => `/airline/${i.airlineId}/traffic-right/GB`, body: { autoRenew: false }, needs: 3 },
  { name: 'GET traffic right quote for the airline', method: 'GET', url: (i) => `/traffic-right/iso/GB/cost?airlineId=${i.airlineId}`, needs: 1 },
  { name: 'POST traffic right renew', method: 'POST', url: (i) => `/airline/${i.airlineId}/traffic-right/GB/renew`, needs: 3 },
  { name: 'GET wallet balance', method: 'GET', url: (i) => `/airline/${i.airlineId}/wallet/balance`, needs: 2 },
  { name: 'GET wallet', method: 'GET', url: (i) => `/airline/${i.airlineId}/wallet`, needs: 2 },
  { name: 'GET wallet history', method: 'GET', url: (i) => `/airline/${i.airlineId}/wallet/history?months=3`, needs: 2 },
  { name: 'PUT pay', method: 'PUT', url: (i) => `/airline/${i.airlineId}/wallet/transaction/${random}/pay`, needs: 3 },
];

/** Paths any signed-in pilot may call (public quotes and search), and the caller's own airline list. */
const openPaths = ['/airline?query=Matrix', '/hub/airport/LFPG/cost/game_difficulty/REALIST', '/airline/hangar/airport/LFPG/cost?type=SMALL', '/plane/category/CARGO/cost/EASY', '/traffic-right/iso/GB/cost'];

describe('airline role matrix', () => {
  let t: TestApp;
  const actors = {} as Record<Actor, SignedInUser>;
  let own: Ids;
  let other: Ids;

  const idsOf = async (airlineId: string, ownerId: string): Promise<Ids> => {
    const db = t.app.deps.db;
    const [hub] = await db.select().from(airlineHubs).where(eq(airlineHubs.airlineId, airlineId));
    const [rank] = await db.select().from(airlineRanks).where(eq(airlineRanks.airlineId, airlineId));
    const [member] = await db.select().from(airlineMembers).where(and(eq(airlineMembers.airlineId, airlineId), eq(airlineMembers.userId, ownerId)));
    return { airlineId, hubId: hub!.id, rankId: rank!.id, ownerMemberId: member!.id, userId: ownerId };
  };

  beforeAll(async () => {
    t = await createTestApp();
    await seedAirlineReference(t.app);
    actors.owner = await premiumManager(t.app);
    for (const actor of ['outsider', 'applicant', 'member', 'administrator'] as const) actors[actor] = await createSignedInUser(t.app);
    const airlineId = await createAirlineFor(t.app, actors.owner, { code: nextCode(), name: 'Matrix Airways' });
    const stranger = await premiumManager(t.app);
    const otherId = await createAirlineFor(t.app, stranger, { code: nextCode(), name: 'Other Airways' });
    own = await idsOf(airlineId, actors.owner.user.id);
    other = await idsOf(otherId, stranger.user.id);
    const db = t.app.deps.db;
    await t.app.inject({ method: 'PUT', url: `${API}/airline/${airlineId}`, headers: actors.owner.headers, payload: { recruitmentOpened: true } });
    await t.app.inject({ method: 'POST', url: `${API}/airline/${airlineId}/applicant/`, headers: actors.applicant.headers, payload: { applicantUserId: actors.applicant.user.id } });
    await db.insert(airlineMembers).values([
      { airlineId, userId: actors.member.user.id, role: 'MEMBER', rankId: own.rankId },
      { airlineId, userId: actors.administrator.user.id, role: 'ADMINISTRATOR', rankId: own.rankId },
    ]);
  });
  afterAll(async () => t.close());

  const call = (actor: Actor, path: PathCase, ids: Ids) => {
    const url = `${API}${path.url(ids)}`;
    const body = path.body && 'rankId' in path.body ? { rankId: ids.rankId } : path.body && 'toRankId' in path.body ? { toRankId: ids.rankId } : path.body;
    if (path.multipart) {
      const form = multipartForm(airlineFields({ code: 'ZZZ', hubAirportIdent: 'LFPG' }));
      return t.app.inject({ method: path.method, url, headers: { ...actors[actor].headers, ...form.headers }, payload: form.payload });
    }
    return t.app.inject({ method: path.method, url, headers: actors[actor].headers, ...(body ? { payload: body } : {}) });
  };

  for (const path of paths) {
    for (const actor of Object.keys(level) as Actor[]) {
      it(`${path.name}: ${actor} on their own airline ${level[actor] >= path.needs ? 'passes' : 'is refused'}`, async () => {
        if (level[actor] >= path.needs && path.destructive) return;
        const response = await call(actor, path, own);
        if (level[actor] >= path.needs) {
          expect([401, 403], response.body).not.toContain(response.statusCode);
        } else {
          expect(response.statusCode, response.body).toBe(403);
          const code = response.json<{ errorCode: string }>().errorCode;
          if (level[actor] === 0) expect(code).toBe('FORBIDDEN');
          else expect(code).toBe(path.needs === 3 ? 'ERR_0012' : 'ERR_0009');
        }
      });
      it(`${path.name}: ${actor} on another airline is refused`, async () => {
        const response = await call(actor, path, other);
        expect(response.statusCode, response.body).toBe(403);
      });
    }
  }

  for (const url of openPaths) {
    it(`GET ${url} answers any signed-in pilot`, async () => {
      for (const actor of Object.keys(level) as Actor[]) {
        expect((await t.app.inject({ method: 'GET', url: `${API}${url}`, headers: actors[actor].headers })).statusCode).toBe(200);
      }
      expect((await t.app.inject({ method: 'GET', url: `${API}${url}` })).statusCode).toBe(401);
    });
  }

  it('refuses an application made for somebody else, to everyone', async () => {
    for (const actor of Object.keys(level) as Actor[]) {
      for (const ids of [own, other]) {
        const response = await t.app.inject({ method: 'POST', url: `${API}/airline/${ids.airlineId}/applicant/`, headers: actors[actor].headers, payload: { applicantUserId: other.userId } });
        expect(response.statusCode).toBe(403);
      }
    }
  });

  it("lists only the caller's own airlines", async () => {
    for (const actor of Object.keys(level) as Actor[]) {
      const mine = await api(t.app, actors[actor].headers).inject(airlineRoutes.userAirlines, { params: { userId: actors[actor].user.id } });
      expect(mine.statusCode).toBe(200);
      const theirs = await api(t.app, actors[actor].headers).inject(airlineRoutes.userAirlines, { params: { userId: other.userId } });
      expect(theirs.statusCode).toBe(403);
    }
    const members = await api(t.app, actors.member.headers).inject(airlineRoutes.userAirlines, { params: { userId: actors.member.user.id } });
    expect(members.json()).toEqual([{ id: own.airlineId, name: 'Matrix Airways', isOwner: false }]);
  });
});
