import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cargoName } from '../../../lib/catalogue-texts';
import type { TFlightLogDetail } from '@contrail/domain/flight-api/flight-log-contract';
import { FlightStep } from '@contrail/domain/flight/flight-step';
import { scoreColourFor, type ScoreColour } from '@contrail/domain/rewards/compute-reward';
import { Alert } from '../../../components/ui/alert';
import { cn } from '../../../components/ui/cn';
import { TextLink } from '../../../components/ui/text-link';
import { isApiError } from '../../../lib/api-error';
import { useFlightLog } from '../api/get-flight-log';
import { describeEventValues } from '../../../lib/event-values';
import { formatDuration, formatUtcDateTime, formatUtcTime } from '../lib/format';
import type { MapMarker } from '../lib/track';
import { AltitudeSpeedChart } from './altitude-speed-chart';
import { PremiumLockNotice } from './flight-log-book';
import { FlightReviewBanner } from './flight-review-banner';
import { FlightTrackMap } from './flight-track-map';
import { LandingCard } from './landing-card';
import { LedgerProofCheck } from './ledger-proof-check';

const sectionClasses = 'pointer-events-auto rounded-xl border border-slate-700 bg-slate-900 p-6 text-slate-100 shadow-xl';

const Section = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => (
  <section aria-labelledby={id} className={sectionClasses}>
    <h2 id={id} className="mb-4 text-lg font-semibold text-white">
      {title}
    </h2>
    {children}
  </section>
);

const Figures = ({ figures }: { figures: [string, ReactNode][] }) => (
  <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm md:grid-cols-4">
    {figures.map(([label, value]) => (
      <div key={label} className="flex flex-col">
        <dt className="text-slate-300">{label}</dt>
        <dd className="font-semibold text-white">{value}</dd>
      </div>
    ))}
  </dl>
);

/** Score colour: above 75 success, above 25 warning, otherwise error, neutral when empty. */
const scoreClasses: Record<ScoreColour, string> = {
  success: 'border-emerald-400 bg-emerald-950 text-emerald-100',
  warning: 'border-amber-400 bg-amber-950 text-amber-100',
  error: 'border-red-400 bg-red-950 text-red-100',
  neutral: 'border-slate-500 bg-slate-800 text-slate-100',
};

export const ScoreBadge = ({ score }: { score: number | null }) => {
  const { t } = useTranslation('flightLog');
  const colour = scoreColourFor(score);
  return (
    <span data-colour={colour} className={cn('rounded-md border px-2 py-1 text-sm font-semibold', scoreClasses[colour])}>
      {score === null ? t('detail.score.none') : t('detail.score.value', { score })}
    </span>
  );
};

const isFlightStep = (value: unknown): value is FlightStep => typeof value === 'string' && (FlightStep as readonly string[]).includes(value);

/** One event's data as "label: value" pairs, translated; units are in the labels. */
const EventData = ({ data }: { data: Record<string, unknown> }) => {
  const { t, i18n } = useTranslation('flightLog');
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const entries = Object.entries(data ?? {});
  if (entries.length === 0) return null;
  const show = (value: unknown): string => {
    if (value === null || value === undefined) return t('unknown');
    if (typeof value === 'boolean') return value ? t('yes') : t('no');
    if (typeof value === 'number') return number.format(value);
    if (isFlightStep(value)) return t(`steps.${value}`);
    return typeof value === 'string' ? value : JSON.stringify(value);
  };
  return (
    <ul className="flex flex-wrap gap-x-3 text-xs text-slate-200">
      {entries.map(([field, value]) => (
        <li key={field}>
          {t(`eventData.${field}`, { defaultValue: field })}: <span className="text-white">{show(value)}</span>
        </li>
      ))}
    </ul>
  );
};

/** The event's data in a pilot's words when the event has a sentence, else field by field. */
const EventValues = ({ eventKey, data }: { eventKey: string; data: Record<string, unknown> }) => {
  const { i18n } = useTranslation('flightLog');
  const words = describeEventValues(i18n, eventKey, data);
  return words ? <p className="text-xs text-slate-200">{words}</p> : <EventData data={data} />;
};

