import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { airlineFlightRoutes } from '@contrail/domain/airline/airline-flight-routes';
import { airlineRoutes } from '@contrail/domain/airline/airline-routes';
import { apiClient } from '../../../lib/api-client';

export const AIRLINE_SEARCH_PAGE_SIZE = 10;

export const airlineFlightKeys = {
  all: ['airline-flights'] as const,
  search: (query: string, page: number) => [...airlineFlightKeys.all, 'search', query, page] as const,
  mine: (userId: string) => [...airlineFlightKeys.all, 'mine', userId] as const,
  routesFrom: (airlineId: string, ident: string) => [...airlineFlightKeys.all, 'routes-from', airlineId, ident] as const,
  bookings: () => [...airlineFlightKeys.all, 'bookings'] as const,
};

/** Airlines by name, code or main hub (the public search result). */
export const useAirlineSearch = (query: string, page: number) =>
  useQuery({
    queryKey: airlineFlightKeys.search(query, page),
    queryFn: () => apiClient.call(airlineRoutes.search, { query: { query: query || undefined, page, size: AIRLINE_SEARCH_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

/** The airlines the pilot belongs to. */
export const useMyAirlines = (userId: string) =>
  useQuery({
    queryKey: airlineFlightKeys.mine(userId),
    queryFn: () => apiClient.call(airlineRoutes.userAirlines, { params: { userId } }),
    enabled: userId !== '',
  });

export const useApplyToAirline = (userId: string) =>
  useMutation({
    mutationFn: (airlineId: string) => apiClient.call(airlineRoutes.apply, { params: { id: airlineId }, body: { applicantUserId: userId } }),
  });

/** The airline's routes from an airport, each with its planes there and why each is closed to this pilot. */
export const useRoutesFrom = (airlineId: string, ident: string | null) =>
  useQuery({
    queryKey: airlineFlightKeys.routesFrom(airlineId, ident ?? ''),
    queryFn: () => apiClient.call(airlineFlightRoutes.routesFrom, { params: { id: airlineId, ident: ident ?? '' }, query: { page: 0, size: 50 } }),
    enabled: ident !== null,
  });

export const useMyBookings = () => useQuery({ queryKey: airlineFlightKeys.bookings(), queryFn: () => apiClient.call(airlineFlightRoutes.myBookings) });

export const useBookPlane = (airlineId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ planeId, routeId }: { planeId: string; routeId: string }) =>
      apiClient.call(airlineFlightRoutes.book, { params: { id: airlineId, planeId }, body: { routeId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: airlineFlightKeys.all }),
  });
};

export const useCancelBooking = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ airlineId, bidId }: { airlineId: string; bidId: string }) => apiClient.call(airlineFlightRoutes.cancelBooking, { params: { id: airlineId, bidId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: airlineFlightKeys.all }),
  });
};
