import { useQuery } from '@tanstack/react-query';
import type { TMission, TMissionPage } from '@contrail/domain/mission/mission-contract';
import { apiClient } from '../../../lib/api-client';
import { flightConfigQueryKeys } from './query-keys';

/**
 * A mission by id, for /flight/configuration?missionId=...&departure=...&arrival=...: the API has no
 * mission-by-id call, so the open missions between the two airports are listed and the id picked.
 */
export const findMission = async (missionId: string, departureIcao: string, arrivalIcao: string): Promise<TMission | null> => {
  const page = await apiClient.get<TMissionPage>('/api/v1/missions', { query: { departureIcao, arrivalIcao, limit: 100 } });
  return page.data.find((mission) => mission.id === missionId) ?? null;
};

export const useMission = (missionId: string | null, departureIcao: string | null, arrivalIcao: string | null) =>
  useQuery({
    queryKey: flightConfigQueryKeys.mission(missionId ?? ''),
    queryFn: () => findMission(missionId ?? '', departureIcao ?? '', arrivalIcao ?? ''),
    enabled: Boolean(missionId && departureIcao && arrivalIcao),
    retry: false,
  });
