import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TNotification, TNotificationPage } from '@contrail/domain/notification/notification-types';
import { signInForTest } from '../../../testing/factories';
import { installFakeFetch, json } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { FakeNotificationSocket } from '../testing/fake-notification-socket';
import { NotificationBell } from './notification-bell';
import { NotificationList } from './notification-list';
import { NotificationMailSetting } from './notification-mail-setting';

const note = (id: string, overrides: Partial<TNotification> = {}): TNotification => ({
  id,
  read: false,
  type: 'REFERRAL_BONUS_PAID',
  data: { amountFc: 500, otherUserName: 'rookie', role: 'SPONSOR' },
  createdAt: '2026-11-23T10:00:00.000Z',
  ...overrides,
});
const pageOf = (items: TNotification[], totalItems = items.length): TNotificationPage => ({
  items,
  totalItems,
  totalPages: Math.ceil(totalItems / 10),
  unreadCount: items.filter((item) => !item.read).length,
});

describe('notification bell', () => {
  it('rings live: a pushed notification refetches the latest 10 and the unread count', async () => {
    signInForTest();
    let items: TNotification[] = [];
    installFakeFetch({ 'GET /api/v1/notification/user/user-1': () => json(pageOf(items)) });
    renderWithProviders(<NotificationBell userId="user-1" />);
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(FakeNotificationSocket.last?.url).toMatch(/\/notification$/);

    items = [note('n1')];
    act(() => FakeNotificationSocket.last?.serverEmit('NotificationReceived', items[0]));
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await userEvent.click(bell);
    expect(screen.getByRole('link', { name: /rookie flew their first flight: you earned 500 FC/ })).toHaveAttribute('href', '/affiliation');
  });

  it('shows a type it does not know as a generic line, and marks one or all read', async () => {
    signInForTest();
    let items = [note('n1', { type: 'SOMETHING_NEW', data: { whatever: 1 } }), note('n2', { type: 'FLIGHT_LOG_VALIDATED', data: { flightLogId: 'log-9', flightNumber: 'CTR1', departureIdent: 'EGLL', arrivalIdent: 'LFPG', blockHeight: 3 } })];
    const fake = installFakeFetch({
      'GET /api/v1/notification/user/user-1': () => json(pageOf(items)),
      'PUT /api/v1/notification/n2/read': () => {
        items = items.map((item) => (item.id === 'n2' ? { ...item, read: true } : item));
        return json({ success: true, message: 'ok', errorCode: null });
      },
      'PUT /api/v1/notification/user/user-1/read': () => {
        items = items.map((item) => ({ ...item, read: true }));
        return json({ success: true, message: 'ok', errorCode: null });
      },
    });
    renderWithProviders(<NotificationBell userId="user-1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    expect(screen.getByRole('link', { name: /You have a new notification/ })).toHaveAttribute('href', '/notification');
    const flight = screen.getByRole('link', { name: /flight CTR1 EGLL–LFPG is now sealed/ });
    expect(flight).toHaveAttribute('href', '/flight-log/log-9');
    await userEvent.click(flight);
    await waitFor(() => expect(fake.calls.some((call) => call.method === 'PUT' && call.path === '/api/v1/notification/n2/read')).toBe(true));
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await userEvent.click(bell);
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('notification-badge')).toBeNull();
  });

  it('refetches when another tab reads', async () => {
    signInForTest();
    let items = [note('n1')];
    installFakeFetch({ 'GET /api/v1/notification/user/user-1': () => json(pageOf(items)) });
    renderWithProviders(<NotificationBell userId="user-1" />);
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    items = [note('n1', { read: true })];
    act(() => FakeNotificationSocket.last?.serverEmit('NotificationsRead', { ids: ['n1'] }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });
});

describe('notification page', () => {
  it('pages through notifications 10 at a time and dims read ones', async () => {
    signInForTest();
    const all = Array.from({ length: 12 }, (_, i) => note(`n${i}`, { read: i % 2 === 1, data: { amountFc: 500, otherUserName: `pilot${i}`, role: 'SPONSOR' } }));
    const fake = installFakeFetch({
      'GET /api/v1/notification/user/user-1': (request) => {
        const page = Number(request.url.searchParams.get('page'));
        return json({ ...pageOf(all.slice(page * 10, page * 10 + 10), 12), unreadCount: 6 });
      },
    });
    let page = 0;
    const view = renderWithProviders(<NotificationList userId="user-1" page={page} onPageChange={(next) => (page = next)} />);
    expect(await screen.findAllByTestId('notification-item')).toHaveLength(10);
    expect(screen.getByText('6 unread')).toBeInTheDocument();
    expect(screen.getAllByTestId('notification-item')[1]?.className).toContain('text-slate-300');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(page).toBe(1);
    view.unmount();
    renderWithProviders(<NotificationList userId="user-1" page={1} onPageChange={() => undefined} />);
    expect(await screen.findAllByTestId('notification-item')).toHaveLength(2);
    expect(fake.calls.find((call) => call.url.searchParams.get('page') === '1')?.url.searchParams.get('page_size')).toBe('10');
  });
});

describe('notification mail setting', () => {
  it('shows the setting and turns mail off', async () => {
    signInForTest();
    let isMailEnabled = true;
    const fake = installFakeFetch({
      'GET /api/v1/notification/user/user-1/settings': () => json({ isMailEnabled }),
      'PUT /api/v1/notification/user/user-1/settings': (request) => {
        isMailEnabled = (request.body as { isMailEnabled: boolean }).isMailEnabled;
        return json({ isMailEnabled });
      },
    });
    renderWithProviders(<NotificationMailSetting userId="user-1" />);
    const box = await screen.findByRole('checkbox', { name: /Also email me when a payment fails/ });
    expect(box).toBeChecked();
    await userEvent.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
    expect(fake.calls.find((call) => call.method === 'PUT')?.body).toEqual({ isMailEnabled: false });
  });
});
