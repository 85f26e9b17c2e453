import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button, focusRing } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { useUserNotifications } from '../api/get-user-notifications';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/mark-notifications-read';
import { notificationView } from '../lib/notification-view';
import { NotificationText } from './notification-line';

const pad = (value: number) => String(value).padStart(2, '0');
/** yyyy-MM-dd HH:mmZ (UTC), as everywhere in the app. */
const formatUtc = (iso: string) => {
  const date = new Date(iso);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}Z`;
};

type NotificationListProps = { userId: string; page: number; onPageChange: (page: number) => void };

/** /notification: every notification, 10 a page, read ones dimmed, each marked read on its own or all at once. */
export const NotificationList = ({ userId, page, onPageChange }: NotificationListProps) => {
  const { t } = useTranslation('notifications');
  const query = useUserNotifications(userId, page);
  const markRead = useMarkNotificationRead(userId);
  const markAllRead = useMarkAllNotificationsRead(userId);
  if (query.isPending) return <p role="status">{t('common:loading')}</p>;
  if (query.isError) {
    return (
      <Alert tone="error" className="flex items-center justify-between gap-2">
        <span>{t('loadError')}</span>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </Alert>
    );
  }
  const { items, totalPages, unreadCount } = query.data;
  if (items.length === 0 && page === 0) return <p className="text-sm text-slate-200">{t('empty')}</p>;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-slate-200" aria-live="polite">
          {t('unreadCount', { count: unreadCount })}
        </p>
        <Button variant="secondary" disabled={unreadCount === 0 || markAllRead.isPending} onClick={() => markAllRead.mutate()}>
          {t('markAllRead')}
        </Button>
      </div>
      <ul className="flex flex-col divide-y divide-slate-700 rounded-lg border border-slate-700">
        {items.map((item) => (
          <li key={item.id} data-testid="notification-item" className={cn('flex items-start justify-between gap-3 p-3 text-sm', item.read ? 'text-slate-300' : 'text-slate-50')}>
            <div className="flex flex-col gap-1">
              <Link to={notificationView(item).href} onClick={() => !item.read && markRead.mutate(item.id)} className={cn('flex items-start gap-2 rounded hover:underline', focusRing)}>
                <NotificationText notification={item} />
              </Link>
              <span className="text-xs text-slate-300">{formatUtc(item.createdAt)}</span>
            </div>
            {!item.read ? (
              <Button variant="secondary" onClick={() => markRead.mutate(item.id)}>
                {t('markRead')}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <nav aria-label={t('pagination')} className="flex items-center justify-between gap-2">
        <Button variant="secondary" disabled={page <= 0} onClick={() => onPageChange(page - 1)}>
          {t('previous')}
        </Button>
        <span className="text-sm">{t('pageOf', { page: page + 1, total: Math.max(1, totalPages) })}</span>
        <Button variant="secondary" disabled={page + 1 >= totalPages} onClick={() => onPageChange(page + 1)}>
          {t('next')}
        </Button>
      </nav>
    </div>
  );
};
