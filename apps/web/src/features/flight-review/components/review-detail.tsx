import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { REVIEW_MESSAGE_MAX, type FlightReviewDecision, type TFlightReviewDetail } from '@contrail/domain/flight-review/review-contract';
import { ReviewReasons } from '../../../components/review-reasons';
import { ReviewStatusBadge } from '../../../components/review-status-badge';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { isApiError } from '../../../lib/api-error';
import { errorMessage } from '../../../lib/handle-error';
import { reviewMessageProblem } from '../../../lib/review-reason-text';
import { useDecideReview, useReviewDetail, type ReviewScope } from '../api/flight-review';
import { formatUtcDateTime } from '../../../lib/utc-date-time';

/**
 * Draws a reviewed flight's track and altitude profile. The flight log owns those drawings and a
 * feature never imports another: the page composing the queue passes them in.
 */
export type RenderReviewedTrack = (flight: TFlightReviewDetail) => ReactNode;

const SubSection = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => (
  <section aria-labelledby={id} className="flex flex-col gap-2 rounded-lg border border-slate-700 bg-slate-800 p-4">
    <h3 id={id} className="text-base font-semibold text-white">
      {title}
    </h3>
    {children}
  </section>
);

/** Accept or refuse, always with a comment: the pilot reads it beside the outcome. */
const DecisionForm = ({ scope, flight, onDone }: { scope: ReviewScope; flight: TFlightReviewDetail; onDone: () => void }) => {
  const { t } = useTranslation('flightReview');
  const decide = useDecideReview(scope, flight.flightLogId);
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [refusal, setRefusal] = useState<string | null>(null);

  const send = async (decision: FlightReviewDecision) => {
    const local = reviewMessageProblem(comment);
    if (local) {
      setProblem(t(`decision.${local}`, { max: REVIEW_MESSAGE_MAX }));
      return;
    }
    setProblem(undefined);
    setRefusal(null);
    try {
      await decide.mutateAsync({ decision, comment: comment.trim() });
      toast.success(t(decision === 'accept' ? 'decision.accepted' : 'decision.rejected'));
      onDone();
    } catch (error) {
      setRefusal(errorMessage(error));
    }
  };

  return (
    <form
      aria-labelledby="review-decision"
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void send('accept');
      }}
    >
      <h3 id="review-decision" className="text-base font-semibold text-white">
        {t('decision.title')}
      </h3>
      <TextAreaField
        label={t('decision.comment')}
        hint={t('decision.hint', { max: REVIEW_MESSAGE_MAX })}
        error={problem}
        value={comment}
        maxLength={REVIEW_MESSAGE_MAX}
        required
        onChange={(event) => setComment(event.target.value)}
      />
      {refusal ? <Alert tone="error">{refusal}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={decide.isPending}>
          {t('decision.accept')}
        </Button>
        <Button variant="danger" disabled={decide.isPending} onClick={() => void send('reject')}>
          {t('decision.reject')}
        </Button>
        {decide.isPending ? <span role="status" className="self-center text-sm">{t('decision.sending')}</span> : null}
      </div>
    </form>
  );
};

const Landing = ({ flight }: { flight: TFlightReviewDetail }) => {
  const { t, i18n } = useTranslation('flightReview');
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const landing = flight.landing;
  if (!landing) return <p className="text-sm text-slate-200">{t('detail.noLanding')}</p>;
  const rate = landing.isRateKnown === false ? t('detail.landingRateUnknown') : t('units.fpm', { value: number.format(landing.verticalSpeedFpm) });
  return (
    <p className="text-sm text-slate-100">
      {t('detail.landingFigures', { rate, g: t('units.g', { value: number.format(landing.gForce) }), bounces: number.format(landing.bounces) })}
    </p>
  );
};

