import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFlightLogDetail } from '@contrail/domain/flight-api/flight-log-contract';
import { Button } from '../../../components/ui/button';
import { useFlightLog } from '../api/get-flight-log';

const METRES_PER_FOOT = 0.3048;

type LandingLog = Pick<TFlightLogDetail, 'departureAirport' | 'arrivalAirport' | 'aircraftIcao' | 'landing' | 'reward'>;
type Feedback = 'copied' | 'copyFailed' | 'shareFailed' | null;

/** The browser's share sheet (Web Share API), when it has one. */
const canShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/**
 * The landing as pilots share it (the way landing-rate tools do): rate, load factor, runway and
 * touchdown point in one compact card, a one-line summary to copy, and the share sheet when the
 * browser offers one. Nothing when the flight did not land.
 */
export const LandingCard = ({ log }: { log: LandingLog }) => {
  const { t, i18n } = useTranslation('flightLog');
  const [feedback, setFeedback] = useState<Feedback>(null);
  const titleId = useId();
  const landing = log.landing;
  if (!landing) return null;

  const integer = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const twoDecimals = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const runway = landing.runway;
  const rate = t('landingCard.rate', { value: integer.format(Math.round(landing.verticalSpeedFpm)) });
  const gForce = t('landingCard.g', { value: twoDecimals.format(landing.gForce) });
  const runwayText = runway ? t('landingCard.runway', { runway: runway.runwayIdent }) : null;
  const metres = (ft: number) => integer.format(Math.round(Math.abs(ft) * METRES_PER_FOOT));
  const thresholdText = runway
    ? t(runway.distanceFromThresholdFt < 0 ? 'landingCard.shortOfThreshold' : 'landingCard.pastThreshold', { value: metres(runway.distanceFromThresholdFt) })
    : null;
  // Positive offsets are right of the centre line, looking along the landing direction.
  const centerlineText = runway
    ? Math.abs(runway.centerlineOffsetFt * METRES_PER_FOOT) < 0.5
      ? t('landingCard.onCenterline')
      : t(runway.centerlineOffsetFt > 0 ? 'landingCard.rightOfCenterline' : 'landingCard.leftOfCenterline', { value: metres(runway.centerlineOffsetFt) })
    : null;
  const route = `${log.departureAirport.ident} → ${log.arrivalAirport.ident}`;
  // The one line pilots paste in a chat: the same figures, in the order the card shows them.
  const shareText = [route, log.aircraftIcao, rate, gForce, runwayText, thresholdText, t('landingCard.signature')]
    .filter((part): part is string => part !== null)
    .join(' · ');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shareText);
      setFeedback('copied');
    } catch {
      // No clipboard (an insecure page, a refused permission): the line stays on screen to select.
      setFeedback('copyFailed');
    }
  };

  const share = async () => {
    try {
      await navigator.share({ title: t('landingCard.shareTitle', { route }), text: shareText });
      setFeedback(null);
    } catch (error) {
      // Closing the share sheet is the pilot's choice, not a failure.
      setFeedback(error instanceof DOMException && error.name === 'AbortError' ? null : 'shareFailed');
    }
  };

  const figures: [string, string][] = [
    [t('landingCard.rateLabel'), rate],
    [t('landingCard.gLabel'), gForce],
    [t('landingCard.ratingLabel'), t(`ratings.${landing.rating}`)],
    [t('landingCard.runwayLabel'), runwayText ?? t('landingCard.noRunway')],
    [t('landingCard.thresholdLabel'), thresholdText ?? '—'],
    [t('landingCard.centerlineLabel'), centerlineText ?? '—'],
    [t('landingCard.pointsLabel'), t('landingCard.points', { count: log.reward.landingPoints })],
  ];

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3 rounded-xl border border-sky-700 bg-slate-950 p-4 text-slate-100">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={titleId} className="text-base font-semibold text-white">
          {t('landingCard.title')}
        </h3>
        <p className="text-sm text-slate-300">{`${route} · ${log.aircraftIcao}`}</p>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4">
        {figures.map(([label, value], index) => (
          <div key={label} className="flex flex-col">
            <dt className="text-xs text-slate-300">{label}</dt>
            <dd className={index < 2 ? 'text-xl font-bold text-white' : 'text-sm font-semibold text-white'}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="rounded bg-slate-800 px-2 py-1 font-mono text-xs text-slate-100" data-testid="landing-share-text">
        {shareText}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          {t('landingCard.copy')}
        </Button>
        {canShare() ? (
          <Button variant="secondary" onClick={() => void share()}>
            {t('landingCard.share')}
          </Button>
        ) : null}
        <p role="status" className="text-sm text-slate-200">
          {feedback ? t(`landingCard.feedback.${feedback}`) : null}
        </p>
      </div>
    </section>
  );
};

/** The landing card of a just-completed flight, once its log is loaded (nothing before, or without a landing). */
export const FlightLogLandingCard = ({ flightLogId }: { flightLogId: string }) => {
  const log = useFlightLog(flightLogId);
  return log.data ? <LandingCard log={log.data} /> : null;
};
