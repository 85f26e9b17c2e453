import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAirportMapCollection } from '@contrail/domain/map/airport-map-features';
import { airportRoutes } from '@contrail/domain/reference/airport-routes';
import { airportApiClient } from './airport-api-client';
import { mapQueryKeys } from './query-keys';

/** GET /api/airport/v1/airports/map: large and medium airports as GeoJSON (one request, cached). */
export const getAirportsMap = (): Promise<TAirportMapCollection> => airportApiClient.call(airportRoutes.map);

export const airportsMapQueryOptions = () =>
  queryOptions({ queryKey: mapQueryKeys.airports(), queryFn: getAirportsMap, staleTime: Infinity, refetchOnWindowFocus: false });

export const useAirportsMap = () => useQuery(airportsMapQueryOptions());
