import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses, focusRing } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { useInProgressFlight } from '../api/retrieve-flight-for-user';
import { toFlightView, type FlightView } from '../lib/flight-view';
import { useFlightSession } from '../lib/flight-session-store';
import { SatisfactionGauges } from './satisfaction-gauges';

const utcTime = (iso: string | null): string | null => (iso ? `${new Date(iso).toISOString().slice(11, 16)}Z` : null);

type ShowOnMap = { onShowOnMap?: (() => void) | undefined; showOnMapLabel?: string | undefined };

/**
 * The card for a flight in progress. Exported for tests. With `onShowOnMap`
 * (the pilot's aircraft is on the live map) the flight number is a button over the card that takes
 * the map to the aircraft; the rest of the card opens the current flight.
 */
export const FlightWidgetCard = ({ view, onShowOnMap, showOnMapLabel }: { view: FlightView } & ShowOnMap) => {
  const { t, i18n } = useTranslation('flight');
  const number = new Intl.NumberFormat(i18n.language);
  const na = t('na');
  const figure = (value: number | null, unit: string) => (value === null ? na : `${number.format(value)} ${unit}`);
  return (
    <section aria-label={t('widget.label')} className="pointer-events-auto relative flex items-stretch gap-2">
      {onShowOnMap ? (
        <button
          type="button"
          onClick={onShowOnMap}
          aria-label={showOnMapLabel}
          className={cn('absolute top-3 left-4 z-10 rounded text-base font-semibold text-white underline decoration-sky-400 decoration-2 underline-offset-4 hover:text-sky-200', focusRing)}
        >
          {view.flightNumber}
        </button>
      ) : null}
      <Link
        to="/flight/current"
        className={cn('flex w-[36rem] flex-col gap-2 rounded-xl border border-slate-600 bg-slate-900 px-4 py-3 text-slate-100 shadow-xl hover:border-sky-400', focusRing)}
      >
        <span className="flex items-center justify-between gap-3">
          {/* Under the show-on-map button the number stays in the link's name, drawn by the button. */}
          <span className={cn('text-base font-semibold text-white', onShowOnMap && 'opacity-0')}>
            <span className="sr-only">{t('widget.open')} </span>
            {view.flightNumber}
          </span>
          <span className="rounded bg-slate-700 px-2 py-0.5 text-xs font-semibold text-slate-50">{view.step ? t(`steps.${view.step}`) : na}</span>
        </span>
        <span className="flex items-center justify-between gap-3 text-sm">
          <span>
            <span className="font-semibold text-white">{view.departureIdent}</span> <span className="text-slate-300">{utcTime(view.scheduledDepartureTime) ?? na}</span>
          </span>
          <span
            role="progressbar"
            aria-label={t('widget.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={view.progressPercent}
            className="block h-2 flex-1 overflow-hidden rounded bg-slate-700"
          >
            <span className="block h-full bg-sky-400" style={{ width: `${view.progressPercent}%` }} />
          </span>
          <span>
            <span className="font-semibold text-white">{view.arrivalIdent}</span> <span className="text-slate-300">{utcTime(view.scheduledArrivalTime) ?? na}</span>
          </span>
        </span>
        <span className="grid grid-cols-5 gap-2 text-xs">
          <span className="flex flex-col">
            <span className="text-slate-300">{t('widget.flown')}</span>
            <span className="font-semibold">{figure(view.flownNm, 'NM')}</span>
          </span>
          <span className="flex flex-col">
            <span className="text-slate-300">{t('widget.remaining')}</span>
            <span className="font-semibold">{figure(view.remainingNm, 'NM')}</span>
          </span>
          <span className="flex flex-col">
            <span className="text-slate-300">{t('widget.altitude')}</span>
            <span className="font-semibold">{figure(view.altitudeFt, 'Ft')}</span>
          </span>
          <span className="flex flex-col">
            <span className="text-slate-300">{t('widget.speed')}</span>
            <span className="font-semibold">{figure(view.speedKts, 'KTS')}</span>
          </span>
          <span className="flex flex-col">
            <span className="text-slate-300">{t('widget.heading')}</span>
            <span className="font-semibold">{view.headingDeg === null ? na : `${view.headingDeg}°`}</span>
          </span>
        </span>
        {view.isPnc ? <SatisfactionGauges scores={view.scores} isCompact /> : null}
      </Link>
      {view.hasPlan ? (
        <Link to="/flight/current?ofp=1" className={buttonClasses('secondary', 'self-center shadow-xl')}>
          {t('widget.ofp')}
        </Link>
      ) : null}
    </section>
  );
};

/**
 * The "Persistent pilot-mode flight widget" (bottom centre). With no flight: a
 * start-flight button to the flight-type selection. With a current flight: a card linking to
 * /flight/current (number, step, airports with scheduled times, progress, distances, altitude,
 * speed, heading; PNC satisfaction coloured by level) and an OFP button when a plan is loaded.
 */
export const FlightWidget = ({ onShowOnMap, showOnMapLabel }: ShowOnMap = {}) => {
  const { t } = useTranslation('flight');
  const session = useFlightSession();
  const inProgress = useInProgressFlight();
  const view = toFlightView(inProgress.data ?? null, session.active, session.live);
  if (view) return <FlightWidgetCard view={view} onShowOnMap={onShowOnMap} showOnMapLabel={showOnMapLabel} />;
  return (
    <section aria-label={t('widget.label')} className="pointer-events-auto">
      <Link to="/flight/type-selection" className={buttonClasses('primary', 'px-6 py-3 text-base shadow-xl')}>
        {t('widget.start')}
      </Link>
    </section>
  );
};
