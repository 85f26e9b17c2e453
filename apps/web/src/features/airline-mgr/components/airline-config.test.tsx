import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildAirline, signInForTest } from '../../../testing/factories';
import { installFakeFetch, json } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import type { TAirline } from '../api/airline-mgr';
import { rankSwaps, parseAircraftList } from '../lib/rank-order';
import { AirlineHangars } from './airline-hangars';
import { AirlineRanks } from './airline-ranks';
import { AirlineTrafficRights } from './airline-traffic-rights';

const API = '/api/airline-manager/v1';
const egll = { id: 'h1', airport: { ident: 'EGLL', label: 'Heathrow', municipality: 'London', position: { latitude: 51.47, longitude: -0.46, altitude: 83 } }, isMain: true, nextDtOfPayment: null, state: 'ACTIVE' as const, operatingCost: 1_250 };
const lfpg = { ...egll, id: 'h2', airport: { ...egll.airport, ident: 'LFPG', label: 'Charles de Gaulle', municipality: 'Paris' }, isMain: false };
const airline = (overrides: Partial<TAirline> = {}): TAirline => buildAirline({ hubs: [egll, lfpg], balance: 100_000, ...overrides });
const member = { isOwner: false, isAdmin: false };
const pageOf = <T,>(items: T[], totalPages = 1) => ({ items, totalItems: items.length, totalPages });
const emptyPage = pageOf([], 0);
const DAY_MS = 86_400_000;

