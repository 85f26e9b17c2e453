import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useCurrentUser } from '../../../lib/auth';
import { installFakeFetch, json } from '../../../testing/fake-api';
import { buildAirline, buildUser, signInForTest } from '../../../testing/factories';
import { renderWithProviders } from '../../../testing/render';
import { useAirline, type TAirline } from '../api/airline-mgr';
import { AirlineConfiguration } from './airline-configuration';
import { AirlineFinance } from './airline-finance';
import { AirlineHubs } from './airline-hubs';
import { CreateAirlineForm } from './create-airline-form';

/** Issue 17: route constraints, transactions by state and category, errors of the manager's actions. */
const API = '/api/airline-manager/v1';
const airline = (overrides: Partial<TAirline> = {}): TAirline => buildAirline({ planeCategory: 'SMALL_HAUL', ...overrides });
const FO = '11111111-1111-4111-8111-111111111111';
const CAPTAIN = '22222222-2222-4222-8222-222222222222';
const rank = (id: string, name: string, sortIdx: number) => ({ id, name, fcBonus: 0, planeWhiteList: [], planeBlackList: [], default: sortIdx === 0, sortIdx });
const ranks = { items: [rank(FO, 'First officer', 0), rank(CAPTAIN, 'Captain', 1)], totalItems: 2, totalPages: 1 };
const route = (overrides: Record<string, unknown>) => ({
  id: 'r1',
  airlineId: 'a1',
  name: 'Channel hopper',
  destinations: ['EGLL', 'LFPG'],
  airlineConstraints: [],
  externalConstraints: [],
  planeCategory: 'SMALL_HAUL',
  departureTime: '08:00',
  arrivalTime: '09:15',
  departureHub: 'EGLL',
  arrivalHub: 'LFPG',
  restricted: false,
  restrictionReason: null,
  ...overrides,
});
const page = <T,>(items: T[], totalPages = 1) => ({ items, totalItems: items.length, totalPages });

const fillRoute = async () => {
  await userEvent.type(within(screen.getByRole('form', { name: 'New route' })).getByRole('textbox', { name: /^Name/ }), 'Shuttle');
  await userEvent.type(screen.getByRole('textbox', { name: /^Airports in order/ }), 'egll, lfpg');
  await userEvent.type(screen.getByRole('textbox', { name: /^Departure/ }), '08:00');
  await userEvent.type(screen.getByRole('textbox', { name: /^Arrival/ }), '09:15');
};

