import { describe, expect, it } from 'vitest';
import type { TPositionHistoryPoint } from '@contrail/domain/flight-api/flight-contract';
import type { TTrackerCoreAcarsFlight } from '@contrail/domain/live/flight-messages';
import { applyFlightMessage, emptyLiveFlight } from './flight-session-store';
import { mergePositionHistory } from './position-history';
import { scoreTone } from './score-tone';

const at = (iso: string, altitude = 1000): TPositionHistoryPoint => ({ createdAt: iso, latitude: 1, longitude: 2, altitude, speed: 200 });

describe('mergePositionHistory (only new entries, times within 1000 ms are the same)', () => {
  const stored = [at('2026-03-01T10:00:00.000Z'), at('2026-03-01T10:00:10.000Z')];

  it('keeps the stored history (same reference) when the refetch holds nothing new', () => {
    const refetched = [at('2026-03-01T10:00:00.900Z'), at('2026-03-01T10:00:09.000Z')];
    expect(mergePositionHistory(stored, refetched)).toBe(stored);
  });

  it('adds the entries more than 1000 ms from every stored one, in time order', () => {
    const refetched = [at('2026-03-01T10:00:05.000Z', 2000), at('2026-03-01T10:00:11.001Z', 3000), at('2026-03-01T10:00:00.500Z')];
    const merged = mergePositionHistory(stored, refetched);
    expect(merged.map((point) => point.createdAt)).toEqual([
      '2026-03-01T10:00:00.000Z',
      '2026-03-01T10:00:05.000Z',
      '2026-03-01T10:00:10.000Z',
      '2026-03-01T10:00:11.001Z',
    ]);
  });
});

describe('scoreTone', () => {
  it('is success above 75, warning above 25, else error, neutral when empty', () => {
    expect([100, 76, 75, 26, 25, 0].map(scoreTone)).toEqual(['success', 'success', 'warning', 'warning', 'error', 'error']);
    expect(scoreTone(null)).toBe('neutral');
    expect(scoreTone(undefined)).toBe('neutral');
  });
});

describe('applyFlightMessage', () => {
  const acars = (flightId: string, altitudeFtMsl: number): TTrackerCoreAcarsFlight => ({
    flightId,
    step: 'climb',
    stepChanges: [],
    events: [{ sequence: 3, eventCode: 3, key: 'GEAR_UP', createdAtMs: 1, data: { altitudeFtAgl: 300, indicatedAirspeedKts: 160 } }],
    statistics: null,
    position: { latitudeDeg: 51, longitudeDeg: 0, altitudeFtMsl, headingDegTrue: 90, groundSpeedKts: 250, indicatedAirspeedKts: 240, displayedSpeedKind: 'indicatedAirspeed', displayedSpeedKts: 240 },
  });

  it('follows the flight: step, events, a history point per second of wall time', () => {
    let live = applyFlightMessage(emptyLiveFlight('f1'), 'TrackerCoreAcarsFlight', acars('f1', 3000), Date.parse('2026-03-01T10:00:00Z'));
    live = applyFlightMessage(live, 'TrackerCoreAcarsFlight', acars('f1', 3100), Date.parse('2026-03-01T10:00:00.400Z'));
    live = applyFlightMessage(live, 'TrackerCoreAcarsFlight', acars('f1', 3500), Date.parse('2026-03-01T10:00:01.500Z'));
    expect(live?.step).toBe('climb');
    expect(live?.events).toHaveLength(3);
    expect(live?.position?.altitudeFtMsl).toBe(3500);
    expect(live?.positionHistory.map((point) => point.altitude)).toEqual([3000, 3500]);
  });

  it('ignores another flight, and records completion, diversion and readiness', () => {
    const live = emptyLiveFlight('f1');
    expect(applyFlightMessage(live, 'TrackerCoreAcarsFlight', acars('other', 1), 0)).toBe(live);
    expect(applyFlightMessage(live, 'ReadyToEndFlight', { flightId: 'f1' }, 0)?.isReadyToEndFlight).toBe(true);
    const completed = applyFlightMessage(live, 'FlightCompleted', { flightId: 'f1', flightLogId: 'log', fc: 120, xp: 300, fcReason: null }, 0);
    expect(completed?.completed).toEqual({ flightId: 'f1', flightLogId: 'log', fc: 120, xp: 300, fcReason: null });
    const diverted = applyFlightMessage(live, 'FlightDiverted', { flightId: 'f1', arrival: { ident: 'LFPO', position: { latitudeDeg: 48.7, longitudeDeg: 2.4, elevationFt: 291 } } }, 0);
    expect(diverted?.divertedTo?.ident).toBe('LFPO');
    expect(diverted?.isReadyToEndFlight).toBe(true);
  });

  it('keeps one copy of each incident', () => {
    const incident = { flightId: 'f1', code: 10 as const, key: 'ANNOUNCEMENT_IN_BAD_FLIGHT_STEP' as const, parameters: [], timeMs: 5 };
    const once = applyFlightMessage(emptyLiveFlight('f1'), 'Incident', incident, 0);
    expect(applyFlightMessage(once, 'Incident', incident, 0)?.incidents).toHaveLength(1);
  });
});
