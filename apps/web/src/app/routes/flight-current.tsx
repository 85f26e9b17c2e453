import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { TFlight } from '@contrail/domain/flight-api/flight-contract';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { PageLoading, PageMessage } from '../../components/ui/page-states';
import { Panel } from '../../components/ui/panel';
import { TextLink } from '../../components/ui/text-link';
import { AirportSearchField } from '../../features/airports/components/airport-search-field';
import type { AirportOption } from '../../features/airports/components/airport-label';
import { fetchFlightAirport } from '../../features/flight/api/get-airport-detail';
import { useFlight } from '../../features/flight/api/get-flight';
import { useInProgressFlight } from '../../features/flight/api/retrieve-flight-for-user';
import { FlightCompletedResult } from '../../features/flight/components/flight-completed-result';
import { SatisfactionGauges } from '../../features/flight/components/satisfaction-gauges';
import { flightSession, useFlightSession } from '../../features/flight/lib/flight-session-store';
import { toFlightView } from '../../features/flight/lib/flight-view';
import { AltitudeSpeedChart } from '../../features/flight-current/components/altitude-speed-chart';
import { CabinControls, IncidentList } from '../../features/flight-current/components/cabin-controls';
import { CruiseLevelForm } from '../../features/flight-current/components/cruise-level-form';
import { FlightEventsList } from '../../features/flight-current/components/flight-events-list';
import { FlightFigures } from '../../features/flight-current/components/flight-figures';
import { OfpPanel } from '../../features/flight-current/components/ofp-panel';
import { RouteMap } from '../../features/flight-current/components/route-map';
import { HubLinkBanner, SimulatorStatusText } from '../../features/tracker/components/hub-link-banner';
import { useTrackerHub } from '../../features/tracker/hooks/use-tracker-hub';
import { errorMessage } from '../../lib/handle-error';
import { cancelCurrentFlight, completeFlight, sendFlightControl, wireFlightSession } from '../flight/flight-session';
import { controlRejectionMessage } from '../../features/flight-current/lib/control-rejection';
import { FlightNotams } from '../../features/notam/components/flight-notams';
import { FlightLogLandingCard } from '../../features/flight-log/components/landing-card';

const Section = ({ id, title, children, className }: { id: string; title: string; children: ReactNode; className?: string }) => (
  <section aria-labelledby={id} className={`pointer-events-auto rounded-xl border border-slate-700 bg-slate-900 p-4 text-slate-100 shadow-xl ${className ?? ''}`}>
    <h2 id={id} className="mb-3 text-base font-semibold text-white">
      {title}
    </h2>
    {children}
  </section>
);

