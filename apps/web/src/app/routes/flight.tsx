import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { buttonClasses } from '../../components/ui/button';
import { Panel } from '../../components/ui/panel';
import { TextLink } from '../../components/ui/text-link';
import { useMyAirlines } from '../../features/airline-flights/api/airline-flights';
import { useInProgressFlight } from '../../features/flight/api/retrieve-flight-for-user';
import { FlightTypeSelection } from '../../features/flight/components/flight-type-selection';
import { useCurrentUser } from '../../lib/auth';
import { errorMessage } from '../../lib/handle-error';

/** The AIRLINE card: the airlines the pilot flies for, each leading to its routes, or a way to find one. */
const AirlineChoices = () => {
  const { t } = useTranslation('flight');
  const user = useCurrentUser();
  const airlines = useMyAirlines(user?.id ?? '');
  if (!user || airlines.isPending) return <p role="status">{t('common:loading')}</p>;
  if (airlines.isError) return <Alert tone="error">{errorMessage(airlines.error)}</Alert>;
  const sorted = [...airlines.data].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <div className="flex flex-col gap-2">
      {sorted.length === 0 ? (
        <p className="text-sm text-slate-200">{t('types.AIRLINE.none')}</p>
      ) : (
        <ul aria-label={t('types.AIRLINE.listLabel')} className="flex flex-col gap-2">
          {sorted.map((airline) => (
            <li key={airline.id}>
              <Link to={`/flight/va/${airline.id}`} className={buttonClasses('primary', 'self-start')}>
                {t('types.AIRLINE.fly', { name: airline.isOwner ? t('types.AIRLINE.owned', { name: airline.name }) : airline.name })}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <TextLink to={sorted.length === 0 ? '/pilot/airline/search' : '/flight/virtual-airline'} className="text-sm">
        {t(sorted.length === 0 ? 'types.AIRLINE.find' : 'types.AIRLINE.all')}
      </TextLink>
    </div>
  );
};

/** /flight and /flight/type-selection: pick the flight type (a flight in progress is offered first). */
export const Component = () => {
  const { t } = useTranslation('flight');
  const inProgress = useInProgressFlight();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <Panel title={t('typeSelection.title')}>
        <p className="mb-4 text-sm text-slate-200">{t('typeSelection.intro')}</p>
        {inProgress.data ? (
          <Alert tone="warning" className="mb-4">
            {t('typeSelection.inProgress', { flightNumber: inProgress.data.flightNumber })}{' '}
            <TextLink to={inProgress.data.isRetrievedButNotSubscribed ? '/flight/resume' : '/flight/current'}>
              {t(inProgress.data.isRetrievedButNotSubscribed ? 'typeSelection.resume' : 'typeSelection.openCurrent')}
            </TextLink>
          </Alert>
        ) : null}
        <FlightTypeSelection airlineChoices={<AirlineChoices />} />
        <p className="mt-4 text-sm text-slate-200">
          {t('typeSelection.afrv')}{' '}
          <TextLink to="/flight/afrv">{t('typeSelection.afrvLink')}</TextLink>
        </p>
      </Panel>
    </div>
  );
};
