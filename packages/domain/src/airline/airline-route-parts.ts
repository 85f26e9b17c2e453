import { z } from 'zod';

/** What every airline-manager route declaration shares: its OpenAPI tag, path prefix and common shapes. */
export const airlineApiTag = 'airline-manager';
export const airlineApiBase = '/api/airline-manager/v1';
export const ZSuccess = z.object({ success: z.literal(true) });
export const ZAirlineId = z.uuid();
export const AirlineParams = z.object({ id: ZAirlineId });
