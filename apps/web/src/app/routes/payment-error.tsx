import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Panel } from '../../components/ui/panel';
import { PaymentError } from '../../features/store/components/checkout-result';

/** /payment-error?sessionId=...&reason=...: a payment that did not complete. */
export const Component = () => {
  const { t } = useTranslation('store');
  const [params] = useSearchParams();
  return (
    <Panel title={t('paymentError.title')} className="mx-auto max-w-xl">
      <PaymentError reason={params.get('reason')} />
    </Panel>
  );
};
