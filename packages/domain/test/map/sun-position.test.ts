import { describe, expect, it } from 'vitest';
import { getSolarCoordinates, getSolarElevationDeg, getSubsolarPoint, isNightAt } from '../../src/map/sun-position';

/** Instants of 2024's equinoxes and solstices (UTC, to the minute). */
const MARCH_EQUINOX = new Date('2024-03-20T03:06:00Z');
const JUNE_SOLSTICE = new Date('2024-06-20T20:51:00Z');
const SEPTEMBER_EQUINOX = new Date('2024-09-22T12:44:00Z');
const DECEMBER_SOLSTICE = new Date('2024-12-21T09:20:00Z');

describe('solar declination', () => {
  it('is about 0 at the equinoxes', () => {
    expect(getSolarCoordinates(MARCH_EQUINOX).declinationDeg).toBeCloseTo(0, 1);
    expect(Math.abs(getSolarCoordinates(MARCH_EQUINOX).declinationDeg)).toBeLessThan(0.02);
    expect(Math.abs(getSolarCoordinates(SEPTEMBER_EQUINOX).declinationDeg)).toBeLessThan(0.02);
  });

  it('is about +-23.44 at the solstices', () => {
    expect(getSolarCoordinates(JUNE_SOLSTICE).declinationDeg).toBeCloseTo(23.44, 1);
    expect(Math.abs(getSolarCoordinates(JUNE_SOLSTICE).declinationDeg - 23.44)).toBeLessThan(0.01);
    expect(Math.abs(getSolarCoordinates(DECEMBER_SOLSTICE).declinationDeg + 23.44)).toBeLessThan(0.01);
  });

  it('changes sign at the equinoxes', () => {
    const hour = 3_600_000;
    expect(getSolarCoordinates(new Date(MARCH_EQUINOX.getTime() - 24 * hour)).declinationDeg).toBeLessThan(0);
    expect(getSolarCoordinates(new Date(MARCH_EQUINOX.getTime() + 24 * hour)).declinationDeg).toBeGreaterThan(0);
  });
});

describe('equation of time and the subsolar longitude', () => {
  // Published values (NOAA solar calculator): about -14.2 min in mid-February, +16.4 min early November,
  // near 0 mid-April, mid-June, beginning of September and Christmas.
  it.each([
    ['2024-02-11T12:00:00Z', -14.2],
    ['2024-11-03T12:00:00Z', 16.4],
    ['2024-04-15T12:00:00Z', 0],
    ['2024-06-13T12:00:00Z', 0],
    ['2024-09-01T12:00:00Z', 0],
    ['2024-12-25T12:00:00Z', 0],
  ])('at %s the equation of time is about %d minutes', (iso, expectedMin) => {
    expect(Math.abs(getSolarCoordinates(new Date(iso)).equationOfTimeMin - expectedMin)).toBeLessThan(0.35);
  });

  it('puts the Sun at -EoT/4 degrees of longitude at 12:00 UTC', () => {
    for (const iso of ['2024-02-11T12:00:00Z', '2024-11-03T12:00:00Z', '2024-07-26T12:00:00Z']) {
      const date = new Date(iso);
      const { equationOfTimeMin } = getSolarCoordinates(date);
      expect(getSubsolarPoint(date).longitudeDeg).toBeCloseTo(-equationOfTimeMin / 4, 6);
    }
    expect(getSubsolarPoint(new Date('2024-11-03T12:00:00Z')).longitudeDeg).toBeCloseTo(-4.1, 1);
    expect(getSubsolarPoint(new Date('2024-02-11T12:00:00Z')).longitudeDeg).toBeCloseTo(3.55, 1);
  });

  it('moves the Sun 15 degrees west per hour and puts it near 180 at midnight UTC', () => {
    const noon = getSubsolarPoint(new Date('2024-05-01T12:00:00Z')).longitudeDeg;
    const onePm = getSubsolarPoint(new Date('2024-05-01T13:00:00Z')).longitudeDeg;
    expect(noon - onePm).toBeCloseTo(15, 1);
    const midnight = getSubsolarPoint(new Date('2024-05-02T00:00:00Z')).longitudeDeg;
    expect(Math.min(Math.abs(midnight - 180), Math.abs(midnight + 180))).toBeLessThan(1.5);
  });

  it('latitude of the subsolar point is the declination', () => {
    expect(getSubsolarPoint(JUNE_SOLSTICE).latitudeDeg).toBe(getSolarCoordinates(JUNE_SOLSTICE).declinationDeg);
  });
});

describe('solar elevation', () => {
  it('is 90 at the subsolar point and -90 at its antipode', () => {
    const date = new Date('2024-08-10T07:30:00Z');
    const sun = getSubsolarPoint(date);
    expect(getSolarElevationDeg(sun, date)).toBeCloseTo(90, 6);
    expect(getSolarElevationDeg({ latitudeDeg: -sun.latitudeDeg, longitudeDeg: sun.longitudeDeg + 180 }, date)).toBeCloseTo(-90, 6);
  });

  it('matches the noon elevation in Paris at the June solstice (90 - 48.86 + 23.44)', () => {
    const paris = { latitudeDeg: 48.8566, longitudeDeg: 2.3522 };
    // Local apparent noon in Paris on 2024-06-20 is about 11:52 UTC.
    const elevation = getSolarElevationDeg(paris, new Date('2024-06-20T11:52:00Z'));
    expect(elevation).toBeCloseTo(90 - 48.8566 + 23.44, 0);
  });

  it('knows night from day', () => {
    // 2024-12-21 00:00 UTC: night in Paris, day in Sydney; polar night at the North Pole.
    const date = new Date('2024-12-21T00:00:00Z');
    expect(isNightAt({ latitudeDeg: 48.86, longitudeDeg: 2.35 }, date)).toBe(true);
    expect(isNightAt({ latitudeDeg: -33.87, longitudeDeg: 151.21 }, date)).toBe(false);
    expect(isNightAt({ latitudeDeg: 89.9, longitudeDeg: 0 }, new Date('2024-12-21T12:00:00Z'))).toBe(true);
  });
});
