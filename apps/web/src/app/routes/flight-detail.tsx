import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { PageLoading, PageMessage } from '../../components/ui/page-states';
import { Panel } from '../../components/ui/panel';
import { TextLink } from '../../components/ui/text-link';
import { useFlight } from '../../features/flight/api/get-flight';
import { AltitudeSpeedChart } from '../../features/flight-current/components/altitude-speed-chart';
import { RouteMap } from '../../features/flight-current/components/route-map';
import { errorMessage } from '../../lib/handle-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /flight/{flightId}: one of the pilot's flights (in progress: the current-flight screen). */
export const Component = () => {
  const { t } = useTranslation('flight');
  const { flightId = '' } = useParams();
  const isValid = UUID.test(flightId);
  const flight = useFlight(isValid ? flightId : null);
  if (!isValid || flight.isError) {
    return (
      <PageMessage title={t('detail.title')}>
        <Alert tone="error">{isValid ? errorMessage(flight.error) : t('detail.notFound')}</Alert>
      </PageMessage>
    );
  }
  if (flight.isPending) return <PageLoading />;
  const data = flight.data;
  if (data.status === 'in_progress') return <Navigate to="/flight/current" replace />;
  const point = (airport: typeof data.departureAirport) => ({ ident: airport.ident, latitude: airport.position.latitude, longitude: airport.position.longitude });
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <Panel title={t('detail.heading', { flightNumber: data.flightNumber })}>
        <p className="mb-3 text-sm text-slate-200">
          {t('detail.summary', {
            departure: data.departureAirport.ident,
            arrival: data.arrivalAirport.ident,
            aircraft: data.aircraft.icao,
            status: t(`detail.status.${data.status}`),
          })}
        </p>
        <div className="flex flex-col gap-4">
          <RouteMap departure={point(data.departureAirport)} arrival={point(data.arrivalAirport)} plannedRoute={[]} track={data.positionHistory} aircraft={null} />
          <AltitudeSpeedChart history={data.positionHistory} cruiseLevelFt={data.cruiseLevel} />
          {data.flightLogId ? <TextLink to={`/flight-log/${data.flightLogId}`}>{t('detail.openLog')}</TextLink> : null}
        </div>
      </Panel>
    </div>
  );
};
