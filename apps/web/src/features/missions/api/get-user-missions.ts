import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUserMission } from '@contrail/domain/mission/mission-contract';
import { apiClient } from '../../../lib/api-client';
import { missionQueryKeys } from './query-keys';

/** GET /api/user-missions: the missions the pilot started, newest first, with their outcome. */
export const getUserMissions = (): Promise<TUserMission[]> => apiClient.get<TUserMission[]>('/api/user-missions');

export const userMissionsQueryOptions = () => queryOptions({ queryKey: missionQueryKeys.mine(), queryFn: getUserMissions });

export const useUserMissions = () => useQuery(userMissionsQueryOptions());
