import { useQuery } from '@tanstack/react-query';
import { airlineAssetRoutes } from '@contrail/domain/airline/airline-asset-routes';
import { airlineRoutes } from '@contrail/domain/airline/airline-routes';
import { apiClient } from '../../../lib/api-client';
import { sidePanelQueryKeys } from './query-keys';

/** The planes a hub panel lists at most; an airline with more at one airport shows the first ones. */
export const HUB_PLANES_SHOWN = 50;

/** GET /airline/{id}: the airline's name and hubs (members). */
export const useAirlineOfPanel = (airlineId: string) =>
  useQuery({
    queryKey: sidePanelQueryKeys.airline(airlineId),
    queryFn: () => apiClient.call(airlineRoutes.details, { params: { id: airlineId } }),
    staleTime: 60_000,
    retry: false,
  });

/** GET /airline/{id}/plane/{planeId}: registration, model, state, wear and where it is or flies. */
export const useAirlinePlane = (airlineId: string, planeId: string) =>
  useQuery({
    queryKey: sidePanelQueryKeys.airlinePlane(airlineId, planeId),
    queryFn: () => apiClient.call(airlineAssetRoutes.plane, { params: { id: airlineId, planeId } }),
    refetchInterval: 30_000,
    retry: false,
  });

/** The airline's planes parked or working at one airport (GET /airline/{id}/plane, first page). */
export const useAirlinePlanesAt = (airlineId: string, ident: string) =>
  useQuery({
    queryKey: sidePanelQueryKeys.airlinePlanesAt(airlineId, ident),
    queryFn: async () => {
      const page = await apiClient.call(airlineAssetRoutes.planes, { params: { id: airlineId }, query: { page: 0, size: HUB_PLANES_SHOWN } });
      return page.items.filter((plane) => plane.airport === ident && plane.state !== 'FLYING');
    },
    enabled: ident !== '',
    retry: false,
  });
