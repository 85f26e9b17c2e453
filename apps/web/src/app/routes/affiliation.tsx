import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/ui/panel';
import { AffiliationOverview } from '../../features/affiliation/components/affiliation-overview';
import { useCurrentUser } from '../../lib/auth';

/** /affiliation: the pilot's referral invites. */
export const Component = () => {
  const { t } = useTranslation('affiliation');
  const user = useCurrentUser();
  return (
    <Panel title={t('title')} className="mx-auto max-w-3xl">
      {user ? <AffiliationOverview userId={user.id} /> : <p role="status">{t('common:loading')}</p>}
    </Panel>
  );
};