const Pay = ({ flight }: { flight: TFlightReviewDetail }) => {
  const { t, i18n } = useTranslation('flightReview');
  const number = new Intl.NumberFormat(i18n.language);
  const amounts = { fc: t('units.fc', { value: number.format(flight.heldFc) }), xp: t('units.xp', { value: number.format(flight.heldXp) }) };
  if (flight.status === 'pending') return <p className="text-sm">{t('detail.held', amounts)}</p>;
  if (flight.status === 'accepted') return <p className="text-sm">{t('detail.paid', amounts)}</p>;
  return <p className="text-sm">{t('detail.notPaid')}</p>;
};

/**
 * One flight under review: the reasons, the pilot's reply, the track and the profile, the landing,
 * then the decision (or, once decided, the comment it was decided with). The heading takes the
 * focus when it opens, so a keyboard or screen-reader user starts reading from the top.
 */
export const ReviewDetail = ({
  scope,
  flightLogId,
  renderTrack,
  onDone,
}: {
  scope: ReviewScope;
  flightLogId: string;
  renderTrack: RenderReviewedTrack;
  onDone: () => void;
}) => {
  const { t } = useTranslation('flightReview');
  const detail = useReviewDetail(scope, flightLogId);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const isLoaded = detail.data !== undefined;
  useEffect(() => {
    if (isLoaded) headingRef.current?.focus();
  }, [isLoaded]);

  const back = (
    <Button variant="secondary" className="self-start" onClick={onDone}>
      {t('detail.back')}
    </Button>
  );
  if (detail.isPending) return <p role="status">{t('common:loading')}</p>;
  if (detail.isError) {
    return (
      <div className="flex flex-col gap-3">
        <Alert tone="error">{isApiError(detail.error) && detail.error.status === 404 ? t('detail.notFound') : `${t('detail.loadError')} ${errorMessage(detail.error)}`}</Alert>
        {back}
      </div>
    );
  }
  const flight = detail.data;
  const route = `${flight.departureIdent} → ${flight.arrivalIdent}`;
  return (
    <article aria-labelledby="review-flight-title" className="flex flex-col gap-4">
      {back}
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="review-flight-title" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-white outline-none">
            {t('detail.title', { flightNumber: flight.flightNumber, route })}
          </h2>
          <p className="text-sm text-slate-200">{t('detail.subtitle', { pilot: flight.pilot.userName, date: formatUtcDateTime(flight.endDate) })}</p>
          <Pay flight={flight} />
        </div>
        <ReviewStatusBadge status={flight.status} />
      </header>
      <SubSection id="review-reasons" title={t('detail.reasons')}>
        {flight.reasons.length > 0 ? <ReviewReasons reasons={flight.reasons} /> : <p className="text-sm text-slate-200">{t('detail.noReason')}</p>}
      </SubSection>
      <SubSection id="review-reply" title={t('detail.reply')}>
        {flight.pilotReply ? (
          <blockquote className="border-l-2 border-slate-400 pl-3 text-sm whitespace-pre-line text-white">{flight.pilotReply}</blockquote>
        ) : (
          <p className="text-sm text-slate-200">{t('detail.noReply')}</p>
        )}
      </SubSection>
      <SubSection id="review-track" title={t('detail.track')}>
        {renderTrack(flight)}
      </SubSection>
      <SubSection id="review-landing" title={t('detail.landing')}>
        <Landing flight={flight} />
      </SubSection>
      {flight.status === 'pending' ? (
        <DecisionForm scope={scope} flight={flight} onDone={onDone} />
      ) : (
        <SubSection id="review-decided" title={t('detail.decision')}>
          <p className="text-sm text-slate-200">{t('detail.decidedOn', { date: formatUtcDateTime(flight.reviewedAt) })}</p>
          {flight.reviewerComment ? <blockquote className="border-l-2 border-slate-400 pl-3 text-sm whitespace-pre-line text-white">{flight.reviewerComment}</blockquote> : null}
        </SubSection>
      )}
    </article>
  );
};
