/**
 * Unit conversions and clamps shared by the connectors. Exact factors (international foot and
 * nautical mile, avoirdupois pound), so a round trip through a simulator's units loses nothing.
 */

export const FEET_PER_METER = 1 / 0.3048;
/** 1 kt = 1852 m / 3600 s. */
export const KNOTS_PER_METER_PER_SECOND = 3600 / 1852;
export const KILOGRAMS_PER_POUND = 0.45359237;

export function metersToFeet(meters: number): number {
  return meters * FEET_PER_METER;
}

export function metersPerSecondToKnots(metersPerSecond: number): number {
  return metersPerSecond * KNOTS_PER_METER_PER_SECOND;
}

export function feetPerSecondToFeetPerMinute(feetPerSecond: number): number {
  return feetPerSecond * 60;
}

export function poundsToKilograms(pounds: number): number {
  return pounds * KILOGRAMS_PER_POUND;
}

/** Clamps into [min, max]; NaN stays NaN so that frame validation rejects it. */
export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** A heading in [0, 360). */
export function normalizeHeadingDeg(headingDeg: number): number {
  if (headingDeg >= 0 && headingDeg < 360) return headingDeg;
  const wrapped = headingDeg % 360;
  return wrapped < 0 ? wrapped + 360 : wrapped;
}

/** An angle in [-180, 180]. */
export function normalizeSignedDeg(angleDeg: number): number {
  if (angleDeg >= -180 && angleDeg <= 180) return angleDeg;
  return normalizeHeadingDeg(angleDeg + 180) - 180;
}

/**
 * The squawk as four octal digits from a code whose decimal digits are the squawk (X-Plane's
 * transponder_code and FlightGear's id-code: 7000 means "7000"). '0000' when the simulator gives
 * something that is not a squawk (negative, > 7777, a digit 8 or 9).
 */
export function formatSquawkFromDecimalDigits(code: number): string {
  if (!Number.isFinite(code)) return '0000';
  const text = String(Math.round(code)).padStart(4, '0');
  return /^[0-7]{4}$/.test(text) ? text : '0000';
}

/**
 * The squawk from a BCO16 value (SimConnect's TRANSPONDER CODE in "Bco16": one octal digit per
 * nibble, 7000 is 0x7000 = 28672).
 */
export function formatSquawkFromBco16(bco16: number): string {
  if (!Number.isInteger(bco16) || bco16 < 0 || bco16 > 0xffff) return '0000';
  const text = bco16.toString(16).padStart(4, '0');
  return /^[0-7]{4}$/.test(text) ? text : '0000';
}

/** Decodes a C string given one byte per element (X-Plane byte-array datarefs read as floats). */
export function decodeByteString(bytes: readonly number[]): string {
  const codes: number[] = [];
  for (const value of bytes) {
    const byte = Math.round(value);
    if (byte <= 0 || byte > 255) break;
    codes.push(byte);
  }
  return Buffer.from(codes).toString('utf8').trim();
}
