import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, signInForTest } from '../../../testing/factories';
import { installFakeFetch, json } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render';

const entry = (rank: number, userId: string, pilotName: string, value: number) => ({ rank, userId, pilotName, flightNumber: `CTR${rank}`, aircraftIcao: 'A320', value, flownAt: '2026-11-25T10:00:00.000Z' });

describe('challenge', () => {
  it("shows the week's route with the way to fly it, both boards, and the pilot's own place", async () => {
    signInForTest();
    installFakeFetch({
      'GET /api/v1/user/information': () => json(buildUser()),
      'GET /api/v1/challenge/current': () =>
        json({
          weekStart: '2026-11-23T00:00:00.000Z',
          weekEnd: '2026-11-30T00:00:00.000Z',
          departureIdent: 'EGLL',
          arrivalIdent: 'LFPG',
          landing: [entry(1, 'user-2', 'Ace', 95), entry(2, 'user-1', 'John Doe', 140)],
          fuel: [],
          mine: { landing: entry(2, 'user-1', 'John Doe', 140), fuel: null },
        }),
    });
    renderApp('/flight/challenge');
    expect(await screen.findByRole('heading', { name: "This week's route: EGLL to LFPG" })).toBeInTheDocument();
    expect(screen.getByText('From Nov 23, 2026 to Nov 29, 2026 (UTC).')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fly EGLL to LFPG' })).toHaveAttribute('href', '/flight/configuration?type=NORMAL&departure=EGLL&arrival=LFPG');
    const landing = screen.getByRole('region', { name: 'Best landing' });
    const rows = within(landing).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['1AceCTR1 · A32095 fpm', '2John Doe (you)CTR2 · A320140 fpm']);
    expect(within(landing).getByText('Your place: 2 (140 fpm).')).toBeInTheDocument();
    const fuel = screen.getByRole('region', { name: 'Least fuel' });
    expect(within(fuel).getByText('No accepted flight on this route yet this week: be the first.')).toBeInTheDocument();
    expect(within(fuel).getByText('You have no accepted flight on this route this week.')).toBeInTheDocument();
  });
});
