import { useTranslation } from 'react-i18next';
import { useNotamsInForce } from '../api/notams';
import { NotamCard } from './notam-card';

/**
 * Notices in force about a flight's departure or arrival (and those for everyone), for the
 * flight configuration screen and the current flight's panel. Shows nothing when there are none.
 */
export const FlightNotams = ({ departureIdent, arrivalIdent }: { departureIdent: string | null | undefined; arrivalIdent: string | null | undefined }) => {
  const { t } = useTranslation('notam');
  const airports = [departureIdent, arrivalIdent].filter((ident): ident is string => typeof ident === 'string' && /^[A-Za-z0-9]{3,8}$/.test(ident.trim()));
  const notams = useNotamsInForce(airports);
  if (airports.length === 0 || !notams.data || notams.data.length === 0) return null;
  return (
    <section aria-label={t('forFlight', { count: notams.data.length })} className="flex flex-col gap-2">
      <h2 className="text-sm font-semibold text-amber-100">{t('forFlight', { count: notams.data.length })}</h2>
      {notams.data.map((notam) => (
        <NotamCard key={notam.id} notam={notam} />
      ))}
    </section>
  );
};