describe('route constraints', () => {
  it('shows each route’s constraints in words, and sends the ranks and career level chosen', async () => {
    signInForTest();
    const fake = installFakeFetch({
      [`GET ${API}/airline/a1/rank`]: () => json(ranks),
      [`GET ${API}/airline/a1/route`]: () =>
        json(
          page([
            route({ airlineConstraints: [{ context: 'AIRLINE', type: 'MinRank', rankId: CAPTAIN }, { context: 'AIRLINE', type: 'CL', value: 5 }] }),
            route({ id: 'r2', name: 'Junior run', airlineConstraints: [{ context: 'AIRLINE', type: 'MaxRank', rankId: FO }] }),
            route({ id: 'r3', name: 'Open line' }),
          ]),
        ),
      [`POST ${API}/airline/a1/route`]: () => json({}, 201),
    });
    renderWithProviders(<AirlineConfiguration airline={airline()} />);
    expect(await screen.findByText('Channel hopper: EGLL → LFPG, 08:00-09:15 UTC, Small haul; pilots from rank Captain and career level 5 or more')).toBeInTheDocument();
    expect(screen.getByText('Junior run: EGLL → LFPG, 08:00-09:15 UTC, Small haul; pilots up to rank First officer')).toBeInTheDocument();
    expect(screen.getByText('Open line: EGLL → LFPG, 08:00-09:15 UTC, Small haul')).toBeInTheDocument();

    // Empty by default: the route goes without constraints unless some are chosen.
    const constraints = screen.getByRole('group', { name: 'Who may fly it (optional)' });
    expect(within(constraints).getByRole('combobox', { name: 'Minimum rank' })).toHaveValue('');
    expect(within(constraints).getByRole('spinbutton', { name: /^Minimum career level/ })).toHaveValue(null);
    await fillRoute();
    await userEvent.selectOptions(await within(constraints).findByRole('combobox', { name: 'Minimum rank' }), 'First officer');
    await userEvent.selectOptions(within(constraints).getByRole('combobox', { name: 'Maximum rank' }), 'Captain');
    await userEvent.type(within(constraints).getByRole('spinbutton', { name: /^Minimum career level/ }), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Create the route' }));
    await waitFor(() =>
      expect(fake.calls.find((call) => call.method === 'POST')?.body).toEqual({
        name: 'Shuttle',
        destinations: ['EGLL', 'LFPG'],
        planeCategory: 'SMALL_HAUL',
        departureTime: '08:00',
        arrivalTime: '09:15',
        constraints: [
          { context: 'AIRLINE', type: 'MinRank', rankId: FO },
          { context: 'AIRLINE', type: 'MaxRank', rankId: CAPTAIN },
          { context: 'AIRLINE', type: 'CL', value: 3 },
        ],
      }),
    );
    expect(await screen.findByText('Route created.')).toBeInTheDocument();
  });

  it('refuses a minimum rank above the maximum one without asking the server', async () => {
    signInForTest();
    const fake = installFakeFetch({
      [`GET ${API}/airline/a1/rank`]: () => json(ranks),
      [`GET ${API}/airline/a1/route`]: () => json(page([])),
    });
    renderWithProviders(<AirlineConfiguration airline={airline()} />);
    await fillRoute();
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Minimum rank' }), 'Captain');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Maximum rank' }), 'First officer');
    await userEvent.click(screen.getByRole('button', { name: 'Create the route' }));
    expect(await screen.findByText('The minimum rank is above the maximum rank: no pilot could fly this route.')).toBeInTheDocument();
    expect(fake.calls.some((call) => call.method === 'POST')).toBe(false);
  });
});

