import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TFlightLogSummary } from '@contrail/domain/flight-api/flight-log-contract';
import { buildUser, signInForTest } from '../../../testing/factories';
import { installFakeFetch, json } from '../../../testing/fake-api';
import { renderApp, renderWithProviders } from '../../../testing/render';
import { i18n } from '../../../lib/i18n';
import { NextRemunerationCard } from './dashboard-cards';

const summary = (flightNumber: string, locked = false): TFlightLogSummary => ({
  id: `log-${flightNumber}`,
  flightId: `flight-${flightNumber}`,
  flightNumber,
  type: 'NORMAL',
  departureAirport: { ident: 'EGLL', position: { latitude: 51.47, longitude: -0.46, altitude: 83 } },
  arrivalAirport: { ident: 'LFPG', position: { latitude: 49.01, longitude: 2.55, altitude: 392 } },
  startDate: '2026-03-01T10:00:00.000Z',
  endDate: '2026-03-01T11:05:00.000Z',
  flightCoinAmount: 412,
  xp: 310,
  satisfactionXp: 0,
  locked,
  aircraftIcao: 'A320',
  flightDurationSeconds: 3_900,
  distanceNm: 188,
  isArrived: true,
  ledgerState: 'pending',
  reviewStatus: 'accepted',
  practice: false,
});

const dashboardApi = (items: TFlightLogSummary[], user = buildUser({ wallet: { mfc: 1_250, xp: 100, miles: 0 }, flightHours: 12.5, numberOfFlight: 9, careerStarted: true, displayName: 'Ace', lastLocation: { ident: 'LFPG', label: null } })) =>
  installFakeFetch({
    'GET /api/v1/user/information': () => json(user),
    'GET /api/v1/flight-log/user/user-1': () => json({ items, totalItems: items.length, totalPages: 1 }),
    'GET /api/v1/user/user-1/flight-times': () => json({ today: 1.5, month: 12, rules: { flightDurationLimit: 10, monthLimit: 100 } }),
    'GET /api/core/v1/carreer-level': () =>
      json([
        { level: 1, minXp: 0, maxXp: 59, value: 'STUDENT_PILOT' },
        { level: 2, minXp: 60, maxXp: 239, value: 'STUDENT_PILOT' },
        { level: 3, minXp: 240, maxXp: 539, value: 'STUDENT_PILOT' },
      ]),
    'GET /api/v1/pilot/user-1/licenses-aircrafts': () => json([{ id: 2, name: 'Airline transport: Airbus A320 family', code: 'ATPL_A320', aircraftsIcao: ['A319', 'A320'] }]),
  });

describe('dashboard', () => {
  it('shows the recent flights, the hours, the level progress, the next remuneration and the career card', async () => {
    signInForTest();
    const fake = dashboardApi([summary('CTR1'), summary('CTR2', true)]);
    renderApp('/dashboard');
    const recent = await screen.findByRole('region', { name: 'Recent flights' });
    expect(await within(recent).findByRole('link', { name: 'CTR1 EGLL → LFPG (A320)' })).toHaveAttribute('href', '/flight-log/log-CTR1');
    // A locked log is listed without a link.
    expect(within(recent).getByText('CTR2 EGLL → LFPG (A320)').closest('a')).toBeNull();
    expect(within(recent).getByText('Locked (GOLD)')).toBeInTheDocument();
    expect(fake.calls.find((call) => call.path === '/api/v1/flight-log/user/user-1')?.url.searchParams.get('size')).toBe('5');

    expect(screen.getByText('Welcome back, Ace')).toBeInTheDocument();
    const hours = screen.getByRole('region', { name: 'Flight hours' });
    expect(within(hours).getByText('12.5 h')).toBeInTheDocument();
    expect(within(hours).getByText('9')).toBeInTheDocument();
    expect(await within(hours).findByText('1.5 h of 10.0 h')).toBeInTheDocument();

    // 100 XP: level 2 (60 to 239), 22 % of the way to level 3.
    const level = screen.getByRole('region', { name: 'Career level' });
    expect(within(level).getByText('Level 2')).toBeInTheDocument();
    expect(within(level).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '22');
    expect(within(level).getByText('100 XP: 140 XP to level 3')).toBeInTheDocument();

    expect(screen.getByText('Your flights earn FlightCoins now.')).toBeInTheDocument();
    const career = screen.getByRole('region', { name: 'Career' });
    expect(await within(career).findByText('ATPL_A320')).toBeInTheDocument();
    expect(within(career).getByText('Ace · at LFPG')).toBeInTheDocument();
    expect(within(career).getByText('Level 2 · Student pilot')).toBeInTheDocument();
  });

  it('welcomes a brand-new pilot aboard (not back) and invites them to start a flight', async () => {
    signInForTest();
    dashboardApi([], buildUser({ flightHours: 0, numberOfFlight: 0, careerStarted: true, displayName: 'Newbie' }));
    renderApp('/dashboard');
    expect(await screen.findByText('Welcome aboard, Newbie')).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
    const recent = await screen.findByRole('region', { name: 'Recent flights' });
    expect(await within(recent).findByText('You have not flown yet.')).toBeInTheDocument();
    expect(within(recent).getByRole('link', { name: 'Start a flight' })).toHaveAttribute('href', '/flight/type-selection');
  });

  it('welcomes back a pilot who has flown, even before a whole hour (in French)', async () => {
    signInForTest();
    dashboardApi([], buildUser({ flightHours: 0, numberOfFlight: 1, careerStarted: true, displayName: 'Hopper' }));
    await i18n.changeLanguage('fr');
    try {
      renderApp('/dashboard');
      expect(await screen.findByText('Bon retour, Hopper')).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('welcomes a pilot with no flight aboard in Spanish', async () => {
    signInForTest();
    dashboardApi([], buildUser({ flightHours: 0, numberOfFlight: 0, careerStarted: true, displayName: 'Nueva' }));
    await i18n.changeLanguage('es');
    try {
      renderApp('/dashboard');
      expect(await screen.findByText('Bienvenido a bordo, Nueva')).toBeInTheDocument();
      expect(screen.queryByText(/de nuevo/)).toBeNull();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('says when flying pays again during a rest period', () => {
    renderWithProviders(<NextRemunerationCard nextRemuneration="2026-03-02T11:05:00.000Z" now={new Date('2026-03-01T12:00:00Z')} />);
    expect(screen.getByText('You are in a rest period: flights earn no FlightCoins until 2026-03-02 11:05Z.')).toBeInTheDocument();
  });
});
