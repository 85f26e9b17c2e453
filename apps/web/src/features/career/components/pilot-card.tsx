import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { errorMessage } from '../../../lib/handle-error';
import { useCountries, usePilotInformation } from '../api/get-pilot-information';

/**
 * A pilot's card: name, photo, country (named in the page's language from the country list), city,
 * flights and hours, tier. Read from GET /v1/user/{id}/information.
 */
export const PilotCard = ({ userId }: { userId: string }) => {
  const { t, i18n } = useTranslation('career');
  const pilot = usePilotInformation(userId);
  const countries = useCountries(i18n.language);
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  if (pilot.isPending) return <p role="status">{t('common:loading')}</p>;
  if (pilot.isError) return <Alert tone="error">{errorMessage(pilot.error)}</Alert>;
  const user = pilot.data;
  const name = user.displayName ?? user.userName;
  const country = user.country ? (countries.data?.find((entry) => entry.iso === user.country)?.name ?? user.countryName ?? user.country) : null;
  const isGold = user.subscriptions.some((subscription) => subscription.code === 'GOLD');
  return (
    <section aria-labelledby="pilot-card" className="flex gap-4 rounded-xl border border-slate-700 bg-slate-900 p-5 text-slate-100 shadow-xl">
      {user.photo ? <img src={user.photo} alt="" className="h-20 w-20 rounded-full object-cover" /> : null}
      <div className="flex flex-col gap-1">
        <h2 id="pilot-card" className="text-xl font-semibold text-white">
          {name}
        </h2>
        <p className="text-sm text-slate-200">
          {t(isGold ? 'pilotCard.gold' : 'pilotCard.silver')} · {t('pilotCard.level', { level: user.level })}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-300">{t('pilotCard.country')}</dt>
          <dd>{[user.city, country].filter(Boolean).join(', ') || t('pilotCard.unknown')}</dd>
          <dt className="text-slate-300">{t('pilotCard.flights')}</dt>
          <dd>{number.format(user.numberOfFlight)}</dd>
          <dt className="text-slate-300">{t('pilotCard.hours')}</dt>
          <dd>{t('pilotCard.hoursValue', { hours: number.format(user.flightHours) })}</dd>
          <dt className="text-slate-300">{t('pilotCard.location')}</dt>
          <dd>{user.lastLocation?.ident ?? t('pilotCard.unknown')}</dd>
        </dl>
      </div>
    </section>
  );
};
