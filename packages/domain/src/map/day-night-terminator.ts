import { getSubsolarPoint, type GeoPoint } from './sun-position';

/**
 * The day-night layer of the live map (weather layer "day-night"; the map settings' `light`):
 * the night side of the Earth as one GeoJSON polygon, computed locally from the Sun's position.
 *
 * Geometry. With the subsolar point at (decl, lonSun), the terminator (Sun's centre on the horizon)
 * is where sin(lat) sin(decl) + cos(lat) cos(decl) cos(lon - lonSun) = 0, i.e. for every longitude
 *
 *     lat(lon) = atan(-cos(lon - lonSun) / tan(decl))
 *
 * a single-valued curve from lon -180 to 180. Night lies on the side of the pole the Sun does not
 * reach: the south pole while decl > 0 (northern summer), the north pole while decl < 0.
 *
 * Ring. The curve is sampled from -180 to 180 (both ends, same latitude), then closed along the
 * 180 meridian to the night pole, along the pole to -180, and back. No edge crosses the
 * antimeridian, so a flat (2D) map draws no band across the world and a globe draws the same
 * area: the two closing meridian edges lie on each other on the globe, and the pole edge has no
 * length. Per RFC 7946 the ring is counter-clockwise. Latitudes reach +-90: Web-Mercator renderers
 * (MapLibre's tiler) clamp them to the projection's edge.
 */

export type GeoJsonPosition = [longitude: number, latitude: number];
export type GeoJsonPolygonFeature = {
  type: 'Feature';
  properties: { kind: 'night'; subsolarLatitudeDeg: number; subsolarLongitudeDeg: number };
  geometry: { type: 'Polygon'; coordinates: GeoJsonPosition[][] };
};

export type TerminatorOptions = {
  /** Longitude step between samples, degrees (default 1: 361 points, smooth at any zoom a world view uses). */
  stepDeg?: number;
};

/**
 * Near an equinox tan(decl) tends to 0 and the curve becomes two meridians joined at the poles;
 * keeping |decl| above this keeps the formula finite (the error is far below a pixel).
 */
const MIN_ABS_DECLINATION_DEG = 1e-4;

const toRad = (deg: number) => (deg * Math.PI) / 180;
const toDeg = (rad: number) => (rad * 180) / Math.PI;
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

const effectiveDeclinationDeg = (declinationDeg: number): number =>
  Math.abs(declinationDeg) >= MIN_ABS_DECLINATION_DEG
    ? declinationDeg
    : declinationDeg < 0
      ? -MIN_ABS_DECLINATION_DEG
      : MIN_ABS_DECLINATION_DEG;

/** Latitude of the terminator at a longitude, for a given subsolar point. */
export const terminatorLatitudeDeg = (longitudeDeg: number, subsolar: GeoPoint): number => {
  const decl = toRad(effectiveDeclinationDeg(subsolar.latitudeDeg));
  return toDeg(Math.atan(-Math.cos(toRad(longitudeDeg - subsolar.longitudeDeg)) / Math.tan(decl)));
};

/** Wraps into [-180, 180]. */
const wrapLongitude = (lon: number): number => ((((lon + 180) % 360) + 360) % 360) - 180;

/**
 * Sample longitudes: every `stepDeg` from -180 to 180, plus the dawn and dusk meridians
 * (lonSun +- 90) and points just beside them, where the curve is steepest near an equinox.
 */
const sampleLongitudes = (subsolarLongitudeDeg: number, stepDeg: number): number[] => {
  const longitudes = new Set<number>();
  for (let lon = -180; lon < 180; lon += stepDeg) longitudes.add(round6(lon));
  longitudes.add(180);
  for (const side of [-90, 90]) {
    for (const offset of [-0.1, -0.01, 0, 0.01, 0.1]) {
      const lon = round6(wrapLongitude(subsolarLongitudeDeg + side + offset));
      if (lon > -180 && lon < 180) longitudes.add(lon);
    }
  }
  return [...longitudes].sort((a, b) => a - b);
};

/** The terminator curve as [lon, lat] positions from -180 to 180. */
export const getTerminatorLine = (date: Date, { stepDeg = 1 }: TerminatorOptions = {}): GeoJsonPosition[] => {
  if (!(stepDeg > 0 && stepDeg <= 30)) throw new RangeError('stepDeg must be in (0, 30]');
  const subsolar = getSubsolarPoint(date);
  return sampleLongitudes(subsolar.longitudeDeg, stepDeg).map((lon) => [lon, round6(terminatorLatitudeDeg(lon, subsolar))]);
};

/** Twice the signed area of a ring in the lon/lat plane; positive when counter-clockwise. */
export const ringSignedArea2 = (ring: GeoJsonPosition[]): number => {
  let sum = 0;
  for (let i = 0; i < ring.length - 1; i += 1) {
    const [x1, y1] = ring[i]!;
    const [x2, y2] = ring[i + 1]!;
    sum += x1 * y2 - x2 * y1;
  }
  return sum;
};

/** The night side at `date` as a GeoJSON Feature with one closed, counter-clockwise Polygon ring. */
export const getNightPolygon = (date: Date, options: TerminatorOptions = {}): GeoJsonPolygonFeature => {
  const subsolar = getSubsolarPoint(date);
  const line = getTerminatorLine(date, options);
  const nightPoleLat = effectiveDeclinationDeg(subsolar.latitudeDeg) > 0 ? -90 : 90;
  const ring: GeoJsonPosition[] = [...line, [180, nightPoleLat], [-180, nightPoleLat], line[0]!];
  if (ringSignedArea2(ring) < 0) ring.reverse();
  return {
    type: 'Feature',
    properties: { kind: 'night', subsolarLatitudeDeg: subsolar.latitudeDeg, subsolarLongitudeDeg: subsolar.longitudeDeg },
    geometry: { type: 'Polygon', coordinates: [ring] },
  };
};
