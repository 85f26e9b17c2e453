import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAirportDetail } from '@contrail/domain/reference/airport-contract';
import { airportRoutes } from '@contrail/domain/reference/airport-routes';
import { apiBaseUrls } from '../../../config/app-config';
import { createApiClient } from '../../../lib/api-client';
import { sidePanelQueryKeys } from './query-keys';

const airportApiClient = createApiClient({ baseUrl: apiBaseUrls.airport });

/** GET /api/airport/v1/airport/{ident}: name, municipality, runways. */
export const getAirport = (ident: string): Promise<TAirportDetail> =>
  airportApiClient.call(airportRoutes.byIdent, { params: { ident } });

export const airportQueryOptions = (ident: string) =>
  queryOptions({ queryKey: sidePanelQueryKeys.airport(ident), queryFn: () => getAirport(ident), staleTime: 60 * 60 * 1000, retry: false });

export const useAirport = (ident: string) => useQuery(airportQueryOptions(ident));
