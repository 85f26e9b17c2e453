import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { ZLivemapItem, type TLivemapItem } from '@contrail/domain/airline/airline-contract';
import { airlineRoutes } from '@contrail/domain/airline/airline-routes';
import { apiClient } from '../../../lib/api-client';
import { mapQueryKeys } from './query-keys';

/** An airline's hub or plane on the map, with the airline it belongs to (the side panel asks it for details). */
export type AirlineMapItem = TLivemapItem & { airlineId: string };

/** Hubs stay put and parked planes move at most once a flight: every 30 s is enough to see a plane take off and land. */
export const AIRLINE_ITEMS_POLL_INTERVAL_MS = 30_000;

/** GET /api/airline-manager/v1/airline/{id}/livemap/item: the airline's hubs and planes; items off the contract are left out. */
export const getAirlineMapItems = async (airlineId: string): Promise<AirlineMapItem[]> => {
  // Read as unknown: the map checks each item itself and draws only those it can read.
  const items: unknown = await apiClient.call(airlineRoutes.livemapItems, { params: { id: airlineId }, query: { categories: 'PLANE,HUB' } });
  return (Array.isArray(items) ? items : []).flatMap((item) => {
    const parsed = ZLivemapItem.safeParse(item);
    return parsed.success ? [{ ...parsed.data, airlineId }] : [];
  });
};

const EMPTY: AirlineMapItem[] = [];
/** One list for every airline; module-level so TanStack Query keeps the same array while nothing changed. */
const combineItems = (results: UseQueryResult<AirlineMapItem[]>[]): AirlineMapItem[] => {
  const lists = results.flatMap((result) => (result.data ? [result.data] : []));
  return lists.length === 0 ? EMPTY : lists.flat();
};

/** The hubs and planes of these airlines (the pilot's airlines, or the one a manager works on). */
export const useAirlineMapItems = (airlineIds: readonly string[]): AirlineMapItem[] =>
  useQueries({
    queries: airlineIds.map((airlineId) => ({
      queryKey: mapQueryKeys.airlineItems(airlineId),
      queryFn: () => getAirlineMapItems(airlineId),
      refetchInterval: AIRLINE_ITEMS_POLL_INTERVAL_MS,
      refetchOnWindowFocus: false,
      retry: 1,
    })),
    combine: combineItems,
  });
