import { useMutation } from '@tanstack/react-query';
import type { TJumpseatRequest, TJumpseatResponse } from '@contrail/domain/flight-api/flight-contract';
import { flightRoutes } from '@contrail/domain/flight-api/flight-routes';
import { apiClient } from '../../../lib/api-client';
import { invalidateCurrentUser } from '../../../lib/auth';

/** POST /api/flight/jumpseat: ride to another airport as a passenger; costs FlightCoins. */
export const jumpseat = (body: TJumpseatRequest): Promise<TJumpseatResponse> => apiClient.call(flightRoutes.jumpseat, { body });

/** The pilot's location and balance change: the user is reloaded. */
export const useJumpseat = () => useMutation({ mutationFn: jumpseat, onSuccess: () => invalidateCurrentUser() });
