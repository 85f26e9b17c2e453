import { useTranslation } from 'react-i18next';
import { missionText } from '../../../lib/catalogue-texts';
import { Alert } from '../../../components/ui/alert';
import { cn } from '../../../components/ui/cn';
import { useUserMissions } from '../api/get-user-missions';

const statusClasses = {
  STARTED: 'border-sky-400 text-sky-100',
  COMPLETED: 'border-emerald-400 text-emerald-100',
  FAILED: 'border-red-400 text-red-100',
  CANCELLED: 'border-slate-400 text-slate-100',
} as const;

/** The missions the pilot started (GET /user-missions) with their outcome. */
export const MyMissions = () => {
  const { t, i18n } = useTranslation('missions');
  const missions = useUserMissions();
  if (missions.isPending) return <p role="status">{t('common:loading')}</p>;
  if (missions.isError) return <Alert tone="error">{t('mine.loadError')}</Alert>;
  if (missions.data.length === 0) return <p className="text-sm text-slate-200">{t('mine.empty')}</p>;
  return (
    <ul className="flex flex-col divide-y divide-slate-700 text-sm">
      {missions.data.map((entry) => (
        <li key={entry.id} className="flex items-center justify-between gap-2 py-2">
          <span>
            <span className="font-semibold text-white">{missionText(i18n, entry.mission).title}</span>{' '}
            <span className="text-slate-300">
              {entry.mission.departureAirport.ident} → {entry.mission.arrivalAirport.ident}
            </span>
          </span>
          <span className={cn('rounded border px-2 py-0.5 text-xs', statusClasses[entry.status])}>{t(`mine.status.${entry.status}`)}</span>
        </li>
      ))}
    </ul>
  );
};
