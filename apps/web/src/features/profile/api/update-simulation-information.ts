import { useMutation } from '@tanstack/react-query';
import type { TSimulationInformationRequest } from '@contrail/domain/user/user-contract';
import { apiClient } from '../../../lib/api-client';
import { invalidateCurrentUser } from '../../../lib/auth';

/** PUT /api/v1/user/{id}/information/simulation: SimBrief, VATSIM and IVAO ids (digits only). */
export const updateSimulationInformation = ({ userId, body }: { userId: string; body: TSimulationInformationRequest }): Promise<unknown> =>
  apiClient.put<unknown>(`/api/v1/user/${encodeURIComponent(userId)}/information/simulation`, body);

export const useUpdateSimulationInformation = () =>
  useMutation({ mutationFn: updateSimulationInformation, onSuccess: () => invalidateCurrentUser() });
