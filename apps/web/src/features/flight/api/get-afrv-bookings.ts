import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TBookedFlightList } from '@contrail/domain/flight-plan/flight-plan-contract';
import { flightPlanRoutes } from '@contrail/domain/flight-plan/flight-plan-routes';
import { apiClient } from '../../../lib/api-client';
import { flightQueryKeys } from './query-keys';

/** GET /api/v1/afrv/bookings: the pilot's booked flights, read from the external booking service with their key. */
export const getAfrvBookings = (): Promise<TBookedFlightList> => apiClient.call(flightPlanRoutes.afrvBookings);

export const afrvBookingsQueryOptions = () =>
  queryOptions({ queryKey: flightQueryKeys.bookings(), queryFn: getAfrvBookings, retry: false });

export const useAfrvBookings = () => useQuery(afrvBookingsQueryOptions());
