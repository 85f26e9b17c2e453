import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, signInForTest } from '../testing/factories';
import { installFakeFetch, json } from '../testing/fake-api';
import { renderApp } from '../testing/render';
import { currentAirline } from '../features/airline-mgr/lib/current-airline';

const signedInApi = () =>
  installFakeFetch({
    'GET /api/v1/user/information': () => json(buildUser()),
  });

describe('route guards', () => {
  it.each(['/', '/flight-log', '/profile', '/airline-mgr/finance', '/pilot/airline/search'])('sends an unauthenticated visitor of %s to /login', async (path) => {
    installFakeFetch({});
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it.each(['/login', '/register', '/forgot-password', '/reset-password?token=x'])('sends an authenticated user on %s to root', async (path) => {
    signInForTest();
    signedInApi();
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('link', { name: 'Start a flight' })).toBeInTheDocument();
  });

  it('keeps coming soon reachable without an account', async () => {
    installFakeFetch({});
    const { router } = renderApp('/coming-soon');
    expect(await screen.findByText('Coming soon')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/coming-soon');
  });

  it('redirects unknown paths to root', async () => {
    signInForTest();
    signedInApi();
    const { router } = renderApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows a coming-soon page with a way back for pages not built yet', async () => {
    signInForTest();
    signedInApi();
    renderApp('/coming-soon');
    expect(await screen.findByRole('heading', { name: 'Hub' })).toBeInTheDocument();
    expect(screen.getByText('Coming soon')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go back' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });

  it('clears the current airline on leaving airline-manager mode, but not on the way back from a card checkout', async () => {
    signInForTest();
    signedInApi();
    currentAirline.set('airline-1');
    const back = renderApp('/stripe?sessionId=cs_test_1');
    await waitFor(() => expect(back.router.state.location.pathname).toBe('/stripe'));
    expect(currentAirline.get()).toBe('airline-1');
    back.unmount();
    renderApp('/flight-log');
    await waitFor(() => expect(currentAirline.get()).toBeNull());
  });
});
