import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Panel } from '../../components/ui/panel';
import { TextLink } from '../../components/ui/text-link';
import { useInProgressFlight } from '../../features/flight/api/retrieve-flight-for-user';
import { FlightTypeSelection } from '../../features/flight/components/flight-type-selection';

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
        <FlightTypeSelection />
        <p className="mt-4 text-sm text-slate-200">
          {t('typeSelection.afrv')}{' '}
          <TextLink to="/flight/afrv">{t('typeSelection.afrvLink')}</TextLink>
        </p>
      </Panel>
    </div>
  );
};
