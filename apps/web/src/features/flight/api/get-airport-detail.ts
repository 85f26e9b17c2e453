import type { TAirportDetail } from '@contrail/domain/reference/airport-contract';
import { airportRoutes } from '@contrail/domain/reference/airport-routes';
import type { TFlightAirport } from '@contrail/domain/flight/flight-plan-input';
import { apiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { flightQueryKeys } from './query-keys';

/** GET /api/airport/v1/airport/{ident}: the airport with its runways. */
export const getAirportDetail = (ident: string): Promise<TAirportDetail> => apiClient.call(airportRoutes.byIdent, { params: { ident } });

/** The airport as the built-in simulator and a diversion need it (open runways only, at most 40). */
export const toFlightAirport = (airport: TAirportDetail): TFlightAirport => ({
  ident: airport.ident,
  position: { latitudeDeg: airport.position.latitude, longitudeDeg: airport.position.longitude, elevationFt: airport.position.altitude },
  runways: airport.runways
    .filter((runway) => !runway.closed)
    .slice(0, 40)
    .map((runway) => ({
      lengthFt: runway.lengthFt,
      widthFt: runway.widthFt,
      ends: [
        { ident: runway.ends[0].ident, latitudeDeg: runway.ends[0].latitudeDeg, longitudeDeg: runway.ends[0].longitudeDeg, headingDegTrue: runway.ends[0].headingDegTrue, displacedThresholdFt: runway.ends[0].displacedThresholdFt },
        { ident: runway.ends[1].ident, latitudeDeg: runway.ends[1].latitudeDeg, longitudeDeg: runway.ends[1].longitudeDeg, headingDegTrue: runway.ends[1].headingDegTrue, displacedThresholdFt: runway.ends[1].displacedThresholdFt },
      ],
    })),
});

/** The flight-engine airport for an ident (cached: airports do not move). */
export const fetchFlightAirport = async (ident: string): Promise<TFlightAirport> =>
  toFlightAirport(await queryClient.fetchQuery({ queryKey: flightQueryKeys.airport(ident), queryFn: () => getAirportDetail(ident), staleTime: Infinity }));
