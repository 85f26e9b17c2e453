import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TBookedFlight, TRouteFromAirport } from '@contrail/domain/airline/airline-contract';
import { signInForTest } from '../../../testing/factories';
import { installFakeFetch, json } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { AirlineSearch } from './airline-search';
import { flyBookingPath, MyBookings } from './my-bookings';
import { RouteBoard } from './route-board';

const API = '/api/airline-manager/v1';
const AIRLINE = '0b6f8f3e-5c1a-4f0e-9c56-0a1b2c3d4e5f';
const ROUTE = '1c7a9e2b-6d3f-4a8b-9c1d-2e3f4a5b6c7d';

const route = (planes: TRouteFromAirport['planes'], overrides: Partial<TRouteFromAirport> = {}): TRouteFromAirport => ({
  id: ROUTE,
  airlineId: AIRLINE,
  name: 'Shuttle',
  destinations: ['EGLL', 'LFPG'],
  airlineConstraints: [],
  externalConstraints: [],
  planeCategory: 'MEDIUM_HAUL',
  departureTime: '08:00',
  arrivalTime: '09:15',
  departureHub: 'EGLL',
  arrivalHub: 'LFPG',
  restricted: false,
  restrictionReason: null,
  planes,
  ...overrides,
});
const plane = (id: string, registration: string, restrictionReason: string | null) => ({ id, registration, icao: 'A320', name: 'Airbus A320', state: 'AT_AIRPORT' as const, wear: 97.4, restrictionReason });
const booking: TBookedFlight = {
  bidId: '2d8b0f3c-7e4a-4b9c-8d2e-3f4a5b6c7d8e',
  airlineId: AIRLINE,
  routeId: ROUTE,
  state: 'BOOKED',
  expiresAt: '2026-11-24T02:00:00.000Z',
  flight: { id: null, code: 'CTR', flightNumber: 'CTR1234', departureAirport: 'EGLL', arrivalAirport: 'LFPG', aircraft: { id: 'p1', registration: 'CTR-0001', name: 'Airbus A320', icao: 'A320', iata: null } },
};

describe('flying for an airline', () => {
  it('shows each plane at the departure: Book on the open ones, the reason in words on the others', async () => {
    signInForTest();
    const fake = installFakeFetch({
      [`GET ${API}/airline/${AIRLINE}/route/from/EGLL`]: () =>
        json({ items: [route([plane('p1', 'CTR-0001', null), plane('p2', 'CTR-0002', 'ERR_0037')])], totalItems: 1, totalPages: 1 }),
      [`POST ${API}/airline/${AIRLINE}/plane/p1/booking`]: () => json(booking, 201),
    });
    renderWithProviders(<RouteBoard airlineId={AIRLINE} fromIdent="EGLL" />);
    expect(await screen.findByRole('heading', { name: 'Shuttle · EGLL → LFPG' })).toBeInTheDocument();
    expect(screen.getByText('Your rank does not allow this aircraft type.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Book CTR-0002/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Book CTR-0001 for Shuttle' }));
    expect(await screen.findByText(/CTR-0001 is booked for flight CTR1234/)).toBeInTheDocument();
    expect(fake.calls.find((call) => call.method === 'POST')?.body).toEqual({ routeId: ROUTE });
  });

  it('says why a booking was refused, in words, when another pilot was faster', async () => {
    signInForTest();
    installFakeFetch({
      [`GET ${API}/airline/${AIRLINE}/route/from/EGLL`]: () => json({ items: [route([plane('p1', 'CTR-0001', null)])], totalItems: 1, totalPages: 1 }),
      [`POST ${API}/airline/${AIRLINE}/plane/p1/booking`]: () => json({ success: false, message: 'Planes unavailable', errorCode: 'ERR_0035' }, 422),
    });
    renderWithProviders(<RouteBoard airlineId={AIRLINE} fromIdent="EGLL" />);
    await userEvent.click(await screen.findByRole('button', { name: /Book CTR-0001/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This plane is not available: it is booked, flying, in maintenance, grounded or being built.');
  });

  it('says when the airline has no route from here, and when a grounded owner keeps pilots on the ground', async () => {
    signInForTest();
    installFakeFetch({
      [`GET ${API}/airline/${AIRLINE}/route/from/LFPO`]: () => json({ items: [], totalItems: 0, totalPages: 0 }),
      [`GET ${API}/airline/booking`]: () => json({ flights: [], isGrounded: true }),
    });
    renderWithProviders(
      <>
        <RouteBoard airlineId={AIRLINE} fromIdent="LFPO" />
        <MyBookings />
      </>,
    );
    expect(await screen.findByText('The airline has no route from LFPO yet.')).toBeInTheDocument();
    expect(await screen.findByText(/its pilots are grounded until it is renewed/)).toBeInTheDocument();
    expect(screen.getByText('No plane booked. Book one on a route of your airline.')).toBeInTheDocument();
  });

  it('lists the booked plane with a way to fly it (route and type locked) and to cancel it', async () => {
    signInForTest();
    const fake = installFakeFetch({
      [`GET ${API}/airline/booking`]: () => json({ flights: [booking], isGrounded: false }),
      [`DELETE ${API}/airline/${AIRLINE}/booking/${booking.bidId}`]: () => json({ success: true }),
    });
    renderWithProviders(<MyBookings />);
    const item = (await screen.findByText(/CTR1234 EGLL → LFPG/)).closest('li')!;
    expect(within(item).getByRole('link', { name: 'Fly it' })).toHaveAttribute('href', flyBookingPath(booking));
    expect(flyBookingPath(booking)).toBe(`/flight/configuration?type=AIRLINE&airlineId=${AIRLINE}&departure=EGLL&arrival=LFPG&flightNumber=CTR1234&aircraft=A320`);
    await userEvent.click(within(item).getByRole('button', { name: 'Cancel the booking' }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === 'DELETE')).toBe(true));
  });

  it('searches airlines, shows what each offers, and applies only where recruitment is open', async () => {
    signInForTest();
    const result = (id: string, name: string, recruitmentOpened: boolean) => ({
      id,
      name,
      photo: null,
      shortDescription: 'Shuttles from London',
      gameDifficulty: 'REALIST',
      recruitmentOpened,
      baseSalary: 100,
      mainHubIdent: 'EGLL',
      nbOfMembers: 1,
    });
    const fake = installFakeFetch({
      [`GET ${API}/airline`]: (request) =>
        json({ items: request.url.searchParams.get('query') === 'CTR' ? [result(AIRLINE, 'Contrail Air', true), result('other', 'Closed Air', false)] : [], totalItems: 2, totalPages: 1 }),
      [`POST ${API}/airline/${AIRLINE}/applicant/`]: () => json({ success: true }, 201),
    });
    renderWithProviders(<AirlineSearch userId="u-1" />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name, code or hub' }), 'CTR');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { name: 'Contrail Air' })).toBeInTheDocument();
    expect(screen.getAllByText('Main hub EGLL · 1 member · base salary 100 FC a flight · realistic economy')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Apply to Closed Air' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Apply to Contrail Air' }));
    expect(await screen.findByText(/Your application to Contrail Air is sent/)).toBeInTheDocument();
    expect(fake.calls.find((call) => call.method === 'POST')?.body).toEqual({ applicantUserId: 'u-1' });
  });
});
