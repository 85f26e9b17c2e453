import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_THRESHOLDS, REVIEW_THRESHOLD_BOUNDS } from '@contrail/domain/flight-review/flight-verdict';
import { currentAirline } from '../../features/airline-mgr/lib/current-airline';
import { buildAirline, buildUser, signInForTest } from '../../testing/factories';
import { installFakeFetch, json } from '../../testing/fake-api';
import { renderApp } from '../../testing/render';

const API = '/api/airline-manager/v1/airline/a1';
const emptyPage = { items: [], totalItems: 0, totalPages: 0 };
const thresholds = { thresholds: DEFAULT_REVIEW_THRESHOLDS, defaults: DEFAULT_REVIEW_THRESHOLDS, bounds: REVIEW_THRESHOLD_BOUNDS };

const airlineApi = (role: { isOwner: boolean; isAdmin: boolean }) =>
  installFakeFetch({
    // An owner holds the airline-manager subscription; without it the airline pages send them back to the gate.
    'GET /api/v1/user/information': () =>
      json(buildUser(role.isOwner ? { subscriptions: [{ code: 'AIRLINE_MANAGER', endDate: null }] } : {})),
    [`GET ${API}`]: () => json(buildAirline(role)),
    [`GET ${API}/bankrupt`]: () => json({ nbFailedTransaction: 0, dayLeft: 0 }),
    [`GET ${API}/flight-review`]: () => json(emptyPage),
    [`GET ${API}/review-thresholds`]: () => json(thresholds),
  });

afterEach(() => currentAirline.set(null));

describe('the airline manager’s flight reviews page', () => {
  it("gives the owner the queue, the review rules to edit, and the menu entry", async () => {
    signInForTest();
    currentAirline.set('a1');
    airlineApi({ isOwner: true, isAdmin: false });
    renderApp('/airline-mgr/flight-review');
    expect(await screen.findByText('No flight is waiting for review.')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: /airline/i });
    expect(within(nav).getByRole('link', { name: 'Flight reviews' })).toHaveAttribute('href', '/airline-mgr/flight-review');
    expect(await screen.findByRole('button', { name: 'Save the review rules' })).toBeInTheDocument();
  });

  it('lets an administrator review but only read the rules', async () => {
    signInForTest();
    currentAirline.set('a1');
    airlineApi({ isOwner: false, isAdmin: true });
    renderApp('/airline-mgr/flight-review');
    expect(await screen.findByText('No flight is waiting for review.')).toBeInTheDocument();
    expect(await screen.findByText("Only the airline's owner changes these limits.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save the review rules' })).not.toBeInTheDocument();
  });

  it('tells a member that reviews are for the owner and administrators, without the menu entry', async () => {
    signInForTest();
    currentAirline.set('a1');
    const fake = airlineApi({ isOwner: false, isAdmin: false });
    renderApp('/airline-mgr/flight-review');
    expect(await screen.findByText("Flights are reviewed by the airline's owner and administrators.")).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Flight reviews' })).not.toBeInTheDocument();
    expect(fake.calls.some((call) => call.path.endsWith('/flight-review'))).toBe(false);
  });
});

describe("the site admins' review queue", () => {
  const openAccountMenu = async () => {
    await userEvent.click(await screen.findByRole('button', { name: /John Doe.*account menu/ }));
  };

  it('is in the account menu of a site admin and opens the queue', async () => {
    signInForTest();
    installFakeFetch({ 'GET /api/v1/user/information': () => json(buildUser()), 'GET /api/v1/admin/flight-review': () => json(emptyPage) });
    renderApp('/');
    await openAccountMenu();
    await userEvent.click(await screen.findByRole('link', { name: 'Flight reviews (site)' }));
    expect(await screen.findByRole('heading', { name: 'Flight reviews (site)' })).toBeInTheDocument();
    expect(await screen.findByText('No flight is waiting for review.')).toBeInTheDocument();
  });

  it('stays out of a pilot’s account menu', async () => {
    signInForTest();
    const fake = installFakeFetch({
      'GET /api/v1/user/information': () => json(buildUser()),
      'GET /api/v1/admin/flight-review': () => json({ success: false, message: 'Forbidden', errorCode: 'FORBIDDEN' }, 403),
    });
    renderApp('/');
    await openAccountMenu();
    expect(await screen.findByRole('link', { name: 'Log out' })).toBeInTheDocument();
    await expect.poll(() => fake.calls.some((call) => call.path === '/api/v1/admin/flight-review')).toBe(true);
    expect(screen.queryByRole('link', { name: 'Flight reviews (site)' })).not.toBeInTheDocument();
  });
});
