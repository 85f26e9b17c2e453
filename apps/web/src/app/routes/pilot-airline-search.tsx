import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/ui/panel';
import { AirlineSearch } from '../../features/airline-flights/components/airline-search';
import { useCurrentUser } from '../../lib/auth';

/** /pilot/airline/search: find a virtual airline and apply to fly for it. */
export const Component = () => {
  const { t } = useTranslation('airlinePilot');
  const user = useCurrentUser();
  return (
    <Panel title={t('search.title')} className="mx-auto max-w-3xl">
      <p className="mb-4 text-sm text-slate-200">{t('search.intro')}</p>
      {user ? <AirlineSearch userId={user.id} /> : <p role="status">{t('common:loading')}</p>}
    </Panel>
  );
};
