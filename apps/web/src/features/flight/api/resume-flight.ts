import type { TResumeFlightResponse } from '@contrail/domain/flight-api/flight-contract';
import { flightRoutes } from '@contrail/domain/flight-api/flight-routes';
import { apiClient } from '../../../lib/api-client';

/** POST /api/v1/flight/{id}/resume: a new tracker token for the pilot's in-progress flight. */
export const resumeFlight = (flightId: string): Promise<TResumeFlightResponse> =>
  apiClient.call(flightRoutes.resume, { params: { id: flightId } });
