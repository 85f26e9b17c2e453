import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { errorMessage } from '../../../lib/handle-error';
import { useValidateEmail } from '../api/validate-email';

/** Verifies the emailed token once and tells the user how it went. */
export const VerifyEmailResult = ({ token, onVerified }: { token: string; onVerified?: () => void }) => {
  const { t } = useTranslation('auth');
  const validation = useValidateEmail(token);
  const isVerified = validation.isSuccess;
  useEffect(() => {
    if (isVerified) onVerified?.();
    // Called once, when verification succeeds (not on every new onVerified identity).
  }, [isVerified]);

  if (token === '') return <Alert tone="error">{t('verifyEmail.missingToken')}</Alert>;
  if (validation.isPending) return <p role="status">{t('verifyEmail.verifying')}</p>;
  if (validation.isError) return <Alert tone="error">{t('verifyEmail.failed', { message: errorMessage(validation.error) })}</Alert>;
  return <Alert tone="success">{t('verifyEmail.success')}</Alert>;
};
