/**
 * Where the Sun is, for the live map's day-night layer. NOAA's solar-position approximation
 * (Jean Meeus, "Astronomical Algorithms", chapter 25, as in NOAA's General Solar Position
 * Calculations and its solar calculator spreadsheet). Accurate to about 0.01 degree in declination
 * and a few seconds in the equation of time for years 1800-2100: far below a map pixel.
 *
 * Angles in degrees, longitudes east-positive, times UTC. Refraction is ignored.
 */

const toRad = (deg: number) => (deg * Math.PI) / 180;
const toDeg = (rad: number) => (rad * 180) / Math.PI;
const MS_PER_DAY = 86_400_000;
/** Julian day of the Unix epoch, 1970-01-01T00:00Z. */
const JULIAN_DAY_UNIX_EPOCH = 2_440_587.5;
/** Julian day of J2000.0, 2000-01-01T12:00 TT (the difference TT-UTC, about a minute, is ignored). */
const JULIAN_DAY_J2000 = 2_451_545;

/** Julian centuries since J2000.0. */
export const julianCenturies = (date: Date): number =>
  (date.getTime() / MS_PER_DAY + JULIAN_DAY_UNIX_EPOCH - JULIAN_DAY_J2000) / 36_525;

export type SolarCoordinates = {
  /** Solar declination: the latitude of the subsolar point. */
  declinationDeg: number;
  /**
   * Equation of time, minutes: apparent solar time minus mean solar time. Positive when the
   * sundial is ahead of the clock (early November, about +16.4 min), negative in February (-14.2).
   */
  equationOfTimeMin: number;
};

/**
 * Declination and equation of time (NOAA):
 *
 * - T = Julian centuries since J2000.0
 * - L0 = 280.46646 + T(36000.76983 + 0.0003032 T)   geometric mean longitude
 * - M = 357.52911 + T(35999.05029 - 0.0001537 T)    mean anomaly
 * - e = 0.016708634 - T(0.000042037 + 0.0000001267 T) orbit eccentricity
 * - C = sin M (1.914602 - T(0.004817 + 0.000014 T)) + sin 2M (0.019993 - 0.000101 T) + 0.000289 sin 3M
 * - lambda = L0 + C - 0.00569 - 0.00478 sin(125.04 - 1934.136 T)   apparent longitude
 * - epsilon = 23 + (26 + (21.448 - T(46.815 + T(0.00059 - 0.001813 T))) / 60) / 60
 *   + 0.00256 cos(125.04 - 1934.136 T)                           corrected obliquity
 * - declination = asin(sin epsilon sin lambda)
 * - y = tan^2(epsilon / 2)
 * - EoT = 4 deg(y sin 2L0 - 2e sin M + 4ey sin M cos 2L0 - y^2 sin 4L0 / 2 - 5e^2 sin 2M / 4) minutes
 */
export const getSolarCoordinates = (date: Date): SolarCoordinates => {
  const t = julianCenturies(date);
  const l0 = toRad((((280.46646 + t * (36_000.76983 + t * 0.0003032)) % 360) + 360) % 360);
  const mDeg = 357.52911 + t * (35_999.05029 - 0.0001537 * t);
  const m = toRad(mDeg);
  const e = 0.016708634 - t * (0.000042037 + 0.0000001267 * t);
  const center =
    Math.sin(m) * (1.914602 - t * (0.004817 + 0.000014 * t)) + Math.sin(2 * m) * (0.019993 - 0.000101 * t) + Math.sin(3 * m) * 0.000289;
  const omega = toRad(125.04 - 1934.136 * t);
  const apparentLongitude = toRad(toDeg(l0) + center - 0.00569 - 0.00478 * Math.sin(omega));
  const meanObliquityDeg = 23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60;
  const obliquity = toRad(meanObliquityDeg + 0.00256 * Math.cos(omega));

  const declinationDeg = toDeg(Math.asin(Math.sin(obliquity) * Math.sin(apparentLongitude)));
  const y = Math.tan(obliquity / 2) ** 2;
  const equationOfTimeMin =
    4 *
    toDeg(
      y * Math.sin(2 * l0) -
        2 * e * Math.sin(m) +
        4 * e * y * Math.sin(m) * Math.cos(2 * l0) -
        0.5 * y * y * Math.sin(4 * l0) -
        1.25 * e * e * Math.sin(2 * m),
    );
  return { declinationDeg, equationOfTimeMin };
};

export type GeoPoint = { latitudeDeg: number; longitudeDeg: number };

/** Longitude into [-180, 180). */
const normalizeLongitude = (lon: number): number => ((((lon + 180) % 360) + 360) % 360) - 180;

/**
 * The subsolar point: where the Sun is at the zenith. Its latitude is the declination; its
 * longitude is where it is apparent solar noon: local mean noon happens at longitude
 * (720 - minutesOfDayUtc) / 4 degrees, shifted west by the equation of time, so
 * longitude = (720 - minutesOfDayUtc - EoT) / 4. At 12:00 UTC it is -EoT / 4.
 */
export const getSubsolarPoint = (date: Date): GeoPoint => {
  const { declinationDeg, equationOfTimeMin } = getSolarCoordinates(date);
  const minutesOfDayUtc = (((date.getTime() / 60_000) % 1440) + 1440) % 1440;
  return {
    latitudeDeg: declinationDeg,
    longitudeDeg: normalizeLongitude((720 - minutesOfDayUtc - equationOfTimeMin) / 4),
  };
};

/**
 * The Sun's elevation above the horizon at a point, degrees (negative below), from the subsolar
 * point by spherical trigonometry: sin(elev) = sin(lat) sin(decl) + cos(lat) cos(decl) cos(hourAngle).
 */
export const getSolarElevationDeg = (point: GeoPoint, date: Date, subsolar: GeoPoint = getSubsolarPoint(date)): number => {
  const lat = toRad(point.latitudeDeg);
  const decl = toRad(subsolar.latitudeDeg);
  const hourAngle = toRad(point.longitudeDeg - subsolar.longitudeDeg);
  const sinElevation = Math.sin(lat) * Math.sin(decl) + Math.cos(lat) * Math.cos(decl) * Math.cos(hourAngle);
  return toDeg(Math.asin(Math.max(-1, Math.min(1, sinElevation))));
};

/** True when the Sun's centre is below the horizon at the point. */
export const isNightAt = (point: GeoPoint, date: Date): boolean => getSolarElevationDeg(point, date) < 0;
