import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildUser, signInForTest } from '../../../testing/factories';
import { installFakeFetch, json } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { SidePanel, type SidePanelSubject } from './side-panel';

const ownPlane = {
    id: 'contrail:f1',
    source: 'contrail',
    flightNumber: 'CTR042',
    departure: 'EGLL',
    arrival: 'LFPG',
    altitudeFt: 24_000,
    groundSpeedKts: 410,
    aircraftIcao: 'A320',
    pilotName: 'skyler',
    flightStep: 'CRUISE',
} as const;
const plane: SidePanelSubject = { kind: 'plane', planeId: ownPlane.id, aircraft: ownPlane };

const lfpg = {
  ident: 'LFPG',
  label: 'LFPG - Charles de Gaulle International Airport (Paris, FR)',
  name: 'Charles de Gaulle International Airport',
  municipality: 'Paris',
  isoCountry: 'FR',
  isoRegion: 'FR-IDF',
  iataCode: 'CDG',
  type: 'large_airport',
  position: { latitude: 49.0128, longitude: 2.55, altitude: 392 },
  runways: [
    {
      lengthFt: 13_829,
      widthFt: 148,
      surface: 'CON',
      lighted: true,
      closed: false,
      ends: [
        { ident: '09L', latitudeDeg: 49.02, longitudeDeg: 2.51, headingDegTrue: 85, displacedThresholdFt: 0, elevationFt: 390 },
        { ident: '27R', latitudeDeg: 49.02, longitudeDeg: 2.56, headingDegTrue: 265, displacedThresholdFt: 0, elevationFt: 390 },
      ],
    },
  ],
};

const flightLog = (id: string, departure: string, arrival: string) => ({
  id,
  flightNumber: `CTR${id}`,
  departureAirport: { ident: departure },
  arrivalAirport: { ident: arrival },
  startDate: '2026-11-01T10:00:00Z',
});

