import type { MissionFilters } from './get-missions';

export const missionQueryKeys = {
  all: ['missions'] as const,
  list: (filters: MissionFilters, page: number, limit: number) => [...missionQueryKeys.all, 'list', { ...filters, page, limit }] as const,
  mine: () => [...missionQueryKeys.all, 'mine'] as const,
};
