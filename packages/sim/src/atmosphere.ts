/**
 * A deliberately simple atmosphere for the built-in simulator (ISA, no wind, no temperature
 * deviation). Indicated airspeed is taken as equivalent airspeed: TAS = IAS / sqrt(sigma), where
 * sigma is the ISA density ratio. Compressibility is ignored, so at jet cruise levels the IAS shown
 * is some 10-15 kt below what a real airspeed indicator would read; that is close enough for the
 * tracker (its limits are 250 KIAS below 10,000 ft, where the error is a couple of knots).
 */

/** ISA tropopause, feet. */
const TROPOPAUSE_FT = 36_089;

/** ISA density ratio sigma = rho / rho0 at a pressure altitude in feet (clamped at sea level below). */
export const densityRatio = (altitudeFt: number): number => {
  const h = Math.max(0, altitudeFt);
  if (h <= TROPOPAUSE_FT) return (1 - 6.875_59e-6 * h) ** 4.255_88;
  return 0.297_07 * Math.exp(-(h - TROPOPAUSE_FT) / 20_806);
};

/** True airspeed (knots) for an indicated airspeed (knots) at an altitude (feet). */
export const trueAirspeedFromIndicatedKts = (indicatedKts: number, altitudeFt: number): number =>
  indicatedKts / Math.sqrt(densityRatio(altitudeFt));

/** Indicated airspeed (knots) for a true airspeed (knots) at an altitude (feet). */
export const indicatedAirspeedFromTrueKts = (trueKts: number, altitudeFt: number): number =>
  trueKts * Math.sqrt(densityRatio(altitudeFt));
