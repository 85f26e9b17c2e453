import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../components/ui/page-states';
import { Panel } from '../../components/ui/panel';
import { VerifyToPayNote } from '../../features/auth/components/verify-to-pay-note';
import { Pricing } from '../../features/store/components/pricing';
import { useAppMode } from '../../lib/app-mode';
import { useCurrentUser } from '../../lib/auth';

/** /subscription and /airline-mgr/subscription: the plans of the current mode. */
export const Component = () => {
  const { t } = useTranslation('store');
  const user = useCurrentUser();
  const mode = useAppMode();
  if (!user) return <PageLoading />;
  return (
    <Panel title={mode === 'airline_manager' ? t('pricing.titleAirline') : t('pricing.title')} className="mx-auto max-w-5xl">
      <VerifyToPayNote className="mb-4" />
      <Pricing user={user} mode={mode} />
    </Panel>
  );
};
