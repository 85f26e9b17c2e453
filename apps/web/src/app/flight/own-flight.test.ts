import { describe, expect, it } from 'vitest';
import type { TFlight } from '@contrail/domain/flight-api/flight-contract';
import { emptyLiveFlight, type FlightSessionState } from '../../features/flight/lib/flight-session-store';
import { toOwnFlight } from './own-flight';

const active = { flightId: 'f1', token: null, type: 'NORMAL' as const, isPnc: false, flightNumber: 'CTR42', plan: null, pax: null };
const position = {
  latitudeDeg: 48.5,
  longitudeDeg: 2.4,
  altitudeFtMsl: 27_000,
  headingDegTrue: 135,
  groundSpeedKts: 440,
  indicatedAirspeedKts: 280,
  displayedSpeedKind: 'indicatedAirspeed' as const,
  displayedSpeedKts: 280,
};
const history = [
  { createdAt: '2026-06-21T12:00:00.000Z', latitude: 49, longitude: 2.5, altitude: 300, speed: 150 },
  { createdAt: '2026-06-21T12:05:00.000Z', latitude: 48.8, longitude: 2.45, altitude: 12_000, speed: 300 },
];

describe('toOwnFlight (the pilot aircraft the live map draws)', () => {
  it('takes the live position and the position history as the flown track', () => {
    const state: FlightSessionState = { draft: null, active, live: { ...emptyLiveFlight('f1'), position, positionHistory: history } };
    expect(toOwnFlight(state)).toEqual({
      flightId: 'f1',
      flightNumber: 'CTR42',
      position: { latitudeDeg: 48.5, longitudeDeg: 2.4, headingDeg: 135, altitudeFt: 27_000, groundSpeedKts: 440 },
      track: [
        [2.5, 49],
        [2.45, 48.8],
      ],
    });
  });

  it('draws nothing without an active flight, for another flight, or once canceled', () => {
    expect(toOwnFlight({ draft: null, active: null, live: null })).toBeNull();
    expect(toOwnFlight({ draft: null, active, live: { ...emptyLiveFlight('other'), position } })).toBeNull();
    expect(toOwnFlight({ draft: null, active, live: { ...emptyLiveFlight('f1'), position, isCanceled: true } })).toBeNull();
  });

  it("draws a flight recorded by another device (tracker fly, another computer) from the server's record", () => {
    const state: FlightSessionState = { draft: null, active: null, live: null };
    expect(toOwnFlight(state, serverFlight())).toEqual({
      flightId: 'srv1',
      flightNumber: 'CTR77',
      position: { latitudeDeg: 50.6, longitudeDeg: 1.2, headingDeg: 140, altitudeFt: 24_000, groundSpeedKts: 420 },
      track: [
        [-0.45, 51.47],
        [0.4, 51.1],
      ],
    });
  });

  it("prefers this browser's hub when it relays the same flight, and drops a record the hub saw end", () => {
    const server = serverFlight({ id: 'f1' });
    expect(toOwnFlight({ draft: null, active, live: { ...emptyLiveFlight('f1'), position } }, server)?.position?.longitudeDeg).toBe(2.4);
    // The hub knows the flight but has no position yet: the server's position is drawn meanwhile.
    expect(toOwnFlight({ draft: null, active, live: emptyLiveFlight('f1') }, server)?.position?.longitudeDeg).toBe(1.2);
    expect(toOwnFlight({ draft: null, active, live: { ...emptyLiveFlight('f1'), isCanceled: true } }, server)).toBeNull();
    expect(toOwnFlight({ draft: null, active: null, live: null }, serverFlight({ status: 'complete' }))).toBeNull();
  });
});

const serverFlight = (overrides: Partial<TFlight> = {}): TFlight => ({
  id: 'srv1',
  type: 'NORMAL',
  flightNumber: 'CTR77',
  status: 'in_progress',
  flightStep: 'cruise',
  pilot: { id: 'user-1', userName: 'jdoe' },
  aircraft: { icao: 'A320', registration: null, model: 'Airbus A320', maximumWeight: 78000, groundSpeed: 420, indicatedAirSpeed: 280, heading: 140, position: { latitude: 50.6, longitude: 1.2, altitude: 24_000 } },
  departureAirport: { ident: 'EGLL', position: { latitude: 51.47, longitude: -0.45, altitude: 83 } },
  arrivalAirport: { ident: 'LFPG', position: { latitude: 49.01, longitude: 2.55, altitude: 392 } },
  originalArrivalIdent: 'LFPG',
  cruiseLevel: 24000,
  scheduledDepartureTime: null,
  scheduledArrivalTime: null,
  positionHistory: [
    { createdAt: '2026-06-21T12:00:00.000Z', latitude: 51.47, longitude: -0.45, altitude: 83, speed: 0 },
    { createdAt: '2026-06-21T12:10:00.000Z', latitude: 51.1, longitude: 0.4, altitude: 20_000, speed: 400 },
  ],
  isPNCFlight: false,
  readyToEndFlight: false,
  paxNCargoInformation: null,
  transport: null,
  virtualAirlineId: null,
  statistics: null,
  pncData: null,
  lastAckSeq: 0,
  isRetrievedButNotSubscribed: true,
  flightLogId: null,
  createdAt: '2026-06-21T12:00:00.000Z',
  updatedAt: '2026-06-21T12:10:00.000Z',
  ...overrides,
});
