import { z } from 'zod';

/**
 * The cruise levels Contrail accepts, in feet: at registration, in flight (UpdateCruiseLevel) and
 * in every form that asks for one. From a low hop to above any airliner's ceiling.
 */
export const CRUISE_LEVEL_MIN_FT = 1_000;
export const CRUISE_LEVEL_MAX_FT = 60_000;

export const ZCruiseLevel = z.number().int().min(CRUISE_LEVEL_MIN_FT).max(CRUISE_LEVEL_MAX_FT);
