import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MFT_BONUS_FC_PER_HOUR, MFT_MONTHLY_LIMIT_HOURS } from '@contrail/domain/economy/mft-bonus';
import { buildAirline, signInForTest } from '../../../testing/factories';
import { installFakeFetch, json } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import type { TAirline, TMember } from '../api/airline-mgr';
import { AirlineHubs, reopenCostOf } from './airline-hubs';
import { AirlineInformation } from './airline-information';
import { AirlineMft } from './airline-mft';
import { AirlineRouteItem } from './airline-route-item';
import { AirlineSelection } from './airline-selection';
import { MemberGrounding, MemberRankDetail } from './member-grounding';
import { PlaneCostPreview } from './plane-cost-preview';
import { SubscriptionGate } from './subscription-gate';

const API = '/api/airline-manager/v1';
const DAY = 86_400_000;
const egll = { id: 'h1', airport: { ident: 'EGLL', label: 'Heathrow', municipality: 'London', position: { latitude: 51.47, longitude: -0.46, altitude: 83 } }, isMain: true, nextDtOfPayment: null, state: 'ACTIVE' as const, operatingCost: 2_500 };
const lfmn = { ...egll, id: 'h2', airport: { ...egll.airport, ident: 'LFMN', label: 'Nice' }, isMain: false, operatingCost: 1_350 };
const airline = (overrides: Partial<TAirline> = {}): TAirline => buildAirline({ hubs: [egll, lfmn], ...overrides });
const configuration = {
  hangar: { capacity: {}, licenceCost: {}, operatingCost: {} },
  hub: { licenceCost: { small_airport: 6_000, medium_airport: 15_000, large_airport: 30_000 }, operatingCost: { small_airport: 250, medium_airport: 1_350, large_airport: 2_500 } },
  plane: { groundedAtWear: 20, buildCost: {}, seatCost: {} },
  route: { minDestinations: 2, maxDestinations: 5 },
  rank: { maxFcBonus: 1000 },
  salaryInformation: { baseSalary: 100 },
  trafficRight: { validityMonths: 6, renewalWindowMonths: 1 },
  mftOption: ['pilot', 'airline'],
  mftBonus: { fcPerHour: MFT_BONUS_FC_PER_HOUR, monthlyLimitHours: MFT_MONTHLY_LIMIT_HOURS },
  bankruptcyDeadlineDays: 14,
};

