import { useMutation } from '@tanstack/react-query';
import type { TFlightPlanData } from '@contrail/domain/flight-plan/flight-plan-data';
import { flightPlanRoutes } from '@contrail/domain/flight-plan/flight-plan-routes';
import { apiClient } from '../../../lib/api-client';

/** GET /api/flight-plan/simbrief/latest: the pilot's latest SimBrief OFP, by the SimBrief id on their profile. */
export const getLatestSimbriefPlan = (): Promise<TFlightPlanData> =>
  apiClient.call(flightPlanRoutes.simbriefLatest, { query: { format: 'xml' } });

export const useLatestSimbriefPlan = () => useMutation({ mutationFn: getLatestSimbriefPlan });
