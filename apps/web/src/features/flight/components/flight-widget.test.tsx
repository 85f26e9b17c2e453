import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TFlight } from '@contrail/domain/flight-api/flight-contract';
import { buildUser, signInForTest } from '../../../testing/factories';
import { installFakeFetch, json } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import type { FlightView } from '../lib/flight-view';
import { FlightWidget, FlightWidgetCard } from './flight-widget';

const view = (overrides: Partial<FlightView> = {}): FlightView => ({
  flightId: '6b1f3c1e-8a7d-4a8e-9a53-1f6c0e6d2b10',
  flightNumber: 'CTR101',
  step: 'cruise',
  departureIdent: 'EGLL',
  arrivalIdent: 'LFPG',
  scheduledDepartureTime: '2026-03-01T10:05:00.000Z',
  scheduledArrivalTime: null,
  progressPercent: 42,
  flownNm: 80,
  remainingNm: 108,
  altitudeFt: 24000,
  speedKts: 281,
  headingDeg: 141,
  isPnc: false,
  scores: null,
  hasPlan: false,
  isReadyToEndFlight: false,
  ...overrides,
});

const flight = (overrides: Partial<TFlight> = {}): TFlight => ({
  id: '6b1f3c1e-8a7d-4a8e-9a53-1f6c0e6d2b10',
  type: 'NORMAL',
  flightNumber: 'CTR777',
  status: 'in_progress',
  flightStep: 'climb',
  pilot: { id: 'user-1', userName: 'jdoe' },
  aircraft: { icao: 'A320', registration: null, model: 'Airbus A320', maximumWeight: 78000, groundSpeed: 250, indicatedAirSpeed: 240, heading: 90, position: { latitude: 51.5, longitude: -0.4, altitude: 5000 } },
  departureAirport: { ident: 'EGLL', position: { latitude: 51.47, longitude: -0.45, altitude: 83 } },
  arrivalAirport: { ident: 'LFPG', position: { latitude: 49.01, longitude: 2.55, altitude: 392 } },
  originalArrivalIdent: 'LFPG',
  cruiseLevel: 24000,
  scheduledDepartureTime: null,
  scheduledArrivalTime: null,
  positionHistory: [],
  isPNCFlight: false,
  readyToEndFlight: false,
  paxNCargoInformation: null,
  transport: null,
  virtualAirlineId: null,
  statistics: null,
  pncData: null,
  lastAckSeq: 0,
  isRetrievedButNotSubscribed: false,
  flightLogId: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

describe('the flight widget', () => {
  it('shows the flight number, step, airports with scheduled times (N/A if missing), progress and figures with their units', () => {
    renderWithProviders(<FlightWidgetCard view={view()} />);
    const card = screen.getByRole('link', { name: /^Current flight CTR101/ });
    expect(card).toHaveAttribute('href', '/flight/current');
    expect(within(card).getByText('Cruise')).toBeInTheDocument();
    expect(within(card).getByText('10:05Z')).toBeInTheDocument();
    expect(within(card).getByText('N/A')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: 'Flight progress' })).toHaveAttribute('aria-valuenow', '42');
    for (const text of ['80 NM', '108 NM', '24,000 Ft', '281 KTS', '141°']) expect(within(card).getByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('meter')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'OFP' })).not.toBeInTheDocument();
  });

  it('colours the PNC wellness, entertainment and satiety by level, and opens the OFP when a plan is loaded', () => {
    renderWithProviders(<FlightWidgetCard view={view({ isPnc: true, scores: { wellness: 90, entertainment: 50, satiety: 10 }, hasPlan: true })} />);
    const wellness = screen.getByRole('meter', { name: 'Wellness' });
    expect(wellness).toHaveAttribute('aria-valuenow', '90');
    expect(wellness.closest('li')).toHaveAttribute('data-tone', 'success');
    expect(screen.getByRole('meter', { name: 'Entertainment' }).closest('li')).toHaveAttribute('data-tone', 'warning');
    expect(screen.getByRole('meter', { name: 'Satiety' }).closest('li')).toHaveAttribute('data-tone', 'error');
    expect(screen.getByRole('link', { name: 'OFP' })).toHaveAttribute('href', '/flight/current?ofp=1');
  });

  it('shows neutral gauges before the cabin data arrives', () => {
    renderWithProviders(<FlightWidgetCard view={view({ isPnc: true, scores: null })} />);
    for (const name of ['Wellness', 'Entertainment', 'Satiety']) expect(screen.getByRole('meter', { name }).closest('li')).toHaveAttribute('data-tone', 'neutral');
  });

  it('offers to start a flight when none is in progress', async () => {
    signInForTest();
    installFakeFetch({ 'GET /api/v1/user/information': () => json(buildUser()), 'GET /api/flight/retrieve-flight-for-user': () => json(null) });
    renderWithProviders(<FlightWidget />);
    expect(await screen.findByRole('link', { name: 'Start a flight' })).toHaveAttribute('href', '/flight/type-selection');
  });

  it('shows the in-progress flight from the server', async () => {
    signInForTest();
    installFakeFetch({ 'GET /api/v1/user/information': () => json(buildUser()), 'GET /api/flight/retrieve-flight-for-user': () => json(flight()) });
    renderWithProviders(<FlightWidget />);
    const card = await screen.findByRole('link', { name: /^Current flight CTR777/ });
    expect(within(card).getByText('Climb')).toBeInTheDocument();
    expect(within(card).getByText('5,000 Ft')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Start a flight' })).not.toBeInTheDocument();
  });
});
