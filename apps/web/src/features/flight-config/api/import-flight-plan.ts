import { useMutation } from '@tanstack/react-query';
import type { TFlightPlanData } from '@contrail/domain/flight-plan/flight-plan-data';
import type { TFlightPlanImportRequest } from '@contrail/domain/flight-plan/flight-plan-contract';
import { flightPlanRoutes } from '@contrail/domain/flight-plan/flight-plan-routes';
import { apiClient } from '../../../lib/api-client';

/** POST /api/flight-plan/import: an OFP (SimBrief XML or JSON) pasted or uploaded. */
export const importFlightPlan = (body: TFlightPlanImportRequest): Promise<TFlightPlanData> =>
  apiClient.call(flightPlanRoutes.import, { body });

export const useImportFlightPlan = () => useMutation({ mutationFn: importFlightPlan });
