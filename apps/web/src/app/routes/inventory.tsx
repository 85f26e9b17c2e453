import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../components/ui/page-states';
import { Panel } from '../../components/ui/panel';
import { InventoryList } from '../../features/store/components/inventory-list';
import { useCurrentUser } from '../../lib/auth';

/** /inventory: what the pilot owns. */
export const Component = () => {
  const { t } = useTranslation('store');
  const user = useCurrentUser();
  if (!user) return <PageLoading />;
  return (
    <Panel title={t('inventory.title')} className="mx-auto max-w-4xl">
      <InventoryList userId={user.id} />
    </Panel>
  );
};
