import { useTranslation } from 'react-i18next';
import { handleError } from '../../../lib/handle-error';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notification-settings';

/** The per-user switch for mail about what matters when away (failed payments, airline failure, applications). */
export const NotificationMailSetting = ({ userId }: { userId: string }) => {
  const { t } = useTranslation('notifications');
  const settings = useNotificationSettings(userId);
  const save = useSaveNotificationSettings(userId);
  if (!settings.data) return null;
  return (
    <div className="flex flex-col gap-1 rounded-lg border border-slate-700 p-3 text-sm">
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={save.isPending ? (save.variables?.isMailEnabled ?? settings.data.isMailEnabled) : settings.data.isMailEnabled}
          disabled={save.isPending}
          onChange={(event) => save.mutate({ isMailEnabled: event.target.checked }, { onError: handleError })}
        />
        {t('mail.label')}
      </label>
      <p className="text-xs text-slate-300">{t('mail.help')}</p>
    </div>
  );
};
