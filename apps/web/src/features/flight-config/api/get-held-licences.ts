import { queryOptions, useQuery } from '@tanstack/react-query';
import { licenceRoutes } from '@contrail/domain/reference/licence-routes';
import type { TLicenseAircraft } from '@contrail/domain/reference/pilot-licences';
import { apiClient } from '../../../lib/api-client';
import { flightConfigQueryKeys } from './query-keys';

/** GET /api/v1/pilot/{id}/licenses-aircrafts: the licences the pilot holds and the types they cover. */
export const getHeldLicences = (userId: string): Promise<TLicenseAircraft[]> =>
  apiClient.call(licenceRoutes.pilotAircraft, { params: { id: userId } });

// No staleTime: a licence just bought in the store shows the next time the form opens.
export const heldLicencesQueryOptions = (userId: string) =>
  queryOptions({ queryKey: flightConfigQueryKeys.heldLicences(userId), queryFn: () => getHeldLicences(userId) });

export const useHeldLicences = (userId: string | undefined) => useQuery({ ...heldLicencesQueryOptions(userId ?? ''), enabled: userId !== undefined });
