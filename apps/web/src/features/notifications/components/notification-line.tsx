import { useTranslation } from 'react-i18next';
import type { UserNotification } from '../api/get-user-notifications';
import { notificationView } from '../lib/notification-view';

/** One notification's sentence, with an unread marker for screen readers. */
export const NotificationText = ({ notification }: { notification: UserNotification }) => {
  const { t } = useTranslation('notifications');
  const view = notificationView(notification);
  return (
    <>
      {!notification.read ? <span aria-hidden="true" className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-sky-400" /> : null}
      <span>{t(view.messageKey, view.values)}</span>
      {!notification.read ? <span className="sr-only">{t('unread')}</span> : null}
    </>
  );
};
