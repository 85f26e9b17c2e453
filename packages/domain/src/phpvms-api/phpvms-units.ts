import { METERS_PER_NM } from '../geo/great-circle';

/**
 * The units a phpVMS client reads: every distance in four units, every fuel quantity in two, and
 * times in ISO 8601 Zulu. Contrail keeps nautical miles and kilograms; these give a client the
 * same figures in the shapes it expects (docs/decisions/0046-phpvms-pilot-api.md).
 */
export const KG_PER_LB = 0.45359237;
const METERS_PER_KM = 1000;
const METERS_PER_MI = 1609.344;

export type PhpvmsDistance = { m: number; km: number; mi: number; nmi: number };
export type PhpvmsFuel = { kg: number; lbs: number };

const round2 = (value: number) => Math.round(value * 100) / 100;

export const distanceFromNm = (nm: number): PhpvmsDistance => {
  const m = nm * METERS_PER_NM;
  return { m: round2(m), km: round2(m / METERS_PER_KM), mi: round2(m / METERS_PER_MI), nmi: round2(nm) };
};

export const fuelFromKg = (kg: number): PhpvmsFuel => ({ kg: round2(kg), lbs: round2(kg / KG_PER_LB) });

export const lbsToKg = (lbs: number): number => lbs * KG_PER_LB;

/** `2026-11-27T17:00:00Z`: phpVMS's Zulu form, whole seconds. */
export const zulu = (date: Date | null | undefined): string | null => (date ? `${date.toISOString().slice(0, 19)}Z` : null);
