import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { useVerificationResend } from '../hooks/use-verification-resend';

/** Shown while the signed-in user has not verified their email address, with a resend button. */
export const UnverifiedEmailBanner = () => {
  const { t } = useTranslation('auth');
  const { unverifiedUser: user, isSent, isSending, sendAgain } = useVerificationResend((email) => toast.success(t('unverified.sent', { email })));
  if (user === undefined) return null;
  return (
    <div role="status" className="pointer-events-auto flex items-center gap-3 rounded-md border border-amber-400 bg-amber-950 px-4 py-2 text-sm text-amber-50 shadow-lg">
      <span>{t('unverified.message', { email: user.email })}</span>
      <Button variant="secondary" className="py-1" onClick={() => void sendAgain()} disabled={isSending || isSent}>
        {isSent ? t('unverified.resent') : t('unverified.resend')}
      </Button>
    </div>
  );
};
