import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../../components/ui/button';
import { Dropdown, dropdownItemClasses } from '../../../components/ui/dropdown';
import { cn } from '../../../components/ui/cn';
import { useUserNotifications } from '../api/get-user-notifications';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/mark-notifications-read';
import { useNotificationChannel } from '../hooks/use-notification-channel';
import { notificationView } from '../lib/notification-view';
import { NotificationText } from './notification-line';

/**
 * "Notification dropdown": the latest 10, the unread badge, read ones dimmed, an
 * empty text; kept live by the notification channel. Following one marks it read.
 */
export const NotificationBell = ({ userId }: { userId: string }) => {
  const { t } = useTranslation('notifications');
  useNotificationChannel(userId);
  const { data } = useUserNotifications(userId);
  const markRead = useMarkNotificationRead(userId);
  const markAllRead = useMarkAllNotificationsRead(userId);
  const items = data?.items ?? [];
  const unread = data?.unreadCount ?? 0;
  return (
    <Dropdown
      label={unread > 0 ? t('bell.openUnread', { count: unread }) : t('bell.open')}
      triggerClassName="relative h-9 w-9 justify-center text-slate-50 hover:bg-slate-700"
      trigger={
        <>
          <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.7">
            <path d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0" />
          </svg>
          {unread > 0 ? (
            <span aria-hidden="true" data-testid="notification-badge" className="absolute -top-1 -right-1 rounded-full bg-red-600 px-1.5 text-xs font-bold text-white">
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </>
      }
      panelClassName="w-96"
    >
      {(close) => (
        <div className="flex flex-col">
          {items.length === 0 ? (
            <p className="px-3 py-2 text-sm text-slate-200">{t('empty')}</p>
          ) : (
            <ul className="flex flex-col">
              {items.map((item) => (
                <li key={item.id}>
                  <Link
                    to={notificationView(item).href}
                    onClick={() => {
                      if (!item.read) markRead.mutate(item.id);
                      close();
                    }}
                    className={cn(dropdownItemClasses, 'items-start', item.read && 'text-slate-300')}
                  >
                    <NotificationText notification={item} />
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <div className="flex items-center justify-between gap-2 border-t border-slate-700 px-3 py-2 text-sm">
            <Link to="/notification" onClick={close} className={cn('rounded text-sky-300 underline hover:text-sky-200', focusRing)}>
              {t('bell.seeAll')}
            </Link>
            {unread > 0 ? (
              <button type="button" onClick={() => markAllRead.mutate()} className={cn('rounded text-sky-300 underline hover:text-sky-200', focusRing)}>
                {t('markAllRead')}
              </button>
            ) : null}
          </div>
        </div>
      )}
    </Dropdown>
  );
};
