import { useMutation } from '@tanstack/react-query';
import type { TStartCareerRequest } from '@contrail/domain/user/career-contract';
import type { TUserInformation } from '@contrail/domain/user/user-contract';
import { userRoutes } from '@contrail/domain/user/user-routes';
import { apiClient } from '../../../lib/api-client';
import { invalidateCurrentUser } from '../../../lib/auth';

/** POST /api/v1/pilot/career: display name and home hub; answers the updated user. */
export const startCareer = (body: TStartCareerRequest): Promise<TUserInformation> => apiClient.call(userRoutes.startCareer, { body });

export const useStartCareer = () => useMutation({ mutationFn: startCareer, onSuccess: () => invalidateCurrentUser() });
