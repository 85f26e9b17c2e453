import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_NAMESPACE, type TNotification, type TNotificationPage } from '@contrail/domain/notification/notification-types';
import { recordNotification } from '../../src/modules/notification/notification.service';
import { createSignedInUser, type SignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { connected, listen, nextEvent } from '../flight/support/flight-kit';
import { api } from '../support/api';
import { notificationRoutes } from '@contrail/domain/notification/notification-routes';

const recordMany = async (t: TestApp, userId: string, count: number) => {
  for (let i = 0; i < count; i += 1) {
    await recordNotification(t.app.deps.db, { userId, type: 'NEW_APPLICANT', data: { airlineId: 'a', airlineName: 'Blue Sky', applicantUserName: `applicant${i}` } });
  }
};

describe('notification API', () => {
  let t: TestApp;
  let url: string;
  const sockets: Socket[] = [];
  const openSocket = async (token: string): Promise<Socket> => {
    const socket = io(`${url}${NOTIFICATION_NAMESPACE}`, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    await connected(socket);
    return socket;
  };
  const page = async (user: SignedInUser, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/v1/notification/user/${user.user.id}${query}`, headers: user.headers });

  beforeAll(async () => {
    t = await createTestApp();
    url = await listen(t.app);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t.close();
  });

  it('pages a user notifications newest first, 10 from page 0 by default, with the unread count', async () => {
    const pilot = await createSignedInUser(t.app);
    await recordMany(t, pilot.user.id, 12);
    const first = (await page(pilot)).json<TNotificationPage>();
    expect(first.items).toHaveLength(10);
    expect(first).toMatchObject({ totalItems: 12, totalPages: 2, unreadCount: 12 });
    expect(first.items[0]?.data).toMatchObject({ applicantUserName: 'applicant11' });
    const second = (await page(pilot, '?page=1&page_size=10')).json<TNotificationPage>();
    expect(second.items.map((item) => item.data.applicantUserName)).toEqual(['applicant1', 'applicant0']);
    expect((await page(pilot, '?page=-1')).statusCode).toBe(400);
  });

  it('marks one and then all as read; read state shows in the page', async () => {
    const pilot = await createSignedInUser(t.app);
    await recordMany(t, pilot.user.id, 3);
    const [newest] = (await page(pilot)).json<TNotificationPage>().items;
    const readOne = await api(t.app, pilot.headers).inject(notificationRoutes.read, { params: { id: newest!.id } });
    expect(readOne.json()).toEqual({ success: true, message: 'Notification read', errorCode: null });
    const after = (await page(pilot)).json<TNotificationPage>();
    expect(after.unreadCount).toBe(2);
    expect(after.items.map((item) => item.read)).toEqual([true, false, false]);
    const readAll = await api(t.app, pilot.headers).inject(notificationRoutes.readAll, { params: { userId: pilot.user.id } });
    expect(readAll.statusCode).toBe(200);
    expect((await page(pilot)).json<TNotificationPage>()).toMatchObject({ unreadCount: 0 });
  });

  it("refuses another user's notifications: listing, reading one, reading all", async () => {
    const owner = await createSignedInUser(t.app);
    const intruder = await createSignedInUser(t.app);
    await recordMany(t, owner.user.id, 1);
    const [item] = (await page(owner)).json<TNotificationPage>().items;

    const list = await api(t.app, intruder.headers).inject(notificationRoutes.list, { params: { userId: owner.user.id } });
    expect(list.statusCode).toBe(403);
    expect(list.json()).toMatchObject({ success: false, errorCode: 'FORBIDDEN' });
    const readOne = await api(t.app, intruder.headers).inject(notificationRoutes.read, { params: { id: item!.id } });
    expect(readOne.statusCode).toBe(404);
    expect(readOne.json()).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
    const readAll = await api(t.app, intruder.headers).inject(notificationRoutes.readAll, { params: { userId: owner.user.id } });
    expect(readAll.statusCode).toBe(403);
    expect((await page(owner)).json<TNotificationPage>().items[0]?.read).toBe(false);
    expect((await api(t.app).inject(notificationRoutes.list, { params: { userId: owner.user.id } })).statusCode).toBe(401);
    expect((await api(t.app, owner.headers).inject(notificationRoutes.read, { params: { id: randomUUID() } })).statusCode).toBe(404);
  });

  it('pushes a committed notification to every tab of its user, and nothing to others or for a rolled-back one', async () => {
    const pilot = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    const [tab1, tab2, otherTab] = [await openSocket(pilot.token), await openSocket(pilot.token), await openSocket(other.token)];
    const heardByOther: unknown[] = [];
    otherTab.on('NotificationReceived', (payload: unknown) => heardByOther.push(payload));
    const heardByPilot: TNotification[] = [];
    tab1.on('NotificationReceived', (payload: TNotification) => heardByPilot.push(payload));

    await t.app.deps.db
      .transaction(async (tx) => {
        await recordNotification(tx, { userId: pilot.user.id, type: 'AIRLINE_FAILED', data: { airlineId: 'x', airlineName: 'Never Air' } });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const onTab1 = nextEvent<TNotification>(tab1, 'NotificationReceived');
    const onTab2 = nextEvent<TNotification>(tab2, 'NotificationReceived');
    await recordNotification(t.app.deps.db, { userId: pilot.user.id, type: 'AIRLINE_FAILED', data: { airlineId: 'y', airlineName: 'Blue Sky' } });
    const [one, two] = await Promise.all([onTab1, onTab2]);
    expect(one).toMatchObject({ type: 'AIRLINE_FAILED', read: false, data: { airlineName: 'Blue Sky' } });
    expect(two.id).toBe(one.id);

    const readInTab2 = nextEvent<{ ids: string[] }>(tab2, 'NotificationsRead');
    await api(t.app, pilot.headers).inject(notificationRoutes.read, { params: { id: one.id } });
    expect(await readInTab2).toEqual({ ids: [one.id] });
    // Give a stray push time to arrive before asserting there was none.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(heardByOther).toEqual([]);
    expect(heardByPilot.map((n) => n.data.airlineName)).toEqual(['Blue Sky']);
  });

  it('refuses the channel without a valid token', async () => {
    const socket = io(`${url}${NOTIFICATION_NAMESPACE}`, { auth: { token: 'nope' }, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    await expect(connected(socket)).rejects.toThrow('unauthorized');
  });
});
