import { describe, expect, it } from 'vitest';
import { roundedDistanceNm } from '../geo/great-circle';
import { generateMissions, type MissionAirportCandidate } from './mission-generator';
import { missionPeriodOf } from './mission-rules';

const airport = (ident: string, latitudeDeg: number, longitudeDeg: number, type: MissionAirportCandidate['type'] = 'large_airport'): MissionAirportCandidate => ({
  ident, name: `${ident} Airport`, municipality: `${ident} City`, type, latitudeDeg, longitudeDeg, elevationFt: 100,
});

// Real positions of a spread of airports, short and long distances apart.
const airports: MissionAirportCandidate[] = [
  airport('LFPG', 49.0128, 2.55), airport('LFPO', 48.7233, 2.3794), airport('LFMN', 43.6584, 7.2159),
  airport('LFLL', 45.7256, 5.0811), airport('LFBO', 43.6291, 1.3638), airport('EGLL', 51.4706, -0.4619),
  airport('EHAM', 52.3086, 4.7639), airport('EDDF', 50.0333, 8.5706), airport('LEMD', 40.4719, -3.5626),
  airport('LIRF', 41.8003, 12.2389), airport('KJFK', 40.6398, -73.7789), airport('KLAX', 33.9425, -118.408),
  airport('OMDB', 25.2528, 55.3644), airport('RJTT', 35.5523, 139.78), airport('YSSY', -33.9461, 151.177),
  airport('FAOR', -26.1392, 28.246), airport('SBGR', -23.4356, -46.4731), airport('LFRS', 47.1532, -1.6107, 'medium_airport'),
  airport('LFBD', 44.8283, -0.7156, 'medium_airport'), airport('LFSB', 47.59, 7.5292, 'medium_airport'),
];
const period = missionPeriodOf(new Date('2026-01-15T12:00:00Z'));
const bands: Record<string, [number, number]> = { SMALL_HAUL: [60, 2000], MEDIUM_HAUL: [400, 2500], LARGE_HAUL: [2500, 7000], CARGO: [400, 4000] };

describe('mission generator', () => {
  it('gives the same missions for the same seed and period, whatever the airport order', () => {
    const a = generateMissions({ airports, period, seed: 'contrail', count: 30 });
    const b = generateMissions({ airports: [...airports].reverse(), period, seed: 'contrail', count: 30 });
    expect(a.length).toBeGreaterThan(20);
    expect(b).toEqual(a);
    const other = generateMissions({ airports, period: missionPeriodOf(new Date('2026-01-22T00:00:00Z')), seed: 'contrail', count: 30 });
    expect(other.map((m) => m.title)).not.toEqual(a.map((m) => m.title));
  });

  it('keeps every mission inside its rules', () => {
    const missions = generateMissions({ airports, period, seed: 'rules', count: 60 });
    for (const m of missions) {
      const from = airports.find((x) => x.ident === m.departureIdent)!;
      const to = airports.find((x) => x.ident === m.arrivalIdent)!;
      expect(m.departureIdent).not.toBe(m.arrivalIdent);
      expect(m.distanceNm).toBe(roundedDistanceNm(from, to));
      const [min, max] = bands[m.aircraftCategory]!;
      expect(m.distanceNm).toBeGreaterThanOrEqual(min === 60 ? 60 : min);
      expect(m.distanceNm).toBeLessThanOrEqual(max);
      if (m.aircraftCategory === 'LARGE_HAUL') expect([from.type, to.type]).toEqual(['large_airport', 'large_airport']);
      expect(m.CLRequired).toBeGreaterThanOrEqual(1);
      expect(m.CLRequired).toBeLessThanOrEqual(60);
      expect(m.xpBonus).toBeGreaterThan(0);
      expect(m.xpBonus).toBeLessThanOrEqual(600);
      expect(m.fcBonus).toBeGreaterThan(0);
      expect(m.flightNumber).toMatch(/^CTR\d{4}$/);
      expect(m.startDate).toEqual(period.startDate);
      expect(m.endDate).toEqual(period.endDate);
      if (m.missionType === 'CARGO' || m.missionType === 'HUMANITARIAN') expect(m.pax).toBe(0);
      else expect(m.pax).toBeGreaterThan(0);
      expect(m.cargos.length).toBeGreaterThan(0);
    }
    expect(new Set(missions.map((m) => m.missionType)).size).toBeGreaterThanOrEqual(4);
    expect(missions.some((m) => m.CLRequired <= 5)).toBe(true);
  });

  it('answers no mission when there are not two airports', () => {
    expect(generateMissions({ airports: airports.slice(0, 1), period, seed: 's', count: 5 })).toEqual([]);
  });
});
