import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { TextLink } from '../../../components/ui/text-link';
import { errorMessage } from '../../../lib/handle-error';
import { useMyAirlines } from '../api/airline-flights';

/** The airlines the pilot flies for, each leading to its routes; a way to find one otherwise. */
export const MyAirlines = ({ userId }: { userId: string }) => {
  const { t } = useTranslation('airlinePilot');
  const airlines = useMyAirlines(userId);
  return (
    <section aria-labelledby="my-airlines" className="flex flex-col gap-2">
      <h2 id="my-airlines" className="text-lg font-semibold text-slate-50">
        {t('mine.title')}
      </h2>
      {airlines.isPending ? <p role="status">{t('common:loading')}</p> : null}
      {airlines.isError ? <Alert tone="error">{errorMessage(airlines.error)}</Alert> : null}
      {airlines.data?.length === 0 ? <p className="text-sm text-slate-200">{t('mine.empty')}</p> : null}
      {airlines.data && airlines.data.length > 0 ? (
        <ul className="flex flex-col gap-1">
          {[...airlines.data]
            .sort((a, b) => a.name.localeCompare(b.name))
            .map((airline) => (
              <li key={airline.id}>
                <TextLink to={`/flight/va/${airline.id}`}>{airline.isOwner ? t('mine.owned', { name: airline.name }) : airline.name}</TextLink>
              </li>
            ))}
        </ul>
      ) : null}
      <TextLink to="/pilot/airline/search">{t('mine.find')}</TextLink>
    </section>
  );
};
