import { describe, expect, it } from 'vitest';
import { altitudeColour, boundsOf, trackByAltitude } from './track';

const point = (longitude: number, latitude: number, altitude: number) => ({ createdAt: '2026-01-01T00:00:00Z', longitude, latitude, altitude, speed: 200 });

describe('track coloured by altitude', () => {
  it('merges consecutive segments of one band and starts a new line when the band changes', () => {
    const track = trackByAltitude([point(0, 51, 0), point(0.1, 51, 200), point(0.2, 51, 400), point(0.3, 51, 12_000), point(0.4, 51, 36_000)]);
    expect(track.features.map((f) => f.properties.colour)).toEqual([altitudeColour(0), altitudeColour(6_200), altitudeColour(24_000)]);
    expect(track.features[0]!.geometry.coordinates).toEqual([[0, 51], [0.1, 51], [0.2, 51]]);
    // Lines join: each new line starts where the previous one ended.
    expect(track.features[1]!.geometry.coordinates[0]).toEqual([0.2, 51]);
  });

  it('gives low and high altitudes different colours, and nothing for fewer than two points', () => {
    expect(altitudeColour(500)).not.toBe(altitudeColour(35_000));
    expect(trackByAltitude([point(0, 0, 0)]).features).toEqual([]);
  });

  it('bounds every point', () => {
    expect(boundsOf([point(-0.46, 51.47, 0), point(2.55, 49.01, 0)])).toEqual([[-0.46, 49.01], [2.55, 51.47]]);
    expect(boundsOf([])).toBeNull();
  });
});
