import { useQuery } from '@tanstack/react-query';
import { coreRoutes } from '@contrail/domain/reference/core-routes';
import type { TCountry } from '@contrail/domain/reference/countries';
import { userRoutes } from '@contrail/domain/user/user-routes';
import type { TUserInformation } from '@contrail/domain/user/user-contract';
import { apiClient } from '../../../lib/api-client';
import { careerQueryKeys } from './query-keys';

/** GET /v1/user/{id}/information: the pilot's card (the server answers the caller's own). */
export const usePilotInformation = (userId: string | undefined) =>
  useQuery({
    queryKey: careerQueryKeys.pilotInformation(userId ?? ''),
    queryFn: (): Promise<TUserInformation> => apiClient.call(userRoutes.information, { params: { id: userId ?? '' } }),
    enabled: Boolean(userId),
  });

/** GET /api/core/v1/country?lang: every country's name in the page's language (names do not change). */
export const useCountries = (lang: string) =>
  useQuery({
    queryKey: careerQueryKeys.countries(lang),
    queryFn: (): Promise<TCountry[]> =>
      apiClient.call(coreRoutes.countries, { query: { lang: lang === 'fr' || lang === 'es' ? lang : 'en' } }),
    staleTime: Infinity,
  });
