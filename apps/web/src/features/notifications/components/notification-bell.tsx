import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Dropdown, dropdownItemClasses } from '../../../components/ui/dropdown';
import { cn } from '../../../components/ui/cn';
import { notificationTypes, useUserNotifications, type NotificationType } from '../api/get-user-notifications';

const isKnownType = (type: string): type is NotificationType => (notificationTypes as readonly string[]).includes(type);

/** Spec section 8: an unhandled notification type is a programming error. */
export const notificationMessageKey = (type: string): `notifications.types.${NotificationType}` => {
  if (!isKnownType(type)) throw new Error('Type not handled');
  return `notifications.types.${type}`;
};

/** Spec section 2 "Notification dropdown": latest 10, unread badge, read ones dimmed, empty text. */
export const NotificationBell = ({ userId }: { userId: string }) => {
  const { t } = useTranslation('shell');
  const { data } = useUserNotifications(userId);
  const items = (data?.items ?? []).filter((item) => isKnownType(item.type));
  const unread = items.filter((item) => !item.read).length;
  return (
    <Dropdown
      label={unread > 0 ? t('notifications.openUnread', { count: unread }) : t('notifications.open')}
      triggerClassName="relative h-9 w-9 justify-center text-slate-50 hover:bg-slate-700"
      trigger={
        <>
          <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.7">
            <path d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0" />
          </svg>
          {unread > 0 ? (
            <span aria-hidden="true" data-testid="notification-badge" className="absolute -top-1 -right-1 rounded-full bg-red-600 px-1.5 text-xs font-bold text-white">
              {unread}
            </span>
          ) : null}
        </>
      }
      panelClassName="w-80"
    >
      {(close) =>
        items.length === 0 ? (
          <p className="px-3 py-2 text-sm text-slate-200">{t('notifications.empty')}</p>
        ) : (
          <ul className="flex flex-col">
            {items.map((item) => (
              <li key={item.id}>
                <Link to="/notification" onClick={close} className={cn(dropdownItemClasses, item.read && 'text-slate-300')}>
                  {!item.read ? <span aria-hidden="true" className="h-2 w-2 shrink-0 rounded-full bg-sky-400" /> : null}
                  <span>{t(notificationMessageKey(item.type), { ...(item.data ?? {}) })}</span>
                  {!item.read ? <span className="sr-only">{t('notifications.unread')}</span> : null}
                </Link>
              </li>
            ))}
          </ul>
        )
      }
    </Dropdown>
  );
};
