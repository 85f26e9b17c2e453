import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { useCurrentUser } from '../../../lib/auth';
import { handleError } from '../../../lib/handle-error';
import { useResendVerificationEmail } from '../api/resend-verification-email';

/** Shown while the signed-in user has not verified their email address, with a resend button. */
export const UnverifiedEmailBanner = () => {
  const { t } = useTranslation('auth');
  const user = useCurrentUser();
  const resend = useResendVerificationEmail();
  const [isSent, setIsSent] = useState(false);
  if (user === undefined || user.emailVerified) return null;

  const onResend = async () => {
    try {
      await resend.mutateAsync();
      setIsSent(true);
      toast.success(t('unverified.sent', { email: user.email }));
    } catch (error) {
      handleError(error);
    }
  };

  return (
    <div role="status" className="pointer-events-auto flex items-center gap-3 rounded-md border border-amber-400 bg-amber-950 px-4 py-2 text-sm text-amber-50 shadow-lg">
      <span>{t('unverified.message', { email: user.email })}</span>
      <Button variant="secondary" className="py-1" onClick={() => void onResend()} disabled={resend.isPending || isSent}>
        {isSent ? t('unverified.resent') : t('unverified.resend')}
      </Button>
    </div>
  );
};
