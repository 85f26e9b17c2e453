import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TIssueNotamRequest } from '@contrail/domain/notam/notam-contract';
import { notamRoutes } from '@contrail/domain/notam/notam-routes';
import { apiClient } from '../../../lib/api-client';

export const notamQueryKeys = {
  all: ['notam'] as const,
  inForce: (airports: readonly string[] | null) => [...notamQueryKeys.all, 'in-force', airports?.join(',') ?? 'all'] as const,
  access: () => [...notamQueryKeys.all, 'access'] as const,
};

/** GET /api/v1/notam[?airports=A,B]: notices in force now; with airports, those about them and everyone's. */
export const useNotamsInForce = (airports: readonly string[] | null = null) => {
  const idents = airports ? [...new Set(airports.filter((ident) => ident.trim() !== '').map((ident) => ident.trim().toUpperCase()))].sort() : null;
  return useQuery({
    queryKey: notamQueryKeys.inForce(idents),
    queryFn: () => apiClient.call(notamRoutes.listInForce, { query: idents ? { airports: idents.join(',') } : {} }),
    enabled: idents === null || idents.length > 0,
    refetchInterval: 5 * 60_000,
  });
};

/** GET /api/v1/notam/access: whether the issue form is shown. */
export const useNotamAccess = () =>
  useQuery({ queryKey: notamQueryKeys.access(), queryFn: () => apiClient.call(notamRoutes.access) });

export const useIssueNotam = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TIssueNotamRequest) => apiClient.call(notamRoutes.issue, { body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notamQueryKeys.all }),
  });
};
