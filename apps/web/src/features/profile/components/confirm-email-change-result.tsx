import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { errorMessage } from '../../../lib/handle-error';
import { useConfirmEmailChange } from '../api/confirm-email-change';

/** Confirms the new address once with the mailed token and says how it went. */
export const ConfirmEmailChangeResult = ({ token, onConfirmed }: { token: string; onConfirmed?: () => void }) => {
  const { t } = useTranslation('profile');
  const confirmation = useConfirmEmailChange(token);
  const isConfirmed = confirmation.isSuccess;
  useEffect(() => {
    if (isConfirmed) onConfirmed?.();
    // Once, when the confirmation succeeds.
  }, [isConfirmed]);

  if (token === '') return <Alert tone="error">{t('emailChange.missingToken')}</Alert>;
  if (confirmation.isPending) return <p role="status">{t('emailChange.confirming')}</p>;
  if (confirmation.isError) return <Alert tone="error">{t('emailChange.failed', { message: errorMessage(confirmation.error) })}</Alert>;
  return <Alert tone="success">{t('emailChange.confirmed')}</Alert>;
};
