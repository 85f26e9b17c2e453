import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Panel } from '../../components/ui/panel';
import { useAirline } from '../../features/airline-mgr/api/airline-mgr';
import { AirlineFailure } from '../../features/airline-mgr/components/airline-failure';
import { currentAirline, useCurrentAirlineId } from '../../features/airline-mgr/lib/current-airline';
import { errorMessage } from '../../lib/handle-error';

/** /airline-mgr/failure: what a FAILED airline's owner can do, and what its members are told. */
export const Component = () => {
  const { t } = useTranslation('airlineMgr');
  const navigate = useNavigate();
  const airlineId = useCurrentAirlineId();
  const airline = useAirline(airlineId ?? '');
  if (airlineId === null) return <Navigate to="/airline-mgr" replace />;
  return (
    <Panel title={t('failure.title')} className="mx-auto max-w-3xl">
      {airline.isPending ? <p role="status">{t('common:loading')}</p> : null}
      {airline.isError ? <Alert tone="error">{errorMessage(airline.error)}</Alert> : null}
      {airline.data && airline.data.state !== 'FAILED' ? <Alert tone="info">{t('failure.none')}</Alert> : null}
      {airline.data?.state === 'FAILED' ? (
        <AirlineFailure
          airline={airline.data}
          onGone={(next) => {
            currentAirline.set(next?.id ?? null);
            void navigate(next ? '/airline-mgr/dashboard' : '/airline-mgr');
          }}
        />
      ) : null}
    </Panel>
  );
};