const Reward = ({ log }: { log: TFlightLogDetail }) => {
  const { t, i18n } = useTranslation('flightLog');
  const number = new Intl.NumberFormat(i18n.language);
  const notPaid = log.reward.notPaidReason;
  return (
    <div className="flex flex-col gap-3">
      <Figures
        figures={[
          [t('detail.reward.fc'), t('units.fc', { value: number.format(log.flightCoinAmount) })],
          [t('detail.reward.xp'), t('units.xp', { value: number.format(log.xp) })],
          [t('detail.reward.satisfactionXp'), t('units.xp', { value: number.format(log.satisfactionXp) })],
          [t('detail.reward.score'), <ScoreBadge key="score" score={log.flightScore} />],
        ]}
      />
      {log.fcReason ? (
        <Alert tone="warning">
          <strong>{t(`noCoin.${log.fcReason}.title`)}</strong>{' '}
          {t(`noCoin.${log.fcReason}.text`)}{' '}
          {log.nextRemuneration ? t('noCoin.resumes', { date: formatUtcDateTime(log.nextRemuneration) }) : null}
        </Alert>
      ) : null}
      {notPaid ? <Alert tone="error">{t(`notPaid.${notPaid}`)}</Alert> : null}
      {log.missionId ? <p className="text-sm text-slate-200">{t('detail.reward.mission')}</p> : null}
      {log.reward.penalties.length > 0 || (log.reward.incidentPenalties ?? []).length > 0 ? (
        <div>
          <h3 className="mb-1 text-sm font-semibold text-white">{t('detail.reward.penalties')}</h3>
          <ul className="text-sm text-slate-200">
            {log.reward.penalties.map((penalty) => (
              <li key={penalty.eventCode}>
                {t('detail.reward.penalty', { name: t(`events.${penalty.key}`), count: penalty.count, points: penalty.points })}
              </li>
            ))}
            {(log.reward.incidentPenalties ?? []).map((penalty) => (
              <li key={`incident-${penalty.key}`}>
                {t('detail.reward.penalty', { name: t(`incidents.${penalty.key}`), count: penalty.count, points: penalty.points })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
};

const METRES_PER_FOOT = 0.3048;

const Landing = ({ log }: { log: TFlightLogDetail }) => {
  const { t, i18n } = useTranslation('flightLog');
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const landing = log.landing;
  if (!landing) return <p className="text-sm text-slate-200">{t('detail.landing.none')}</p>;
  const runway = landing.runway;
  // Feet with metres beside them: pilots of either habit read the distance without converting.
  const feetAndMetres = (ft: number) => t('units.ftM', { ft: number.format(Math.round(Math.abs(ft))), m: number.format(Math.round(Math.abs(ft) * METRES_PER_FOOT)) });
  const thresholdText = (ft: number) => t(ft < 0 ? 'detail.landing.shortOfThreshold' : 'detail.landing.pastThreshold', { value: feetAndMetres(ft) });
  // Positive offsets are right of the centre line, looking along the landing direction.
  const centerlineText = (ft: number) =>
    Math.abs(ft) < 0.5
      ? t('detail.landing.onCenterline')
      : t(ft > 0 ? 'detail.landing.rightOfCenterline' : 'detail.landing.leftOfCenterline', { value: feetAndMetres(ft) });
  return (
    <Figures
      figures={[
        [t('detail.landing.rate'), t('units.fpm', { value: number.format(landing.verticalSpeedFpm) })],
        [t('detail.landing.gForce'), t('units.g', { value: number.format(landing.gForce) })],
        [t('detail.landing.rating'), t(`ratings.${landing.rating}`)],
        [t('detail.landing.bounces'), number.format(landing.bounces)],
        [t('detail.landing.airport'), landing.airportIdent ?? t('unknown')],
        [t('detail.landing.runway'), runway ? runway.runwayIdent : t('detail.landing.noRunway')],
        [t('detail.landing.fromThreshold'), runway ? thresholdText(runway.distanceFromThresholdFt) : '—'],
        [t('detail.landing.centerline'), runway ? centerlineText(runway.centerlineOffsetFt) : '—'],
        [t('detail.landing.touchdown'), `${number.format(landing.latitudeDeg)}, ${number.format(landing.longitudeDeg)}`],
        [t('detail.landing.airspeed'), t('units.kt', { value: number.format(landing.indicatedAirspeedKts) })],
        [t('detail.landing.pitch'), t('units.deg', { value: number.format(landing.pitchDeg) })],
        [t('detail.landing.bank'), t('units.deg', { value: number.format(landing.bankDeg) })],
      ]}
    />
  );
};

/**
 * A cabin incident as the sentence the crew saw during the flight ("Another announcement is in
 * progress: Safety demonstration"), its parameters named in words, never as raw codes.
 */
const IncidentSentence = ({ incident }: { incident: NonNullable<TFlightLogDetail['incidents']>[number] }) => {
  const { t } = useTranslation('flightCurrent');
  const typeName = (type: number) => t(`announcementTypes.${type}`, { defaultValue: t(`foodTypes.${type}`, { defaultValue: String(type) }) });
  const values = Object.fromEntries(
    incident.parameters.map(({ key, value }) => [
      key,
      (key === 'type' || key === 'current') && typeof value === 'number'
        ? typeName(value)
        : key === 'flightStep' && typeof value === 'string'
          ? t(`flight:steps.${value}`, { defaultValue: value })
          : String(value),
    ]),
  );
  return <>{t(`incidents.${incident.key}`, values)}</>;
};

const Cabin = ({ log }: { log: TFlightLogDetail }) => {
  const { t, i18n } = useTranslation('flightLog');
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (
    <div className="flex flex-col gap-4">
      {log.satisfaction ? (
        <Figures
          figures={[
            [t('detail.cabin.satiety'), t('units.percent', { value: number.format(log.satisfaction.satietyRate) })],
            [t('detail.cabin.entertainment'), t('units.percent', { value: number.format(log.satisfaction.entertainmentRate) })],
            [t('detail.cabin.wellness'), t('units.percent', { value: number.format(log.satisfaction.wellnessRate) })],
            [t('detail.cabin.satisfaction'), t('units.percent', { value: number.format(log.satisfaction.satisfactionRate) })],
          ]}
        />
      ) : null}
      {log.passengers ? (
        <table className="text-left text-sm">
          <caption className="mb-1 text-left text-sm font-semibold text-white">{t('detail.cabin.passengers')}</caption>
          <thead className="text-slate-300">
            <tr>
              <th scope="col" className="pr-4 font-medium">{t('detail.cabin.class')}</th>
              <th scope="col" className="pr-4 font-medium">{t('detail.cabin.quantity')}</th>
              <th scope="col" className="font-medium">{t('detail.cabin.points')}</th>
            </tr>
          </thead>
          <tbody>
            {(['economy', 'business', 'first'] as const).map((cabinClass) => (
              <tr key={cabinClass}>
                <th scope="row" className="pr-4 font-normal">{t(`detail.cabin.classes.${cabinClass}`)}</th>
                <td className="pr-4">{number.format(log.passengers![cabinClass].quantity)}</td>
                <td>{number.format(log.passengers![cabinClass].points)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <div>
        <h3 className="mb-1 text-sm font-semibold text-white">{t('detail.cabin.incidents')}</h3>
        {log.incidents && log.incidents.length > 0 ? (
          <ul className="flex flex-col gap-1 text-sm">
            {log.incidents.map((incident, index) => (
              <li key={`${incident.key}-${index}`}>
                <span className="text-slate-300">{formatUtcTime(incident.date)}</span> <IncidentSentence incident={incident} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-200">{t('detail.cabin.noIncident')}</p>
        )}
      </div>
      {log.cargos.length > 0 ? (
        <div>
          <h3 className="mb-1 text-sm font-semibold text-white">{t('detail.cabin.cargos')}</h3>
          <ul className="text-sm">
            {log.cargos.map((cargo, index) => (
              <li key={`${cargo.name}-${index}`}>
                {t('detail.cabin.cargo', { name: cargoName(i18n, cargo.name), quantity: cargo.quantity, weight: number.format(cargo.weight) })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
};

/** The flight-log detail, once loaded. */
export const FlightLogDetailView = ({ log }: { log: TFlightLogDetail }) => {
  const { t, i18n } = useTranslation('flightLog');
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const stats = log.statistics;
  const markers = useMemo<MapMarker[]>(() => {
    const list: MapMarker[] = [
      { id: 'departure', label: log.departureAirport.ident, latitude: log.departureAirport.position.latitude, longitude: log.departureAirport.position.longitude, colour: '#38bdf8' },
      { id: 'arrival', label: log.arrivalAirport.ident, latitude: log.arrivalAirport.position.latitude, longitude: log.arrivalAirport.position.longitude, colour: '#f472b6' },
    ];
    if (log.landing) list.push({ id: 'touchdown', label: 'touchdown', latitude: log.landing.latitudeDeg, longitude: log.landing.longitudeDeg, colour: '#facc15' });
    return list;
  }, [log]);
  const route = `${log.departureAirport.ident} → ${log.arrivalAirport.ident}`;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <section aria-labelledby="flight-log-title" className={sectionClasses}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h1 id="flight-log-title" className="text-xl font-semibold text-white">
              {t('detail.title', { flightNumber: log.flightNumber, route })}
            </h1>
            <p className="text-sm text-slate-200">
              {t('detail.subtitle', {
                aircraft: log.aircraftIcao,
                type: t(`types.${log.type}`),
                start: formatUtcDateTime(log.startDate),
                end: formatUtcDateTime(log.endDate),
              })}
            </p>
            {log.isDiverted ? <p className="text-sm text-amber-200">{t('detail.diverted', { from: log.originalArrivalIdent, to: log.arrivalAirport.ident })}</p> : null}
            {log.isCrashed ? <p className="text-sm text-red-200">{t('detail.crashed')}</p> : null}
          </div>
          <div className="flex flex-col items-end gap-2">
            <span
              data-ledger={log.ledgerState}
              className={cn(
                'rounded-md border px-2 py-1 text-sm font-semibold',
                log.ledgerState === 'validated' ? 'border-emerald-400 text-emerald-100' : 'border-slate-400 text-slate-100',
              )}
            >
              {t(`ledger.${log.ledgerState}`)}
            </span>
            {log.ledgerHash ? (
              <>
                <span className="max-w-56 truncate font-mono text-xs text-slate-300" title={log.ledgerHash}>
                  {log.ledgerHash}
                </span>
                <LedgerProofCheck recordHash={log.ledgerHash} blockHeight={log.ledgerState === 'validated' ? log.ledgerBlockHeight : null} />
              </>
            ) : null}
          </div>
        </div>
        <p className="mt-3 text-sm">
          <TextLink to="/flight-log">{t('detail.back')}</TextLink>
        </p>
      </section>

      <FlightReviewBanner log={log} />

      <Section id="flight-log-reward" title={t('detail.sections.reward')}>
        <Reward log={log} />
      </Section>

      <Section id="flight-log-statistics" title={t('detail.sections.statistics')}>
        <Figures
          figures={[
            [t('detail.stats.flightDuration'), formatDuration(stats.flightDuration)],
            [t('detail.stats.blockTime'), formatDuration(stats.blockTime)],
            [t('detail.stats.blockOff'), formatUtcDateTime(log.startBlockDate) || '—'],
            [t('detail.stats.blockOn'), formatUtcDateTime(log.endBlockDate) || '—'],
            [t('detail.stats.takeoff'), formatUtcDateTime(log.takeoffDate) || '—'],
            [t('detail.stats.landing'), formatUtcDateTime(log.landingDate) || '—'],
            [t('detail.stats.distance'), t('units.nm', { value: number.format(stats.distanceNm) })],
            [t('detail.stats.nauticalDistance'), t('units.nm', { value: number.format(stats.nauticalDistanceNm) })],
            [t('detail.stats.miles'), t('units.mi', { value: number.format(stats.miles) })],
            [t('detail.stats.fuelLoaded'), t('units.kg', { value: number.format(stats.fuelLoaded) })],
            [t('detail.stats.fuelConsumed'), t('units.kg', { value: number.format(stats.fuelConsumed) })],
            [t('detail.stats.averageSpeed'), t('units.kt', { value: number.format(stats.averageSpeed) })],
            [t('detail.stats.cruiseLevel'), t('units.ft', { value: number.format(log.cruiseLevel) })],
            [t('detail.stats.registration'), log.aircraftRegistration ?? '—'],
          ]}
        />
      </Section>

      <Section id="flight-log-track" title={t('detail.sections.track')}>
        <FlightTrackMap points={log.positionHistory} markers={markers} label={t('detail.map.label', { route })} />
      </Section>

      <Section id="flight-log-chart" title={t('detail.sections.chart')}>
        <AltitudeSpeedChart points={log.positionHistory} cruiseLevelFt={log.cruiseLevel} />
      </Section>

      <Section id="flight-log-landing" title={t('detail.sections.landing')}>
        <div className="flex flex-col gap-4">
          <LandingCard log={log} />
          <Landing log={log} />
        </div>
      </Section>

      <Section id="flight-log-steps" title={t('detail.sections.steps')}>
        {log.steps.length === 0 ? (
          <p className="text-sm text-slate-200">{t('detail.noSteps')}</p>
        ) : (
          <ol className="flex flex-col gap-1 border-l border-slate-600 pl-4 text-sm">
            {log.steps.map((step, index) => (
              <li key={`${step.name}-${index}`} className="relative">
                <span aria-hidden="true" className="absolute -left-[21px] top-1.5 h-2 w-2 rounded-full bg-sky-400" />
                <span className="mr-2 font-mono text-slate-300">{formatUtcTime(step.date)}</span>
                {t(`steps.${step.name}`)}
              </li>
            ))}
          </ol>
        )}
      </Section>

      <Section id="flight-log-events" title={t('detail.sections.events')}>
        {log.events.length === 0 ? (
          <p className="text-sm text-slate-200">{t('detail.noEvents')}</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead className="text-slate-300">
              <tr>
                <th scope="col" className="pb-2 pr-3 font-medium">{t('detail.eventColumns.time')}</th>
                <th scope="col" className="pb-2 pr-3 font-medium">{t('detail.eventColumns.event')}</th>
                <th scope="col" className="pb-2 font-medium">{t('detail.eventColumns.data')}</th>
              </tr>
            </thead>
            <tbody>
              {log.events.map((event) => (
                <tr key={event.id} className="border-t border-slate-700 align-top">
                  <td className="py-1 pr-3 font-mono whitespace-nowrap text-slate-300">{formatUtcTime(event.createdAt)}</td>
                  <td className="py-1 pr-3">{t(`events.${event.key}`, { defaultValue: t('detail.eventCode', { code: event.eventCode }) })}</td>
                  <td className="py-1">
                    <EventValues eventKey={event.key} data={event.data as Record<string, unknown>} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>

      {log.isPNC ? (
        <Section id="flight-log-cabin" title={t('detail.sections.cabin')}>
          <Cabin log={log} />
        </Section>
      ) : null}
    </div>
  );
};

/** /flight-log/{id}: loads the log; a locked one (freemium) says how to open it, an unknown one says so. */
export const FlightLogDetail = ({ id }: { id: string }) => {
  const { t } = useTranslation('flightLog');
  const log = useFlightLog(id);
  if (log.isPending) {
    return (
      <section className={cn(sectionClasses, 'mx-auto max-w-5xl')} aria-label={t('detail.loadingLabel')}>
        <p role="status">{t('common:loading')}</p>
      </section>
    );
  }
  if (log.isError) {
    const status = isApiError(log.error) ? log.error.status : 0;
    return (
      <section className={cn(sectionClasses, 'mx-auto flex max-w-5xl flex-col gap-3')} aria-labelledby="flight-log-error">
        <h1 id="flight-log-error" className="text-xl font-semibold text-white">
          {t('detail.errorTitle')}
        </h1>
        {status === 403 ? <PremiumLockNotice /> : <Alert tone="error">{status === 404 ? t('detail.notFound') : t('detail.loadError')}</Alert>}
        <TextLink to="/flight-log">{t('detail.back')}</TextLink>
      </section>
    );
  }
  return <FlightLogDetailView log={log.data} />;
};
