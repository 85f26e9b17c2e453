import { queryOptions, useQuery } from '@tanstack/react-query';
import { licenceRoutes } from '@contrail/domain/reference/licence-routes';
import type { TLicenseAircraft, TPilotLicense } from '@contrail/domain/reference/pilot-licences';
import { apiClient } from '../../../lib/api-client';
import { careerQueryKeys } from './query-keys';

/** Every licence with the aircraft it covers. */
export const getPilotLicenses = (onlyFree = false): Promise<TPilotLicense[]> =>
  apiClient.call(licenceRoutes.list, { query: { onlyFreeLicenses: onlyFree ? 'true' : undefined } });

export const pilotLicensesQueryOptions = (onlyFree = false) =>
  queryOptions({ queryKey: careerQueryKeys.licences(onlyFree), queryFn: () => getPilotLicenses(onlyFree), staleTime: 60 * 60_000 });

export const usePilotLicenses = (onlyFree = false) => useQuery(pilotLicensesQueryOptions(onlyFree));

/** The licences the pilot holds and their aircraft types. */
export const getLicensesAircrafts = (userId: string): Promise<TLicenseAircraft[]> =>
  apiClient.call(licenceRoutes.pilotAircraft, { params: { id: userId } });

export const licensesAircraftsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: careerQueryKeys.pilotLicences(userId), queryFn: () => getLicensesAircrafts(userId) });

export const useLicensesAircrafts = (userId: string) => useQuery(licensesAircraftsQueryOptions(userId));
