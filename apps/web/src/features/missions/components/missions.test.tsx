import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TMission } from '@contrail/domain/mission/mission-contract';
import { queryClient } from '../../../lib/query-client';
import { buildUser, signInForTest } from '../../../testing/factories';
import { installFakeFetch, json, type FakeHandler } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render';

const open = { startDate: new Date(Date.now() - 86_400_000).toISOString(), endDate: new Date(Date.now() + 86_400_000).toISOString() };

const mission = (overrides: Partial<TMission> = {}): TMission => ({
  id: crypto.randomUUID(),
  title: 'Medical supplies to Paris',
  description: 'Urgent medical cargo.',
  missionType: 'MEDICAL',
  flightNumber: 'MED42',
  CLRequired: 1,
  ...open,
  departureAirport: { ident: 'EGLL', name: 'London Heathrow Airport', position: { latitude: 51.47, longitude: -0.46, altitude: 83 } },
  arrivalAirport: { ident: 'LFPG', name: 'Charles de Gaulle International Airport', position: { latitude: 49.01, longitude: 2.55, altitude: 392 } },
  cargos: [{ name: 'Medicine', weight: 10, quantity: 20, points: 5 }],
  pax: 4,
  xpBonus: 120,
  fcBonus: 300,
  distanceNm: 188,
  aircraftCategory: 'MEDIUM_HAUL',
  source: 'GENERATED',
  ...overrides,
});

const api = (user: ReturnType<typeof buildUser>, handlers: Record<string, FakeHandler>) =>
  installFakeFetch({ 'GET /api/v1/user/information': () => json(user), ...handlers });

const lastMissionQuery = (calls: { path: string; url: URL }[]) => calls.filter((call) => call.path === '/api/v1/missions').at(-1)!.url.searchParams;

