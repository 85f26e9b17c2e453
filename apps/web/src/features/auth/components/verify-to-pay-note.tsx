import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { useVerificationResend } from '../hooks/use-verification-resend';

/**
 * On the screens that pay by card: while the address is not verified, says that paying waits for
 * it (the server refuses card payments, subscriptions and new airlines until then) and sends the
 * verification email again.
 */
export const VerifyToPayNote = ({ className }: { className?: string }) => {
  const { t } = useTranslation('auth');
  const { unverifiedUser: user, isSent, isSending, sendAgain } = useVerificationResend();
  if (user === undefined) return null;
  return (
    <Alert tone="warning" className={cn('flex flex-wrap items-center gap-3', className)}>
      <span>{t('verifyToPay.message', { email: user.email })}</span>
      <Button variant="secondary" className="py-1" onClick={() => void sendAgain()} disabled={isSending || isSent}>
        {isSent ? t('verifyToPay.sent', { email: user.email }) : t('verifyToPay.resend')}
      </Button>
    </Alert>
  );
};