describe('transactions by state and category', () => {
  const transaction = (id: string) => ({
    id,
    description: `Rent ${id}`,
    executionDate: '2026-11-24T00:00:00.000Z',
    amount: 100,
    currency: 'MFC',
    agent: null,
    transactionType: 'DEBIT',
    transactionState: 'FAILED',
    // A category the web has no words for: the rows show their own descriptions, one per page.
    transactionCategory: { category: 'UNKNOWN' },
  });

  it('sends the filters as the query, starts again from the first page, and says when nothing matches', async () => {
    signInForTest();
    const fake = installFakeFetch({
      [`GET ${API}/airline/a1/profit-and-loss`]: () => json({ byRoute: [], byPlane: [] }),
      [`GET ${API}/airline/a1/wallet/history`]: () => json({ months: [] }),
      [`GET ${API}/airline/a1/wallet`]: ({ url }) =>
        url.searchParams.get('categories') === 'JUMPSEAT' ? json(page([])) : json(page([transaction(`t${url.searchParams.get('page')}`)], 3)),
    });
    const walletCalls = () => fake.calls.filter((call) => call.path === `${API}/airline/a1/wallet`).map((call) => Object.fromEntries(call.url.searchParams));
    renderWithProviders(<AirlineFinance airline={airline()} />);
    expect(await screen.findByRole('cell', { name: 'Rent t0' })).toBeInTheDocument();
    expect(walletCalls()[0]).toEqual({ page: '0', size: '10' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('cell', { name: 'Rent t1' })).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Transaction state' }), 'Failed');
    await waitFor(() => expect(walletCalls().at(-1)).toEqual({ page: '0', size: '10', states: 'FAILED' }));
    expect(await screen.findByRole('cell', { name: 'Rent t0' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(walletCalls().at(-1)).toEqual({ page: '1', size: '10', states: 'FAILED' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Transaction category' }), 'Jumpseat');
    await waitFor(() => expect(walletCalls().at(-1)).toEqual({ page: '0', size: '10', states: 'FAILED', categories: 'JUMPSEAT' }));
    expect(await screen.findByText('No transaction matches these filters.')).toBeInTheDocument();
    expect(screen.queryByText('No transaction yet.')).toBeNull();

    // "All" drops the parameter again.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Transaction state' }), 'All states');
    await waitFor(() => expect(walletCalls().at(-1)).toEqual({ page: '0', size: '10', categories: 'JUMPSEAT' }));
  });
});

describe('errors of the airline-manager actions', () => {
  /** The airline as the pages read it, so a refresh of it shows as a new GET. */
  const AirlineWatcher = () => {
    useAirline('a1');
    return null;
  };
  const UserWatcher = () => {
    useCurrentUser();
    return null;
  };

  it('ERR_0013: toasts the translated message once and refreshes the airline and its balance', async () => {
    signInForTest();
    const fake = installFakeFetch({
      [`GET ${API}/airline/a1`]: () => json(airline()),
      [`GET ${API}/hub/airport/LFPG/cost/game_difficulty/REALIST`]: () => json({ airportIdent: 'LFPG', licenceCost: 30_000, operatingCost: 2_500, nbAirline: 2 }),
      [`POST ${API}/airline/a1/hub`]: () => json({ success: false, message: 'The airline does not have enough FlightCoins', errorCode: 'ERR_0013' }, 422),
    });
    const airlineReads = () => fake.calls.filter((call) => call.method === 'GET' && call.path === `${API}/airline/a1`).length;
    renderWithProviders(
      <>
        <AirlineWatcher />
        <AirlineHubs airline={airline()} />
      </>,
    );
    await waitFor(() => expect(airlineReads()).toBe(1));
    await userEvent.type(screen.getByRole('textbox', { name: /^Airport/ }), 'lfpg');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open the hub' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Open the hub' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The airline does not have enough FC.');
    // One rule: an action's failure is told in the toast only, not again in the form.
    expect(screen.getAllByText('The airline does not have enough FC.')).toHaveLength(1);
    await waitFor(() => expect(airlineReads()).toBeGreaterThanOrEqual(2));
  });

  it('ERR_0006: toasts the translated message and refreshes the current user', async () => {
    signInForTest();
    const fake = installFakeFetch({
      'GET /api/v1/user/information': () => json(buildUser()),
      [`POST ${API}/airline`]: () => json({ success: false, message: 'Subscription inactive', errorCode: 'ERR_0006' }, 403),
    });
    const userReads = () => fake.calls.filter((call) => call.path === '/api/v1/user/information').length;
    renderWithProviders(
      <>
        <UserWatcher />
        <CreateAirlineForm onCreated={vi.fn()} />
      </>,
    );
    await waitFor(() => expect(userReads()).toBe(1));
    const form = screen.getByRole('form', { name: 'Create your airline' });
    form.querySelectorAll('input[required]').forEach((input) => input.removeAttribute('required'));
    await userEvent.click(within(form).getByRole('button', { name: 'Create the airline' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("The owner's subscription must be active.");
    await waitFor(() => expect(userReads()).toBe(2));
  });

  it('an unknown code: the generic toast, and a warning logged for support', async () => {
    signInForTest();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    installFakeFetch({
      [`GET ${API}/airline/a1/hub`]: () => json(page([])),
      [`GET ${API}/hub/airport/LFPG/cost/game_difficulty/REALIST`]: () => json({ airportIdent: 'LFPG', licenceCost: 30_000, operatingCost: 2_500, nbAirline: 2 }),
      [`POST ${API}/airline/a1/hub`]: () => json({ success: false, message: 'Boom', errorCode: 'ERR_9999' }, 500),
    });
    renderWithProviders(<AirlineHubs airline={airline()} />);
    await userEvent.type(screen.getByRole('textbox', { name: /^Airport/ }), 'lfpg');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open the hub' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Open the hub' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    expect(warn).toHaveBeenCalledWith('Unhandled error', expect.objectContaining({ errorCode: 'ERR_9999' }));
  });
});
