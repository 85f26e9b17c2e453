import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUserMission } from '@contrail/domain/mission/mission-contract';
import { missionRoutes } from '@contrail/domain/mission/mission-routes';
import { apiClient } from '../../../lib/api-client';
import { missionQueryKeys } from './query-keys';

/** GET /api/user-missions: the missions the pilot started, newest first, with their outcome. */
export const getUserMissions = (): Promise<TUserMission[]> => apiClient.call(missionRoutes.ofPilot);

export const userMissionsQueryOptions = () => queryOptions({ queryKey: missionQueryKeys.mine(), queryFn: getUserMissions });

export const useUserMissions = () => useQuery(userMissionsQueryOptions());
