import { useMutation } from '@tanstack/react-query';
import type { TFlightPlanData } from '@contrail/domain/flight-plan/flight-plan-data';
import { apiClient } from '../../../lib/api-client';

/** GET /api/flight-plan/simbrief/latest: the pilot's latest SimBrief OFP, by the SimBrief id on their profile. */
export const getLatestSimbriefPlan = (): Promise<TFlightPlanData> =>
  apiClient.get<TFlightPlanData>('/api/flight-plan/simbrief/latest', { query: { format: 'xml' } });

export const useLatestSimbriefPlan = () => useMutation({ mutationFn: getLatestSimbriefPlan });
