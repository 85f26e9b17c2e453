import { useMutation } from '@tanstack/react-query';
import type { TClientPortal } from '@contrail/domain/store/store-contract';
import { apiClient } from '../../../lib/api-client';

/** GET /api/v1/user/{id}/subscription/client-portal: where to manage or cancel a subscription. */
export const getClientPortal = (userId: string): Promise<TClientPortal> =>
  apiClient.get<TClientPortal>(`/api/v1/user/${encodeURIComponent(userId)}/subscription/client-portal`);

export const useClientPortal = (userId: string) => useMutation({ mutationFn: () => getClientPortal(userId) });
