import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Panel } from '../../components/ui/panel';
import { flightSession, useFlightSession } from '../../features/flight/lib/flight-session-store';
import { useAircraftList } from '../../features/flight-config/api/get-aircraft-list';
import { useSeatConfigurations } from '../../features/flight-config/api/get-seat-configurations';
import { PncConfigForm } from '../../features/flight-config/components/pnc-config-form';
import { useCurrentUser } from '../../lib/auth';

/** /flight/pnc-config: classes, passengers and cargo of a PNC flight within the seat configuration. */
export const Component = () => {
  const { t } = useTranslation('flightConfig');
  const navigate = useNavigate();
  const { draft } = useFlightSession();
  const user = useCurrentUser();
  const aircraftList = useAircraftList();
  const seats = useSeatConfigurations(draft?.aircraftIcao ?? '', user?.id);
  if (!draft) return <Navigate to="/flight/configuration?type=PNC" replace />;
  const aircraft = aircraftList.data?.find((type) => type.icao === draft.aircraftIcao);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <Panel title={t('pnc.title')}>
        <p className="mb-4 text-sm text-slate-200">
          {t('pnc.intro', { flightNumber: draft.flightNumber, departure: draft.departure.ident, arrival: draft.arrival.ident, aircraft: draft.aircraftIcao })}
        </p>
        {aircraftList.isPending || seats.isPending ? (
          <p role="status">{t('common:loading')}</p>
        ) : !aircraft || seats.isError || seats.configurations.length === 0 ? (
          <Alert tone="error">{t('pnc.loadError', { aircraft: draft.aircraftIcao })}</Alert>
        ) : (
          <PncConfigForm
            aircraft={aircraft}
            configurations={seats.configurations}
            initial={draft.seatConfigurationId ? { seatConfigurationId: draft.seatConfigurationId, pax: draft.pax, cargos: draft.cargos } : undefined}
            submitLabel={t('pnc.submit')}
            onSubmit={(cabin) => {
              flightSession.updateDraft({ pax: cabin.pax, cargos: cabin.cargos, seatConfigurationId: cabin.seatConfigurationId });
              void navigate('/flight/flight-tracker-connection');
            }}
          />
        )}
      </Panel>
    </div>
  );
};
