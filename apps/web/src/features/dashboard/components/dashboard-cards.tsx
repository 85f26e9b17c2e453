import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TUserInformation } from '@contrail/domain/user/user-contract';
import { careerLevelForXp, MAX_CAREER_LEVEL } from '@contrail/domain/reference/career-levels';
import { Alert } from '../../../components/ui/alert';
import { TextLink } from '../../../components/ui/text-link';
import { useFlightTimes } from '../api/get-flight-times';
import { useRecentFlights } from '../api/get-recent-flights';

const cardClasses = 'pointer-events-auto flex flex-col gap-3 rounded-xl border border-slate-700 bg-slate-900 p-5 text-slate-100 shadow-xl';

export const DashboardCard = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => (
  <section aria-labelledby={id} className={cardClasses}>
    <h2 id={id} className="text-lg font-semibold text-white">
      {title}
    </h2>
    {children}
  </section>
);

const pad = (value: number) => String(value).padStart(2, '0');
const formatUtc = (iso: string) => {
  const date = new Date(iso);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}Z`;
};

/** The pilot's last flights, each linking to its log (locked ones for freemium say so). */
export const RecentFlightsCard = ({ userId }: { userId: string }) => {
  const { t, i18n } = useTranslation('dashboard');
  const number = new Intl.NumberFormat(i18n.language);
  const flights = useRecentFlights(userId);
  return (
    <DashboardCard id="dashboard-recent" title={t('recent.title')}>
      {flights.isPending ? (
        <p role="status">{t('common:loading')}</p>
      ) : flights.isError ? (
        <Alert tone="error">{t('recent.error')}</Alert>
      ) : flights.data.items.length === 0 ? (
        <p className="text-sm text-slate-200">
          {t('recent.empty')} <TextLink to="/flight/type-selection">{t('recent.start')}</TextLink>
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-700 text-sm">
          {flights.data.items.map((flight) => {
            const text = t('recent.item', {
              flightNumber: flight.flightNumber,
              from: flight.departureAirport.ident,
              to: flight.arrivalAirport.ident,
              aircraft: flight.aircraftIcao,
            });
            return (
              <li key={flight.id} className="flex items-center justify-between gap-2 py-2">
                <span className="flex flex-col">
                  {flight.locked ? <span>{text}</span> : <TextLink to={`/flight-log/${flight.id}`}>{text}</TextLink>}
                  <span className="text-xs text-slate-300">{formatUtc(flight.endDate)}</span>
                </span>
                <span className="text-right whitespace-nowrap">
                  {t('units.fc', { value: number.format(flight.flightCoinAmount) })}
                  {flight.locked ? <span className="block text-xs text-amber-200">{t('recent.locked')}</span> : null}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <TextLink to="/flight-log" className="text-sm">
        {t('recent.all')}
      </TextLink>
    </DashboardCard>
  );
};

/** Hours and flights in total, today and this month against the limits. */
export const HoursCard = ({ user }: { user: Pick<TUserInformation, 'id' | 'flightHours' | 'numberOfFlight'> }) => {
  const { t, i18n } = useTranslation('dashboard');
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  const integer = new Intl.NumberFormat(i18n.language);
  const times = useFlightTimes(user.id);
  return (
    <DashboardCard id="dashboard-hours" title={t('hours.title')}>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <dt className="text-slate-300">{t('hours.total')}</dt>
        <dd className="font-semibold">{t('units.hours', { value: number.format(user.flightHours) })}</dd>
        <dt className="text-slate-300">{t('hours.flights')}</dt>
        <dd className="font-semibold">{integer.format(user.numberOfFlight)}</dd>
        {times.data ? (
          <>
            <dt className="text-slate-300">{t('hours.today')}</dt>
            <dd>{t('hours.of', { value: number.format(times.data.today), limit: number.format(times.data.rules.flightDurationLimit) })}</dd>
            <dt className="text-slate-300">{t('hours.month')}</dt>
            <dd>{t('hours.of', { value: number.format(times.data.month), limit: number.format(times.data.rules.monthLimit) })}</dd>
          </>
        ) : null}
      </dl>
      {times.isError ? <p className="text-xs text-slate-300">{t('hours.timesError')}</p> : null}
    </DashboardCard>
  );
};

/** The career level from the XP held, and the XP still needed for the next one. */
export const LevelProgressCard = ({ user }: { user: Pick<TUserInformation, 'level' | 'wallet'> }) => {
  const { t, i18n } = useTranslation('dashboard');
  const number = new Intl.NumberFormat(i18n.language);
  const xp = user.wallet.xp;
  const current = careerLevelForXp(xp);
  const level = Math.max(user.level, current.level);
  const isMax = current.level >= MAX_CAREER_LEVEL;
  const span = current.maxXp + 1 - current.minXp;
  const percent = isMax ? 100 : Math.min(100, Math.max(0, Math.floor(((xp - current.minXp) / span) * 100)));
  return (
    <DashboardCard id="dashboard-level" title={t('level.title')}>
      <p className="text-2xl font-semibold text-white">{t('level.value', { level })}</p>
      <p className="text-sm text-slate-200">{t(`titles.${current.value}`)}</p>
      <div
        role="progressbar"
        aria-label={t('level.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t('level.progressText', { percent })}
        className="h-2 w-full overflow-hidden rounded bg-slate-700"
      >
        <div className="h-full bg-sky-400" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-slate-200">
        {isMax ? t('level.max', { xp: number.format(xp) }) : t('level.toNext', { xp: number.format(xp), missing: number.format(current.maxXp + 1 - xp), next: level + 1 })}
      </p>
    </DashboardCard>
  );
};

/** Spec "nextRemuneration": when flying pays FC again after a rest period, or that it pays now. */
export const NextRemunerationCard = ({ nextRemuneration, now = new Date() }: { nextRemuneration: string | null; now?: Date }) => {
  const { t } = useTranslation('dashboard');
  const isResting = nextRemuneration !== null && Date.parse(nextRemuneration) > now.getTime();
  return (
    <DashboardCard id="dashboard-remuneration" title={t('remuneration.title')}>
      {isResting ? (
        <Alert tone="warning">{t('remuneration.resting', { date: formatUtc(nextRemuneration) })}</Alert>
      ) : (
        <p className="text-sm text-emerald-200">{t('remuneration.paying')}</p>
      )}
    </DashboardCard>
  );
};
