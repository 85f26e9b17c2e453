import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import type { TAirline } from '../api/airline-mgr';
import { useAirlineDashboard } from '../api/airline-mgr';

/** The airline at a glance: its figures, its balance, the cash runway and any unpaid bill. */
export const AirlineDashboard = ({ airline }: { airline: TAirline }) => {
  const { t, i18n } = useTranslation('airlineMgr');
  const { stats, balance, forecast } = useAirlineDashboard(airline.id);
  const number = (value: number) => value.toLocaleString(i18n.language);
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { timeZone: 'UTC', dateStyle: 'long' });
  return (
    <div className="flex flex-col gap-4">
      {forecast.data?.warn && forecast.data.defaultDate ? <Alert tone="warning">{t('dashboard.runwayWarning', { date: date(forecast.data.defaultDate) })}</Alert> : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Figure label={t('dashboard.balance')} value={balance.data ? t('dashboard.fc', { amount: number(balance.data.balance) }) : null} />
        <Figure label={t('dashboard.flights')} value={stats.data ? number(stats.data.nbOfFlight) : null} />
        <Figure label={t('dashboard.members')} value={stats.data ? number(stats.data.nbOfMembers) : null} />
        <Figure label={t('dashboard.hubs')} value={stats.data ? number(stats.data.nbOfHub) : null} />
        <Figure label={t('dashboard.hangars')} value={stats.data ? number(stats.data.nbOfHangar) : null} />
        <Figure label={t('dashboard.routes')} value={stats.data ? number(stats.data.nbOfRoutes) : null} />
      </dl>
      {forecast.data ? (
        <p className="text-sm text-slate-200">
          {forecast.data.defaultDate ? t('dashboard.runwayUntil', { date: date(forecast.data.defaultDate) }) : t('dashboard.runwayFine')}
        </p>
      ) : null}
    </div>
  );
};

const Figure = ({ label, value }: { label: string; value: string | null }) => {
  const { t } = useTranslation('airlineMgr');
  return (
    <div className="rounded-md border border-slate-600 p-3">
      <dt className="text-sm text-slate-300">{label}</dt>
      <dd className="text-xl font-semibold text-slate-50">{value ?? t('common:loading')}</dd>
    </div>
  );
};
