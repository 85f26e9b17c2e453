import { useMutation } from '@tanstack/react-query';
import type { TFlightPlanData } from '@contrail/domain/flight-plan/flight-plan-data';
import type { TGenerateFlightPlanRequest } from '@contrail/domain/flight-plan/flight-plan-contract';
import { flightPlanRoutes } from '@contrail/domain/flight-plan/flight-plan-routes';
import { apiClient } from '../../../lib/api-client';

/** POST /api/flight-plan/generate: Contrail's own planner. */
export const generateFlightPlan = (body: TGenerateFlightPlanRequest): Promise<TFlightPlanData> =>
  apiClient.call(flightPlanRoutes.generate, { body });

export const useGenerateFlightPlan = () => useMutation({ mutationFn: generateFlightPlan });
