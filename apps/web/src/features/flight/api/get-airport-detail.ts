import type { TAirportDetail } from '@contrail/domain/reference/airport-contract';
import { airportRoutes } from '@contrail/domain/reference/airport-routes';
import type { TFlightAirport } from '@contrail/domain/flight/flight-plan-input';
import { toFlightAirport } from '@contrail/domain/reference/flight-airport';
import { apiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { flightQueryKeys } from './query-keys';

/** GET /api/airport/v1/airport/{ident}: the airport with its runways. */
export const getAirportDetail = (ident: string): Promise<TAirportDetail> => apiClient.call(airportRoutes.byIdent, { params: { ident } });

export { toFlightAirport };

/** The flight-engine airport for an ident (cached: airports do not move). */
export const fetchFlightAirport = async (ident: string): Promise<TFlightAirport> =>
  toFlightAirport(await queryClient.fetchQuery({ queryKey: flightQueryKeys.airport(ident), queryFn: () => getAirportDetail(ident), staleTime: Infinity }));
