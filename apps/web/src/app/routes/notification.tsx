import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Panel } from '../../components/ui/panel';
import { NotificationList } from '../../features/notifications/components/notification-list';
import { NotificationMailSetting } from '../../features/notifications/components/notification-mail-setting';
import { useCurrentUser } from '../../lib/auth';

/** /notification: the user's notifications, paged (page in the address). */
export const Component = () => {
  const { t } = useTranslation('notifications');
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const page = Math.max(0, Number.parseInt(params.get('page') ?? '0', 10) || 0);
  return (
    <Panel title={t('title')} className="mx-auto max-w-3xl">
      {user ? (
        <div className="flex flex-col gap-4">
          <NotificationList userId={user.id} page={page} onPageChange={(next) => setParams(next > 0 ? { page: String(next) } : {})} />
          <NotificationMailSetting userId={user.id} />
        </div>
      ) : (
        <p role="status">{t('common:loading')}</p>
      )}
    </Panel>
  );
};
