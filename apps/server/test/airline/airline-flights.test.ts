import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AIRLINE_BOOKING_TIMEOUT_MINUTES } from '@contrail/domain/economy/airline-economy-constants';
import { airlineFlightRevenue, airlineFlightSalary } from '@contrail/domain/economy/airline-economy';
import { MFT_BONUS_FC_PER_HOUR, MFT_MONTHLY_LIMIT_HOURS, mftBonusOf } from '@contrail/domain/economy/mft-bonus';
import { airlineBookings, airlineMembers, airlinePlanes, airlineRanks, airlines } from '../../src/modules/airline/airline.schema';
import { flightLogs } from '../../src/modules/flight-log/flight-log.schema';
import { notifications } from '../../src/modules/notification/notification.schema';
import { userSubscriptions } from '../../src/modules/subscription/subscription.schema';
import { walletTransactions } from '../../src/modules/wallet/wallet.schema';
import { sumTransactions } from '../../src/modules/wallet/wallet.repository';
import { creditAirline } from '../../src/modules/wallet/wallet.service';
import { createSignedInUser, signIn, type SignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { connected, flyShortHop, listen, openUplink, registerShortHop, sendFrames, shortHopFrames } from '../flight/support/flight-kit';
import { API, createAirlineFor, giveAirlineItem, premiumManager, seedAirlineReference } from './airline-fixtures';
import { api } from '../support/api';
import { flightRoutes } from '@contrail/domain/flight-api/flight-routes';

const DAY = 86_400_000;

/** Issue 18: a member books an airline plane for a route, flies it with the tracker, the airline earns and the plane wears. */
describe('flying for an airline', () => {
  let t: TestApp;
  let baseUrl: string;
  let owner: SignedInUser;
  let pilot: SignedInUser;
  let rival: SignedInUser;
  let outsider: SignedInUser;
  let airlineId: string;
  let routeId: string;
  let wideBodyRouteId: string;
  let seniorRouteId: string;
  const planes: Record<'a320' | 'a320b' | 'b77w', string> = { a320: '', a320b: '', b77w: '' };

  const call = (user: SignedInUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `${API}${url}`, headers: user.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const book = (user: SignedInUser, planeId: string, route = routeId) => call(user, 'POST', `/airline/${airlineId}/plane/${planeId}/booking`, { routeId: route });
  const planeRow = async (planeId: string) => (await t.app.deps.db.select().from(airlinePlanes).where(eq(airlinePlanes.id, planeId)))[0]!;
  const travel = async (ms: number) => {
    t.clock.advanceMs(ms);
    for (const user of [owner, pilot, rival, outsider]) {
      const session = await signIn(t.app, user.user.userName, user.password);
      user.headers = { authorization: `Bearer ${session.token}`, 'refresh-token': session.refreshToken };
    }
  };
  const join = async (user: SignedInUser) => {
    const applied = await call(user, 'POST', `/airline/${airlineId}/applicant/`, { applicantUserId: user.user.id });
    expect(applied.statusCode, applied.body).toBe(201);
    const applicants = (await call(owner, 'GET', `/airline/${airlineId}/applicant`)).json<{ items: { id: string; userName: string }[] }>();
    const applicant = applicants.items.find((item) => item.userName === user.user.userName)!;
    expect((await call(owner, 'PUT', `/airline/${airlineId}/applicant/${applicant.id}/accept`)).statusCode).toBe(200);
  };
  const buildPlane = async (hubId: string, icao: string, category: 'MEDIUM_HAUL' | 'LARGE_HAUL') => {
    const itemId = await giveAirlineItem(t.app, airlineId, { type: 'AIRCRAFT', icao, category });
    const response = await call(owner, 'POST', `/airline/${airlineId}/plane`, { itemId, aircraftIcao: icao, configuration: { eco: 150, business: 12, first: 0 }, hubId });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  };
  const createRoute = async (planeCategory: string, constraints: unknown[] = []) => {
    const response = await call(owner, 'POST', `/airline/${airlineId}/route`, { name: `EGLL-LFPG ${planeCategory}`, destinations: ['EGLL', 'LFPG'], constraints, planeCategory, departureTime: '08:00', arrivalTime: '09:15' });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await seedAirlineReference(t.app);
    baseUrl = await listen(t.app);
    owner = await premiumManager(t.app);
    [pilot, rival, outsider] = [await createSignedInUser(t.app), await createSignedInUser(t.app), await createSignedInUser(t.app)];
    airlineId = await createAirlineFor(t.app, owner, { hubAirportIdent: 'EGLL' });
    // Capital to build the second and third planes (a real credit: the balance stays the sum of its transactions).
    await creditAirline(t.app.deps.db, { airlineId, amount: 200_000, idempotencyKey: `test-capital:${airlineId}`, executionDate: t.clock.now(), description: 'Capital', categoryData: { category: 'MF_BONUS', reason: 'Capital' } });
    const hubId = (await call(owner, 'GET', `/airline/${airlineId}/hub`)).json<{ items: { id: string }[] }>().items[0]!.id;
    const hangarItem = await giveAirlineItem(t.app, airlineId, { type: 'HANGAR', size: 'MEDIUM' });
    expect((await call(owner, 'POST', `/airline/${airlineId}/hangar`, { hubId, itemId: hangarItem })).statusCode).toBe(201);
    planes.a320 = await buildPlane(hubId, 'A320', 'MEDIUM_HAUL');
    planes.a320b = await buildPlane(hubId, 'A320', 'MEDIUM_HAUL');
    planes.b77w = await buildPlane(hubId, 'B77W', 'LARGE_HAUL');
    await travel(8 * DAY);
    await t.app.deps.jobs.runDue(t.clock.now());
    expect((await call(owner, 'PUT', `/airline/${airlineId}`, { recruitmentOpened: true })).statusCode).toBe(200);
    await join(pilot);
    await join(rival);
    routeId = await createRoute('MEDIUM_HAUL');
    wideBodyRouteId = await createRoute('LARGE_HAUL');
    seniorRouteId = await createRoute('MEDIUM_HAUL', [{ type: 'CL', value: 40 }]);
  });
  afterAll(async () => t.close());

  it('lists the routes from where the pilot stands, each plane with why it is closed to them', async () => {
    const response = await call(pilot, 'GET', `/airline/${airlineId}/route/from/EGLL`);
    expect(response.statusCode).toBe(200);
    const routes = response.json<{ items: { id: string; restricted: boolean; restrictionReason: string | null; planes: { id: string; restrictionReason: string | null }[] }[] }>().items;
    const medium = routes.find((route) => route.id === routeId)!;
    expect(medium.restricted).toBe(false);
    expect(medium.planes.map((plane) => plane.restrictionReason)).toEqual([null, null]);
    const wide = routes.find((route) => route.id === wideBodyRouteId)!;
    expect(wide).toMatchObject({ restricted: true, restrictionReason: 'ERR_0041' });
    expect(routes.find((route) => route.id === seniorRouteId)).toMatchObject({ restricted: true, restrictionReason: 'ERR_0040' });
    expect((await call(outsider, 'GET', `/airline/${airlineId}/route/from/EGLL`)).statusCode).toBe(403);
  });

  it('refuses each booking the rules forbid with its code, and changes nothing', async () => {
    expect((await book(pilot, planes.b77w, routeId)).json().errorCode).toBe('ERR_0038');
    expect((await book(pilot, planes.b77w, wideBodyRouteId)).json().errorCode).toBe('ERR_0041');
    expect((await book(pilot, planes.a320, seniorRouteId)).json().errorCode).toBe('ERR_0040');
    expect((await book(outsider, planes.a320)).statusCode).toBe(403);
    // A rank that may not fly the A320 (ERR_0037).
    const [rank] = await t.app.deps.db.select().from(airlineRanks).where(eq(airlineRanks.airlineId, airlineId));
    await t.app.deps.db.update(airlineRanks).set({ planeBlackList: ['A320'] }).where(eq(airlineRanks.id, rank!.id));
    expect((await book(pilot, planes.a320)).json().errorCode).toBe('ERR_0037');
    await t.app.deps.db.update(airlineRanks).set({ planeBlackList: [] }).where(eq(airlineRanks.id, rank!.id));
    // A plane away from the route's departure (ERR_0039).
    await t.app.deps.db.update(airlinePlanes).set({ airportIdent: 'LFPO' }).where(eq(airlinePlanes.id, planes.a320b));
    expect((await book(pilot, planes.a320b)).json().errorCode).toBe('ERR_0039');
    await t.app.deps.db.update(airlinePlanes).set({ airportIdent: 'EGLL' }).where(eq(airlinePlanes.id, planes.a320b));
    expect(await t.app.deps.db.select().from(airlineBookings)).toHaveLength(0);
    expect((await planeRow(planes.a320)).state).toBe('AT_AIRPORT');
  });

  it('lets one of two pilots booking the same plane at once win; the other gets ERR_0035', async () => {
    const [first, second] = await Promise.all([book(pilot, planes.a320), book(rival, planes.a320)]);
    const answers = [first, second].map((response) => response.statusCode).sort();
    expect(answers).toEqual([201, 422]);
    const loser = first.statusCode === 201 ? second : first;
    expect(loser.json().errorCode).toBe('ERR_0035');
    expect((await planeRow(planes.a320)).state).toBe('BOOKED');
    const holderName = (first.statusCode === 201 ? pilot : rival).user.userName;
    expect((await call(owner, 'GET', `/airline/${airlineId}/plane/${planes.a320}`)).json()).toMatchObject({ state: 'BOOKED', pilot: { userName: holderName } });
    const winner = first.statusCode === 201 ? first : second;
    const bidId = winner.json<{ bidId: string }>().bidId;
    const holder = winner === first ? pilot : rival;
    expect((await call(holder, 'GET', '/airline/booking')).json()).toMatchObject({ isGrounded: false, flights: [{ bidId, state: 'BOOKED', flight: { departureAirport: 'EGLL', arrivalAirport: 'LFPG' } }] });
    // The other member may not cancel it; the pilot who booked may.
    const other = holder === pilot ? rival : pilot;
    expect((await call(other, 'DELETE', `/airline/${airlineId}/booking/${bidId}`)).statusCode).toBe(403);
    expect((await call(holder, 'DELETE', `/airline/${airlineId}/booking/${bidId}`)).statusCode).toBe(200);
    expect((await planeRow(planes.a320)).state).toBe('AT_AIRPORT');
  });

  it('releases a plane booked and never flown after the timeout', async () => {
    const booked = await book(rival, planes.a320b);
    expect(booked.statusCode).toBe(201);
    await t.app.deps.jobs.runDue(t.clock.now());
    expect((await planeRow(planes.a320b)).state).toBe('BOOKED');
    await travel(AIRLINE_BOOKING_TIMEOUT_MINUTES * 60_000 + 1);
    await t.app.deps.jobs.runDue(t.clock.now());
    expect((await planeRow(planes.a320b)).state).toBe('AT_AIRPORT');
    const [row] = await t.app.deps.db.select().from(airlineBookings).where(eq(airlineBookings.id, booked.json<{ bidId: string }>().bidId));
    expect(row!.state).toBe('EXPIRED');
  });

  it('refuses an AIRLINE flight without a booking (ERR_0035)', async () => {
    const response = await api(t.app, pilot.headers).inject(flightRoutes.register, { body: { cruiseLevel: 24_000, flightNumber: 'X1', aircraftIcao: 'A320', departureAirportIdent: 'EGLL', arrivalAirportIdent: 'LFPG', type: 'AIRLINE', virtualAirlineId: airlineId } });
    expect(response.json()).toMatchObject({ errorCode: 'ERR_0035' });
  });

  it('flies the booked plane: FLYING during the flight, then parked at the arrival, worn, the airline paid and the pilot salaried', async () => {
    const bookedAt = await book(pilot, planes.a320);
    expect(bookedAt.statusCode).toBe(201);
    const balanceBefore = await sumTransactions(t.app.deps.db, { airlineId }, 'MFC');
    // The client's airports and aircraft are ignored: the booking decides.
    const registered = await registerShortHop(t.app, pilot.headers, { type: 'AIRLINE', virtualAirlineId: airlineId, aircraftIcao: 'B738', aircraftRegistration: 'F-FAKE' });
    expect(registered.aircraft).toEqual({ icao: 'A320', registration: (await planeRow(planes.a320)).tailRegistration });
    expect((await planeRow(planes.a320)).state).toBe('FLYING');
    expect((await call(owner, 'GET', `/airline/${airlineId}/plane/${planes.a320}`)).json()).toMatchObject({
      state: 'FLYING',
      flight: { id: registered.id, departureIdent: 'EGLL', arrivalIdent: 'LFPG' },
    });
    await api(t.app, pilot.headers).inject(flightRoutes.cancel, { params: { id: registered.id } });
    expect((await planeRow(planes.a320)).state).toBe('AT_AIRPORT');

    expect((await book(pilot, planes.a320)).statusCode).toBe(201);
    const completed = await flyShortHop(t.app, baseUrl, pilot.headers, { type: 'AIRLINE', virtualAirlineId: airlineId });
    const plane = await planeRow(planes.a320);
    expect(plane).toMatchObject({ state: 'AT_AIRPORT', airportIdent: 'LFPG' });
    expect(plane.wear).toBeLessThan(100);
    expect(plane.lifetimeHours).toBeGreaterThan(0.3);

    const [booking] = await t.app.deps.db.select().from(airlineBookings).where(and(eq(airlineBookings.flightId, completed.flightId)));
    expect(booking).toMatchObject({ state: 'COMPLETED' });
    const [log] = await t.app.deps.db.select().from(flightLogs).where(eq(flightLogs.id, completed.flightLogId));
    // Paid for the distance flown, never more than the great circle to where the plane parked.
    const paidDistanceNm = Math.min(log!.distanceNm, log!.outcome.statistics.distanceNm);
    expect(booking!.revenue).toBe(airlineFlightRevenue({ seats: 162, paxCarried: 0, cargoKg: 0, distanceNm: paidDistanceNm }));
    expect(booking!.revenue).toBeGreaterThan(0);
    expect(booking!.salary).toBe(airlineFlightSalary(0));
    expect(completed.airline).toEqual({ airlineRevenue: booking!.revenue, salary: booking!.salary });
    // The airline's balance is the sum of its transactions, up by the revenue less the salary.
    const [airline] = await t.app.deps.db.select().from(airlines).where(eq(airlines.id, airlineId));
    expect(airline!.balance).toBe(await sumTransactions(t.app.deps.db, { airlineId }, 'MFC'));
    expect(airline!.balance - balanceBefore).toBe(booking!.revenue - booking!.salary);
    const salary = await t.app.deps.db
      .select()
      .from(walletTransactions)
      .where(and(eq(walletTransactions.userId, pilot.user.id), eq(walletTransactions.idempotencyKey, `airline-flight:${booking!.id}:salary`)));
    expect(salary).toHaveLength(1);
    expect(salary[0]!.amount).toBe(100);

    // The manager sees it in the profit and loss, per route and per plane.
    const pnl = (await call(owner, 'GET', `/airline/${airlineId}/profit-and-loss`)).json<{ byRoute: { key: string; flights: number; profit: number }[]; byPlane: { key: string }[] }>();
    expect(pnl.byRoute).toEqual([expect.objectContaining({ key: 'EGLL-LFPG MEDIUM_HAUL', flights: 1, profit: booking!.revenue - booking!.salary })]);
    expect(pnl.byPlane.map((row) => row.key)).toEqual([plane.tailRegistration]);
    expect((await call(pilot, 'GET', `/airline/${airlineId}/profit-and-loss`)).statusCode).toBe(403);
  });

  it("shows the plane in flight where its frames put it, with the airline's registration, on every live map", async () => {
    expect((await book(pilot, planes.a320b)).statusCode).toBe(201);
    const registered = await registerShortHop(t.app, pilot.headers, { type: 'AIRLINE', virtualAirlineId: airlineId });
    const frames = shortHopFrames(t.clock.now().getTime());
    // Well into the climb, away from the runway.
    const FRAMES_SENT = Math.floor(frames.length / 3);
    const uplink = openUplink(baseUrl, { flightId: registered.id, token: registered.token });
    try {
      await connected(uplink);
      await sendFrames(uplink, frames, 1, FRAMES_SENT);
    } finally {
      uplink.disconnect();
    }
    const lastFrame = frames[FRAMES_SENT - 1]!;
    const items = (await call(rival, 'GET', `/airline/${airlineId}/livemap/item?categories=PLANE`)).json<{ id: string; latitude: number; longitude: number; state: string; tailRegistration: string }[]>();
    const flying = items.find((item) => item.id === planes.a320b)!;
    expect(flying).toMatchObject({ state: 'FLYING', tailRegistration: registered.aircraft.registration });
    expect(flying.latitude).toBeCloseTo(lastFrame.position.latitudeDeg, 4);
    expect(flying.longitude).toBeCloseTo(lastFrame.position.longitudeDeg, 4);
    // Away from EGLL, where it took off and where the plane's row still places it.
    const row = await planeRow(planes.a320b);
    expect(Math.hypot(flying.longitude - row.longitudeDeg!, flying.latitude - row.latitudeDeg!)).toBeGreaterThan(0.05);
    const hubs = (await call(rival, 'GET', `/airline/${airlineId}/livemap/item?categories=HUB`)).json<{ category: string; airportIdent: string }[]>();
    expect(hubs).toEqual([expect.objectContaining({ category: 'HUB', airportIdent: 'EGLL' })]);
    // Every other pilot's map names the flight's aircraft by the airline's registration.
    const traffic = (await api(t.app, outsider.headers).inject(flightRoutes.list, { query: { status: 'in_progress' } })).json<{ id: string; tailRegistration: string | null }[]>();
    expect(traffic.find((item) => item.id === registered.id)?.tailRegistration).toBe(registered.aircraft.registration);
    expect((await call(outsider, 'GET', `/airline/${airlineId}/livemap/item`)).statusCode).toBe(403);
    await api(t.app, pilot.headers).inject(flightRoutes.cancel, { params: { id: registered.id } });
    expect((await planeRow(planes.a320b)).state).toBe('AT_AIRPORT');
  });

  it("credits the monthly flight-time bonus to whom the airline's mftOption names, within the pilot's monthly limit", async () => {
    const mftRows = (where: ReturnType<typeof eq>) =>
      t.app.deps.db.select().from(walletTransactions).where(and(where, like(walletTransactions.idempotencyKey, 'airline-flight:%:mft')));
    // The flight above, under the default option: the pilot was credited its airborne hours' bonus.
    const [first] = await t.app.deps.db.select().from(airlineBookings).where(and(eq(airlineBookings.userId, pilot.user.id), eq(airlineBookings.state, 'COMPLETED')));
    expect(first!.mftHours).toBeGreaterThan(0);
    expect(first!.mftBonus).toBe(mftBonusOf({ flightHours: first!.mftHours, hoursCreditedThisMonth: 0, option: 'pilot' }).amount);
    expect((await mftRows(eq(walletTransactions.userId, pilot.user.id))).map((row) => row.amount)).toEqual([first!.mftBonus]);

    // A pilot cannot choose the option; the owner can, and the next flight's bonus goes to the airline.
    expect((await call(pilot, 'PUT', `/airline/${airlineId}`, { mftOption: 'airline' })).statusCode).toBe(403);
    expect((await call(owner, 'PUT', `/airline/${airlineId}`, { mftOption: 'airline' })).json()).toMatchObject({ mftOption: 'airline' });
    expect((await book(pilot, planes.a320b)).statusCode).toBe(201);
    const second = await flyShortHop(t.app, baseUrl, pilot.headers, { type: 'AIRLINE', virtualAirlineId: airlineId });
    const [booking] = await t.app.deps.db.select().from(airlineBookings).where(eq(airlineBookings.flightId, second.flightId));
    expect(booking!.mftBonus).toBeGreaterThan(0);
    expect((await mftRows(eq(walletTransactions.airlineId, airlineId))).map((row) => row.amount)).toEqual([booking!.mftBonus]);
    expect(await mftRows(eq(walletTransactions.userId, pilot.user.id))).toHaveLength(1);
    const [airline] = await t.app.deps.db.select().from(airlines).where(eq(airlines.id, airlineId));
    expect(airline!.balance).toBe(await sumTransactions(t.app.deps.db, { airlineId }, 'MFC'));

    // At the monthly limit (the month's flights seeded as flown), a flight credits nothing more.
    await t.app.deps.db.update(airlineBookings).set({ mftHours: MFT_MONTHLY_LIMIT_HOURS }).where(eq(airlineBookings.id, first!.id));
    await t.app.deps.db.update(airlinePlanes).set({ airportIdent: 'EGLL' }).where(inArray(airlinePlanes.id, [planes.a320]));
    expect((await book(pilot, planes.a320)).statusCode).toBe(201);
    const third = await flyShortHop(t.app, baseUrl, pilot.headers, { type: 'AIRLINE', virtualAirlineId: airlineId });
    const [capped] = await t.app.deps.db.select().from(airlineBookings).where(eq(airlineBookings.flightId, third.flightId));
    expect(capped).toMatchObject({ state: 'COMPLETED', mftHours: 0, mftBonus: 0 });
    expect(await mftRows(eq(walletTransactions.airlineId, airlineId))).toHaveLength(1);
    // The configuration data names the figures the owner's simulation uses.
    expect((await call(owner, 'GET', `/airline/${airlineId}/configuration`)).json().mftBonus).toEqual({ fcPerHour: MFT_BONUS_FC_PER_HOUR, monthlyLimitHours: MFT_MONTHLY_LIMIT_HOURS });
  });

  it('lets the owner and administrators ground a member, who cannot book, is told why and notified, until reinstated', async () => {
    const members = async () => (await call(owner, 'GET', `/airline/${airlineId}/member`)).json<{ items: { id: string; userId: string; status: string; role: string }[] }>().items;
    const memberOf = async (user: SignedInUser) => (await members()).find((item) => item.userId === user.user.id)!;
    const ground = (by: SignedInUser, memberId: string, status: 'ACTIVE' | 'SUSPENDED') => call(by, 'PUT', `/airline/${airlineId}/member/${memberId}/status`, { status });
    for (const id of Object.values(planes)) await t.app.deps.db.update(airlinePlanes).set({ airportIdent: 'EGLL', state: 'AT_AIRPORT' }).where(eq(airlinePlanes.id, id));
    const rivalMember = await memberOf(rival);
    const ownerMember = (await members()).find((item) => item.role === 'OWNER')!;
    // A plain member grounds nobody; nobody grounds the owner.
    expect((await ground(pilot, rivalMember.id, 'SUSPENDED')).statusCode).toBe(403);
    expect((await ground(owner, ownerMember.id, 'SUSPENDED')).json()).toMatchObject({ errorCode: 'REQUEST_REFUSED' });
    // The rival's booked plane goes back on the line when they are grounded.
    expect((await book(rival, planes.a320)).statusCode).toBe(201);
    expect((await ground(owner, rivalMember.id, 'SUSPENDED')).statusCode).toBe(200);
    expect((await planeRow(planes.a320)).state).toBe('AT_AIRPORT');
    expect((await memberOf(rival)).status).toBe('SUSPENDED');
    const refused = await book(rival, planes.a320);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: 'MEMBER_GROUNDED', message: expect.stringContaining('grounded you') });
    expect((await planeRow(planes.a320)).state).toBe('AT_AIRPORT');
    expect((await call(rival, 'GET', `/airline/member/${rival.user.id}`)).json()).toEqual([expect.objectContaining({ id: airlineId, grounded: true })]);
    const noticeTypes = async () => (await t.app.deps.db.select().from(notifications).where(eq(notifications.userId, rival.user.id))).map((row) => row.type);
    expect(await noticeTypes()).toContain('MEMBER_GROUNDED');
    // An administrator reinstates them; they book again.
    await t.app.deps.db.update(airlineMembers).set({ role: 'ADMINISTRATOR' }).where(eq(airlineMembers.userId, pilot.user.id));
    expect((await ground(pilot, rivalMember.id, 'ACTIVE')).statusCode).toBe(200);
    expect(await noticeTypes()).toContain('MEMBER_REINSTATED');
    const again = await book(rival, planes.a320);
    expect(again.statusCode, again.body).toBe(201);
    expect((await call(rival, 'DELETE', `/airline/${airlineId}/booking/${again.json<{ bidId: string }>().bidId}`)).statusCode).toBe(200);
    // An administrator does not ground another administrator: only the owner does.
    await t.app.deps.db.update(airlineMembers).set({ role: 'ADMINISTRATOR' }).where(eq(airlineMembers.userId, rival.user.id));
    expect((await ground(pilot, rivalMember.id, 'SUSPENDED')).json()).toMatchObject({ errorCode: 'ERR_0012' });
    await t.app.deps.db.update(airlineMembers).set({ role: 'MEMBER' }).where(inArray(airlineMembers.userId, [pilot.user.id, rival.user.id]));
  });

  it('grounds the pilots when the owner lets the subscription lapse (ERR_0006)', async () => {
    await t.app.deps.db.update(userSubscriptions).set({ endDate: new Date(t.clock.now().getTime() - 1) }).where(eq(userSubscriptions.userId, owner.user.id));
    const response = await book(rival, planes.a320b);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ errorCode: 'ERR_0006' });
    expect((await call(pilot, 'GET', `/airline/${airlineId}/route/from/EGLL`)).json<{ items: { restrictionReason: string }[] }>().items.every((route) => route.restrictionReason === 'ERR_0006')).toBe(true);
  });
});
