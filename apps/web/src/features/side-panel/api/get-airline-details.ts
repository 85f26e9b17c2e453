import { useQuery } from '@tanstack/react-query';
import type { TAirline, TPlane } from '@contrail/domain/airline/airline-contract';
import { apiClient } from '../../../lib/api-client';
import { sidePanelQueryKeys } from './query-keys';

const AIRLINE_API = '/api/airline-manager/v1';
/** The planes a hub panel lists at most; an airline with more at one airport shows the first ones. */
export const HUB_PLANES_SHOWN = 50;

/** GET /airline/{id}: the airline's name and hubs (members). */
export const useAirlineOfPanel = (airlineId: string) =>
  useQuery({
    queryKey: sidePanelQueryKeys.airline(airlineId),
    queryFn: () => apiClient.get<TAirline>(`${AIRLINE_API}/airline/${encodeURIComponent(airlineId)}`),
    staleTime: 60_000,
    retry: false,
  });

/** GET /airline/{id}/plane/{planeId}: registration, model, state, wear and where it is or flies. */
export const useAirlinePlane = (airlineId: string, planeId: string) =>
  useQuery({
    queryKey: sidePanelQueryKeys.airlinePlane(airlineId, planeId),
    queryFn: () => apiClient.get<TPlane>(`${AIRLINE_API}/airline/${encodeURIComponent(airlineId)}/plane/${encodeURIComponent(planeId)}`),
    refetchInterval: 30_000,
    retry: false,
  });

/** The airline's planes parked or working at one airport (GET /airline/{id}/plane, first page). */
export const useAirlinePlanesAt = (airlineId: string, ident: string) =>
  useQuery({
    queryKey: sidePanelQueryKeys.airlinePlanesAt(airlineId, ident),
    queryFn: async () => {
      const page = await apiClient.get<{ items: TPlane[] }>(`${AIRLINE_API}/airline/${encodeURIComponent(airlineId)}/plane`, {
        query: { page: 0, size: HUB_PLANES_SHOWN },
      });
      return page.items.filter((plane) => plane.airport === ident && plane.state !== 'FLYING');
    },
    enabled: ident !== '',
    retry: false,
  });
