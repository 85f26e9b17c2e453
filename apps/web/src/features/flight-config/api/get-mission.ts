import { useQuery } from '@tanstack/react-query';
import type { TMission } from '@contrail/domain/mission/mission-contract';
import { missionRoutes } from '@contrail/domain/mission/mission-routes';
import { apiClient } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { flightConfigQueryKeys } from './query-keys';

/**
 * A mission by id, for /flight/configuration?missionId=...: only while it is open on the server's
 * clock (the browser's may differ). Null when it is unknown or no longer open.
 */
export const findMission = async (missionId: string): Promise<TMission | null> => {
  try {
    return await apiClient.call(missionRoutes.byId, { params: { id: missionId }, query: { open: 'true' } });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
};

export const useMission = (missionId: string | null) =>
  useQuery({
    queryKey: flightConfigQueryKeys.mission(missionId ?? ''),
    queryFn: () => findMission(missionId ?? ''),
    enabled: Boolean(missionId),
    retry: false,
  });
