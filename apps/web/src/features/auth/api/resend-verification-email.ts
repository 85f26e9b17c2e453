import { useMutation } from '@tanstack/react-query';
import { authRoutes } from '@contrail/domain/auth/auth-routes';
import type { TActionResponse } from '@contrail/domain/common/action-response';
import { apiClient } from '../../../lib/api-client';

/** POST /api/v1/user/email/resend (authenticated): sends a new verification link. */
export const resendVerificationEmail = (): Promise<TActionResponse> => apiClient.call(authRoutes.resendEmailVerification);

export const useResendVerificationEmail = () => useMutation({ mutationFn: resendVerificationEmail });
