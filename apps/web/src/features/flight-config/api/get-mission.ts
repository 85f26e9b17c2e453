import { useQuery } from '@tanstack/react-query';
import type { TMission } from '@contrail/domain/mission/mission-contract';
import { missionRoutes } from '@contrail/domain/mission/mission-routes';
import { apiClient } from '../../../lib/api-client';
import { flightConfigQueryKeys } from './query-keys';

/** Pages of open missions read at most to find one (100 each). */
const MISSION_SEARCH_MAX_PAGES = 10;
const PAGE_SIZE = 100;

/**
 * A mission by id, for /flight/configuration?missionId=... (optionally &departure=&arrival= to
 * narrow the search): the API has no mission-by-id call, so the open missions are listed and the
 * id picked. Null when it is not open.
 */
export const findMission = async (missionId: string, departureIcao: string | null, arrivalIcao: string | null): Promise<TMission | null> => {
  for (let page = 0; page < MISSION_SEARCH_MAX_PAGES; page += 1) {
    const result = await apiClient.call(missionRoutes.list, {
      query: { departureIcao: departureIcao ?? undefined, arrivalIcao: arrivalIcao ?? undefined, limit: PAGE_SIZE, skip: page * PAGE_SIZE },
    });
    const found = result.data.find((mission) => mission.id === missionId);
    if (found) return found;
    if ((page + 1) * PAGE_SIZE >= result.total) return null;
  }
  return null;
};

export const useMission = (missionId: string | null, departureIcao: string | null, arrivalIcao: string | null) =>
  useQuery({
    queryKey: [...flightConfigQueryKeys.mission(missionId ?? ''), departureIcao, arrivalIcao],
    queryFn: () => findMission(missionId ?? '', departureIcao, arrivalIcao),
    enabled: Boolean(missionId),
    retry: false,
  });