describe('ranks', () => {
  const rank = (id: string, name: string, sortIdx: number, overrides: Record<string, unknown> = {}) => ({ id, name, fcBonus: 0, planeWhiteList: [], planeBlackList: [], default: false, sortIdx, ...overrides });
  const ranks = pageOf([rank('r1', 'Cadet', 0, { default: true }), rank('r2', 'First officer', 1, { fcBonus: 10, planeWhiteList: ['A320', 'B738'] }), rank('r3', 'Captain', 2, { fcBonus: 25, planeBlackList: ['A388'] })]);
  const switchCalls = (calls: { method: string; path: string; body: unknown }[]) =>
    calls.filter((call) => call.method === 'PUT' && call.path.endsWith('/sort_idx/switch')).map((call) => ({ path: call.path, body: call.body }));

  it('moves a rank by one swap per step, the others keeping their order', () => {
    const order = ['r1', 'r2', 'r3', 'r4'];
    expect(rankSwaps(order, 0, 2)).toEqual([{ rankId: 'r1', toRankId: 'r2' }, { rankId: 'r1', toRankId: 'r3' }]);
    expect(rankSwaps(order, 3, 1)).toEqual([{ rankId: 'r4', toRankId: 'r3' }, { rankId: 'r4', toRankId: 'r2' }]);
    expect(rankSwaps(order, 1, 1)).toEqual([]);
    expect(rankSwaps(order, 0, -1)).toEqual([]);
    expect(parseAircraftList(' a320, B738 b738;e190 ')).toEqual(['A320', 'B738', 'E190']);
  });

  it('lists the ranks in order with their bonus and aircraft, and moves one down with the keyboard through the switch endpoint', async () => {
    signInForTest();
    const fake = installFakeFetch({
      [`GET ${API}/airline/a1/rank`]: () => json(ranks),
      [`PUT ${API}/airline/a1/rank/r1/sort_idx/switch`]: () => json([]),
    });
    renderWithProviders(<AirlineRanks airline={airline()} />);
    const list = await screen.findByRole('list', { name: 'Ranks, from the first to the last' });
    expect(within(list).getAllByRole('listitem').map((item) => item.querySelector('p')?.textContent)).toEqual(['1. Cadet · default rank', '2. First officer', '3. Captain']);
    expect(within(list).getByText('Allowed aircraft: A320, B738')).toBeInTheDocument();
    expect(within(list).getByText('Forbidden aircraft: A388')).toBeInTheDocument();
    expect(within(list).getByText('Salary bonus: +25 %')).toBeInTheDocument();
    // The first cannot go up, the last cannot go down; the default rank cannot be deleted.
    expect(screen.getByRole('button', { name: 'Move up: Cadet' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move down: Captain' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Delete: Cadet' })).toBeNull();

    screen.getByRole('button', { name: 'Move down: Cadet' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(switchCalls(fake.calls)).toEqual([{ path: `${API}/airline/a1/rank/r1/sort_idx/switch`, body: { toRankId: 'r2' } }]));
    expect(await screen.findByText('Cadet is now rank 2 of 3.')).toBeInTheDocument();
    // The buttons are disabled while the swap runs; the keyboard focus comes back to the one pressed.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move down: Cadet' })).toHaveFocus());
  });

  it('moves a dragged rank to where it is dropped, one switch call per place', async () => {
    signInForTest();
    const fake = installFakeFetch({
      [`GET ${API}/airline/a1/rank`]: () => json(ranks),
      [`PUT ${API}/airline/a1/rank/r3/sort_idx/switch`]: () => json([]),
    });
    renderWithProviders(<AirlineRanks airline={airline()} />);
    const captain = (await screen.findByText('3. Captain')).closest('li')!;
    const cadet = screen.getByText(/^1\. Cadet/).closest('li')!;
    const dataTransfer = { setData: () => undefined, effectAllowed: 'none' };
    fireEvent.dragStart(captain, { dataTransfer });
    fireEvent.dragOver(cadet, { dataTransfer });
    fireEvent.drop(cadet, { dataTransfer });
    await waitFor(() =>
      expect(switchCalls(fake.calls).map((call) => call.body)).toEqual([{ toRankId: 'r2' }, { toRankId: 'r1' }]),
    );
  });

  it('creates a rank with its allowed aircraft, and edits one', async () => {
    signInForTest();
    const fake = installFakeFetch({
      [`GET ${API}/airline/a1/rank`]: () => json(ranks),
      [`POST ${API}/airline/a1/rank`]: () => json(rank('r4', 'Senior captain', 3), 201),
      [`PUT ${API}/airline/a1/rank/r2`]: () => json(rank('r2', 'Second officer', 1)),
    });
    renderWithProviders(<AirlineRanks airline={airline()} />);
    const create = await screen.findByRole('form', { name: 'New rank' });
    await userEvent.type(within(create).getByRole('textbox', { name: /^Rank name/ }), 'Senior captain');
    await userEvent.clear(within(create).getByRole('spinbutton', { name: 'Salary bonus (%)' }));
    await userEvent.type(within(create).getByRole('spinbutton', { name: 'Salary bonus (%)' }), '40');
    await userEvent.type(within(create).getByRole('textbox', { name: 'Allowed aircraft' }), 'a388, b748');
    await userEvent.click(within(create).getByRole('button', { name: 'Create the rank' }));
    await waitFor(() =>
      expect(fake.calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Senior captain', fcBonus: 40, planeWhiteList: ['A388', 'B748'], planeBlackList: [] }),
    );
    expect(await within(create).findByText('Rank created.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Edit: First officer' }));
    const edit = screen.getByRole('form', { name: 'Edit the rank First officer' });
    expect(within(edit).getByRole('textbox', { name: 'Allowed aircraft' })).toHaveValue('A320, B738');
    await userEvent.clear(within(edit).getByRole('textbox', { name: /^Rank name/ }));
    await userEvent.type(within(edit).getByRole('textbox', { name: /^Rank name/ }), 'Second officer');
    await userEvent.click(within(edit).getByRole('button', { name: 'Save the rank' }));
    await waitFor(() =>
      expect(fake.calls.find((call) => call.method === 'PUT')?.body).toEqual({ name: 'Second officer', fcBonus: 10, planeWhiteList: ['A320', 'B738'], planeBlackList: [] }),
    );
  });

  it('refuses a malformed aircraft list before sending anything', async () => {
    signInForTest();
    const fake = installFakeFetch({ [`GET ${API}/airline/a1/rank`]: () => json(ranks) });
    renderWithProviders(<AirlineRanks airline={airline()} />);
    const create = await screen.findByRole('form', { name: 'New rank' });
    await userEvent.type(within(create).getByRole('textbox', { name: /^Rank name/ }), 'Trainee');
    await userEvent.type(within(create).getByRole('textbox', { name: 'Forbidden aircraft' }), 'A320, BOEING747');
    await userEvent.click(within(create).getByRole('button', { name: 'Create the rank' }));
    expect(within(create).getByRole('textbox', { name: 'Forbidden aircraft' })).toHaveAccessibleDescription(/Each aircraft is an ICAO type code of 2 to 4 letters or digits/);
    expect(fake.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('deletes a rank only after OK', async () => {
    signInForTest();
    const fake = installFakeFetch({
      [`GET ${API}/airline/a1/rank`]: () => json(ranks),
      [`DELETE ${API}/airline/a1/rank/r3`]: () => json({ success: true }),
    });
    renderWithProviders(<AirlineRanks airline={airline()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete: Captain' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete the rank Captain? Its pilots go back to the default rank.' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fake.calls.filter((call) => call.method === 'DELETE')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete: Captain' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'OK, delete it' }));
    await waitFor(() => expect(fake.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([`${API}/airline/a1/rank/r3`]));
  });

  it('shows a plain member the ranks without any editing button', async () => {
    signInForTest();
    installFakeFetch({ [`GET ${API}/airline/a1/rank`]: () => json(ranks) });
    renderWithProviders(<AirlineRanks airline={airline(member)} />);
    expect(await screen.findByText('3. Captain')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('form', { name: 'New rank' })).toBeNull();
    expect(screen.getByText('3. Captain').closest('li')).toHaveAttribute('draggable', 'false');
  });

  // The server grants airline.rank.manage to the owner alone (domain role table): an administrator's
  // request would be refused with ERR_0012, so they get no button either.
  it('shows an administrator the ranks without the owner-only editing buttons', async () => {
    signInForTest();
    installFakeFetch({ [`GET ${API}/airline/a1/rank`]: () => json(ranks) });
    renderWithProviders(<AirlineRanks airline={airline({ isOwner: false, isAdmin: true })} />);
    expect(await screen.findByText('3. Captain')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move up: Captain' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'New rank' })).toBeNull();
  });

  it('says when there is no rank yet', async () => {
    signInForTest();
    installFakeFetch({ [`GET ${API}/airline/a1/rank`]: () => json(emptyPage) });
    renderWithProviders(<AirlineRanks airline={airline()} />);
    expect(await screen.findByText('No rank yet.')).toBeInTheDocument();
  });

  it('shows why the ranks could not be read', async () => {
    signInForTest();
    installFakeFetch({ [`GET ${API}/airline/a1/rank`]: () => json({ success: false, message: 'Airline not found', errorCode: 'ERR_0011' }, 404) });
    renderWithProviders(<AirlineRanks airline={airline()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Airline not found.');
  });
});

describe('hangars', () => {
  const hangar = {
    id: 'hg1',
    hub: { id: 'h1', airportIdent: 'EGLL' },
    nextDtOfPayment: '2026-12-24T00:00:00.000Z',
    rarity: 'common',
    type: 'MEDIUM',
    capacity: 4,
    state: 'ACTIVE',
    occupations: [{ planeId: 'p1', planeModel: 'Airbus A320', planeName: 'CTR-0001', availabilityDate: null }],
  };
  const hangarItem = { id: 'inv9', itemId: 'i9', name: 'Steel hangar', categoryName: 'Hangar', description: '', media: null, typeName: 'HANGAR', createdAt: '2026-11-24T00:00:00Z', planeCategory: null, aircraftIcao: null, hangarSize: 'LARGE', rarity: 'common', quantity: 1, converted: false };

  it('lists the hangars with their airport, size, occupancy and planes, page by page', async () => {
    signInForTest();
    const fake = installFakeFetch({
      [`GET ${API}/airline/a1/hangar`]: (request) => json(pageOf(request.url.searchParams.get('page') === '1' ? [{ ...hangar, id: 'hg2', hub: { id: 'h2', airportIdent: 'LFPG' }, occupations: [] }] : [hangar], 2)),
      'GET /api/v1/airline-item/airline/a1': () => json(emptyPage),
    });
    renderWithProviders(<AirlineHangars airline={airline()} />);
    const row = (await screen.findByRole('cell', { name: 'EGLL' })).closest('tr')!;
    expect(within(row).getByRole('cell', { name: 'Medium' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: '1 / 4 planes' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'CTR-0001 (Airbus A320)' })).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Hangar pages' })).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('cell', { name: 'LFPG' })).toBeInTheDocument();
    expect(fake.calls.filter((call) => call.path.endsWith('/hangar')).map((call) => call.url.searchParams.get('page'))).toEqual(['0', '1']);
  });

  it('shows the cost at the chosen airport before building, and builds only after OK', async () => {
    signInForTest();
    const fake = installFakeFetch({
      [`GET ${API}/airline/a1/hangar`]: () => json(emptyPage),
      'GET /api/v1/airline-item/airline/a1': () => json(pageOf([hangarItem])),
      [`GET ${API}/airline/hangar/airport/EGLL/cost`]: (request) => json({ airportIdent: 'EGLL', operatingCost: 2_000, licenceCost: 50_000, hangarType: request.url.searchParams.get('type') }),
      [`GET ${API}/airline/hangar/airport/LFPG/cost`]: () => json({ airportIdent: 'LFPG', operatingCost: 1_500, licenceCost: 40_000, hangarType: 'LARGE' }),
      [`POST ${API}/airline/a1/hangar`]: () => json({ id: 'hg3', type: 'LARGE', rarity: 'common', capacity: 8 }, 201),
    });
    renderWithProviders(<AirlineHangars airline={airline()} />);
    expect(await screen.findByText('No hangar yet.')).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Build a hangar' });
    expect(await within(form).findByText('At EGLL: 50,000 FC now for the licence, then 2,000 FC a month.')).toBeInTheDocument();
    expect(fake.calls.find((call) => call.path.endsWith('/EGLL/cost'))?.url.searchParams.get('type')).toBe('LARGE');
    // Quoted at the airline's own difficulty: the server prices for this airline.
    expect(fake.calls.find((call) => call.path.endsWith('/EGLL/cost'))?.url.searchParams.get('airlineId')).toBe('a1');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Airport (hub)' }), 'h2');
    expect(await within(form).findByText('At LFPG: 40,000 FC now for the licence, then 1,500 FC a month.')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Build the hangar' }));
    const dialog = within(form).getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Build a Large hangar at LFPG? The airline pays 40,000 FC now and 1,500 FC each month.');
    expect(fake.calls.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK, build it' }));
    await waitFor(() => expect(fake.calls.find((call) => call.method === 'POST')?.body).toEqual({ hubId: 'h2', itemId: 'inv9' }));
    expect(await screen.findByText(/Hangar built/)).toBeInTheDocument();
  });

  it('sends the owner to the store without a hangar item, and shows a member no purchase', async () => {
    signInForTest();
    const fake = installFakeFetch({
      [`GET ${API}/airline/a1/hangar`]: () => json(emptyPage),
      'GET /api/v1/airline-item/airline/a1': () => json(emptyPage),
    });
    const { unmount } = renderWithProviders(<AirlineHangars airline={airline()} />);
    expect(await screen.findByText(/No hangar item waiting/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy aircraft and hangars in the store' })).toHaveAttribute('href', '/airline-mgr/store');
    unmount();
    fake.calls.length = 0;
    renderWithProviders(<AirlineHangars airline={airline(member)} />);
    expect(await screen.findByText('No hangar yet.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Build a hangar' })).toBeNull();
    expect(fake.calls.some((call) => call.path.includes('airline-item'))).toBe(false);
  });
});

describe('traffic rights', () => {
  const right = (iso: string, countryName: string, endInDays: number, autoRenew: boolean) => ({ isoCountry: iso, countryName, endDate: new Date(Date.now() + endInDays * DAY_MS).toISOString(), autoRenew, state: 'ACTIVE' });
  const rights = pageOf([right('FR', 'France', 10, true), right('ES', 'Spain', 200, false)]);

  it('renews a right in its last month and switches its auto-renewal', async () => {
    signInForTest();
    const fake = installFakeFetch({
      [`GET ${API}/airline/a1/traffic-right`]: () => json(rights),
      [`POST ${API}/airline/a1/traffic-right/FR/renew`]: () => json({ success: true }),
      [`PUT ${API}/airline/a1/traffic-right/FR`]: () => json({ success: true }),
    });
    renderWithProviders(<AirlineTrafficRights airline={airline()} />);
    const france = (await screen.findByRole('cell', { name: 'France (FR)' })).closest('tr')!;
    const spain = screen.getByRole('cell', { name: 'Spain (ES)' }).closest('tr')!;
    expect(within(spain).getByRole('button', { name: 'Renew: Spain (ES)' })).toBeDisabled();
    expect(within(spain).getByRole('button', { name: 'Renew: Spain (ES)' })).toHaveAccessibleDescription('Renewal opens one month before the end.');
    expect(within(spain).getByRole('checkbox', { name: 'Auto-renew: Spain (ES)' })).not.toBeChecked();

    await userEvent.click(within(france).getByRole('button', { name: 'Renew: France (FR)' }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === 'POST' && call.path === `${API}/airline/a1/traffic-right/FR/renew`)).toBe(true));
    expect(await screen.findByText('Traffic right renewed.')).toBeInTheDocument();

    await userEvent.click(within(france).getByRole('checkbox', { name: 'Auto-renew: France (FR)' }));
    await waitFor(() => expect(fake.calls.find((call) => call.method === 'PUT')).toMatchObject({ path: `${API}/airline/a1/traffic-right/FR`, body: { autoRenew: false } }));
  });

  it('says why a renewal was refused, in the user language', async () => {
    signInForTest();
    installFakeFetch({
      [`GET ${API}/airline/a1/traffic-right`]: () => json(rights),
      [`POST ${API}/airline/a1/traffic-right/FR/renew`]: () => json({ success: false, message: 'Only in the last month', errorCode: 'ERR_0031' }, 422),
    });
    renderWithProviders(<AirlineTrafficRights airline={airline()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Renew: France (FR)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A traffic right can be renewed only in the month before it ends.');
  });

  it('shows the cost of a country right before buying it', async () => {
    signInForTest();
    const fake = installFakeFetch({
      [`GET ${API}/airline/a1/traffic-right`]: () => json(emptyPage),
      [`GET ${API}/traffic-right/iso/DE/cost`]: () => json({ isoCountry: 'DE', licenceCost: 75_000 }),
      [`POST ${API}/airline/a1/traffic-right`]: () => json({ success: true }, 201),
    });
    renderWithProviders(<AirlineTrafficRights airline={airline()} />);
    expect(await screen.findByText('No traffic right yet.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Buy a traffic right' });
    await userEvent.type(within(form).getByRole('textbox', { name: /^Country code/ }), 'de{Enter}');
    expect(await within(form).findByText('The traffic right for DE costs 75,000 FC for 12 months.')).toBeInTheDocument();
    expect(fake.calls.find((call) => call.path.endsWith('/DE/cost'))?.url.searchParams.get('airlineId')).toBe('a1');
    expect(fake.calls.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.click(within(form).getByRole('button', { name: 'Buy the traffic right' }));
    await waitFor(() => expect(fake.calls.find((call) => call.method === 'POST')?.body).toEqual({ isoCountry: 'DE' }));
    expect(await screen.findByText('Traffic right bought.')).toBeInTheDocument();
  });

  it('refuses a country code that is not two letters without asking the server', async () => {
    signInForTest();
    const fake = installFakeFetch({ [`GET ${API}/airline/a1/traffic-right`]: () => json(emptyPage) });
    renderWithProviders(<AirlineTrafficRights airline={airline()} />);
    const form = await screen.findByRole('form', { name: 'Buy a traffic right' });
    await userEvent.type(within(form).getByRole('textbox', { name: /^Country code/ }), 'F1{Enter}');
    expect(within(form).getByText('The country code is two letters, e.g. FR.')).toBeInTheDocument();
    expect(fake.calls.some((call) => call.path.includes('/cost'))).toBe(false);
  });

  it('shows a plain member the rights without renewal, switch or purchase', async () => {
    signInForTest();
    installFakeFetch({ [`GET ${API}/airline/a1/traffic-right`]: () => json(rights) });
    renderWithProviders(<AirlineTrafficRights airline={airline(member)} />);
    const france = (await screen.findByRole('cell', { name: 'France (FR)' })).closest('tr')!;
    expect(within(france).getByRole('cell', { name: 'Yes' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('form', { name: 'Buy a traffic right' })).toBeNull();
  });
});
