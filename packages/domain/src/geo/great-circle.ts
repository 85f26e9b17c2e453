/**
 * Great-circle maths on a spherical Earth ("great-circle converted to nautical
 * miles, rounded"). Angles in degrees, distances in nautical miles unless named otherwise.
 */

/** Mean Earth radius in nautical miles (6371.0088 km / 1.852). */
export const EARTH_RADIUS_NM = 3440.065;
export const METERS_PER_NM = 1852;
export const FEET_PER_METER = 3.28084;

export type LatLon = { latitudeDeg: number; longitudeDeg: number };

const toRad = (deg: number) => (deg * Math.PI) / 180;
const toDeg = (rad: number) => (rad * 180) / Math.PI;

/** Normalises a longitude into [-180, 180). */
export const normalizeLongitudeDeg = (lon: number): number => ((((lon + 180) % 360) + 360) % 360) - 180;

/** Normalises a heading into [0, 360). */
export const normalizeHeadingDeg = (heading: number): number => ((heading % 360) + 360) % 360;

/**
 * Unrounded great-circle distance, in nautical miles. The central angle is atan2(|cross|, dot) of
 * the two points' unit vectors (the Vincenty form on a sphere): the haversine's asin loses about
 * half the digits near antipodal points, enough to break the triangle inequality there.
 */
export const distanceNm = (from: LatLon, to: LatLon): number => {
  const phi1 = toRad(from.latitudeDeg);
  const phi2 = toRad(to.latitudeDeg);
  const dLon = toRad(to.longitudeDeg - from.longitudeDeg);
  const cross = Math.hypot(
    Math.cos(phi2) * Math.sin(dLon),
    Math.cos(phi1) * Math.sin(phi2) - Math.sin(phi1) * Math.cos(phi2) * Math.cos(dLon),
  );
  const dot = Math.sin(phi1) * Math.sin(phi2) + Math.cos(phi1) * Math.cos(phi2) * Math.cos(dLon);
  return EARTH_RADIUS_NM * Math.atan2(cross, dot);
};

/** The distance Contrail shows: great-circle nautical miles, rounded to the nearest whole mile. */
export const roundedDistanceNm = (from: LatLon, to: LatLon): number => Math.round(distanceNm(from, to));

/** Initial true bearing from `from` to `to`, in [0, 360). */
export const initialBearingDeg = (from: LatLon, to: LatLon): number => {
  const phi1 = toRad(from.latitudeDeg);
  const phi2 = toRad(to.latitudeDeg);
  const dLon = toRad(to.longitudeDeg - from.longitudeDeg);
  const y = Math.sin(dLon) * Math.cos(phi2);
  const x = Math.cos(phi1) * Math.sin(phi2) - Math.sin(phi1) * Math.cos(phi2) * Math.cos(dLon);
  return normalizeHeadingDeg(toDeg(Math.atan2(y, x)));
};

/** The point reached from `from` after `distance` nautical miles on initial true bearing `bearingDeg`. */
export const destinationPoint = (from: LatLon, bearingDeg: number, distance: number): LatLon => {
  const delta = distance / EARTH_RADIUS_NM;
  const theta = toRad(bearingDeg);
  const phi1 = toRad(from.latitudeDeg);
  const lambda1 = toRad(from.longitudeDeg);
  const phi2 = Math.asin(Math.sin(phi1) * Math.cos(delta) + Math.cos(phi1) * Math.sin(delta) * Math.cos(theta));
  const lambda2 =
    lambda1 + Math.atan2(Math.sin(theta) * Math.sin(delta) * Math.cos(phi1), Math.cos(delta) - Math.sin(phi1) * Math.sin(phi2));
  return { latitudeDeg: toDeg(phi2), longitudeDeg: normalizeLongitudeDeg(toDeg(lambda2)) };
};

/** The point a fraction `f` (0..1) of the way along the great circle from `from` to `to`. */
export const intermediatePoint = (from: LatLon, to: LatLon, f: number): LatLon => {
  const d = distanceNm(from, to) / EARTH_RADIUS_NM;
  if (d === 0) return { ...from };
  const phi1 = toRad(from.latitudeDeg);
  const lambda1 = toRad(from.longitudeDeg);
  const phi2 = toRad(to.latitudeDeg);
  const lambda2 = toRad(to.longitudeDeg);
  const a = Math.sin((1 - f) * d) / Math.sin(d);
  const b = Math.sin(f * d) / Math.sin(d);
  const x = a * Math.cos(phi1) * Math.cos(lambda1) + b * Math.cos(phi2) * Math.cos(lambda2);
  const y = a * Math.cos(phi1) * Math.sin(lambda1) + b * Math.cos(phi2) * Math.sin(lambda2);
  const z = a * Math.sin(phi1) + b * Math.sin(phi2);
  return { latitudeDeg: toDeg(Math.atan2(z, Math.hypot(x, y))), longitudeDeg: toDeg(Math.atan2(y, x)) };
};

/**
 * Signed cross-track distance of `point` from the great circle through `start` towards `end`, in
 * nautical miles (positive to the right of the track).
 */
export const crossTrackDistanceNm = (start: LatLon, end: LatLon, point: LatLon): number => {
  const d13 = distanceNm(start, point) / EARTH_RADIUS_NM;
  const theta13 = toRad(initialBearingDeg(start, point));
  const theta12 = toRad(initialBearingDeg(start, end));
  return Math.asin(Math.sin(d13) * Math.sin(theta13 - theta12)) * EARTH_RADIUS_NM;
};

/** Along-track distance of `point` projected on the great circle from `start` towards `end`, in NM. */
export const alongTrackDistanceNm = (start: LatLon, end: LatLon, point: LatLon): number => {
  const d13 = distanceNm(start, point) / EARTH_RADIUS_NM;
  const dxt = crossTrackDistanceNm(start, end, point) / EARTH_RADIUS_NM;
  const sign = Math.cos(toRad(initialBearingDeg(start, point)) - toRad(initialBearingDeg(start, end))) >= 0 ? 1 : -1;
  return sign * Math.acos(Math.min(1, Math.cos(d13) / Math.cos(dxt))) * EARTH_RADIUS_NM;
};

/** Time = 60 / speed x distance, in minutes. Infinity at zero speed. */
export const timeMinutesFor = (distance: number, speedKts: number): number =>
  speedKts > 0 ? (60 / speedKts) * distance : Number.POSITIVE_INFINITY;
