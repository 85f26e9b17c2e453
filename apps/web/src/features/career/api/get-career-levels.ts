import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCareerLevel } from '@contrail/domain/reference/career-levels';
import { coreRoutes } from '@contrail/domain/reference/core-routes';
import { apiClient } from '../../../lib/api-client';
import { careerQueryKeys } from './query-keys';

/** GET /api/core/v1/carreer-level (the spec's spelling): every level with its XP range and title. */
export const getCareerLevels = (): Promise<TCareerLevel[]> => apiClient.call(coreRoutes.careerLevels);

export const careerLevelsQueryOptions = () =>
  queryOptions({ queryKey: careerQueryKeys.levels(), queryFn: getCareerLevels, staleTime: 60 * 60_000 });

export const useCareerLevels = () => useQuery(careerLevelsQueryOptions());
