import { useMutation } from '@tanstack/react-query';
import type { TChangePasswordRequest } from '@contrail/domain/auth/auth-contract';
import { apiClient } from '../../../lib/api-client';

/** PUT /api/v1/user/{id}/password. */
export const changePassword = ({ userId, body }: { userId: string; body: TChangePasswordRequest }): Promise<unknown> =>
  apiClient.put<unknown>(`/api/v1/user/${encodeURIComponent(userId)}/password`, body);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
