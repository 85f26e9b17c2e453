import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAirportDetail } from '@contrail/domain/reference/airport-contract';
import { airportRoutes } from '@contrail/domain/reference/airport-routes';
import { apiClient } from '../../../lib/api-client';
import { airportQueryKeys } from './query-keys';

/** GET /api/airport/v1/airport/{ident}: the airport, its position and runways. */
export const getAirport = (ident: string): Promise<TAirportDetail> => apiClient.call(airportRoutes.byIdent, { params: { ident } });

export const airportQueryOptions = (ident: string) =>
  // Airport data changes only when an import runs: keep it for the session.
  queryOptions({ queryKey: airportQueryKeys.detail(ident), queryFn: () => getAirport(ident), staleTime: 60 * 60_000 });

export const useAirport = (ident: string | undefined) =>
  useQuery({ ...airportQueryOptions(ident ?? ''), enabled: ident !== undefined && ident !== '' });
