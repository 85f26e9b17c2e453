import type { TResumeFlightResponse } from '@contrail/domain/flight-api/flight-contract';
import { apiClient } from '../../../lib/api-client';

/** POST /api/v1/flight/{id}/resume: a new tracker token for the pilot's in-progress flight. */
export const resumeFlight = (flightId: string): Promise<TResumeFlightResponse> =>
  apiClient.post<TResumeFlightResponse>(`/api/v1/flight/${encodeURIComponent(flightId)}/resume`);
