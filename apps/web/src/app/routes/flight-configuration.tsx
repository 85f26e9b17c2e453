import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { missionText } from '../../lib/catalogue-texts';
import { useNavigate, useSearchParams } from 'react-router';
import { FlightType } from '@contrail/domain/flight-api/flight-contract';
import type { TFlightPlanData } from '@contrail/domain/flight-plan/flight-plan-data';
import { Alert } from '../../components/ui/alert';
import { Panel } from '../../components/ui/panel';
import { TextLink } from '../../components/ui/text-link';
import { AirportSearchField } from '../../features/airports/components/airport-search-field';
import { fetchFlightAirport } from '../../features/flight/api/get-airport-detail';
import { useInProgressFlight } from '../../features/flight/api/retrieve-flight-for-user';
import { flightSession, useFlightSession, type FlightDraft } from '../../features/flight/lib/flight-session-store';
import { useAircraftList } from '../../features/flight-config/api/get-aircraft-list';
import { useHeldLicences } from '../../features/flight-config/api/get-held-licences';
import { useMission } from '../../features/flight-config/api/get-mission';
import { FlightConfigurationForm } from '../../features/flight-config/components/flight-configuration-form';
import type { FlightConfigurationFormValues } from '../../features/flight-config/lib/flight-configuration-form';
import { formatDuration, toUtcInputValue } from '../../features/flight-config/lib/flight-configuration-form';
import { FlightNotams } from '../../features/notam/components/flight-notams';
import { useCurrentUser } from '../../lib/auth';

const isFlightType = (value: string | null): value is FlightType => (FlightType as readonly (string | null)[]).includes(value);
const missionAirportLabel = (airport: { ident: string; name: string | null }) => (airport.name ? `${airport.ident} - ${airport.name}` : airport.ident);
const ident = (value: string | null) => (value && /^[A-Za-z0-9-]{2,12}$/.test(value) ? value.toUpperCase() : null);

/**
 * /flight/configuration. Query parameters preload it:
 * - `type` = NORMAL | PNC | MISSION | AIRLINE;
 * - `missionId`: a mission flight (while the mission is open), its
 *   flight number, airports (locked), pax and cargo from the mission (the missions screens link
 *   here; registration then goes through POST /api/flight/with-mission);
 * - `departure`, `arrival`, `flightNumber`, `aircraft`, `afrvBidId`: a booked (AFRV) flight;
 * - with `airlineId` too: an AIRLINE flight in the plane booked on /flight/va (airports locked).
 */
