import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useCurrentUser } from '../../../lib/auth';
import { useAirport } from '../api/get-airport';
import { usePilotFlightsAtAirport } from '../api/get-pilot-flights-at-airport';
import { AirlinePlaneDetails, HubDetails } from './airline-details';

/** A plane as the map knows it (its last report). */
export type SidePanelPlane = {
  id: string;
  source: 'contrail' | 'vatsim' | 'ivao';
  flightNumber: string;
  departure: string | null;
  arrival: string | null;
  altitudeFt: number | null;
  groundSpeedKts: number | null;
  aircraftIcao: string | null;
  pilotName?: string;
  flightStep?: string;
  /** An airline's plane flown by a Contrail pilot carries the airline's registration. */
  registration?: string;
};

/** The side panel holds an airportId, a planeId or a hubId. */
export type SidePanelSubject =
  | { kind: 'plane'; planeId: string; aircraft: SidePanelPlane }
  | { kind: 'airport'; airportId: string }
  | { kind: 'hub'; hubId: string; airportId: string; airlineId: string }
  | { kind: 'airlinePlane'; planeId: string; airlineId: string; registration: string };

type SidePanelProps = { subject: SidePanelSubject; onClose: () => void };

/**
 * The side panel on the right of the shell: opens for an airport, a plane or a
 * hub, closes with its close button (or Escape). Focus moves to its heading when it opens.
 */
export const SidePanel = ({ subject, onClose }: SidePanelProps) => {
  const { t } = useTranslation('sidePanel');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const subjectKey = subject.kind === 'plane' || subject.kind === 'airlinePlane' ? subject.planeId : subject.kind === 'hub' ? subject.hubId : subject.airportId;

  useEffect(() => {
    headingRef.current?.focus();
  }, [subjectKey]);

  const title =
    subject.kind === 'plane'
      ? subject.aircraft.flightNumber || t('plane.untitled')
      : subject.kind === 'airlinePlane'
        ? subject.registration || t('plane.untitled')
        : subject.kind === 'hub'
          ? t('hub.title', { ident: subject.airportId })
          : subject.airportId;

  return (
    <aside
      aria-labelledby="side-panel-title"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
      className="pointer-events-auto flex max-h-full w-80 flex-col overflow-hidden rounded-xl border border-slate-700 bg-slate-900 text-slate-100 shadow-2xl"
    >
      <header className="flex items-start justify-between gap-2 border-b border-slate-700 p-4">
        <div>
          <p className="text-xs font-semibold tracking-wide text-slate-300 uppercase">{t(`kind.${subject.kind}`)}</p>
          <h2 id="side-panel-title" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-white focus:outline-none">
            {title}
          </h2>
        </div>
        <Button variant="ghost" className="px-2 py-1" onClick={onClose} aria-label={t('close')}>
          <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </Button>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto p-4">
        {subject.kind === 'plane' ? (
          <PlaneDetails plane={subject.aircraft} />
        ) : subject.kind === 'airlinePlane' ? (
          <AirlinePlaneDetails airlineId={subject.airlineId} planeId={subject.planeId} />
        ) : subject.kind === 'hub' ? (
          <HubDetails airlineId={subject.airlineId} hubId={subject.hubId} airportId={subject.airportId} />
        ) : (
          <AirportDetails ident={subject.airportId} />
        )}
      </div>
    </aside>
  );
};

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="flex justify-between gap-3 border-b border-slate-800 py-1.5 text-sm last:border-b-0">
    <dt className="text-slate-300">{label}</dt>
    <dd className="text-right font-medium text-white">{children}</dd>
  </div>
);

const PlaneDetails = ({ plane }: { plane: SidePanelPlane }) => {
  const { t, i18n } = useTranslation('sidePanel');
  const format = (value: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 }).format(value);
  const unknown = t('unknown');
  return (
    <dl>
      <Field label={t('plane.network')}>{t(`network.${plane.source}`)}</Field>
      {plane.pilotName ? <Field label={t('plane.pilot')}>{plane.pilotName}</Field> : null}
      {plane.registration ? <Field label={t('airline.registration')}>{plane.registration}</Field> : null}
      <Field label={t('plane.route')}>
        {plane.departure || plane.arrival ? `${plane.departure ?? unknown} → ${plane.arrival ?? unknown}` : t('plane.noFlightPlan')}
      </Field>
      <Field label={t('plane.altitude')}>{plane.altitudeFt === null ? unknown : t('plane.feet', { value: format(plane.altitudeFt) })}</Field>
      <Field label={t('plane.groundSpeed')}>
        {plane.groundSpeedKts === null ? unknown : t('plane.knots', { value: format(plane.groundSpeedKts) })}
      </Field>
      <Field label={t('plane.aircraft')}>{plane.aircraftIcao ?? unknown}</Field>
      {plane.flightStep ? <Field label={t('plane.flightStep')}>{plane.flightStep}</Field> : null}
    </dl>
  );
};

const AirportDetails = ({ ident }: { ident: string }) => {
  const { t, i18n } = useTranslation('sidePanel');
  const airport = useAirport(ident);
  const user = useCurrentUser();
  const flights = usePilotFlightsAtAirport(user?.id, ident);
  const format = (value: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 }).format(value);

  if (airport.isPending) return <p className="text-sm text-slate-300">{t('loading')}</p>;
  if (airport.isError) return <p className="text-sm text-amber-200">{t('airport.notFound', { ident })}</p>;
  const { data } = airport;
  return (
    <div className="flex flex-col gap-4">
      <dl>
        <Field label={t('airport.name')}>{data.name}</Field>
        <Field label={t('airport.municipality')}>{data.municipality ? `${data.municipality}, ${data.isoCountry}` : data.isoCountry}</Field>
        {data.iataCode ? <Field label={t('airport.iata')}>{data.iataCode}</Field> : null}
        <Field label={t('airport.elevation')}>{t('plane.feet', { value: format(data.position.altitude) })}</Field>
      </dl>
      <section aria-labelledby="side-panel-runways">
        <h3 id="side-panel-runways" className="mb-1 text-sm font-semibold text-white">
          {t('airport.runways')}
        </h3>
        {data.runways.length === 0 ? (
          <p className="text-sm text-slate-300">{t('airport.noRunways')}</p>
        ) : (
          <ul className="text-sm">
            {data.runways.map((runway) => (
              <li key={`${runway.ends[0].ident}/${runway.ends[1].ident}`} className="flex justify-between border-b border-slate-800 py-1 last:border-b-0">
                <span className="font-medium text-white">
                  {runway.ends[0].ident}/{runway.ends[1].ident}
                </span>
                <span className="text-slate-200">
                  {t('airport.runwayLength', { value: format(runway.lengthFt) })}
                  {runway.surface ? ` · ${runway.surface}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {user ? (
        <section aria-labelledby="side-panel-flights">
          <h3 id="side-panel-flights" className="mb-1 text-sm font-semibold text-white">
            {t('airport.yourFlights')}
          </h3>
          {flights.isPending ? (
            <p className="text-sm text-slate-300">{t('loading')}</p>
          ) : flights.isError || flights.data.length === 0 ? (
            <p className="text-sm text-slate-300">{t('airport.noFlights')}</p>
          ) : (
            <ul className="text-sm">
              {flights.data.map((log) => (
                <li key={log.id} className="flex justify-between border-b border-slate-800 py-1 last:border-b-0">
                  <span className="font-medium text-white">{log.flightNumber}</span>
                  <span className="text-slate-200">
                    {log.departureAirport.ident} → {log.arrivalAirport.ident} · {log.startDate.slice(0, 10)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
};
