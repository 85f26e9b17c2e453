import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../lib/query-client';
import { tokenStorage } from '../lib/token-storage';
import { buildUser, signInForTest } from '../testing/factories';
import { installFakeFetch, json } from '../testing/fake-api';
import { pwaStub } from '../testing/pwa-register-stub';
import { renderApp } from '../testing/render';

describe('application shell', () => {
  it('shows the map area, landmarks, the version label, the six nav entries and the top bar', async () => {
    signInForTest();
    installFakeFetch({ 'GET /api/v1/user/information': () => json(buildUser({ wallet: { mfc: 1250, miles: 0, xp: 0 } })) });
    const { container } = renderApp('/');

    expect(await screen.findByRole('link', { name: 'Balance: 1,250 FC' })).toHaveAttribute('href', '/wallet');
    expect(container.querySelector('#map-root')).not.toBeNull();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByText('v2.6')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/dashboard',
      '/flight-log',
      '/configuration/aircraft',
      '/inventory',
      '/store',
      '/pilot/airline/search',
    ]);
    expect(screen.getByRole('link', { name: 'Hub' })).toHaveAttribute('href', '/coming-soon');
    expect(screen.getByRole('link', { name: 'Boost: buy FlightCoins' })).toHaveAttribute('href', '/store');
    expect(screen.getByText(/^\d{2}:\d{2}Z$/)).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '3 free missions left this month' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start a flight' })).toHaveAttribute('href', '/flight/type-selection');
  });

  it('hides the freemium counter and the flight widget in airline-manager mode', async () => {
    signInForTest();
    installFakeFetch({ 'GET /api/v1/user/information': () => json(buildUser()) });
    renderApp('/airline-mgr');
    expect(await screen.findByRole('button', { name: /John Doe.*account menu/ })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: /free missions/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Start a flight' })).not.toBeInTheDocument();
  });

  it('hides the freemium counter from a gold pilot', async () => {
    signInForTest();
    installFakeFetch({ 'GET /api/v1/user/information': () => json(buildUser({ subscriptions: [{ code: 'GOLD', endDate: null }] })) });
    renderApp('/');
    expect(await screen.findByText('Gold')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: /free missions/ })).not.toBeInTheDocument();
  });

  it('opens the profile menu with the keyboard and closes it with Escape', async () => {
    signInForTest();
    installFakeFetch({ 'GET /api/v1/user/information': () => json(buildUser()) });
    renderApp('/');
    const trigger = await screen.findByRole('button', { name: /John Doe.*account menu/ });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['Subscription', 'Invite friends', 'Profile', 'Wallet', 'Log out']) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Invite friends' })).toHaveAttribute('href', '/affiliation');
    await userEvent.keyboard('{Escape}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows the empty notification list when the endpoint answers 404', async () => {
    signInForTest();
    const fake = installFakeFetch({ 'GET /api/v1/user/information': () => json(buildUser()) });
    renderApp('/');
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    await userEvent.click(bell);
    expect(await screen.findByText('No notifications yet.')).toBeInTheDocument();
    const call = fake.calls.find((c) => c.path === '/api/v1/notification/user/user-1');
    expect(call?.url.searchParams.get('page')).toBe('0');
    expect(call?.url.searchParams.get('page_size')).toBe('10');
  });

  it('counts unread notifications and dims read ones', async () => {
    signInForTest();
    installFakeFetch({
      'GET /api/v1/user/information': () => json(buildUser()),
      'GET /api/v1/notification/user/user-1': () =>
        json({
          items: [
            { id: 'n1', read: false, type: 'AIRLINE_FAILED', data: { airlineId: 'a1', airlineName: 'Blue Sky' }, createdAt: '2026-11-23T10:00:00.000Z' },
            { id: 'n2', read: true, type: 'NEW_APPLICANT', data: { airlineId: 'a1', airlineName: 'Blue Sky', applicantUserName: 'maverick' }, createdAt: '2026-11-23T09:00:00.000Z' },
          ],
          totalItems: 2,
          totalPages: 1,
          unreadCount: 1,
        }),
    });
    renderApp('/');
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('1');
    await userEvent.click(bell);
    expect(screen.getByRole('link', { name: /Blue Sky is bankrupt/ })).toHaveAttribute('href', '/airline-mgr/failure');
    expect(screen.getByRole('link', { name: /maverick applied/ }).className).toContain('text-slate-300');
  });

  it('shows the unverified-email banner with resend while the address is not verified', async () => {
    signInForTest();
    const fake = installFakeFetch({
      'GET /api/v1/user/information': () => json(buildUser({ emailVerified: false })),
      'POST /api/v1/user/email/resend': () => json({ success: true, message: 'sent', errorCode: null }),
    });
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Resend the email' }));
    await waitFor(() => expect(fake.calls.some((call) => call.path === '/api/v1/user/email/resend')).toBe(true));
    expect(await screen.findByRole('button', { name: 'Email sent' })).toBeDisabled();
  });

  it('offers Reload when a new version is waiting', async () => {
    pwaStub.needRefresh = true;
    signInForTest();
    installFakeFetch({ 'GET /api/v1/user/information': () => json(buildUser()) });
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Reload' }));
    expect(pwaStub.updateCalls).toBe(1);
  });

  it('logs out: tokens, cache and session cleared, then /login', async () => {
    signInForTest();
    installFakeFetch({ 'GET /api/v1/user/information': () => json(buildUser()) });
    const { router } = renderApp('/');
    await screen.findByRole('button', { name: /John Doe.*account menu/ });
    await userEvent.click(screen.getByRole('button', { name: /John Doe.*account menu/ }));
    await userEvent.click(screen.getByRole('link', { name: 'Log out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(tokenStorage.get()).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('goes to /logout then /login when the session cannot be refreshed', async () => {
    signInForTest();
    installFakeFetch({
      'GET /api/v1/user/information': () => json({ success: false, message: 'Unauthorized', errorCode: 'UNAUTHORIZED' }, 401),
      'POST /api/refresh-token': () => json({ success: false, message: 'Invalid', errorCode: 'INVALID_TOKEN' }, 401),
    });
    const { router } = renderApp('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(tokenStorage.get()).toBeNull();
  });
});
