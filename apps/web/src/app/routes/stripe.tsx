import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Panel } from '../../components/ui/panel';
import { CheckoutResult } from '../../features/store/components/checkout-result';

/** /stripe?sessionId=...: where the card checkout sends the payer back. */
export const Component = () => {
  const { t } = useTranslation('store');
  const [params] = useSearchParams();
  return (
    <Panel title={t('checkout.title')} className="mx-auto max-w-xl">
      <CheckoutResult sessionId={params.get('sessionId') ?? ''} />
    </Panel>
  );
};
