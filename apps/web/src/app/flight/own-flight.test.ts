import { describe, expect, it } from 'vitest';
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
});
