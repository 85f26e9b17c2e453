import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFakeFetch, json } from '../../../testing/fake-api';
import { buildAirline, buildUser, signInForTest } from '../../../testing/factories';
import { renderWithProviders } from '../../../testing/render';
import type { TAirline } from '../api/airline-mgr';
import { logoProblem } from '../lib/logo-check';
import { AirlineConfiguration } from './airline-configuration';
import { AirlineFailure } from './airline-failure';
import { AirlineFinance } from './airline-finance';
import { AirlineHubs } from './airline-hubs';
import { AirlineItems } from './airline-items';
import { AirlineStore } from './airline-store';
import { ManagedAirlinePage } from './managed-airline';
import { currentAirline } from '../lib/current-airline';
import { AirlineMembers } from './airline-members';
import { AirlinePlanes, maintenanceBlocker } from './airline-planes';
import { AirlineSelection } from './airline-selection';

const API = '/api/airline-manager/v1';
const airline = buildAirline;
const emptyPage = { items: [], totalItems: 0, totalPages: 0 };

describe('the airline selection', () => {
  it('lists the airlines by name with "(owner)" on the owned one, and picks the one clicked', async () => {
    signInForTest();
    installFakeFetch({
      [`GET ${API}/airline/member/u1`]: () => json([{ id: 'z', name: 'Zulu Air', isOwner: false }, { id: 'a', name: 'Alpha Wings', isOwner: true }]),
    });
    const onSelect = vi.fn();
    renderWithProviders(<AirlineSelection userId="u1" isPremiumManager onSelect={onSelect} />);
    const list = await screen.findByRole('list', { name: 'Airlines you can manage' });
    expect(within(list).getAllByRole('button').map((button) => button.textContent)).toEqual(['Alpha Wings (owner)', 'Zulu Air']);
    expect(screen.queryByRole('heading', { name: 'Create your airline' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Zulu Air' }));
    expect(onSelect).toHaveBeenCalledWith('z');
  });

  it('picks the only airline by itself', async () => {
    signInForTest();
    installFakeFetch({ [`GET ${API}/airline/member/u1`]: () => json([{ id: 'only', name: 'Solo Air', isOwner: false }]) });
    const onSelect = vi.fn();
    renderWithProviders(<AirlineSelection userId="u1" isPremiumManager={false} onSelect={onSelect} />);
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith('only'));
  });

  it('offers creation to a premium manager without an owned airline, the subscription to others', async () => {
    signInForTest();
    installFakeFetch({ [`GET ${API}/airline/member/u1`]: () => json([]) });
    const { unmount } = renderWithProviders(<AirlineSelection userId="u1" isPremiumManager onSelect={vi.fn()} />);
    expect(await screen.findByRole('heading', { name: 'Create your airline' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Code/ }), 'a-');
    expect(screen.getByText('The code is exactly three letters or digits.')).toBeInTheDocument();
    unmount();
    renderWithProviders(<AirlineSelection userId="u1" isPremiumManager={false} onSelect={vi.fn()} />);
    expect(await screen.findByRole('heading', { name: 'The airline subscription is required' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the airline subscription' })).toHaveAttribute('href', '/airline-mgr/subscription');
    expect(screen.queryByRole('heading', { name: 'Create your airline' })).toBeNull();
  });

  it('checks the logo before upload: format, bytes, exactly 350 x 185', () => {
    expect(logoProblem({ type: 'image/gif', size: 10 }, { width: 350, height: 185 })).toBe('format');
    expect(logoProblem({ type: 'image/png', size: 100_001 }, { width: 350, height: 185 })).toBe('size');
    expect(logoProblem({ type: 'image/jpeg', size: 9_000 }, { width: 350, height: 184 })).toBe('dimensions');
    expect(logoProblem({ type: 'image/png', size: 9_000 }, null)).toBe('dimensions');
    expect(logoProblem({ type: 'image/png', size: 100_000 }, { width: 350, height: 185 })).toBeNull();
  });
});

describe('members and applicants', () => {
  const members = {
    items: [{ id: 'm1', userId: 'u1', userName: 'captain', callsign: null, flightHours: 12.34, numberOfFlight: 7, role: 'OWNER', rank: { id: 'r', name: 'Captain' }, careerLevel: 3, topFlownAircraft: 'A320', firstName: null, lastName: null }],
    totalItems: 1,
    totalPages: 1,
  };
  const applicants = { items: [{ id: 'ap1', userId: 'u2', userName: 'newbie', flightHours: 1, numberOfFlight: 1, careerLevel: 1, topFlownAircraft: null }], totalItems: 1, totalPages: 1 };

  it('lets the owner accept an applicant', async () => {
    signInForTest();
    const fake = installFakeFetch({
      [`GET ${API}/airline/a1/member`]: () => json(members),
      [`GET ${API}/airline/a1/applicant`]: () => json(applicants),
      [`PUT ${API}/airline/a1/applicant/ap1/accept`]: () => json({ success: true }),
    });
    renderWithProviders(<AirlineMembers airline={airline()} />);
    expect(await screen.findByRole('cell', { name: 'captain' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Owner' })).toBeInTheDocument();
    // The owner's own row has no role button.
    expect(screen.queryByRole('button', { name: /Make administrator: captain/ })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept newbie' }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === 'PUT' && call.path.endsWith('/ap1/accept'))).toBe(true));
  });

  it('shows a plain member no applicant and no decision button', async () => {
    signInForTest();
    const fake = installFakeFetch({ [`GET ${API}/airline/a1/member`]: () => json(members) });
    renderWithProviders(<AirlineMembers airline={airline({ isOwner: false, isAdmin: false })} />);
    expect(await screen.findByRole('cell', { name: 'captain' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Applicants' })).toBeNull();
    expect(fake.calls.some((call) => call.path.endsWith('/applicant'))).toBe(false);
  });
});

describe('managing members', () => {
  const member = (id: string, userId: string, userName: string, role: 'OWNER' | 'ADMINISTRATOR' | 'MEMBER', rank: { id: string; name: string }) => ({
    id, userId, userName, callsign: null, flightHours: 3, numberOfFlight: 2, role, rank, careerLevel: 2, topFlownAircraft: null, firstName: null, lastName: null,
  });
  const cadet = { id: 'r1', name: 'Cadet' };
  const captainRank = { id: 'r2', name: 'Captain' };
  const members = { items: [member('m1', 'u1', 'captain', 'OWNER', captainRank), member('m2', 'u2', 'rookie', 'MEMBER', cadet)], totalItems: 2, totalPages: 1 };
  const ranks = { items: [{ ...cadet, sortIdx: 0 }, { ...captainRank, sortIdx: 1 }], totalItems: 2, totalPages: 1 };

  it("lets the owner move a member to another rank, and remove them only after OK", async () => {
    signInForTest();
    const fake = installFakeFetch({
      'GET /api/v1/user/information': () => json(buildUser({ id: 'u1', userName: 'captain' })),
      [`GET ${API}/airline/a1/member`]: () => json(members),
      [`GET ${API}/airline/a1/applicant`]: () => json(emptyPage),
      [`GET ${API}/airline/a1/rank`]: () => json(ranks),
      [`PUT ${API}/airline/a1/member/m2`]: () => json({ success: true }),
      [`DELETE ${API}/airline/a1/member/m2`]: () => json({ success: true }),
    });
    renderWithProviders(<AirlineMembers airline={airline()} />);
    const rank = await screen.findByRole('combobox', { name: 'Rank of rookie' });
    expect(screen.queryByRole('combobox', { name: 'Rank of captain' })).toBeNull();
    await userEvent.selectOptions(rank, 'Captain');
    await waitFor(() => expect(fake.calls.find((call) => call.method === 'PUT' && call.path.endsWith('/member/m2'))?.body).toEqual({ rankId: 'r2' }));

    await userEvent.click(screen.getByRole('button', { name: 'Remove rookie' }));
    expect(screen.getByRole('alertdialog', { name: 'Remove rookie from the airline? They are told.' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(fake.calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Remove rookie' }));
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === 'DELETE' && call.path.endsWith('/member/m2'))).toBe(true));
  });

  it('lets a member leave the airline after OK, and gives them no rank or remove control', async () => {
    signInForTest();
    currentAirline.set('a1');
    const fake = installFakeFetch({
      'GET /api/v1/user/information': () => json(buildUser({ id: 'u2', userName: 'rookie' })),
      [`GET ${API}/airline/a1/member`]: () => json(members),
      [`GET ${API}/airline/a1/rank`]: () => json(ranks),
      [`DELETE ${API}/airline/a1/member/m2`]: () => json({ success: true }),
    });
    renderWithProviders(<AirlineMembers airline={airline({ isOwner: false, isAdmin: false })} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Leave the airline' }));
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === 'DELETE' && call.path.endsWith('/member/m2'))).toBe(true));
    await waitFor(() => expect(currentAirline.get()).toBeNull());
  });
});

describe('finance', () => {
  it('shows the profit and loss per route and per plane, and the transactions with their state', async () => {
    signInForTest();
    installFakeFetch({
      [`GET ${API}/airline/a1/profit-and-loss`]: () =>
        json({ byRoute: [{ key: 'Shuttle', revenue: 10_584, cost: 100, profit: 10_484, flights: 1 }], byPlane: [{ key: 'CTR-0001', revenue: 10_584, cost: 100, profit: 10_484, flights: 1 }] }),
      [`GET ${API}/airline/a1/wallet`]: () =>
        json({
          items: [
            { id: 't1', description: 'Flight CTR1234 EGLL-LFPG', executionDate: '2026-11-24T00:00:00.000Z', amount: 10_584, agent: null, transactionType: 'CREDIT', transactionState: 'SUCCESS', transactionCategory: { category: 'FLIGHT_REVENUE', flightNumber: 'CTR1234', departureAirport: 'EGLL', arrivalAirport: 'LFPG' } },
          ],
          totalItems: 1,
          totalPages: 1,
        }),
    });
    renderWithProviders(<AirlineFinance airline={airline()} />);
    const perRoute = await screen.findByRole('table', { name: 'Per route' });
    expect(within(perRoute).getByRole('cell', { name: 'Shuttle' })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Per plane' })).getByRole('cell', { name: 'CTR-0001' })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Flight revenue · Flight CTR1234 EGLL → LFPG' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Paid' })).toBeInTheDocument();
  });

  it('says so when nothing was flown or paid yet', async () => {
    signInForTest();
    installFakeFetch({
      [`GET ${API}/airline/a1/profit-and-loss`]: () => json({ byRoute: [], byPlane: [] }),
      [`GET ${API}/airline/a1/wallet`]: () => json(emptyPage),
      [`GET ${API}/airline/a1/wallet/history`]: () => json({ months: [{ month: '2026-11', income: 0, costs: 0, byCategory: [] }] }),
    });
    renderWithProviders(<AirlineFinance airline={airline()} />);
    expect(await screen.findByText('No flight flown for the airline yet.')).toBeInTheDocument();
    expect(await screen.findByText('No transaction yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Income and costs over time' })).toBeInTheDocument();
    expect(await screen.findByText('No income or cost yet')).toBeInTheDocument();
  });
});

describe('planes', () => {
  const plane = (id: string, state: string, wear: number, airport: string | null) => ({
    id,
    configuration: { eco: 150, business: 12, first: 0 },
    wear,
    lifetime: 10,
    mftId: null,
    model: 'Airbus A320',
    tailRegistration: `CTR-${id}`,
    icao: 'A320',
    state,
    category: 'MEDIUM_HAUL',
    hangarId: null,
    airport,
  });

  it('allows maintenance only on the ground with some wear', () => {
    expect(maintenanceBlocker({ state: 'FLYING', airport: null, wear: 80 })).toBe('notOnGround');
    expect(maintenanceBlocker({ state: 'AT_AIRPORT', airport: 'EGLL', wear: 100 })).toBe('perfect');
    expect(maintenanceBlocker({ state: 'GROUNDED', airport: 'EGLL', wear: 15 })).toBeNull();
  });

  it('shows the owner the maintenance button, disabled with the reason where it cannot start, and sends the plane', async () => {
    signInForTest();
    const fake = installFakeFetch({
      [`GET ${API}/airline/a1/plane`]: () => json({ items: [plane('0001', 'AT_AIRPORT', 100, 'EGLL'), plane('0002', 'AT_AIRPORT', 62.4, 'LFPG')], totalItems: 2, totalPages: 1 }),
      [`PUT ${API}/airline/a1/plane/0002/state/UNDER_MAINTENANCE`]: () => json({}),
    });
    renderWithProviders(<AirlinePlanes airline={airline()} />);
    const perfect = (await screen.findByRole('cell', { name: 'CTR-0001' })).closest('tr')!;
    expect(within(perfect).getByRole('button', { name: 'Send to maintenance' })).toBeDisabled();
    expect(within(perfect).getByText('The plane is in perfect condition.')).toBeInTheDocument();
    const worn = screen.getByRole('cell', { name: 'CTR-0002' }).closest('tr')!;
    expect(within(worn).getByRole('cell', { name: '62.4 %' })).toBeInTheDocument();
    await userEvent.click(within(worn).getByRole('button', { name: 'Send to maintenance' }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === 'PUT')).toBe(true));
  });

  it('shows a member the fleet without the maintenance column', async () => {
    signInForTest();
    installFakeFetch({ [`GET ${API}/airline/a1/plane`]: () => json({ items: [plane('0003', 'BUILDING', 100, 'EGLL')], totalItems: 1, totalPages: 1 }) });
    renderWithProviders(<AirlinePlanes airline={airline({ isOwner: false })} />);
    expect(await screen.findByRole('cell', { name: 'Being built' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send to maintenance' })).toBeNull();
  });
});

describe('building the airline', () => {
  const hub = { id: 'h1', airport: { ident: 'EGLL', label: 'Heathrow', municipality: 'London', position: { latitude: 51.47, longitude: -0.46, altitude: 83 } }, isMain: true, nextDtOfPayment: null, state: 'ACTIVE' };

  it('buys an aircraft for the airline in its own context', async () => {
    signInForTest();
    const item = (type: string, id: string, name: string) => ({ id, name, price: 40_000, currency: 'MFC', currencySymbol: 'FC', typeName: type });
    const fake = installFakeFetch({
      'GET /api/v1/item': (request) => json({ items: request.url.searchParams.get('type') === 'AIRCRAFT' ? [item('AIRCRAFT', 'i1', 'Airbus A320')] : [], totalItems: 1, totalPages: 1 }),
      'POST /api/v1/user-item': () => json({ success: true }),
    });
    renderWithProviders(<AirlineStore airline={airline()} userId="u1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Buy for the airline: Airbus A320' }));
    await waitFor(() => expect(fake.calls.find((call) => call.method === 'POST')?.body).toEqual({ userId: 'u1', itemId: 'i1', quantity: 1, context: 'airline_manager', airlineId: 'a1' }));
  });

  it('builds a plane from an aircraft item at the chosen hub with its cabin', async () => {
    signInForTest();
    const fake = installFakeFetch({
      'GET /api/v1/airline-item/airline/a1': () =>
        json({ items: [{ id: 'inv1', itemId: 'i1', name: 'Airbus A320', categoryName: 'Aircraft', description: '', media: null, typeName: 'AIRCRAFT', createdAt: '2026-11-24T00:00:00Z', planeCategory: 'MEDIUM_HAUL', aircraftIcao: 'A320', hangarSize: null, rarity: null, quantity: 1, converted: false }], totalItems: 1, totalPages: 1 }),
      [`POST ${API}/airline/a1/plane`]: () => json({}, 201),
    });
    renderWithProviders(<AirlineItems airline={airline({ hubs: [hub] as TAirline['hubs'] })} />);
    const form = await screen.findByRole('form', { name: 'Airbus A320' });
    await userEvent.clear(within(form).getByRole('spinbutton', { name: 'Business seats' }));
    await userEvent.type(within(form).getByRole('spinbutton', { name: 'Business seats' }), '20');
    await userEvent.click(within(form).getByRole('button', { name: 'Build the plane' }));
    await waitFor(() =>
      expect(fake.calls.find((call) => call.method === 'POST')?.body).toEqual({ itemId: 'inv1', aircraftIcao: 'A320', hubId: 'h1', configuration: { eco: 150, business: 20, first: 0 } }),
    );
  });

  it('creates a route with its airports in order and opens recruitment', async () => {
    signInForTest();
    const fake = installFakeFetch({
      [`GET ${API}/airline/a1/route`]: () => json(emptyPage),
      [`POST ${API}/airline/a1/route`]: () => json({}, 201),
      [`PUT ${API}/airline/a1`]: () => json({}),
    });
    renderWithProviders(<AirlineConfiguration airline={airline({ recruitmentOpened: false })} />);
    expect(await screen.findByText('No route yet.')).toBeInTheDocument();
    await userEvent.type(within(screen.getByRole('form', { name: 'New route' })).getByRole('textbox', { name: /^Name/ }), 'Shuttle');
    await userEvent.type(screen.getByRole('textbox', { name: /^Airports in order/ }), 'egll, lfpg');
    await userEvent.type(screen.getByRole('textbox', { name: /^Departure/ }), '08:00');
    await userEvent.type(screen.getByRole('textbox', { name: /^Arrival/ }), '09:15');
    await userEvent.click(screen.getByRole('button', { name: 'Create the route' }));
    await waitFor(() =>
      expect(fake.calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Shuttle', destinations: ['EGLL', 'LFPG'], planeCategory: 'MEDIUM_HAUL', departureTime: '08:00', arrivalTime: '09:15', constraints: [] }),
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Pilots may apply to join the airline' }));
    await waitFor(() => expect(fake.calls.find((call) => call.method === 'PUT')?.body).toEqual({ recruitmentOpened: true }));
  });
});

describe('bankruptcy', () => {
  it('lets the owner delete the airline only after OK, and keeps the code locked for a reset', async () => {
    signInForTest();
    const fake = installFakeFetch({ [`DELETE ${API}/airline/a1`]: () => json({ success: true }) });
    const onGone = vi.fn();
    renderWithProviders(<AirlineFailure airline={airline({ state: 'FAILED' })} onGone={onGone} />);
    expect(screen.getByRole('textbox', { name: /^Code/ })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: /^Code/ })).toHaveValue('CTR');
    await userEvent.click(screen.getByRole('button', { name: 'Delete the airline for good' }));
    const dialog = screen.getByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fake.calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Delete the airline for good' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'OK, delete it' }));
    await waitFor(() => expect(onGone).toHaveBeenCalledWith(null));
    expect(fake.calls.map((call) => call.method)).toEqual(['DELETE']);
  });

  it('tells a member what happened, with nothing to press', () => {
    signInForTest();
    renderWithProviders(<AirlineFailure airline={airline({ state: 'FAILED', isOwner: false })} onGone={vi.fn()} />);
    expect(screen.getByText('This airline is bankrupt: its owner may reset it or delete it.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('every airline page', () => {
  it('warns of failed payments with the days left, and lets the owner pay a failed one', async () => {
    signInForTest();
    currentAirline.set('a1');
    const failed = { id: 't9', description: 'Hub EGLL rent', executionDate: '2026-11-20T00:00:00.000Z', amount: 2_500, agent: null, transactionType: 'DEBIT', transactionState: 'FAILED', transactionCategory: { category: 'HUB_OPERATIONAL_COST', hubAirportIdent: 'EGLL' } };
    const fake = installFakeFetch({
      [`GET ${API}/airline/a1`]: () => json(airline()),
      [`GET ${API}/airline/a1/bankrupt`]: () => json({ nbFailedTransaction: 1, dayLeft: 11 }),
      [`GET ${API}/airline/a1/profit-and-loss`]: () => json({ byRoute: [], byPlane: [] }),
      [`GET ${API}/airline/a1/wallet`]: () => json({ items: [failed], totalItems: 1, totalPages: 1 }),
      [`PUT ${API}/airline/a1/wallet/transaction/t9/pay`]: () => json(failed),
    });
    renderWithProviders(<ManagedAirlinePage title="Finance">{(managed) => <AirlineFinance airline={managed} />}</ManagedAirlinePage>);
    expect(await screen.findByText(/1 payment failed: pay it within 11 days or the airline goes bankrupt./)).toBeInTheDocument();
    // In the manager's language, from the category and its data (not the server's English description).
    await userEvent.click(await screen.findByRole('button', { name: 'Pay Hub operating cost · Hub EGLL' }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === 'PUT' && call.path.endsWith('/t9/pay'))).toBe(true));
    currentAirline.set(null);
  });

  it('goes back to the selection without a current airline', async () => {
    signInForTest();
    currentAirline.set(null);
    const { router } = renderWithProviders(<ManagedAirlinePage title="Finance">{() => null}</ManagedAirlinePage>, '/airline-mgr/finance');
    await waitFor(() => expect(router.state.location.pathname).toBe('/airline-mgr'));
  });
});

describe('hubs', () => {
  const egll = { id: 'h1', airport: { ident: 'EGLL', label: 'Heathrow', municipality: 'London', position: { latitude: 51.47, longitude: -0.46, altitude: 83 } }, isMain: true, nextDtOfPayment: null, state: 'ACTIVE' as const, operatingCost: 1_250 };

  it('lets the owner open a second hub by its airport code, and says why when it cannot', async () => {
    signInForTest();
    let calls = 0;
    const fake = installFakeFetch({
      [`GET ${API}/hub/airport/LFPG/cost/game_difficulty/REALIST`]: () => json({ airportIdent: 'LFPG', licenceCost: 30_000, operatingCost: 2_500, nbAirline: 2 }),
      [`POST ${API}/airline/a1/hub`]: () => (++calls === 1 ? json({ success: false, message: 'The airline does not have enough FlightCoins', errorCode: 'ERR_0013' }, 422) : json({}, 201)),
    });
    renderWithProviders(<AirlineHubs airline={airline({ hubs: [egll] })} />);
    expect(screen.getByText('EGLL · Heathrow (main hub)')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /^Airport/ }), 'lfpg');
    // The licence and rent are quoted before the owner pays.
    expect(await screen.findByText('LFPG: licence 30,000 FC now, then 2,500 FC a month (2 other airlines there).')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open the hub' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open the hub' }));
    expect(await screen.findByText(/Hub opened/)).toBeInTheDocument();
    expect(fake.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ airportIdent: 'LFPG' }, { airportIdent: 'LFPG' }]);
  });

  it('shows a member the hubs without the form', () => {
    signInForTest();
    renderWithProviders(<AirlineHubs airline={airline({ isOwner: false, hubs: [egll] })} />);
    expect(screen.queryByRole('button', { name: 'Open the hub' })).toBeNull();
  });
});
