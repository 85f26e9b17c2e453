import { useState } from 'react';
import { useCurrentUser } from '../../../lib/auth';
import { handleError } from '../../../lib/handle-error';
import { useResendVerificationEmail } from '../api/resend-verification-email';

/**
 * What every "verify your address" note shares: the signed-in user while their address is not
 * verified (undefined otherwise, so the note shows nothing), and a resend that can be sent once.
 */
export const useVerificationResend = (onSent?: (email: string) => void) => {
  const user = useCurrentUser();
  const resend = useResendVerificationEmail();
  const [isSent, setIsSent] = useState(false);
  const unverifiedUser = user === undefined || user.emailVerified ? undefined : user;
  const sendAgain = async () => {
    try {
      await resend.mutateAsync();
      setIsSent(true);
      if (unverifiedUser) onSent?.(unverifiedUser.email);
    } catch (error) {
      handleError(error);
    }
  };
  return { unverifiedUser, isSent, isSending: resend.isPending, sendAgain };
};
