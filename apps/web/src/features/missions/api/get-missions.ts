import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TMissionPage } from '@contrail/domain/mission/mission-contract';
import { missionRoutes } from '@contrail/domain/mission/mission-routes';
import { apiClient } from '../../../lib/api-client';
import { missionQueryKeys } from './query-keys';

/** Every filter of GET /v1/missions; empty ones are not sent. */
export type MissionFilters = {
  title?: string;
  departureIcao?: string;
  arrivalIcao?: string;
  minDistance?: number;
  maxDistance?: number;
  /** Only missions a pilot of this career level may fly. */
  clRequired?: number;
};

/** GET /api/v1/missions?limit&skip&...: skip is limit times the page (page from 0). */
export const getMissions = (filters: MissionFilters, page: number, limit: number): Promise<TMissionPage> =>
  apiClient.call(missionRoutes.list, {
    query: {
      limit,
      skip: page * limit,
      title: filters.title || undefined,
      departureIcao: filters.departureIcao || undefined,
      arrivalIcao: filters.arrivalIcao || undefined,
      minDistance: filters.minDistance,
      maxDistance: filters.maxDistance,
      clRequired: filters.clRequired,
    },
  });

export const missionsQueryOptions = (filters: MissionFilters, page: number, limit: number) =>
  queryOptions({
    queryKey: missionQueryKeys.list(filters, page, limit),
    queryFn: () => getMissions(filters, page, limit),
    placeholderData: keepPreviousData,
  });

export const useMissions = (filters: MissionFilters, page: number, limit: number) => useQuery(missionsQueryOptions(filters, page, limit));
