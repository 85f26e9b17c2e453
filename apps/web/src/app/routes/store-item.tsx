import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageLoading } from '../../components/ui/page-states';
import { Panel } from '../../components/ui/panel';
import { VerifyToPayNote } from '../../features/auth/components/verify-to-pay-note';
import { ItemDetail } from '../../features/store/components/item-detail';
import { useCurrentUser } from '../../lib/auth';

/** /store/{itemId}: the item page. */
export const Component = () => {
  const { t } = useTranslation('store');
  const user = useCurrentUser();
  const { itemId = '' } = useParams();
  if (!user) return <PageLoading />;
  return (
    <Panel title={t('title')} className="mx-auto max-w-2xl">
      <VerifyToPayNote className="mb-4" />
      <ItemDetail userId={user.id} itemId={itemId} />
    </Panel>
  );
};
