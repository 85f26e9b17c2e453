import topology from 'world-atlas/countries-50m.json';
import type { Topology } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import { buildWorldBasemap, signedArea2, splitLinesAtAntimeridian, splitPolygonAtAntimeridian, unwrapRing } from './world-basemap';

const isAlongPole = (a: number[], b: number[]) => Math.abs(a[1]!) >= 89.9 && Math.abs(b[1]!) >= 89.9;

describe('splitPolygonAtAntimeridian', () => {
  it('cuts a ring that crosses the antimeridian into one piece per side, inside [-180, 180]', () => {
    // A square from 170 E to 170 W, written as world-atlas does (a step from 179 to -179).
    const ring = [
      [170, 10],
      [-170, 10],
      [-170, 20],
      [170, 20],
      [170, 10],
    ];
    expect(unwrapRing(ring).map((point) => point[0])).toEqual([170, 190, 190, 170, 170]);
    const pieces = splitPolygonAtAntimeridian([ring]);
    expect(pieces).toHaveLength(2);
    const spans = pieces.map(([outer]) => [Math.min(...outer!.map((p) => p[0]!)), Math.max(...outer!.map((p) => p[0]!))]);
    expect(spans).toEqual(expect.arrayContaining([[170, 180], [-180, -170]]));
    for (const [outer] of pieces) expect(signedArea2(outer!)).toBeGreaterThan(0);
    const area = pieces.reduce((sum, [outer]) => sum + signedArea2(outer!) / 2, 0);
    expect(area).toBeCloseTo(200, 6);
  });

  it('leaves a ring that does not cross alone (oriented counter-clockwise)', () => {
    const clockwise = [
      [0, 0],
      [0, 10],
      [10, 10],
      [10, 0],
      [0, 0],
    ];
    const [polygon, ...rest] = splitPolygonAtAntimeridian([clockwise]);
    expect(rest).toEqual([]);
    expect(signedArea2(polygon![0]!)).toBeCloseTo(200, 6);
  });

  it('closes a ring that winds round the South Pole through the pole', () => {
    const ring = [-180, -90, 0, 90, 180].map((lon) => [lon, -70]);
    const [polygon] = splitPolygonAtAntimeridian([ring]);
    const lats = polygon![0]!.map((p) => p[1]);
    expect(Math.min(...lats.map(Number))).toBe(-90);
    expect(Math.abs(signedArea2(polygon![0]!) / 2)).toBeCloseTo(360 * 20, 3);
  });
});

describe('splitLinesAtAntimeridian', () => {
  it('cuts a line at the crossing, with the crossing latitude on both sides, and never yields NaN', () => {
    const [west, east] = splitLinesAtAntimeridian([
      [
        [178, 0],
        [-178, 4],
      ],
    ]);
    expect(west).toEqual([
      [178, 0],
      [180, 2],
    ]);
    expect(east).toEqual([
      [-180, 2],
      [-178, 4],
    ]);
    const degenerate = splitLinesAtAntimeridian([
      [
        [-179, -16.5],
        [-180, -16.54],
        [180, -16.54],
        [179, -16.5],
      ],
    ]);
    expect(degenerate.flat(2).every(Number.isFinite)).toBe(true);
  });
});

describe('buildWorldBasemap on the npm world-atlas data', () => {
  const basemap = buildWorldBasemap(topology as unknown as Topology);

  it('draws no band: every edge stays within 180 degrees of longitude except along a pole', () => {
    let edges = 0;
    const bands: string[] = [];
    for (const country of basemap.land.features) {
      for (const polygon of country.geometry.coordinates) {
        for (const ring of polygon) {
          for (let i = 1; i < ring.length; i += 1) {
            edges += 1;
            const [a, b] = [ring[i - 1]!, ring[i]!];
            if (Math.abs(b[0]!) > 180 || (!isAlongPole(a, b) && Math.abs(b[0]! - a[0]!) > 180)) bands.push(`${country.properties.name} ${JSON.stringify([a, b])}`);
          }
        }
      }
    }
    expect(edges).toBeGreaterThan(50_000);
    expect(bands).toEqual([]);
    const badLinePoints = basemap.borders.features
      .flatMap((feature) => feature.geometry.coordinates)
      .filter((line) => line.some((point, i) => !point.every(Number.isFinite) || (i > 0 && Math.abs(point[0]! - line[i - 1]![0]!) > 180)));
    expect(badLinePoints).toEqual([]);
  }, 30_000);

  it('keeps Russia, Fiji and Antarctica whole: both sides of the antimeridian, Antarctica down to the pole', () => {
    const byName = (name: string) => basemap.land.features.find((feature) => feature.properties.name === name)!;
    for (const name of ['Russia', 'Fiji', 'Antarctica']) {
      const lons = byName(name).geometry.coordinates.flat(2).map((point) => point[0]!);
      expect(Math.min(...lons), name).toBe(-180);
      expect(Math.max(...lons), name).toBe(180);
    }
    const area = (name: string) => byName(name).geometry.coordinates.reduce((sum, polygon) => sum + signedArea2(polygon[0]!) / 2, 0);
    // Square degrees in the lon/lat plane: Antarctica spans all longitudes from about -65 to -90.
    expect(area('Antarctica')).toBeGreaterThan(5000);
    expect(area('Russia')).toBeGreaterThan(2500);
    expect(Math.min(...byName('Antarctica').geometry.coordinates.flat(2).map((point) => point[1]!))).toBe(-90);
  });
});
