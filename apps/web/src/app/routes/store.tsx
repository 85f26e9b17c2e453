import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../components/ui/page-states';
import { Panel } from '../../components/ui/panel';
import { VerifyToPayNote } from '../../features/auth/components/verify-to-pay-note';
import { StoreCatalogue } from '../../features/store/components/store-catalogue';
import { useCurrentUser } from '../../lib/auth';

/** /store: booster packs, the item grid with filters, and the cart. */
export const Component = () => {
  const { t } = useTranslation('store');
  const user = useCurrentUser();
  if (!user) return <PageLoading />;
  return (
    <Panel title={t('title')} className="mx-auto max-w-6xl">
      <VerifyToPayNote className="mb-4" />
      <StoreCatalogue userId={user.id} />
    </Panel>
  );
};
