import { apiClient } from '../../../lib/api-client';

/** POST /api/v1/flight/{id}/cancel: cancels the pilot's in-progress flight on the server (no tracker needed). */
export const cancelFlightOnServer = (flightId: string): Promise<{ success: true; flightId: string }> =>
  apiClient.post(`/api/v1/flight/${encodeURIComponent(flightId)}/cancel`);
