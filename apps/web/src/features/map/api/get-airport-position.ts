import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAirportDetail } from '@contrail/domain/reference/airport-contract';
import { airportRoutes } from '@contrail/domain/reference/airport-routes';
import { airportApiClient } from './airport-api-client';
import { mapQueryKeys } from './query-keys';

/** GET /api/airport/v1/airport/{ident}: where the pilot's last position is drawn. */
export const getAirportDetail = (ident: string): Promise<TAirportDetail> =>
  airportApiClient.call(airportRoutes.byIdent, { params: { ident } });

export const airportDetailQueryOptions = (ident: string) =>
  queryOptions({ queryKey: mapQueryKeys.airport(ident), queryFn: () => getAirportDetail(ident), staleTime: Infinity, retry: false });

export const useAirportPosition = (ident: string | null) =>
  useQuery({ ...airportDetailQueryOptions(ident ?? ''), enabled: ident !== null, select: (airport) => airport.position });
