import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  getNightPolygon,
  getTerminatorLine,
  ringSignedArea2,
  type GeoJsonPosition,
} from '../../src/map/day-night-terminator';
import { getSolarElevationDeg, getSubsolarPoint } from '../../src/map/sun-position';

/** Even-odd point-in-polygon in the lon/lat plane: how a 2D map fills the ring. */
const isInsideRing = (ring: GeoJsonPosition[], [x, y]: GeoJsonPosition): boolean => {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
};

const DATES = [
  new Date('2024-03-20T03:06:00Z'), // March equinox: the curve is almost two meridians
  new Date('2024-06-20T20:51:00Z'), // June solstice: night around the South Pole
  new Date('2024-12-21T09:20:00Z'), // December solstice: night around the North Pole
  new Date('2025-10-05T17:42:13Z'),
];

describe('night polygon', () => {
  it.each(DATES)('is one closed, counter-clockwise ring with no edge across the antimeridian at %s', (date) => {
    const feature = getNightPolygon(date);
    expect(feature.type).toBe('Feature');
    expect(feature.geometry.type).toBe('Polygon');
    expect(feature.geometry.coordinates).toHaveLength(1);
    const ring = feature.geometry.coordinates[0]!;
    expect(ring[0]).toEqual(ring.at(-1));
    expect(ringSignedArea2(ring)).toBeGreaterThan(0);
    for (const [lon, lat] of ring) {
      expect(lon).toBeGreaterThanOrEqual(-180);
      expect(lon).toBeLessThanOrEqual(180);
      expect(lat).toBeGreaterThanOrEqual(-90);
      expect(lat).toBeLessThanOrEqual(90);
    }
    // An edge spanning more than a sample step in longitude is a band across the map, except the one
    // closing edge that runs along the pole from 180 to -180.
    const wideEdges = ring.slice(1).filter((p, i) => Math.abs(p[0] - ring[i]![0]) > 1.0001);
    expect(wideEdges).toHaveLength(1);
    const poleEdgeIndex = ring.slice(1).findIndex((p, i) => Math.abs(p[0] - ring[i]![0]) > 1.0001);
    expect(Math.abs(ring[poleEdgeIndex]![1])).toBe(90);
    expect(ring[poleEdgeIndex + 1]![1]).toBe(ring[poleEdgeIndex]![1]);
  });

  it('closes on the South Pole in northern summer and on the North Pole in northern winter', () => {
    const june = getNightPolygon(new Date('2024-06-20T20:51:00Z')).geometry.coordinates[0]!;
    const december = getNightPolygon(new Date('2024-12-21T09:20:00Z')).geometry.coordinates[0]!;
    expect(june.some(([, lat]) => lat === -90)).toBe(true);
    expect(june.some(([, lat]) => lat === 90)).toBe(false);
    expect(december.some(([, lat]) => lat === 90)).toBe(true);
  });

  it('puts every terminator point where the Sun is on the horizon', () => {
    for (const date of DATES) {
      const sun = getSubsolarPoint(date);
      for (const [lon, lat] of getTerminatorLine(date)) {
        expect(Math.abs(getSolarElevationDeg({ latitudeDeg: lat, longitudeDeg: lon }, date, sun))).toBeLessThan(0.001);
      }
    }
  });

  it('covers exactly the places where the Sun is down (away from the terminator itself)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2050-12-31T23:59:59Z'), noInvalidDate: true }),
        fc.double({ min: -179.9, max: 179.9, noNaN: true }),
        fc.double({ min: -84, max: 84, noNaN: true }),
        (date, lon, lat) => {
          const elevation = getSolarElevationDeg({ latitudeDeg: lat, longitudeDeg: lon }, date);
          // A 1-degree sampling misplaces the curve by well under a degree of solar elevation.
          fc.pre(Math.abs(elevation) > 1);
          const ring = getNightPolygon(date).geometry.coordinates[0]!;
          return isInsideRing(ring, [lon, lat]) === elevation < 0;
        },
      ),
      { numRuns: 400 },
    );
  });

  it('is a hemisphere: about half the globe is in the night polygon', () => {
    // Area on the sphere of a lon/lat ring: sum over edges of (lon2 - lon1)(sin lat1 + sin lat2) / 2.
    for (const date of DATES) {
      const ring = getNightPolygon(date, { stepDeg: 0.25 }).geometry.coordinates[0]!;
      let area = 0;
      for (let i = 0; i < ring.length - 1; i += 1) {
        const [lon1, lat1] = ring[i]!;
        const [lon2, lat2] = ring[i + 1]!;
        area += ((((lon2 - lon1) * Math.PI) / 180) * (Math.sin((lat1 * Math.PI) / 180) + Math.sin((lat2 * Math.PI) / 180))) / 2;
      }
      expect(Math.abs(area) / (4 * Math.PI)).toBeCloseTo(0.5, 2);
    }
  });

  it('refuses a useless sampling step', () => {
    expect(() => getNightPolygon(new Date(), { stepDeg: 0 })).toThrow(RangeError);
    expect(() => getNightPolygon(new Date(), { stepDeg: 90 })).toThrow(RangeError);
  });
});
