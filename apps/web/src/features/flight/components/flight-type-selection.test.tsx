import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, signInForTest } from '../../../testing/factories';
import { installFakeFetch, json } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render';

const API = '/api/airline-manager/v1';

describe('flight type selection', () => {
  it('lists the airlines the pilot flies for on the AIRLINE card, each leading to its routes', async () => {
    signInForTest();
    installFakeFetch({
      'GET /api/v1/user/information': () => json(buildUser()),
      'GET /api/flight/retrieve-flight-for-user': () => json(null),
      [`GET ${API}/airline/member/user-1`]: () =>
        json([
          { id: 'b7f0c2a4-0000-4000-8000-000000000002', name: 'Zulu Air', isOwner: false },
          { id: 'b7f0c2a4-0000-4000-8000-000000000001', name: 'Alpha Wings', isOwner: true },
        ]),
    });
    renderApp('/flight');
    const list = await screen.findByRole('list', { name: 'Your airlines' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Fly for Alpha Wings (owner)', 'Fly for Zulu Air']);
    expect(links[0]).toHaveAttribute('href', '/flight/va/b7f0c2a4-0000-4000-8000-000000000001');
    expect(screen.getByRole('link', { name: 'All your airlines and booked flights' })).toHaveAttribute('href', '/flight/virtual-airline');
    expect(screen.queryByText(/once the airline manager is available/)).not.toBeInTheDocument();
  });

  it('offers a way to find an airline to a pilot without one, and links every pilot mode', async () => {
    signInForTest();
    installFakeFetch({
      'GET /api/v1/user/information': () => json(buildUser()),
      'GET /api/flight/retrieve-flight-for-user': () => json(null),
      [`GET ${API}/airline/member/user-1`]: () => json([]),
    });
    renderApp('/flight');
    expect(await screen.findByText('You do not fly for an airline yet: join one to fly its routes.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find an airline to join' })).toHaveAttribute('href', '/pilot/airline/search');
    const modes = screen.getByRole('navigation', { name: 'Other ways to fly' });
    expect(within(modes).getByRole('link', { name: 'Career mode' })).toHaveAttribute('href', '/flight/career-mode');
    expect(within(modes).getByRole('link', { name: 'Virtual airline' })).toHaveAttribute('href', '/flight/virtual-airline');
    expect(within(modes).getByRole('link', { name: 'Challenge' })).toHaveAttribute('href', '/flight/challenge');
    expect(within(modes).getByRole('link', { name: 'Your pilot page' })).toHaveAttribute('href', '/pilot');
  });
});