/** Divert to another airport (the arrival changes and the flight is ready to end). */
const DivertForm = ({ isDisabled }: { isDisabled: boolean }) => {
  const { t } = useTranslation('flightCurrent');
  const [airport, setAirport] = useState<AirportOption | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const divert = async () => {
    if (!airport) return;
    setIsBusy(true);
    setMessage(null);
    try {
      const arrival = await fetchFlightAirport(airport.ident);
      const result = await sendFlightControl({ type: 'DivertFlight', arrival });
      setMessage(
        result.accepted
          ? { tone: 'success', text: t('actions.diverted', { ident: airport.ident }) }
          : { tone: 'error', text: controlRejectionMessage(t, result.rejection) },
      );
    } catch (error) {
      setMessage({ tone: 'error', text: errorMessage(error) });
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <AirportSearchField label={t('actions.divertTo')} value={airport} onChange={setAirport} disabled={isDisabled} />
      <div>
        <Button variant="secondary" disabled={isDisabled || !airport || isBusy} onClick={() => void divert()}>
          {t('actions.divert')}
        </Button>
      </div>
      <div aria-live="polite">{message ? <Alert tone={message.tone}>{message.text}</Alert> : null}</div>
    </div>
  );
};

const CurrentFlight = ({ flight }: { flight: TFlight }) => {
  const { t } = useTranslation('flightCurrent');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const session = useFlightSession();
  const hub = useTrackerHub();
  const [isConfirmingCancel, setIsConfirmingCancel] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const live = session.live?.flightId === flight.id ? session.live : null;
  const active = session.active?.flightId === flight.id ? session.active : null;
  const view = toFlightView(flight, active, live);
  const history = live && live.positionHistory.length > 0 ? live.positionHistory : flight.positionHistory;
  const plan = active?.plan ?? null;
  const isOfpOpen = params.get('ofp') === '1';
  const isFollowing = active !== null && hub.link !== 'idle';
  const arrival = live?.divertedTo
    ? { ident: live.divertedTo.ident, latitude: live.divertedTo.position.latitudeDeg, longitude: live.divertedTo.position.longitudeDeg }
    : { ident: flight.arrivalAirport.ident, latitude: flight.arrivalAirport.position.latitude, longitude: flight.arrivalAirport.position.longitude };
  const departure = { ident: flight.departureAirport.ident, latitude: flight.departureAirport.position.latitude, longitude: flight.departureAirport.position.longitude };
  const position = live?.position
    ? { latitude: live.position.latitudeDeg, longitude: live.position.longitudeDeg, headingDeg: live.position.headingDegTrue }
    : flight.aircraft.position
      ? { latitude: flight.aircraft.position.latitude, longitude: flight.aircraft.position.longitude, headingDeg: flight.aircraft.heading }
      : null;
  const plannedRoute = plan && plan.origin.icaoCode === departure.ident ? [plan.origin, ...plan.navlog, plan.destination].map((fix) => ({ latitude: fix.latitude, longitude: fix.longitude })) : [];
  const isReady = view?.isReadyToEndFlight ?? false;

  const run = async (action: () => Promise<{ ok: boolean; error?: { message: string } } | void>) => {
    setIsBusy(true);
    setActionError(null);
    try {
      const result = await action();
      if (result && !result.ok) setActionError(result.error?.message ?? t('actions.failed'));
    } catch (error) {
      setActionError(errorMessage(error));
    } finally {
      setIsBusy(false);
    }
  };

  if (live?.completed) {
    return (
      <Panel title={t('completedTitle', { flightNumber: flight.flightNumber })}>
        <FlightCompletedResult
          result={live.completed}
          onDone={() => {
            flightSession.endFlight();
            void navigate('/', { replace: true });
          }}
        />
        <div className="mt-4">
          <FlightLogLandingCard flightLogId={live.completed.flightLogId} />
        </div>
      </Panel>
    );
  }
  if (live?.isCanceled) {
    return (
      <Panel title={t('title', { flightNumber: flight.flightNumber })}>
        <Alert tone="info">{t('canceled')}</Alert>
        <div className="mt-4">
          <Button onClick={() => (flightSession.endFlight(), void navigate('/flight', { replace: true }))}>{t('newFlight')}</Button>
        </div>
      </Panel>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <Panel title={t('title', { flightNumber: flight.flightNumber })}>
        <div className="flex flex-col gap-3">
          <p className="flex flex-wrap items-center gap-3 text-sm">
            <span className="rounded bg-sky-900 px-2 py-0.5 font-semibold text-sky-100" data-testid="flight-step">
              {view?.step ? t(`flight:steps.${view.step}`) : t('na')}
            </span>
            <span>{`${departure.ident} → ${arrival.ident}`}</span>
            <span>
              {t('trackerStatus')} <SimulatorStatusText />
            </span>
          </p>
          <HubLinkBanner />
          <FlightNotams departureIdent={departure.ident} arrivalIdent={arrival.ident} />
          {!isFollowing && !flight.isRetrievedButNotSubscribed ? (
            <Alert tone="info">
              {t('recordedElsewhere')} <TextLink to="/flight/resume">{t('resumeLink')}</TextLink>
            </Alert>
          ) : !isFollowing ? (
            <Alert tone="warning">
              {t('notFollowing')} <TextLink to="/flight/resume">{t('resumeLink')}</TextLink>
            </Alert>
          ) : null}
          {live?.error ? <Alert tone="error">{live.error.message}</Alert> : null}
          <div
            role="progressbar"
            aria-label={t('progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={view?.progressPercent ?? 0}
            className="h-2 w-full overflow-hidden rounded bg-slate-700"
          >
            <div className="h-full bg-sky-400" style={{ width: `${view?.progressPercent ?? 0}%` }} />
          </div>
          {/* The widget's view of the flight: the same figures, whichever device records it. */}
          <FlightFigures
            statistics={live?.statistics ?? flight.statistics}
            aircraft={{
              altitudeFt: view?.altitudeFt ?? null,
              speedKts: view?.speedKts ?? null,
              speedKind: live?.position?.displayedSpeedKind ?? 'groundSpeed',
              headingDeg: view?.headingDeg ?? null,
            }}
          />
        </div>
      </Panel>

      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <Section id="flight-map" title={t('sections.map')}>
          <RouteMap departure={departure} arrival={arrival} plannedRoute={plannedRoute} track={history} aircraft={position} />
        </Section>
        <Section id="flight-chart" title={t('sections.chart')}>
          <AltitudeSpeedChart history={history} cruiseLevelFt={live?.cruiseLevelFt ?? flight.cruiseLevel} />
        </Section>
      </div>

      {view?.isPnc ? (
        <div className="grid grid-cols-1 gap-4 xl:grid-cols-3">
          <Section id="flight-cabin" title={t('sections.cabin')} className="xl:col-span-2">
            <CabinControls pncData={live?.pncData ?? flight.pncData} step={view.step} onControl={sendFlightControl} isDisabled={!isFollowing || hub.link !== 'connected'} />
          </Section>
          <div className="flex flex-col gap-4">
            <Section id="flight-satisfaction" title={t('sections.satisfaction')}>
              <SatisfactionGauges scores={view.scores} />
            </Section>
            <Section id="flight-incidents" title={t('sections.incidents')}>
              <IncidentList incidents={live?.incidents.length ? live.incidents : (flight.pncData?.incidents ?? [])} />
            </Section>
          </div>
        </div>
      ) : null}

      <Section id="flight-events" title={t('sections.events')}>
        <FlightEventsList events={live?.events ?? []} />
      </Section>

      {plan ? (
        <Section id="flight-ofp" title={t('sections.ofp')}>
          {isOfpOpen ? (
            <>
              <OfpPanel plan={plan} />
              <Button variant="ghost" className="mt-2" onClick={() => setParams({}, { replace: true })}>
                {t('ofp.hide')}
              </Button>
            </>
          ) : (
            <Button variant="secondary" onClick={() => setParams({ ofp: '1' }, { replace: true })}>
              {t('ofp.show')}
            </Button>
          )}
        </Section>
      ) : null}

      <Section id="flight-actions" title={t('sections.actions')}>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <div className="flex flex-col gap-6">
            <DivertForm isDisabled={!isFollowing || hub.link !== 'connected'} />
            <CruiseLevelForm
              cruiseLevelFt={live?.cruiseLevelFt ?? flight.cruiseLevel}
              onControl={sendFlightControl}
              isDisabled={!isFollowing || hub.link !== 'connected'}
            />
          </div>
          <div className="flex flex-col gap-3">
            <p className="text-sm text-slate-200">{isReady ? t('actions.readyToEnd') : t('actions.notReady')}</p>
            <div className="flex flex-wrap gap-2">
              <Button disabled={!isReady || isBusy || !isFollowing} onClick={() => void run(completeFlight)}>
                {t('actions.complete')}
              </Button>
              {isConfirmingCancel ? (
                <>
                  <Button variant="danger" disabled={isBusy} onClick={() => void run(() => cancelCurrentFlight(flight.id))}>
                    {t('actions.confirmCancel')}
                  </Button>
                  <Button variant="ghost" onClick={() => setIsConfirmingCancel(false)}>
                    {t('actions.keepFlying')}
                  </Button>
                </>
              ) : (
                <Button variant="danger" disabled={isBusy} onClick={() => setIsConfirmingCancel(true)}>
                  {t('actions.cancel')}
                </Button>
              )}
            </div>
            {isBusy ? <p role="status">{t('actions.working')}</p> : null}
            {actionError ? <Alert tone="error">{actionError}</Alert> : null}
          </div>
        </div>
      </Section>
    </div>
  );
};

/**
 * /flight/current: the flight on a map, the altitude and speed chart, step, events, time
 * estimates, cabin controls for PNC flights, OFP, divert, a new cruise level, cancel and complete.
 * The flight is read by id and refetched every 10 minutes; the hub's messages update it live.
 */
export const Component = () => {
  const { t } = useTranslation('flightCurrent');
  const session = useFlightSession();
  const inProgress = useInProgressFlight();
  useEffect(() => void wireFlightSession(), []);
  const flightId = session.active?.flightId ?? inProgress.data?.id ?? null;
  const flight = useFlight(flightId, true);
  // One source of truth with the flight widget: while this is the pilot's flight in progress, the
  // page reads the same record as the widget (refreshed at each push of the live channel); the
  // record by id (refetched every 10 minutes) serves the rest of the time.
  const record = inProgress.data && inProgress.data.id === flightId && inProgress.data.status === 'in_progress' ? inProgress.data : flight.data;

  useEffect(() => {
    if (record) flightSession.mergeHistory(record.id, record.positionHistory);
  }, [record]);

  if (!flightId) {
    if (inProgress.isPending) return <PageLoading />;
    return (
      <PageMessage title={t('noFlightTitle')}>
        <p className="mb-4 text-sm text-slate-200">{t('noFlight')}</p>
        <TextLink to="/flight">{t('newFlight')}</TextLink>
      </PageMessage>
    );
  }
  if (!record && flight.isPending) return <PageLoading />;
  if (!record) {
    return (
      <PageMessage title={t('noFlightTitle')}>
        <Alert tone="error">{errorMessage(flight.error ?? new Error(t('noFlight')))}</Alert>
      </PageMessage>
    );
  }
  return (
    <div className="mx-auto max-w-6xl">
      <CurrentFlight flight={record} />
    </div>
  );
};
