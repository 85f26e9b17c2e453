import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TFlightLogSummary } from '@contrail/domain/flight-api/flight-log-contract';
import { flightLogRoutes } from '@contrail/domain/flight-api/flight-log-routes';
import { apiClient } from '../../../lib/api-client';
import { sidePanelQueryKeys } from './query-keys';

/** How many of the pilot's flights the airport panel lists. */
export const PILOT_FLIGHTS_SHOWN = 5;

/**
 * The pilot's flights from or to an airport: GET /api/v1/flight-log/user/{userId}?search={ident}
 * (the search matches flight numbers, airports and aircraft), kept to those whose departure or
 * arrival is that airport.
 */
export const getPilotFlightsAtAirport = async (userId: string, ident: string): Promise<TFlightLogSummary[]> => {
  const page = await apiClient.call(flightLogRoutes.ofUser, { params: { userId }, query: { search: ident, page: 0, size: 20 } });
  return page.items
    .filter((log) => log.departureAirport.ident === ident || log.arrivalAirport.ident === ident)
    .slice(0, PILOT_FLIGHTS_SHOWN);
};

export const pilotFlightsAtAirportQueryOptions = (userId: string, ident: string) =>
  queryOptions({
    queryKey: sidePanelQueryKeys.pilotFlightsAt(userId, ident),
    queryFn: () => getPilotFlightsAtAirport(userId, ident),
    staleTime: 60_000,
    retry: false,
  });

export const usePilotFlightsAtAirport = (userId: string | undefined, ident: string) =>
  useQuery({ ...pilotFlightsAtAirportQueryOptions(userId ?? '', ident), enabled: userId !== undefined });
