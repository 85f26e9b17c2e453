import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TLicenseAircraft, TPilotLicense } from '@contrail/domain/reference/pilot-licences';
import { apiClient } from '../../../lib/api-client';
import { careerQueryKeys } from './query-keys';

/** GET /api/v1/pilot-licenses?onlyFreeLicenses: every licence with the aircraft it covers. */
export const getPilotLicenses = (onlyFree = false): Promise<TPilotLicense[]> =>
  apiClient.get<TPilotLicense[]>('/api/v1/pilot-licenses', { query: { onlyFreeLicenses: onlyFree ? 'true' : undefined } });

export const pilotLicensesQueryOptions = (onlyFree = false) =>
  queryOptions({ queryKey: careerQueryKeys.licences(onlyFree), queryFn: () => getPilotLicenses(onlyFree), staleTime: 60 * 60_000 });

export const usePilotLicenses = (onlyFree = false) => useQuery(pilotLicensesQueryOptions(onlyFree));

/** GET /api/v1/pilot/{id}/licenses-aircrafts: the licences the pilot holds and their aircraft types. */
export const getLicensesAircrafts = (userId: string): Promise<TLicenseAircraft[]> =>
  apiClient.get<TLicenseAircraft[]>(`/api/v1/pilot/${encodeURIComponent(userId)}/licenses-aircrafts`);

export const licensesAircraftsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: careerQueryKeys.pilotLicences(userId), queryFn: () => getLicensesAircrafts(userId) });

export const useLicensesAircrafts = (userId: string) => useQuery(licensesAircraftsQueryOptions(userId));
