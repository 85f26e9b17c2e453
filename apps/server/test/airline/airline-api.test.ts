import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airlineHubs, airlines, airlinePlanes } from '../../src/modules/airline/airline.schema';
import { notifications } from '../../src/modules/notification/notification.schema';
import { walletTransactions } from '../../src/modules/wallet/wallet.schema';
import { sumTransactions } from '../../src/modules/wallet/wallet.repository';
import { createSignedInUser, signIn, type SignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { API, airlineFields, giveAirlineItem, LOGO, nextCode, pngOfSize, postAirline, premiumManager, seedAirlineReference } from './airline-fixtures';

const DAY = 86_400_000;

/** A loose row of an API answer, typed enough for find/some in the assertions. */
type Row = { id: string; userId: string; role: string; default: boolean; isMain: boolean; transactionCategory: { category: string } };
const rows = (value: unknown): Row[] => value as Row[];

describe('airline manager API', () => {
  let t: TestApp;
  let owner: SignedInUser;
  let pilot: SignedInUser;
  let airlineId: string;

  const call = (user: SignedInUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `${API}${url}`, headers: user.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  /** Moves the clock and signs the users in again (their tokens expire with the time travelled). */
  const travel = async (ms: number) => {
    t.clock.advanceMs(ms);
    for (const user of [owner, pilot]) {
      const session = await signIn(t.app, user.user.userName, user.password);
      user.headers = { authorization: `Bearer ${session.token}`, 'refresh-token': session.refreshToken };
    }
  };
  const notificationsOf = async (userId: string, type: string) =>
    t.app.deps.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.type, type)));
  const balanceLaw = async (id: string) => {
    const [row] = await t.app.deps.db.select({ balance: airlines.balance }).from(airlines).where(eq(airlines.id, id));
    expect(row!.balance).toBe(await sumTransactions(t.app.deps.db, { airlineId: id }, 'MFC'));
    expect(row!.balance).toBeGreaterThanOrEqual(0);
    return row!.balance;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await seedAirlineReference(t.app);
    owner = await premiumManager(t.app);
    pilot = await createSignedInUser(t.app);
  });
  afterAll(async () => t.close());

  describe('create', () => {
    it('refuses bad forms with the spec codes and writes nothing', async () => {
      const plain = await createSignedInUser(t.app);
      const cases: [SignedInUser, Record<string, string>, Buffer | null, number, string][] = [
        [plain, airlineFields({ code: nextCode() }), LOGO, 403, 'ERR_0006'],
        [owner, airlineFields({ code: 'A-1' }), LOGO, 422, 'ERR_0026'],
        [owner, airlineFields({ code: nextCode() }), pngOfSize(350, 180), 422, 'ERR_0027'],
        [owner, airlineFields({ code: nextCode() }), Buffer.from('GIF89a not an image at all'), 422, 'ERR_0004'],
        [owner, airlineFields({ code: nextCode() }), Buffer.concat([LOGO.subarray(0, 60)]), 422, 'ERR_0004'],
        [owner, airlineFields({ code: nextCode(), hubAirportIdent: 'FR0001' }), LOGO, 404, 'ERR_0002'],
        [owner, airlineFields({ code: nextCode(), name: 'Shrt' }), LOGO, 400, 'VALIDATION_ERROR'],
      ];
      for (const [user, fields, photo, status, code] of cases) {
        const response = await postAirline(t.app, user, fields, photo);
        expect({ status: response.statusCode, code: response.json().errorCode }).toEqual({ status, code });
        expect(response.json().success).toBe(false);
      }
      expect(await t.app.deps.db.select().from(airlines)).toHaveLength(0);
    });

    it('creates the airline with its main hub, starting capital and first monthly rent planned', async () => {
      const response = await postAirline(t.app, owner, airlineFields({ code: 'ctr', name: 'Contrail Airways' }));
      expect(response.statusCode).toBe(201);
      const airline = response.json();
      airlineId = airline.id;
      expect(airline).toMatchObject({ code: 'CTR', isOwner: true, isAdmin: true, hasPlane: false, state: 'ACTIVE', balance: 10_000, gameDifficulty: 'REALIST' });
      expect(airline.photo).toMatch(/^data:image\/png;base64,/);
      expect(airline.hubs).toHaveLength(1);
      expect(airline.hubs[0]).toMatchObject({ isMain: true, state: 'ACTIVE', operatingCost: 2_500, airport: { ident: 'LFPG' } });
      const wallet = await call(owner, 'GET', `/airline/${airlineId}/wallet?states=PLANNED`);
      expect(wallet.json().items).toHaveLength(1);
      expect(wallet.json().items[0]).toMatchObject({ amount: 2_500, transactionState: 'PLANNED', transactionCategory: { category: 'HUB_OPERATIONAL_COST', hubAirportIdent: 'LFPG' } });
      await balanceLaw(airlineId);
    });

    it('refuses a second airline, a used code and a used name', async () => {
      const again = await postAirline(t.app, owner, airlineFields({ code: nextCode() }));
      expect(again.json().errorCode).toBe('ERR_0003');
      const other = await premiumManager(t.app);
      expect((await postAirline(t.app, other, airlineFields({ code: 'CTR' }))).json().errorCode).toBe('ERR_0001');
      expect((await postAirline(t.app, other, airlineFields({ code: nextCode(), name: 'contrail airways' }))).json().errorCode).toBe('ERR_0005');
    });
  });

  describe('airline, search, settings', () => {
    it('finds the airline in the public search and lists the owner’s airlines', async () => {
      const search = await call(pilot, 'GET', '/airline?query=Contrail');
      expect(search.statusCode).toBe(200);
      expect(search.json().items).toEqual([expect.objectContaining({ id: airlineId, mainHubIdent: 'LFPG', nbOfMembers: 1, baseSalary: 100, recruitmentOpened: false })]);
      const mine = await call(owner, 'GET', `/airline/member/${owner.user.id}`);
      expect(mine.json()).toEqual([{ id: airlineId, name: 'Contrail Airways', isOwner: true }]);
      expect((await call(pilot, 'GET', `/airline/member/${owner.user.id}`)).statusCode).toBe(403);
    });

    it('opens recruitment and sets the mft option (JSON), updates the form (multipart)', async () => {
      const open = await call(owner, 'PUT', `/airline/${airlineId}`, { recruitmentOpened: true });
      expect(open.json().recruitmentOpened).toBe(true);
      expect((await call(owner, 'PUT', `/airline/${airlineId}`, { mftOption: 'airline' })).json().mftOption).toBe('airline');
      expect((await call(owner, 'PUT', `/airline/${airlineId}`, {})).statusCode).toBe(400);
      const form = await postAirline(t.app, owner, airlineFields({ code: 'CTR', name: 'Contrail Airways', shortDescription: 'Now flying from Paris and Nice' }), null, 'PUT', `${API}/airline/${airlineId}`);
      expect(form.statusCode).toBe(200);
      expect(form.json()).toMatchObject({ shortDescription: 'Now flying from Paris and Nice', code: 'CTR' });
    });
  });

  describe('members and applicants', () => {
    let applicantId: string;
    let memberId: string;

    it('takes an application once, tells the owner, and refuses one for somebody else', async () => {
      expect((await call(pilot, 'POST', `/airline/${airlineId}/applicant/`, { applicantUserId: owner.user.id })).statusCode).toBe(403);
      expect((await call(pilot, 'POST', `/airline/${airlineId}/applicant/`, { applicantUserId: pilot.user.id })).statusCode).toBe(201);
      expect((await call(pilot, 'POST', `/airline/${airlineId}/applicant/`, { applicantUserId: pilot.user.id })).json().errorCode).toBe('ERR_0032');
      expect(await notificationsOf(owner.user.id, 'NEW_APPLICANT')).toHaveLength(1);
      const list = await call(owner, 'GET', `/airline/${airlineId}/applicant`);
      expect(list.json().items).toEqual([expect.objectContaining({ userId: pilot.user.id })]);
      applicantId = list.json().items[0].id;
      expect((await call(pilot, 'GET', `/airline/${airlineId}/applicant`)).statusCode).toBe(403);
    });

    it('accepts the applicant into the default rank and tells them', async () => {
      expect((await call(owner, 'PUT', `/airline/${airlineId}/applicant/${crypto.randomUUID()}/accept`)).json().errorCode).toBe('ERR_0007');
      expect((await call(owner, 'PUT', `/airline/${airlineId}/applicant/${applicantId}/accept`)).statusCode).toBe(200);
      expect(await notificationsOf(pilot.user.id, 'APPLICANT_ACCEPTED')).toHaveLength(1);
      const members = await call(pilot, 'GET', `/airline/${airlineId}/member`);
      expect(members.json().totalItems).toBe(2);
      const me = rows(members.json().items).find((m) => m.userId === pilot.user.id)!;
      expect(me).toMatchObject({ role: 'MEMBER', rank: { name: 'First Officer' } });
      memberId = me.id;
      expect((await call(pilot, 'POST', `/airline/${airlineId}/applicant/`, { applicantUserId: pilot.user.id })).json().errorCode).toBe('ERR_0033');
    });

    it('lets only the owner name an administrator, and never change the owner', async () => {
      expect((await call(pilot, 'PUT', `/airline/${airlineId}/member/${memberId}/role`, { role: 'ADMINISTRATOR' })).json().errorCode).toBe('ERR_0012');
      expect((await call(owner, 'PUT', `/airline/${airlineId}/member/${memberId}/role`, { role: 'OWNER' })).statusCode).toBe(400);
      expect((await call(owner, 'PUT', `/airline/${airlineId}/member/${memberId}/role`, { role: 'ADMINISTRATOR' })).statusCode).toBe(200);
      const me = () => call(pilot, 'GET', `/airline/${airlineId}`);
      expect((await me()).json()).toMatchObject({ isAdmin: true, isOwner: false });
      // An administrator may see the applicants, not name administrators.
      expect((await call(pilot, 'GET', `/airline/${airlineId}/applicant`)).statusCode).toBe(200);
      const ownerMember = rows((await call(owner, 'GET', `/airline/${airlineId}/member`)).json().items).find((m) => m.role === 'OWNER')!;
      expect((await call(owner, 'PUT', `/airline/${airlineId}/member/${ownerMember.id}/role`, { role: 'MEMBER' })).statusCode).toBe(409);
      expect((await call(owner, 'PUT', `/airline/${airlineId}/member/${memberId}/role`, { role: 'MEMBER' })).statusCode).toBe(200);
      expect((await me()).json()).toMatchObject({ isAdmin: false });
    });

    it('rejects an applicant and tells them', async () => {
      const other = await createSignedInUser(t.app);
      await call(other, 'POST', `/airline/${airlineId}/applicant/`, { applicantUserId: other.user.id });
      const id = (await call(owner, 'GET', `/airline/${airlineId}/applicant`)).json().items[0].id;
      expect((await call(owner, 'PUT', `/airline/${airlineId}/applicant/${id}/reject`)).statusCode).toBe(200);
      expect(await notificationsOf(other.user.id, 'APPLICANT_REJECTED')).toHaveLength(1);
      expect((await call(owner, 'GET', `/airline/${airlineId}/applicant`)).json().totalItems).toBe(0);
    });

    it('manages ranks: create, update, switch order, member rank, delete back to default', async () => {
      const created = await call(owner, 'POST', `/airline/${airlineId}/rank`, { name: 'Captain', fcBonus: 20, planeWhiteList: ['a320'], planeBlackList: [] });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ name: 'Captain', fcBonus: 20, planeWhiteList: ['A320'], sortIdx: 1, default: false });
      const captain = created.json().id;
      expect((await call(owner, 'PUT', `/airline/${airlineId}/rank/${captain}`, { name: 'Captain', fcBonus: 25, planeWhiteList: [], planeBlackList: ['B744'] })).json().fcBonus).toBe(25);
      expect((await call(pilot, 'POST', `/airline/${airlineId}/rank`, { name: 'x', fcBonus: 1 })).json().errorCode).toBe('ERR_0012');
      expect((await call(owner, 'PUT', `/airline/${airlineId}/member/${memberId}`, { rankId: captain })).statusCode).toBe(200);
      expect((await call(pilot, 'GET', `/airline/${airlineId}/rank/member/${memberId}`)).json().name).toBe('Captain');
      const ranks = (await call(pilot, 'GET', `/airline/${airlineId}/rank`)).json().items;
      const firstOfficer = rows(ranks).find((r) => r.default)!.id;
      const switched = await call(owner, 'PUT', `/airline/${airlineId}/rank/${captain}/sort_idx/switch`, { toRankId: firstOfficer });
      expect(switched.json<{ id: string; sortIdx: number }[]>().find((r) => r.id === captain)?.sortIdx).toBe(0);
      expect((await call(owner, 'DELETE', `/airline/${airlineId}/rank/${firstOfficer}`)).statusCode).toBe(422);
      expect((await call(owner, 'DELETE', `/airline/${airlineId}/rank/${captain}`)).statusCode).toBe(200);
      expect((await call(pilot, 'GET', `/airline/${airlineId}/rank/member/${memberId}`)).json().name).toBe('First Officer');
    });

    it('never removes the owner; removes a member and tells them; a member may resign', async () => {
      const ownerMember = (await call(owner, 'GET', `/airline/${airlineId}/member`)).json<{ items: Row[] }>().items.find((m) => m.role === 'OWNER')!.id;
      expect((await call(owner, 'DELETE', `/airline/${airlineId}/member/${ownerMember}`)).json().errorCode).toBe('ERR_0008');
      expect((await call(pilot, 'DELETE', `/airline/${airlineId}/member/${ownerMember}`)).json().errorCode).toBe('ERR_0009');
      expect((await call(owner, 'DELETE', `/airline/${airlineId}/member/${crypto.randomUUID()}`)).json().errorCode).toBe('ERR_0010');
      expect((await call(owner, 'DELETE', `/airline/${airlineId}/member/${memberId}`)).statusCode).toBe(200);
      expect(await notificationsOf(pilot.user.id, 'MEMBER_DELETED')).toHaveLength(1);
      // Back in, then resigns on their own.
      await call(pilot, 'POST', `/airline/${airlineId}/applicant/`, { applicantUserId: pilot.user.id });
      const id = (await call(owner, 'GET', `/airline/${airlineId}/applicant`)).json().items[0].id;
      await call(owner, 'PUT', `/airline/${airlineId}/applicant/${id}/accept`);
      const again = (await call(pilot, 'GET', `/airline/${airlineId}/member`)).json<{ items: Row[] }>().items.find((m) => m.userId === pilot.user.id)!.id;
      expect((await call(pilot, 'DELETE', `/airline/${airlineId}/member/${again}`)).statusCode).toBe(200);
      expect((await call(pilot, 'GET', `/airline/${airlineId}`)).statusCode).toBe(403);
    });
  });

  describe('hubs, hangars, planes', () => {
    let niceHubId: string;
    let mainHubId: string;

    it('quotes hub and hangar costs, opens a hub paying its licence', async () => {
      expect((await call(pilot, 'GET', '/hub/airport/LFRS/cost/game_difficulty/easy')).json()).toEqual({ airportIdent: 'LFRS', licenceCost: 7_500, operatingCost: 675, nbAirline: 0 });
      expect((await call(pilot, 'GET', '/hub/airport/FR0001/cost/game_difficulty/REALIST')).json().errorCode).toBe('ERR_0002');
      expect((await call(pilot, 'GET', '/airline/hangar/airport/LFPG/cost?type=LARGE')).json()).toEqual({ airportIdent: 'LFPG', licenceCost: 10_500, operatingCost: 3_500, hangarType: 'LARGE' });
      await t.app.deps.db.update(airlines).set({ balance: 100_000 }).where(eq(airlines.id, airlineId));
      await t.app.deps.db.insert(walletTransactions).values({ airlineId, currency: 'MFC', transactionType: 'CREDIT', transactionState: 'SUCCESS', amount: 90_000, category: 'MF_BONUS', categoryData: { category: 'MF_BONUS', reason: 'test' }, description: 'test grant', idempotencyKey: `test-grant:${airlineId}`, executionDate: t.clock.now() });
      const hub = await call(owner, 'POST', `/airline/${airlineId}/hub`, { airportIdent: 'lfmn' });
      expect(hub.statusCode).toBe(201);
      niceHubId = hub.json().id;
      expect(hub.json()).toMatchObject({ isMain: false, state: 'ACTIVE', airport: { ident: 'LFMN' } });
      expect(await balanceLaw(airlineId)).toBe(100_000 - 30_000);
      expect((await call(owner, 'POST', `/airline/${airlineId}/hub`, { airportIdent: 'LFMN' })).statusCode).toBe(409);
      const hubs = (await call(owner, 'GET', `/airline/${airlineId}/hub`)).json().items;
      mainHubId = rows(hubs).find((h) => h.isMain)!.id;
      expect((await call(owner, 'GET', `/airline/${airlineId}/hub/${niceHubId}`)).json().id).toBe(niceHubId);
    });

    it('never closes the main hub; closes and reopens another free before its due date; moves the main hub', async () => {
      expect((await call(owner, 'PUT', `/hub/${mainHubId}/state`, { state: 'CLOSED' })).json().errorCode).toBe('ERR_0028');
      expect((await call(owner, 'PUT', `/hub/${niceHubId}/state`, { state: 'CLOSED' })).json().state).toBe('CLOSED');
      const before = await balanceLaw(airlineId);
      expect((await call(owner, 'PUT', `/hub/${niceHubId}/state`, { state: 'ACTIVE' })).json().state).toBe('ACTIVE');
      expect(await balanceLaw(airlineId)).toBe(before);
      expect((await call(owner, 'PUT', `/hub/${niceHubId}/main`)).json().isMain).toBe(true);
      expect((await call(owner, 'PUT', `/hub/${mainHubId}/main`)).json().isMain).toBe(true);
    });

    it('reopens a hub closed past its due date at a new licence, the one its cost quote names, and bills its rent from then', async () => {
      expect((await call(owner, 'PUT', `/hub/${niceHubId}/state`, { state: 'CLOSED' })).json().state).toBe('CLOSED');
      // Seeded: the due date went by while the hub was closed.
      await t.app.deps.db.update(airlineHubs).set({ nextDtOfPayment: new Date(t.clock.now().getTime() - 1_000) }).where(eq(airlineHubs.id, niceHubId));
      const difficulty = (await call(owner, 'GET', `/airline/${airlineId}`)).json<{ gameDifficulty: string }>().gameDifficulty;
      const quote = (await call(owner, 'GET', `/hub/airport/LFMN/cost/game_difficulty/${difficulty}`)).json<{ licenceCost: number }>();
      expect(quote.licenceCost).toBeGreaterThan(0);
      const before = await balanceLaw(airlineId);
      // Whatever the client adds to the request, the licence is the server's figure.
      const reopened = await call(owner, 'PUT', `/hub/${niceHubId}/state`, { state: 'ACTIVE', licenceCost: 1 });
      expect(reopened.json()).toMatchObject({ state: 'ACTIVE' });
      expect(await balanceLaw(airlineId)).toBe(before - quote.licenceCost);
      expect(new Date(reopened.json<{ nextDtOfPayment: string }>().nextDtOfPayment).getTime()).toBeGreaterThan(t.clock.now().getTime());
      // A second request for the same state pays nothing again.
      expect((await call(owner, 'PUT', `/hub/${niceHubId}/state`, { state: 'ACTIVE' })).statusCode).toBe(200);
      expect(await balanceLaw(airlineId)).toBe(before - quote.licenceCost);
      // The licence is granted back, so the later steps spend what they always had.
      await t.app.deps.db.update(airlines).set({ balance: sql`${airlines.balance} + ${quote.licenceCost}` }).where(eq(airlines.id, airlineId));
      await t.app.deps.db.insert(walletTransactions).values({ airlineId, currency: 'MFC', transactionType: 'CREDIT', transactionState: 'SUCCESS', amount: quote.licenceCost, category: 'MF_BONUS', categoryData: { category: 'MF_BONUS', reason: 'test' }, description: 'test grant', idempotencyKey: `test-grant-back:${airlineId}`, executionDate: t.clock.now() });
    });

    it('builds a hangar from a hangar item once (ERR_0023 after)', async () => {
      const item = await giveAirlineItem(t.app, airlineId, { type: 'HANGAR', size: 'SMALL' });
      const hangar = await call(owner, 'POST', `/airline/${airlineId}/hangar`, { hubId: mainHubId, itemId: item });
      expect(hangar.statusCode).toBe(201);
      expect(hangar.json()).toMatchObject({ type: 'SMALL', capacity: 2 });
      expect((await call(owner, 'POST', `/airline/${airlineId}/hangar`, { hubId: mainHubId, itemId: item })).json().errorCode).toBe('ERR_0023');
    });

    it('builds the first plane free, the second at a cost, delivers them on the clock, maintains them', async () => {
      const first = await giveAirlineItem(t.app, airlineId, { type: 'AIRCRAFT', icao: 'A320', category: 'MEDIUM_HAUL' });
      const before = await balanceLaw(airlineId);
      // More seats than the type's certified maximum (180 for the A320): refused, nothing built.
      const crammed = await call(owner, 'POST', `/airline/${airlineId}/plane`, { itemId: first, aircraftIcao: 'A320', configuration: { eco: 170, business: 12, first: 0 }, hubId: mainHubId });
      expect(crammed.statusCode).toBe(400);
      expect(crammed.json()).toMatchObject({ errorCode: 'VALIDATION_ERROR', message: 'The A320 seats at most 180 passengers, not 182' });
      const plane = await call(owner, 'POST', `/airline/${airlineId}/plane`, { itemId: first, aircraftIcao: 'A320', configuration: { eco: 150, business: 12, first: 0 }, hubId: mainHubId });
      expect(plane.statusCode).toBe(201);
      expect(plane.json()).toMatchObject({ state: 'BUILDING', icao: 'A320', category: 'MEDIUM_HAUL', wear: 100, tailRegistration: 'CTR-0001' });
      expect(plane.json().hangarId).not.toBeNull();
      expect(await balanceLaw(airlineId)).toBe(before);
      expect((await call(owner, 'POST', `/airline/${airlineId}/plane`, { itemId: first, aircraftIcao: 'A320', configuration: { eco: 1, business: 0, first: 0 }, hubId: mainHubId })).json().errorCode).toBe('ERR_0023');
      const second = await giveAirlineItem(t.app, airlineId, { type: 'AIRCRAFT', icao: 'B738', category: 'MEDIUM_HAUL' });
      const two = await call(owner, 'POST', `/airline/${airlineId}/plane`, { itemId: second, aircraftIcao: 'B738', configuration: { eco: 100, business: 0, first: 0 }, hubId: mainHubId });
      expect(two.statusCode).toBe(201);
      expect(await balanceLaw(airlineId)).toBe(before - (4_500 + 100 * 100));
      expect((await call(pilot, 'GET', `/airline/${airlineId}/plane`)).statusCode).toBe(403);

      await travel(5 * DAY);
      await t.app.deps.jobs.runDue(t.clock.now());
      const planeId = plane.json<{ id: string }>().id;
      expect((await call(owner, 'GET', `/airline/${airlineId}/plane/${planeId}`)).json()).toMatchObject({ state: 'AT_AIRPORT', airport: 'LFPG', airportIsHub: true });
      expect(await notificationsOf(owner.user.id, 'PLANE_END_OF_BUILDING')).toHaveLength(2);

      // Maintenance refused at wear 100; after wear, the B check (3 days, 20 % of 45,000).
      expect((await call(owner, 'PUT', `/airline/${airlineId}/plane/${planeId}/state/UNDER_MAINTENANCE`)).statusCode).toBe(422);
      await t.app.deps.db.update(airlinePlanes).set({ wear: 18, state: 'GROUNDED' }).where(eq(airlinePlanes.id, planeId));
      const balance = await balanceLaw(airlineId);
      const maintenance = await call(owner, 'PUT', `/airline/${airlineId}/plane/${planeId}/state/UNDER_MAINTENANCE`);
      expect(maintenance.json()).toMatchObject({ state: 'UNDER_MAINTENANCE', duration: 14 });
      expect(await balanceLaw(airlineId)).toBe(balance - 36_000);
      await travel(15 * DAY);
      await t.app.deps.jobs.runDue(t.clock.now());
      expect((await call(owner, 'GET', `/airline/${airlineId}/plane/${planeId}`)).json()).toMatchObject({ state: 'AT_AIRPORT', wear: 100 });
      expect(await notificationsOf(owner.user.id, 'PLANE_END_OF_MAINTENANCE')).toHaveLength(1);
      const hangars = (await call(owner, 'GET', `/airline/${airlineId}/hangar`)).json().items;
      expect(hangars[0].occupations).toHaveLength(2);
      expect((await call(pilot, 'GET', '/plane/category/LARGE_HAUL/cost/REALIST')).json()).toEqual({ buildCost: 9_000, ecoSeatCost: 100, businessSeatCost: 300, firstSeatCost: 600, maintenanceCost: 72_000 });
    });
  });

  describe('routes', () => {
    const route = (overrides: Record<string, unknown> = {}) => ({ name: 'Paris - Nice', destinations: ['LFPG', 'LFMN'], constraints: [], planeCategory: 'MEDIUM_HAUL', departureTime: '08:00', arrivalTime: '09:35', ...overrides });

    it('refuses bad routes with the spec codes', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ destinations: ['LFPG'] }, 'ERR_0019'],
        [{ destinations: ['LFPG', 'LFPG'] }, 'ERR_0016'],
        [{ destinations: ['LFPG', 'ZZZZ'] }, 'ERR_0016'],
        [{ departureTime: '8h00' }, 'ERR_0018'],
        [{ destinations: ['EGLL', 'LFPG'] }, 'ERR_0020'],
        [{ constraints: [{ type: 'MinRank', rankId: crypto.randomUUID() }] }, 'ERR_0016'],
      ];
      for (const [overrides, code] of cases) {
        expect((await call(owner, 'POST', `/airline/${airlineId}/route`, route(overrides))).json().errorCode).toBe(code);
      }
    });

    it('creates, lists, updates and deletes a route; the restriction names why it cannot be flown', async () => {
      const created = await call(owner, 'POST', `/airline/${airlineId}/route`, route({ constraints: [{ type: 'CL', value: 3 }] }));
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ departureHub: 'LFPG', arrivalHub: 'LFMN', restricted: false, airlineConstraints: [{ type: 'CL', value: 3, context: 'AIRLINE' }] });
      const cargo = await call(owner, 'POST', `/airline/${airlineId}/route`, route({ name: 'Cargo', planeCategory: 'CARGO', destinations: ['LFPG', 'LFMN', 'LFPG'] }));
      expect(cargo.json()).toMatchObject({ restricted: true, restrictionReason: 'ERR_0038' });
      expect((await call(owner, 'GET', `/airline/${airlineId}/route/from/LFPG`)).json().totalItems).toBe(2);
      expect((await call(owner, 'GET', `/airline/${airlineId}/route/from/LFMN`)).json().totalItems).toBe(0);
      const id = created.json().id;
      expect((await call(owner, 'PUT', `/airline/${airlineId}/route/${id}`, { name: 'Paris - Nice AM', planeCategory: 'MEDIUM_HAUL', departureTime: '07:00', arrivalTime: '08:35' })).json().name).toBe('Paris - Nice AM');
      expect((await call(owner, 'PUT', `/airline/${airlineId}/route/${crypto.randomUUID()}`, { name: 'x', planeCategory: 'MEDIUM_HAUL', departureTime: '07:00', arrivalTime: '08:35' })).json().errorCode).toBe('ERR_0017');
      const restrictions = await call(owner, 'GET', `/airline/${airlineId}/aircraft/A320/flights-restrictions/`);
      // The same rules as a booking: the owner, at career level 1, is below the route's CL 3.
      expect(restrictions.json()).toEqual(expect.arrayContaining([{ routeId: id, restricted: true, restrictionReason: 'ERR_0040' }]));
      expect((await call(owner, 'DELETE', `/airline/${airlineId}/route/${cargo.json().id}`)).statusCode).toBe(200);
      expect((await call(owner, 'DELETE', `/airline/${airlineId}/route/${cargo.json().id}`)).json().errorCode).toBe('ERR_0017');
    });
  });

  describe('traffic rights, wallet, stats, live map', () => {
    it('buys a traffic right once, renews only in its last month, plans auto-renewal', async () => {
      // 5,000 plus 250 per hundred airports of the country, capped at 30,000.
      const gbCost = (await call(pilot, 'GET', '/traffic-right/iso/gb/cost')).json();
      expect(gbCost.isoCountry).toBe('GB');
      expect(gbCost.licenceCost).toBeGreaterThanOrEqual(5_000);
      expect(gbCost.licenceCost).toBeLessThanOrEqual(30_000);
      expect((await call(pilot, 'GET', '/traffic-right/iso/XX/cost')).json().errorCode).toBe('ERR_0014');
      expect((await call(owner, 'POST', `/airline/${airlineId}/traffic-right`, { isoCountry: 'XX' })).json().errorCode).toBe('ERR_0014');
      const before = await balanceLaw(airlineId);
      expect((await call(owner, 'POST', `/airline/${airlineId}/traffic-right`, { isoCountry: 'gb' })).statusCode).toBe(201);
      expect(await balanceLaw(airlineId)).toBe(before - gbCost.licenceCost);
      expect((await call(owner, 'POST', `/airline/${airlineId}/traffic-right`, { isoCountry: 'GB' })).json().errorCode).toBe('ERR_0015');
      expect((await call(owner, 'POST', `/airline/${airlineId}/traffic-right/GB/renew`)).json().errorCode).toBe('ERR_0031');
      expect((await call(owner, 'POST', `/airline/${airlineId}/traffic-right/FR/renew`)).json().errorCode).toBe('ERR_0030');
      expect((await call(owner, 'PUT', `/airline/${airlineId}/traffic-right/GB`, { autoRenew: true })).statusCode).toBe(200);
      const planned = (await call(owner, 'GET', `/airline/${airlineId}/wallet?states=PLANNED&size=50`)).json().items;
      expect(rows(planned).some((tx) => tx.transactionCategory.category === 'TRAFFIC_RIGHT_LICENCE_COST')).toBe(true);
      const rights = (await call(owner, 'GET', `/airline/${airlineId}/traffic-right`)).json();
      expect(rights.items).toEqual([expect.objectContaining({ isoCountry: 'GB', countryName: 'United Kingdom', autoRenew: true, state: 'ACTIVE' })]);
      await travel(340 * DAY);
      expect((await call(owner, 'POST', `/airline/${airlineId}/traffic-right/GB/renew`)).statusCode).toBe(200);
      await travel(-340 * DAY);
    });

    it('pays a planned transaction by hand once (ERR_0029 after), and forecasts the cash runway', async () => {
      const planned = (await call(owner, 'GET', `/airline/${airlineId}/wallet?states=PLANNED&size=50`)).json().items;
      const rent = rows(planned).find((tx) => tx.transactionCategory.category === 'HANGAR_OPERATIONAL_COST')!;
      expect((await call(pilot, 'PUT', `/airline/${airlineId}/wallet/transaction/${rent.id}/pay`)).statusCode).toBe(403);
      const paid = await call(owner, 'PUT', `/airline/${airlineId}/wallet/transaction/${rent.id}/pay`);
      expect(paid.json()).toMatchObject({ id: rent.id, transactionState: 'SUCCESS' });
      expect((await call(owner, 'PUT', `/airline/${airlineId}/wallet/transaction/${rent.id}/pay`)).json().errorCode).toBe('ERR_0029');
      await balanceLaw(airlineId);
      const forecast = (await call(owner, 'GET', `/airline/${airlineId}/forecast`)).json();
      expect(forecast.balance).toBe((await call(owner, 'GET', `/airline/${airlineId}/wallet/balance`)).json().balance);
      expect(forecast.defaultDate).not.toBeNull();
      expect(forecast.plannedTotal).toBeGreaterThan(0);
    });

    it('answers stats, bankruptcy info, configuration and live-map items', async () => {
      expect((await call(owner, 'GET', `/airline/${airlineId}/stat`)).json()).toEqual({ nbOfFlight: 0, nbOfHangar: 1, nbOfHub: 2, nbOfMembers: 1, nbOfRoutes: 1 });
      expect((await call(owner, 'GET', `/airline/${airlineId}/bankrupt`)).json()).toEqual({ nbFailedTransaction: 0, dayLeft: 14 });
      expect((await call(owner, 'GET', `/airline/${airlineId}/configuration`)).json()).toMatchObject({ bankruptcyDeadlineDays: 14, salaryInformation: { baseSalary: 100 } });
      const items = (await call(owner, 'GET', `/airline/${airlineId}/livemap/item?categories=PLANE`)).json();
      expect(items).toHaveLength(2);
      expect(items[0]).toMatchObject({ category: 'PLANE', latitude: 49.0128, tailRegistration: expect.stringMatching(/^CTR-/) });
      expect((await call(owner, 'GET', `/airline/${airlineId}/livemap/item`)).json()).toHaveLength(4);
    });
  });
});
