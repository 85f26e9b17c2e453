import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** POST /api/v1/user/email/resend (authenticated): sends a new verification link. */
export const resendVerificationEmail = (): Promise<unknown> => apiClient.post<unknown>('/api/v1/user/email/resend');

export const useResendVerificationEmail = () => useMutation({ mutationFn: resendVerificationEmail });
