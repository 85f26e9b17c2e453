import { useMutation } from '@tanstack/react-query';
import { deepLinkRoutes } from '@contrail/domain/deep-link/deep-link-routes';
import type { TFlightPlanLinkRequest } from '@contrail/domain/deep-link/flight-plan-link';
import { apiClient } from '../../../lib/api-client';

/** POST /v1/deep-link/flight-plan: the server signs the configured flight into a contrail: link. */
export const useTrackerLink = () =>
  useMutation({ mutationFn: (plan: TFlightPlanLinkRequest) => apiClient.call(deepLinkRoutes.flightPlanLink, { body: plan }) });
