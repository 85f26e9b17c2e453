import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, signInForTest } from '../../../testing/factories';
import { installFakeFetch, json } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render';

const API = '/api/airline-manager/v1';

describe('pilot page', () => {
  it('shows the pilot card read by id, the country named from the country list, and the airlines', async () => {
    signInForTest();
    const user = buildUser({ displayName: 'Ace', country: 'FR', countryName: null, city: 'Lyon', numberOfFlight: 12, flightHours: 20.5, subscriptions: [{ code: 'GOLD', endDate: null }] });
    const fake = installFakeFetch({
      'GET /api/v1/user/information': () => json(user),
      'GET /api/v1/user/user-1/information': () => json(user),
      'GET /api/core/v1/country': ({ url }) => json([{ iso: 'FR', name: url.searchParams.get('lang') === 'en' ? 'France (from the list)' : 'other' }]),
      'GET /api/core/v1/carreer-level': () => json([{ level: 1, minXp: 0, maxXp: 59, value: 'STUDENT_PILOT' }]),
      'GET /api/v1/pilot/user-1/licenses-aircrafts': () => json([]),
      [`GET ${API}/airline/member/user-1`]: () => json([{ id: 'b7f0c2a4-0000-4000-8000-000000000001', name: 'Alpha Wings', isOwner: false }]),
      [`GET ${API}/airline/booking`]: () => json({ flights: [], isGrounded: false }),
    });
    renderApp('/pilot');
    expect(await screen.findByRole('heading', { name: 'Ace' })).toBeInTheDocument();
    expect(await screen.findByText('Lyon, France (from the list)')).toBeInTheDocument();
    expect(screen.getByText('Gold pilot · Level 1')).toBeInTheDocument();
    expect(screen.getByText('20.5 h')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Alpha Wings' })).toHaveAttribute('href', '/flight/va/b7f0c2a4-0000-4000-8000-000000000001');
    expect(screen.getByRole('link', { name: "This week's challenge" })).toHaveAttribute('href', '/flight/challenge');
    expect(fake.calls.some((call) => call.path === '/api/v1/user/user-1/information')).toBe(true);
  });
});
