import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { TextLink } from '../../../components/ui/text-link';
import { invalidateCurrentUser } from '../../../lib/auth';
import { useCheckoutStatus } from '../api/get-checkout-status';

/**
 * /stripe: thanks when complete (and the user is refetched),
 * waits while open, explains when expired.
 */
export const CheckoutResult = ({ sessionId }: { sessionId: string }) => {
  const { t } = useTranslation('store');
  const status = useCheckoutStatus(sessionId);
  const isComplete = status.data?.status === 'complete';
  useEffect(() => {
    if (isComplete) void invalidateCurrentUser();
  }, [isComplete]);
  if (sessionId === '' || status.isError) return <Alert tone="error">{t('checkout.unknown')}</Alert>;
  if (!status.data) return <p role="status">{t('common:loading')}</p>;
  if (status.data.status === 'complete') {
    return (
      <div className="flex flex-col gap-3">
        <Alert tone="success">{status.data.purpose === 'SUBSCRIPTION' ? t('checkout.thanksSubscription') : t('checkout.thanksOrder')}</Alert>
        <TextLink to={status.data.purpose === 'SUBSCRIPTION' ? '/subscription' : '/wallet'}>{t('checkout.continue')}</TextLink>
      </div>
    );
  }
  if (status.data.status === 'expired') {
    return (
      <div className="flex flex-col gap-3">
        <Alert tone="warning">{t('checkout.expired')}</Alert>
        <TextLink to="/store">{t('checkout.backToStore')}</TextLink>
      </div>
    );
  }
  return <p role="status">{t('checkout.waiting')}</p>;
};

/** /payment-error: the payment did not go through, and nothing was charged. */
export const PaymentError = ({ reason }: { reason: string | null }) => {
  const { t } = useTranslation('store');
  return (
    <div className="flex flex-col gap-3">
      <Alert tone="error">{reason === 'card_declined' ? t('paymentError.declined') : reason === 'authentication_failed' ? t('paymentError.authentication') : t('paymentError.generic')}</Alert>
      <p>{t('paymentError.nothingCharged')}</p>
      <TextLink to="/store">{t('checkout.backToStore')}</TextLink>
    </div>
  );
};
