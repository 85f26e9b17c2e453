import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser, signInForTest } from '../../../testing/factories';
import { installFakeFetch, json, type FakeHandler } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render';

const airports = [
  { ident: 'LFPG', label: 'LFPG - Charles de Gaulle International Airport (Paris, FR)' },
  { ident: 'EGLL', label: 'EGLL - London Heathrow Airport (London, GB)' },
];
const airportDetail = (ident: string, latitude: number, longitude: number) => ({
  ident,
  label: `${ident} - Airport`,
  name: ident === 'LFPG' ? 'Charles de Gaulle International Airport' : 'London Heathrow Airport',
  municipality: null,
  isoCountry: 'FR',
  isoRegion: null,
  iataCode: null,
  type: 'large_airport',
  position: { latitude, longitude, altitude: 300 },
  runways: [],
});

const api = (user: ReturnType<typeof buildUser>, handlers: Record<string, FakeHandler> = {}) =>
  installFakeFetch({
    'GET /api/v1/user/information': () => json(user),
    'GET /api/airport/v1/airport': ({ url }) => {
      const query = (url.searchParams.get('query') ?? '').toLowerCase();
      const items = airports.filter((airport) => airport.label.toLowerCase().includes(query));
      return json({ totalItems: items.length, totalPages: 1, items });
    },
    'GET /api/airport/v1/airport/LFPG': () => json(airportDetail('LFPG', 49.0128, 2.55)),
    'GET /api/airport/v1/airport/EGLL': () => json(airportDetail('EGLL', 51.4706, -0.4619)),
    'GET /api/core/v1/carreer-level': () => json([{ level: 1, minXp: 0, maxXp: 59, value: 'STUDENT_PILOT' }]),
    'GET /api/v1/pilot/user-1/licenses-aircrafts': () => json([]),
    ...handlers,
  });

const pickAirport = async (label: string, text: string, ident: string) => {
  const field = screen.getByRole('combobox', { name: new RegExp(label) });
  await userEvent.type(field, text);
  await userEvent.click(await screen.findByRole('option', { name: new RegExp(ident) }, { timeout: 3000 }));
};

describe('pilot career creation', () => {
  it('checks the display name rules and the home hub before sending, then starts the career', async () => {
    signInForTest();
    let started = false;
    const fake = api(buildUser(), {
      'POST /api/v1/pilot/career': () => {
        started = true;
        return json(buildUser({ careerStarted: true, displayName: 'Ace', lastLocation: { ident: 'LFPG', label: null } }));
      },
    });
    renderApp('/pilot/career');
    const name = await screen.findByRole('textbox', { name: /Display name/ });
    await userEvent.click(screen.getByRole('button', { name: 'Start my career' }));
    expect(await screen.findByText('Display name is required')).toBeInTheDocument();
    expect(screen.getByText('Home hub is required')).toBeInTheDocument();

    await userEvent.type(name, 'Ace<3');
    await userEvent.click(screen.getByRole('button', { name: 'Start my career' }));
    expect(await screen.findByText('Display name cannot contain ! $ * = ? ; / > < £ %')).toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.type(name, 'x'.repeat(46));
    await userEvent.click(screen.getByRole('button', { name: 'Start my career' }));
    expect(await screen.findByText('Display name must be at most 45 characters')).toBeInTheDocument();
    expect(fake.calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.clear(name);
    await userEvent.type(name, 'Ace');
    await pickAirport('Home hub', 'char', 'LFPG');
    await userEvent.click(screen.getByRole('button', { name: 'Start my career' }));
    await waitFor(() => expect(started).toBe(true));
    expect(fake.calls.find((call) => call.method === 'POST')?.body).toEqual({ displayName: 'Ace', homeHubIdent: 'LFPG' });
    // The home hub search asks for hubs (large and medium airports).
    expect(fake.calls.find((call) => call.path === '/api/airport/v1/airport')?.url.searchParams.get('context')).toBe('hub');
  });

  it('shows the career creation server error with its reason', async () => {
    signInForTest();
    api(buildUser(), {
      'POST /api/v1/pilot/career': () => json({ success: false, message: 'homeHubIdent: unknown airport', errorCode: 'ERR_0034', field: 'displayName' }, 400),
    });
    renderApp('/pilot/career');
    await userEvent.type(await screen.findByRole('textbox', { name: /Display name/ }), 'Ace');
    await pickAirport('Home hub', 'heath', 'EGLL');
    await userEvent.click(screen.getByRole('button', { name: 'Start my career' }));
    const alert = await screen.findByText(/Your career could not be created\./);
    expect(alert).toHaveAttribute('role', 'alert');
  });
});

describe('career mode', () => {
  const pilot = buildUser({ careerStarted: true, displayName: 'Ace', lastLocation: { ident: 'LFPG', label: null }, wallet: { mfc: 1_000, xp: 0, miles: 0 } });

  it('shows where the pilot is and starts a flight from there', async () => {
    signInForTest();
    api(pilot);
    renderApp('/flight/career-mode');
    const where = await screen.findByRole('region', { name: 'Where you are' });
    expect(await within(where).findByText(/Charles de Gaulle International Airport/)).toBeInTheDocument();
    expect(within(where).getByRole('link', { name: 'Fly from LFPG' })).toHaveAttribute('href', '/flight/configuration?departure=LFPG');
  });

  it('shows the jumpseat cost before confirming, then pays it', async () => {
    signInForTest();
    const fake = api(pilot, {
      'POST /api/flight/jumpseat': () => json({ fromIdent: 'LFPG', toIdent: 'EGLL', distanceNm: 188, cost: 47, balance: 953 }),
    });
    renderApp('/flight/career-mode');
    await screen.findByRole('region', { name: 'Jumpseat' });
    await pickAirport('Destination airport', 'heath', 'EGLL');
    // LFPG-EGLL is about 188 NM: a quarter FC per NM, at least 25 FC.
    expect(await screen.findByTestId('jumpseat-cost')).toHaveTextContent(/LFPG → EGLL: 18\d NM, costs 4\d FC\./);
    expect(fake.calls.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Jumpseat to EGLL' }));
    const confirm = screen.getByRole('group', { name: 'Confirm the jumpseat' });
    expect(confirm).toHaveTextContent(/Ride to EGLL for 4\d FC\? Your balance will be 95\d FC\./);
    expect(fake.calls.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: /Confirm and pay/ }));
    await waitFor(() => expect(fake.calls.find((call) => call.method === 'POST')?.body).toEqual({ arrivalLocation: { icao: 'EGLL' } }));
    expect(await screen.findByText('You are now at EGLL: 47 FC paid, balance 953 FC.')).toBeInTheDocument();
  });

  it('refuses a jumpseat the balance cannot pay before sending anything', async () => {
    signInForTest();
    const fake = api({ ...pilot, wallet: { mfc: 10, xp: 0, miles: 0 } });
    renderApp('/flight/career-mode');
    await screen.findByRole('region', { name: 'Jumpseat' });
    await pickAirport('Destination airport', 'heath', 'EGLL');
    expect(await screen.findByText(/This jumpseat costs 4\d FC and your balance is 10 FC\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Jumpseat to EGLL' })).toBeDisabled();
    expect(fake.calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