describe('airline information', () => {
  it("shows the airline's information and lets the owner edit it through the multipart form", async () => {
    signInForTest();
    const fake = installFakeFetch({ [`PUT ${API}/airline/a1`]: () => json(airline({ name: 'Contrail Express' })) });
    renderWithProviders(<AirlineInformation airline={airline({ description: 'Our routes across Europe' })} />);
    const facts = screen.getByRole('region', { name: 'Airline information' });
    for (const text of ['CTR', 'Contrail Air', 'Our routes across Europe', 'Realistic', 'EGLL (main), LFMN', 'Active']) expect(within(facts).getByText(text)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit the airline' }));
    const name = screen.getByRole('textbox', { name: /^Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Contrail Express');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === 'PUT')).toBe(true));
    const sent = fake.calls.find((call) => call.method === 'PUT')!.body as FormData;
    expect(sent.get('name')).toBe('Contrail Express');
    // The fixed fields travel as they are: the code, the difficulty and the main hub.
    expect([sent.get('code'), sent.get('gameDifficulty'), sent.get('hubAirportIdent')]).toEqual(['CTR', 'REALIST', 'EGLL']);
  });

  it('offers no editing to a member', () => {
    signInForTest();
    renderWithProviders(<AirlineInformation airline={airline({ isOwner: false })} />);
    expect(screen.queryByRole('button', { name: 'Edit the airline' })).toBeNull();
  });
});

describe('hub decisions', () => {
  it('reopens free before the due date, at the licence after it', () => {
    const now = Date.UTC(2026, 10, 27);
    expect(reopenCostOf({ nextDtOfPayment: new Date(now + DAY).toISOString() }, 15_000, now)).toBe(0);
    expect(reopenCostOf({ nextDtOfPayment: new Date(now - DAY).toISOString() }, 15_000, now)).toBe(15_000);
    expect(reopenCostOf({ nextDtOfPayment: null }, 15_000, now)).toBe(15_000);
  });

  it('never offers to close the main hub; closes another; makes it the main hub', async () => {
    signInForTest();
    const fake = installFakeFetch({
      [`GET ${API}/airline/a1/hub/h1`]: () => json(egll),
      [`GET ${API}/airline/a1/hub/h2`]: () => json(lfmn),
      [`PUT ${API}/hub/h2/state`]: () => json({ ...lfmn, state: 'CLOSED' }),
      [`PUT ${API}/hub/h2/main`]: () => json({ ...lfmn, isMain: true }),
    });
    renderWithProviders(<AirlineHubs airline={airline()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Manage the hub EGLL' }));
    expect(await screen.findByText(/The main hub cannot be closed/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close the hub' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Manage the hub LFMN' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Close the hub' }));
    await waitFor(() => expect(fake.calls.find((call) => call.method === 'PUT')).toMatchObject({ path: `${API}/hub/h2/state`, body: { state: 'CLOSED' } }));
    await userEvent.click(screen.getByRole('button', { name: 'Manage the hub LFMN' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Make it the main hub' }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === 'PUT' && call.path === `${API}/hub/h2/main`)).toBe(true));
  });

  it('quotes the licence of a hub closed past its due date before reopening it', async () => {
    signInForTest();
    const closed = { ...lfmn, state: 'CLOSED' as const, nextDtOfPayment: new Date(Date.now() - DAY).toISOString() };
    const fake = installFakeFetch({
      [`GET ${API}/airline/a1/hub/h2`]: () => json(closed),
      [`GET ${API}/hub/airport/LFMN/cost/game_difficulty/REALIST`]: () => json({ airportIdent: 'LFMN', licenceCost: 15_000, operatingCost: 1_350, nbAirline: 0 }),
      [`PUT ${API}/hub/h2/state`]: () => json({ ...closed, state: 'ACTIVE' }),
    });
    renderWithProviders(<AirlineHubs airline={airline({ hubs: [egll, closed] })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Manage the hub LFMN' }));
    expect(await screen.findByText('Its next payment date has passed: reopening costs a new licence of 15,000 FC.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reopen for 15,000 FC' }));
    await waitFor(() => expect(fake.calls.find((call) => call.method === 'PUT')).toMatchObject({ body: { state: 'ACTIVE' } }));
  });
});

describe('routes', () => {
  const route = { id: 'r1', airlineId: 'a1', name: 'Shuttle', destinations: ['EGLL', 'LFPG'], airlineConstraints: [], externalConstraints: [], planeCategory: 'MEDIUM_HAUL' as const, departureTime: '08:00', arrivalTime: '09:15', restricted: false, restrictionReason: null, departureHub: 'EGLL', arrivalHub: 'LFPG' };

  it('edits a route and deletes one only after OK', async () => {
    signInForTest();
    const fake = installFakeFetch({ [`PUT ${API}/airline/a1/route/r1`]: () => json(route), [`DELETE ${API}/airline/a1/route/r1`]: () => json({ success: true }) });
    renderWithProviders(
      <ul>
        <AirlineRouteItem airlineId="a1" route={route} line="Shuttle EGLL → LFPG" mayManage />
      </ul>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit the route Shuttle' }));
    const departure = screen.getByRole('textbox', { name: /Departure/ });
    await userEvent.clear(departure);
    await userEvent.type(departure, '10:30');
    await userEvent.click(screen.getByRole('button', { name: 'Save the route' }));
    await waitFor(() => expect(fake.calls.find((call) => call.method === 'PUT')?.body).toEqual({ name: 'Shuttle', planeCategory: 'MEDIUM_HAUL', departureTime: '10:30', arrivalTime: '09:15' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete the route Shuttle' }));
    expect(fake.calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === 'DELETE' && call.path === `${API}/airline/a1/route/r1`)).toBe(true));
  });
});

describe('monthly flight-time bonus', () => {
  it('simulates a month with the limit applied, and lets the owner credit the airline instead', async () => {
    signInForTest();
    const fake = installFakeFetch({ [`GET ${API}/airline/a1/configuration`]: () => json(configuration), [`PUT ${API}/airline/a1`]: () => json(airline({ mftOption: 'airline' })) });
    renderWithProviders(<AirlineMft airline={airline()} />);
    expect(await screen.findByText(`Each hour flown for the airline earns ${MFT_BONUS_FC_PER_HOUR} FC, up to ${MFT_MONTHLY_LIMIT_HOURS} hours per pilot each month.`)).toBeInTheDocument();
    const hours = screen.getByRole('spinbutton', { name: 'Hours each' });
    await userEvent.clear(hours);
    await userEvent.type(hours, '120');
    expect(screen.getByText(/Each pilot would receive 5,000 FC for 100 hours\. 20 hours per pilot are over the 100-hour limit/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'The airline' }));
    await waitFor(() => expect(fake.calls.find((call) => call.method === 'PUT')?.body).toEqual({ mftOption: 'airline' }));
  });

  it('shows a member the option without letting them change it', async () => {
    signInForTest();
    installFakeFetch({ [`GET ${API}/airline/a1/configuration`]: () => json(configuration) });
    renderWithProviders(<AirlineMft airline={airline({ isOwner: false, mftOption: 'airline' })} />);
    expect(screen.getByRole('radio', { name: 'The airline' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'The pilot who flew' })).toBeDisabled();
    expect(screen.getByText(/The airline would receive 10,000 FC/)).toBeInTheDocument();
  });
});

describe('grounding', () => {
  const member = (overrides: Partial<TMember> = {}): TMember => ({ id: 'm2', userId: 'u2', userName: 'ace', callsign: null, flightHours: 3, numberOfFlight: 2, role: 'MEMBER', rank: null, careerLevel: 1, topFlownAircraft: null, firstName: null, lastName: null, status: 'ACTIVE', ...overrides });

  it('grounds a member and reinstates a grounded one', async () => {
    signInForTest();
    const fake = installFakeFetch({ [`PUT ${API}/airline/a1/member/m2/status`]: () => json({ success: true }) });
    renderWithProviders(<MemberGrounding airline={airline()} member={member()} isMe={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Ground ace' }));
    await waitFor(() => expect(fake.calls[0]?.body).toEqual({ status: 'SUSPENDED' }));
    cleanup();
    renderWithProviders(<MemberGrounding airline={airline()} member={member({ status: 'SUSPENDED' })} isMe={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reinstate ace' }));
    await waitFor(() => expect(fake.calls[1]?.body).toEqual({ status: 'ACTIVE' }));
  });

  it('offers nothing for the owner, oneself, or an administrator to another administrator', () => {
    signInForTest();
    renderWithProviders(<MemberGrounding airline={airline()} member={member({ role: 'OWNER' })} isMe={false} />);
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    renderWithProviders(<MemberGrounding airline={airline()} member={member()} isMe />);
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    renderWithProviders(<MemberGrounding airline={airline({ isOwner: false, isAdmin: true })} member={member({ role: 'ADMINISTRATOR' })} isMe={false} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('tells a grounded pilot why in their airline list', async () => {
    signInForTest();
    installFakeFetch({ [`GET ${API}/airline/member/u2`]: () => json([{ id: 'a1', name: 'Contrail Air', isOwner: false, grounded: true }, { id: 'a2', name: 'Blue Sky', isOwner: false }]) });
    renderWithProviders(<AirlineSelection userId="u2" isPremiumManager={false} onSelect={() => undefined} />);
    expect(await screen.findByText('The staff of Contrail Air grounded you: you cannot book its planes until they reinstate you.')).toBeInTheDocument();
  });
});

describe('the subscription gate', () => {
  it('is a dialog: required, or expired for the owner, each leading to the airline subscription', () => {
    signInForTest();
    renderWithProviders(<SubscriptionGate variant="required" />);
    expect(screen.getByRole('dialog', { name: 'The airline subscription is required' })).toBeInTheDocument();
    cleanup();
    renderWithProviders(<SubscriptionGate variant="expired" />);
    const dialog = screen.getByRole('dialog', { name: 'Your airline subscription expired' });
    expect(within(dialog).getByRole('link', { name: 'Renew the airline subscription' })).toHaveAttribute('href', '/airline-mgr/subscription');
  });

  it('stays on the selection for an owner whose subscription lapsed, with the expired gate', async () => {
    signInForTest();
    installFakeFetch({ [`GET ${API}/airline/member/u1`]: () => json([{ id: 'a1', name: 'Contrail Air', isOwner: true }]) });
    let selected = '';
    renderWithProviders(<AirlineSelection userId="u1" isPremiumManager={false} onSelect={(id) => (selected = id)} />);
    expect(await screen.findByRole('dialog', { name: 'Your airline subscription expired' })).toBeInTheDocument();
    expect(selected).toBe('');
  });
});

describe('cost previews', () => {
  it("quotes a plane with the chosen seats before it is built, and says the first one is free", async () => {
    signInForTest();
    installFakeFetch({ [`GET ${API}/plane/category/MEDIUM_HAUL/cost/REALIST`]: () => json({ buildCost: 40_000, ecoSeatCost: 100, businessSeatCost: 300, firstSeatCost: 600, maintenanceCost: 5_000 }) });
    renderWithProviders(<PlaneCostPreview airline={airline()} icao="A320" seats={{ eco: 150, business: 12, first: 0 }} />);
    expect(await screen.findByText('Building it costs 58,600 FC with these seats; a maintenance costs 5,000 FC.')).toBeInTheDocument();
    cleanup();
    renderWithProviders(<PlaneCostPreview airline={airline({ hasPlane: false })} icao="A320" seats={{ eco: 150, business: 12, first: 0 }} />);
    expect(screen.getByText("This is the airline's first plane: building it costs nothing.")).toBeInTheDocument();
  });

  it("shows what a member's rank lets them fly when opened", async () => {
    signInForTest();
    const fake = installFakeFetch({ [`GET ${API}/airline/a1/rank/member/m2`]: () => json({ id: 'r2', name: 'First officer', fcBonus: 10, planeWhiteList: ['A320'], planeBlackList: [], default: false, sortIdx: 1 }) });
    const ace = { id: 'm2', userId: 'u2', userName: 'ace', callsign: null, flightHours: 3, numberOfFlight: 2, role: 'MEMBER' as const, rank: { id: 'r2', name: 'First officer' }, careerLevel: 1, topFlownAircraft: null, firstName: null, lastName: null };
    renderWithProviders(<MemberRankDetail airline={airline()} member={ace} />);
    expect(fake.calls).toHaveLength(0);
    await userEvent.click(screen.getByText('What ace may fly'));
    expect(await screen.findByText('First officer (+10 % salary): allowed A320; forbidden none.')).toBeInTheDocument();
  });
});