export const Component = () => {
  const { t, i18n } = useTranslation('flightConfig');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const user = useCurrentUser();
  const session = useFlightSession();
  const inProgress = useInProgressFlight();
  const aircraft = useAircraftList();
  // The aircraft list marks the types the pilot's licences cover (no hints if they cannot be read).
  const heldLicences = useHeldLicences(user?.id);
  const missionId = params.get('missionId');
  // A booked airline plane (/flight/va): its route and type are the booking's, so they are locked.
  const airlineId = params.get('airlineId');
  const type: FlightType = missionId ? 'MISSION' : airlineId ? 'AIRLINE' : isFlightType(params.get('type')) ? (params.get('type') as FlightType) : (session.draft?.type ?? 'NORMAL');
  const mission = useMission(missionId);
  const [plan, setPlan] = useState<TFlightPlanData | null>(session.draft?.type === type ? session.draft.plan : null);

  const defaultValues = useMemo((): Partial<FlightConfigurationFormValues> => {
    const draft = session.draft?.type === type && !missionId ? session.draft : null;
    if (draft) {
      const departureMs = draft.scheduledDepartureTime ? Date.parse(draft.scheduledDepartureTime) : null;
      const arrivalMs = draft.scheduledArrivalTime ? Date.parse(draft.scheduledArrivalTime) : null;
      return {
        flightNumber: draft.flightNumber,
        aircraftIcao: draft.aircraftIcao,
        cruiseLevelFt: draft.cruiseLevelFt,
        departure: draft.departure,
        arrival: draft.arrival,
        ...(departureMs ? { departureTimeUtc: toUtcInputValue(departureMs) } : {}),
        ...(departureMs && arrivalMs ? { duration: formatDuration((arrivalMs - departureMs) / 60_000) } : {}),
        simulator: draft.simulator,
        simulationRate: draft.simulationRate,
      };
    }
    const departure = ident(params.get('departure'));
    const arrival = ident(params.get('arrival'));
    const flightNumber = params.get('flightNumber');
    const aircraftIcao = params.get('aircraft');
    return {
      ...(departure ? { departure: { ident: departure, label: departure } } : {}),
      ...(arrival ? { arrival: { ident: arrival, label: arrival } } : {}),
      ...(flightNumber ? { flightNumber: flightNumber.slice(0, 10) } : {}),
      ...(aircraftIcao ? { aircraftIcao: aircraftIcao.toUpperCase() } : {}),
    };
    // Read once when the page opens.
  }, []);

  if (inProgress.data) {
    return (
      <div className="mx-auto max-w-4xl">
        <Panel title={t('title')}>
          <Alert tone="warning">
            {t('alreadyOnFlight', { flightNumber: inProgress.data.flightNumber })}{' '}
            <TextLink to={inProgress.data.isRetrievedButNotSubscribed ? '/flight/resume' : '/flight/current'}>{t('openFlight')}</TextLink>
          </Alert>
        </Panel>
      </div>
    );
  }

  const isMissionPending = missionId !== null && mission.isPending && mission.fetchStatus !== 'idle';
  const missionData = mission.data ?? null;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <Panel title={t('title')}>
        <p className="mb-4 text-sm text-slate-200">{t('intro', { type: t(`flight:types.${type}.name`) })}</p>
        {missionId ? (
          <div className="mb-4" aria-live="polite">
            {isMissionPending ? <p role="status">{t('common:loading')}</p> : null}
            {missionData ? <Alert tone="info">{t('mission.loaded', {
                  title: missionText(i18n, missionData).title,
                  passengers: t('mission.passengers', { count: missionData.pax }),
                  cargoItems: t('mission.cargoItems', { count: missionData.cargos.length }),
                })}</Alert> : null}
            {!isMissionPending && !missionData ? <Alert tone="error">{t('mission.notFound')}</Alert> : null}
          </div>
        ) : null}
        {aircraft.isPending ? (
          <p role="status">{t('common:loading')}</p>
        ) : aircraft.isError ? (
          <Alert tone="error">{t('aircraftLoadError')}</Alert>
        ) : isMissionPending ? null : (
          <FlightConfigurationForm
            aircraft={aircraft.data}
            heldLicences={heldLicences.data}
            defaultValues={
              missionData
                ? {
                    ...defaultValues,
                    flightNumber: missionData.flightNumber.slice(0, 10),
                    departure: { ident: missionData.departureAirport.ident, label: missionAirportLabel(missionData.departureAirport) },
                    arrival: { ident: missionData.arrivalAirport.ident, label: missionAirportLabel(missionData.arrivalAirport) },
                  }
                : defaultValues
            }
            plan={plan}
            onPlanChange={setPlan}
            renderAirportNotices={({ departureIdent, arrivalIdent }) => <FlightNotams departureIdent={departureIdent} arrivalIdent={arrivalIdent} />}
            findFlightAirport={fetchFlightAirport}
            areAirportsLocked={missionId !== null || airlineId !== null}
            submitLabel={t(type === 'PNC' ? 'submitPnc' : 'submit')}
            trackerLinkType={type === 'NORMAL' || type === 'PNC' ? type : undefined}
            renderAirportField={({ label, value, onChange, onBlur, name, error, fromIdent, required, disabled }) => (
              <AirportSearchField
                label={label}
                value={value}
                onChange={onChange}
                onBlur={onBlur}
                name={name}
                error={error}
                fromIdent={fromIdent}
                required={required}
                disabled={disabled}
              />
            )}
            onSubmit={(configuration) => {
              const afrvBidId = params.get('afrvBidId');
              const draft: FlightDraft = {
                type,
                flightNumber: configuration.flightNumber,
                aircraftIcao: configuration.aircraftIcao,
                cruiseLevelFt: configuration.cruiseLevelFt,
                departure: configuration.departure,
                arrival: configuration.arrival,
                scheduledDepartureTime: configuration.scheduledDepartureTime,
                scheduledArrivalTime: configuration.scheduledArrivalTime,
                simulator: configuration.simulator,
                simulationRate: configuration.simulationRate,
                plan,
                missionId: missionData?.id ?? null,
                virtualAirlineId: airlineId,
                afrv: afrvBidId && user?.afrvKey ? { key: user.afrvKey, bidId: afrvBidId } : null,
                pax: missionData ? { first: 0, business: 0, economy: missionData.pax } : (session.draft?.pax ?? { first: 0, business: 0, economy: 0 }),
                cargos: missionData
                  ? missionData.cargos.map((cargo) => ({ name: cargo.name, weight: cargo.weight, quantity: cargo.quantity, points: cargo.points }))
                  : type === 'PNC'
                    ? (session.draft?.cargos ?? [])
                    : [],
                seatConfigurationId: session.draft?.seatConfigurationId ?? null,
              };
              flightSession.setDraft(draft);
              void navigate(type === 'PNC' ? '/flight/pnc-config' : '/flight/flight-tracker-connection');
            }}
          />
        )}
      </Panel>
    </div>
  );
};