describe('missions', () => {
  it('lists the open missions with a link that starts the mission flight', async () => {
    signInForTest();
    const target = mission();
    api(buildUser({ level: 3 }), { 'GET /api/v1/missions': () => json({ data: [target], total: 1 }) });
    renderApp('/mission/list');
    const card = await screen.findByRole('article', { name: 'Medical supplies to Paris' });
    expect(card).toHaveTextContent('MED42 · EGLL → LFPG');
    expect(card).toHaveTextContent('4 pax, 200 kg cargo');
    expect(card).toHaveTextContent('300 FC, 120 XP');
    expect(within(card).getByRole('link', { name: 'Fly this mission: Medical supplies to Paris' })).toHaveAttribute(
      'href',
      `/flight/configuration?missionId=${target.id}`,
    );
    expect(screen.getByText(/Freemium: 3 missions left this month/)).toBeInTheDocument();
  });

  it('sends every filter of the API and pages with limit and skip', async () => {
    signInForTest();
    const fake = api(buildUser({ level: 4 }), {
      'GET /api/v1/missions': ({ url }) => json({ data: [mission({ title: `Mission at ${url.searchParams.get('skip')}` })], total: 25 }),
    });
    renderApp('/mission/list');
    await screen.findByText('Mission at 0');
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'medical');
    await userEvent.type(screen.getByRole('textbox', { name: 'Departure ICAO' }), 'egll');
    await userEvent.type(screen.getByRole('textbox', { name: 'Arrival ICAO' }), 'lfpg');
    await userEvent.type(screen.getByRole('textbox', { name: 'Minimum distance (NM)' }), '100');
    await userEvent.type(screen.getByRole('textbox', { name: 'Maximum distance (NM)' }), '500');
    await userEvent.type(screen.getByRole('textbox', { name: /Career level at most/ }), '4');
    await userEvent.click(screen.getByRole('button', { name: 'Apply the filters' }));
    await waitFor(() =>
      expect(Object.fromEntries(lastMissionQuery(fake.calls))).toEqual({
        limit: '10',
        skip: '0',
        title: 'medical',
        departureIcao: 'EGLL',
        arrivalIcao: 'LFPG',
        minDistance: '100',
        maxDistance: '500',
        clRequired: '4',
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Mission at 10')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(lastMissionQuery(fake.calls).get('title')).toBe('medical');
  });

  it('refuses a minimum above the maximum and a bad ICAO code without asking the server', async () => {
    signInForTest();
    const fake = api(buildUser(), { 'GET /api/v1/missions': () => json({ data: [], total: 0 }) });
    renderApp('/mission/list');
    expect(await screen.findByText('No open mission matches these filters.')).toBeInTheDocument();
    const before = fake.calls.length;
    await userEvent.type(screen.getByRole('textbox', { name: 'Minimum distance (NM)' }), '600');
    await userEvent.type(screen.getByRole('textbox', { name: 'Maximum distance (NM)' }), '500');
    await userEvent.type(screen.getByRole('textbox', { name: 'Departure ICAO' }), 'E G');
    await userEvent.click(screen.getByRole('button', { name: 'Apply the filters' }));
    expect(await screen.findByText('The minimum must not exceed the maximum')).toBeInTheDocument();
    expect(screen.getByText('Not a valid ICAO code')).toBeInTheDocument();
    expect(fake.calls.length).toBe(before);
  });

  it('says clearly when the career level is too low', async () => {
    signInForTest();
    api(buildUser({ level: 2 }), { 'GET /api/v1/missions': () => json({ data: [mission({ CLRequired: 12, title: 'VIP to Nice' })], total: 1 }) });
    renderApp('/mission/list');
    const card = await screen.findByRole('article', { name: 'VIP to Nice' });
    expect(within(card).getByText('This mission needs career level 12; you are level 2.')).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: /Fly this mission/ })).not.toBeInTheDocument();
  });

  it('says clearly when a freemium pilot has used the month’s missions, and lets GOLD fly', async () => {
    signInForTest();
    const handlers = { 'GET /api/v1/missions': () => json({ data: [mission()], total: 1 }) };
    api(buildUser({ nbMissionsCurrentMonth: 3, nbFreemiumMissionRemaining: 0 }), handlers);
    const first = renderApp('/mission/list');
    const card = await screen.findByRole('article', { name: 'Medical supplies to Paris' });
    expect(within(card).getByText(/You have flown your 3 free missions this month\./)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'GOLD lifts the limit' })).toHaveAttribute('href', '/subscription');
    expect(within(card).queryByRole('link', { name: /Fly this mission/ })).not.toBeInTheDocument();
    first.unmount();
    queryClient.clear();

    api(buildUser({ nbMissionsCurrentMonth: 3, nbFreemiumMissionRemaining: 0, subscriptions: [{ code: 'GOLD', endDate: null }] }), handlers);
    renderApp('/mission/list');
    expect(await screen.findByRole('link', { name: /Fly this mission/ })).toBeInTheDocument();
    expect(screen.queryByText(/Freemium:/)).not.toBeInTheDocument();
  });

  it('shows an error with a retry, and the pilot’s own missions on /mission', async () => {
    signInForTest();
    api(buildUser(), {
      'GET /api/v1/missions': () => json({ success: false, message: 'bad', errorCode: 'VALIDATION_ERROR' }, 400),
      'GET /api/user-missions': () =>
        json([{ id: 'um-1', status: 'COMPLETED', startedAt: open.startDate, endedAt: open.endDate, flightId: 'f-1', mission: mission({ title: 'Done one' }) }]),
    });
    const first = renderApp('/mission/list');
    expect(await screen.findByText('The missions could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    first.unmount();
    renderApp('/mission');
    const mine = await screen.findByRole('region', { name: 'My missions' });
    expect(await within(mine).findByText('Done one')).toBeInTheDocument();
    expect(within(mine).getByText('Completed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the missions' })).toHaveAttribute('href', '/mission/list');
  });
});
