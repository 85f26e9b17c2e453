import { useMutation } from '@tanstack/react-query';
import type { TSimulationInformationRequest, TUserInformation } from '@contrail/domain/user/user-contract';
import { userRoutes } from '@contrail/domain/user/user-routes';
import { apiClient } from '../../../lib/api-client';
import { invalidateCurrentUser } from '../../../lib/auth';

/** PUT /api/v1/user/{id}/information/simulation: SimBrief, VATSIM and IVAO ids (digits only). */
export const updateSimulationInformation = ({ userId, body }: { userId: string; body: TSimulationInformationRequest }): Promise<TUserInformation> =>
  apiClient.call(userRoutes.updateSimulationInformation, { params: { id: userId }, body });

export const useUpdateSimulationInformation = () =>
  useMutation({ mutationFn: updateSimulationInformation, onSuccess: () => invalidateCurrentUser() });
