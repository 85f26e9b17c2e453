import type { Feature, FeatureCollection, LineString, Point } from 'geojson';
import type { TPositionHistoryPoint } from '@contrail/domain/flight-api/flight-contract';

/**
 * The track coloured by altitude: one line segment per pair of points, each with the colour of
 * its altitude band. Bands are shared by the map and its legend.
 */
export const ALTITUDE_BANDS = [
  { maxFt: 1_000, colour: '#f8fafc' },
  { maxFt: 5_000, colour: '#a7f3d0' },
  { maxFt: 10_000, colour: '#34d399' },
  { maxFt: 20_000, colour: '#facc15' },
  { maxFt: 30_000, colour: '#fb923c' },
  { maxFt: Number.POSITIVE_INFINITY, colour: '#f472b6' },
] as const;

export const altitudeColour = (altitudeFt: number): string =>
  (ALTITUDE_BANDS.find((band) => altitudeFt < band.maxFt) ?? ALTITUDE_BANDS.at(-1)!).colour;

type SegmentProps = { colour: string; altitudeFt: number };

/** Segments of consecutive points of the same band merged into one line, coloured by that band. */
export const trackByAltitude = (points: readonly TPositionHistoryPoint[]): FeatureCollection<LineString, SegmentProps> => {
  const features: Feature<LineString, SegmentProps>[] = [];
  let current: Feature<LineString, SegmentProps> | null = null;
  for (let i = 1; i < points.length; i += 1) {
    const from = points[i - 1]!;
    const to = points[i]!;
    const altitudeFt = (from.altitude + to.altitude) / 2;
    const colour = altitudeColour(altitudeFt);
    if (current && current.properties.colour === colour) {
      current.geometry.coordinates.push([to.longitude, to.latitude]);
    } else {
      current = {
        type: 'Feature',
        properties: { colour, altitudeFt: Math.round(altitudeFt) },
        geometry: { type: 'LineString', coordinates: [[from.longitude, from.latitude], [to.longitude, to.latitude]] },
      };
      features.push(current);
    }
  }
  return { type: 'FeatureCollection', features };
};

export type MapMarker = { id: string; label: string; latitude: number; longitude: number; colour: string };

export const markersCollection = (markers: readonly MapMarker[]): FeatureCollection<Point, Omit<MapMarker, 'latitude' | 'longitude'>> => ({
  type: 'FeatureCollection',
  features: markers.map(({ latitude, longitude, ...properties }) => ({
    type: 'Feature',
    properties,
    geometry: { type: 'Point', coordinates: [longitude, latitude] },
  })),
});

/** [[west, south], [east, north]] around every point, or null without any. */
export const boundsOf = (points: readonly { latitude: number; longitude: number }[]): [[number, number], [number, number]] | null => {
  if (points.length === 0) return null;
  let west = 180;
  let east = -180;
  let south = 90;
  let north = -90;
  for (const point of points) {
    west = Math.min(west, point.longitude);
    east = Math.max(east, point.longitude);
    south = Math.min(south, point.latitude);
    north = Math.max(north, point.latitude);
  }
  return [[west, south], [east, north]];
};
