import type { TCancelFlightResponse } from '@contrail/domain/flight-api/flight-contract';
import { flightRoutes } from '@contrail/domain/flight-api/flight-routes';
import { apiClient } from '../../../lib/api-client';

/** POST /api/v1/flight/{id}/cancel: cancels the pilot's in-progress flight on the server (no tracker needed). */
export const cancelFlightOnServer = (flightId: string): Promise<TCancelFlightResponse> => apiClient.call(flightRoutes.cancel, { params: { id: flightId } });
