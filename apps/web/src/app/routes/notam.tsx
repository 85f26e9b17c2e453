import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Panel } from '../../components/ui/panel';
import { useNotamAccess, useNotamsInForce } from '../../features/notam/api/notams';
import { NotamCard } from '../../features/notam/components/notam-card';
import { NotamIssueForm } from '../../features/notam/components/notam-issue-form';

/** /notam: notices to airmen in force now; administrators also issue them here. */
export const Component = () => {
  const { t } = useTranslation('notam');
  const notams = useNotamsInForce();
  const access = useNotamAccess();
  return (
    <Panel title={t('title')} className="mx-auto max-w-3xl">
      <div className="flex flex-col gap-6">
        <p className="text-sm text-slate-200">{t('intro')}</p>
        {notams.isPending ? <p role="status">{t('common:loading')}</p> : null}
        {notams.isError ? <Alert tone="error">{t('loadError')}</Alert> : null}
        {notams.data?.length === 0 ? <p className="text-sm text-slate-200">{t('empty')}</p> : null}
        {notams.data && notams.data.length > 0 ? (
          <ul className="flex flex-col gap-2">
            {notams.data.map((notam) => (
              <li key={notam.id}>
                <NotamCard notam={notam} headingLevel="h2" />
              </li>
            ))}
          </ul>
        ) : null}
        {access.data?.canIssue ? <NotamIssueForm /> : null}
      </div>
    </Panel>
  );
};