describe('side panel', () => {
  it("shows a plane's flight number, route, altitude, speed and aircraft, and closes with its button", async () => {
    const onClose = vi.fn();
    renderWithProviders(<SidePanel subject={plane} onClose={onClose} />);
    const panel = screen.getByRole('complementary', { name: 'CTR042' });
    expect(within(panel).getByText('EGLL → LFPG')).toBeInTheDocument();
    expect(within(panel).getByText('24,000 ft')).toBeInTheDocument();
    expect(within(panel).getByText('410 kts')).toBeInTheDocument();
    expect(within(panel).getByText('A320')).toBeInTheDocument();
    expect(within(panel).getByText('skyler')).toBeInTheDocument();
    expect(within(panel).getByText('Contrail')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'CTR042' })).toHaveFocus();
    await userEvent.click(within(panel).getByRole('button', { name: 'Close the side panel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says when a network plane has no flight plan or no altitude', () => {
    renderWithProviders(
      <SidePanel
        subject={{ kind: 'plane', planeId: 'vatsim:9', aircraft: { ...ownPlane, id: 'vatsim:9', source: 'vatsim', departure: null, arrival: null, altitudeFt: null, pilotName: undefined } }}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByText('No flight plan filed')).toBeInTheDocument();
    expect(screen.getByText('Unknown')).toBeInTheDocument();
    expect(screen.getByText('VATSIM')).toBeInTheDocument();
  });

  it("shows an airport's name, municipality, runways and the pilot's flights there", async () => {
    signInForTest();
    const fake = installFakeFetch({
      'GET /api/v1/user/information': () => json(buildUser({ id: 'user-1' })),
      'GET /api/airport/v1/airport/LFPG': () => json(lfpg),
      'GET /api/v1/flight-log/user/user-1': () =>
        json({ items: [flightLog('1', 'EGLL', 'LFPG'), flightLog('2', 'LFPO', 'LFMN'), flightLog('3', 'LFPG', 'KJFK')], totalItems: 3, totalPages: 1 }),
    });
    const onClose = vi.fn();
    renderWithProviders(<SidePanel subject={{ kind: 'airport', airportId: 'LFPG' }} onClose={onClose} />);
    const panel = screen.getByRole('complementary', { name: 'LFPG' });
    expect(await within(panel).findByText('Charles de Gaulle International Airport')).toBeInTheDocument();
    expect(within(panel).getByText('Paris, FR')).toBeInTheDocument();
    expect(within(panel).getByText('09L/27R')).toBeInTheDocument();
    expect(within(panel).getByText('13,829 ft · CON')).toBeInTheDocument();
    const flights = within(panel).getByRole('region', { name: 'Your flights here' });
    expect(await within(flights).findByText('CTR1')).toBeInTheDocument();
    expect(within(flights).getByText('CTR3')).toBeInTheDocument();
    // LFPO-LFMN matched the search text elsewhere but is not a flight from or to LFPG.
    expect(within(flights).queryByText('CTR2')).not.toBeInTheDocument();
    expect(fake.calls.find((call) => call.path === '/api/v1/flight-log/user/user-1')?.url.searchParams.get('search')).toBe('LFPG');
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says so when the airport is unknown', async () => {
    installFakeFetch({});
    renderWithProviders(<SidePanel subject={{ kind: 'airport', airportId: 'ZZZZ' }} onClose={() => undefined} />);
    expect(await screen.findByText('No information about ZZZZ.')).toBeInTheDocument();
  });

  describe("an airline's hub and planes", () => {
    const AIRLINE = '/api/airline-manager/v1/airline/air-1';
    const airport = { ident: 'LFPG', label: 'Charles de Gaulle International Airport', municipality: 'Paris', position: { latitude: 49, longitude: 2.55, altitude: 392 } };
    const airline = {
      id: 'air-1',
      name: 'Seine Air',
      hubs: [{ id: 'hub-1', airport, isMain: true, nextDtOfPayment: null, state: 'ACTIVE', operatingCost: 100 }],
    };
    const planeOf = (id: string, overrides: Record<string, unknown> = {}) => ({
      id,
      configuration: { eco: 150, business: 12, first: 0 },
      wear: 87.4,
      lifetime: 12,
      mftId: null,
      model: 'Airbus A320',
      tailRegistration: `F-S${id.toUpperCase()}`,
      icao: 'A320',
      state: 'AT_AIRPORT',
      category: 'MEDIUM_HAUL',
      hangarId: null,
      airport: 'LFPG',
      ...overrides,
    });

    it('opens for a hub with its airline, airport and the planes parked there', async () => {
      installFakeFetch({
        [`GET ${AIRLINE}`]: () => json(airline),
        [`GET ${AIRLINE}/plane`]: () =>
          json({
            items: [planeOf('aa'), planeOf('bb', { airport: 'EGLL' }), planeOf('cc', { state: 'FLYING', airport: 'LFPG', flight: { id: 'f', departureIdent: 'LFPG', arrivalIdent: 'EGLL' } })],
            totalItems: 3,
          }),
      });
      renderWithProviders(<SidePanel subject={{ kind: 'hub', hubId: 'hub-1', airportId: 'LFPG', airlineId: 'air-1' }} onClose={() => undefined} />);
      const panel = screen.getByRole('complementary', { name: 'Hub LFPG' });
      expect(await within(panel).findByText('Seine Air')).toBeInTheDocument();
      expect(within(panel).getByText('Charles de Gaulle International Airport')).toBeInTheDocument();
      expect(within(panel).getByText('Main hub')).toBeInTheDocument();
      const planes = await within(panel).findByRole('list');
      // Only the plane parked here: the other is at EGLL, the third is flying away.
      expect(within(planes).getAllByRole('listitem')).toHaveLength(1);
      expect(within(planes).getByText('F-SAA · A320')).toBeInTheDocument();
      expect(within(planes).getByText('Available · condition 87%')).toBeInTheDocument();
    });

    it('says when no plane of the airline is at the hub', async () => {
      installFakeFetch({ [`GET ${AIRLINE}`]: () => json(airline), [`GET ${AIRLINE}/plane`]: () => json({ items: [], totalItems: 0 }) });
      renderWithProviders(<SidePanel subject={{ kind: 'hub', hubId: 'hub-1', airportId: 'LFPG', airlineId: 'air-1' }} onClose={() => undefined} />);
      expect(await screen.findByText('No plane of the airline is here.')).toBeInTheDocument();
    });

    it('says when the airline cannot be read', async () => {
      installFakeFetch({ [`GET ${AIRLINE}`]: () => json({ success: false, message: 'Forbidden', errorCode: 'FORBIDDEN' }, 403) });
      renderWithProviders(<SidePanel subject={{ kind: 'hub', hubId: 'hub-1', airportId: 'LFPG', airlineId: 'air-1' }} onClose={() => undefined} />);
      expect(await screen.findByText("This airline's details are not available to you.")).toBeInTheDocument();
    });

    it('opens for an airline plane in flight: registration, model, state, condition and where it flies', async () => {
      installFakeFetch({
        [`GET ${AIRLINE}`]: () => json(airline),
        [`GET ${AIRLINE}/plane/p-1`]: () =>
          json(planeOf('p1', { state: 'FLYING', airport: null, flight: { id: 'f-1', departureIdent: 'LFPG', arrivalIdent: 'EGLL' }, pilot: { id: 'u', userName: 'skyler' } })),
      });
      renderWithProviders(<SidePanel subject={{ kind: 'airlinePlane', planeId: 'p-1', airlineId: 'air-1', registration: 'F-SP1' }} onClose={() => undefined} />);
      const panel = screen.getByRole('complementary', { name: 'F-SP1' });
      expect(await within(panel).findByText('Airbus A320 (A320)')).toBeInTheDocument();
      expect(within(panel).getByText('Flying')).toBeInTheDocument();
      expect(within(panel).getByText('87%')).toBeInTheDocument();
      expect(within(panel).getByText('LFPG → EGLL')).toBeInTheDocument();
      expect(within(panel).getByText('skyler')).toBeInTheDocument();
      expect(await within(panel).findByText('Seine Air')).toBeInTheDocument();
    });
  });
});
