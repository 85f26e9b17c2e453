import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AIRPORT_SEARCH_MIN_LENGTH, type TAirportSearchPage } from '@contrail/domain/reference/airport-contract';
import { airportRoutes } from '@contrail/domain/reference/airport-routes';
import { apiClient } from '../../../lib/api-client';
import { airportQueryKeys, type AirportSearchParams } from './query-keys';

/** Search results are cached for one minute, never retried, never refetched on focus. */
export const AIRPORT_SEARCH_CACHE_MS = 60_000;

/** GET /api/airport/v1/airport?query&page&fromIdent&context: the first page of matches. */
export const searchAirports = (params: AirportSearchParams, signal?: AbortSignal): Promise<TAirportSearchPage> =>
  apiClient.call(airportRoutes.search, {
    query: { query: params.query, page: 0, fromIdent: params.fromIdent, context: params.context },
    signal,
  });

/** Normalises the typed text the way the cache key wants it. */
export const normaliseAirportQuery = (text: string): string => text.trim().toLowerCase();

export const isSearchableAirportQuery = (query: string): boolean => query.length >= AIRPORT_SEARCH_MIN_LENGTH;

export const searchAirportsQueryOptions = (params: AirportSearchParams) =>
  queryOptions({
    queryKey: airportQueryKeys.search(params),
    queryFn: ({ signal }) => searchAirports(params, signal),
    staleTime: AIRPORT_SEARCH_CACHE_MS,
    gcTime: AIRPORT_SEARCH_CACHE_MS,
    retry: false,
    refetchOnWindowFocus: false,
  });

/** The search for `params.query` (already debounced and normalised); idle below 3 characters. */
export const useSearchAirports = (params: AirportSearchParams) =>
  useQuery({
    ...searchAirportsQueryOptions(params),
    enabled: isSearchableAirportQuery(params.query),
    // The previous matches stay on screen while the next ones load.
    placeholderData: keepPreviousData,
  });
