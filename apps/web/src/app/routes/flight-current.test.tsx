import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TFlight } from '@contrail/domain/flight-api/flight-contract';
import { followOwnAircraftStore } from '../../features/map/hooks/use-follow-own-aircraft';
import { buildUser, signInForTest } from '../../testing/factories';
import { installFakeFetch, json } from '../../testing/fake-api';
import { renderApp } from '../../testing/render';

const FLIGHT_ID = '6b1f3c1e-8a7d-4a8e-9a53-1f6c0e6d2b10';

/** A flight as the server records it; no hub in this browser (recorded by `tracker fly` or another computer). */
const flight = (overrides: Partial<TFlight> = {}): TFlight => ({
  id: FLIGHT_ID,
  type: 'NORMAL',
  flightNumber: 'CTR777',
  status: 'in_progress',
  flightStep: 'taxi_out',
  pilot: { id: 'user-1', userName: 'jdoe' },
  aircraft: { icao: 'A320', registration: null, model: 'Airbus A320', maximumWeight: 78000, groundSpeed: 14, indicatedAirSpeed: 12, heading: 274, position: { latitude: 51.47, longitude: -0.45, altitude: 83 } },
  departureAirport: { ident: 'EGLL', position: { latitude: 51.47, longitude: -0.45, altitude: 83 } },
  arrivalAirport: { ident: 'LFPG', position: { latitude: 49.01, longitude: 2.55, altitude: 392 } },
  originalArrivalIdent: 'LFPG',
  cruiseLevel: 24000,
  scheduledDepartureTime: null,
  scheduledArrivalTime: null,
  // No history yet: the chart (a canvas jsdom cannot draw) shows its empty state.
  positionHistory: [],
  isPNCFlight: false,
  readyToEndFlight: false,
  paxNCargoInformation: null,
  transport: null,
  virtualAirlineId: null,
  statistics: null,
  pncData: null,
  lastAckSeq: 0,
  // A tracker streams it: not this browser's hub.
  isRetrievedButNotSubscribed: false,
  flightLogId: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

// A fresh visit: nothing followed yet.
beforeEach(() => followOwnAircraftStore.reset());

describe('the current flight and the flight widget: one source of truth', () => {
  it('show the same step and the same altitude, speed and heading for a flight recorded by another device', async () => {
    signInForTest();
    installFakeFetch({
      'GET /api/v1/user/information': () => json(buildUser()),
      'GET /api/flight/retrieve-flight-for-user': () => json(flight()),
      // The record by id, fetched once when the page opened, is behind: the page must not show it.
      [`GET /api/v1/flight/${FLIGHT_ID}`]: () => json(flight({ flightStep: 'takeoff', aircraft: { ...flight().aircraft, position: null } })),
    });
    renderApp('/flight/current');

    const widget = await screen.findByRole('link', { name: /^Current flight CTR777/ });
    await screen.findByRole('heading', { name: /CTR777/ });
    const step = screen.getByTestId('flight-step');
    expect(step).toHaveTextContent('Taxi out');
    expect(within(widget).getByText('Taxi out')).toBeInTheDocument();

    const figures = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(figures('Altitude')).toBe('83 ft');
    expect(figures('Ground speed')).toBe('14 kts');
    expect(figures('Heading')).toBe('274°');
    expect(within(widget).getByText('83 Ft')).toBeInTheDocument();
    expect(within(widget).getByText('14 KTS')).toBeInTheDocument();
    expect(within(widget).getByText('274°')).toBeInTheDocument();
    // Said as it is: a tracker records it without this page, which can take it over.
    expect(screen.getByText(/A tracker is recording this flight without this page/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Resume the flight' })).toHaveAttribute('href', '/flight/resume');
  });

  it("the widget's flight number takes the map to the pilot's aircraft and follows it", async () => {
    signInForTest();
    installFakeFetch({
      'GET /api/v1/user/information': () => json(buildUser()),
      'GET /api/flight/retrieve-flight-for-user': () => json(flight()),
      [`GET /api/v1/flight/${FLIGHT_ID}`]: () => json(flight()),
    });
    const { router } = renderApp('/flight/current');
    const showOnMap = await screen.findByRole('button', { name: 'Show CTR777 on the map' });
    expect(showOnMap).toHaveTextContent('CTR777');
    // The card still opens the current flight, under the same name.
    expect(screen.getByRole('link', { name: /^Current flight CTR777/ })).toHaveAttribute('href', '/flight/current');
    // The pilot had panned away (jsdom draws no map: the follow state stands for it).
    act(() => followOwnAircraftStore.set(false));

    await userEvent.click(showOnMap);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(followOwnAircraftStore.getState()).toEqual({ isFollowing: true, focusRequest: 1 });
    expect(screen.getByRole('button', { name: 'Follow my aircraft' })).toHaveAttribute('aria-pressed', 'true');
  });
});
