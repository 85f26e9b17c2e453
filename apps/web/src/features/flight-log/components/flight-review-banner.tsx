import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { TFlightLogDetail } from '@contrail/domain/flight-api/flight-log-contract';
import { REVIEW_MESSAGE_MAX } from '@contrail/domain/flight-review/review-contract';
import { ReviewReasons } from '../../../components/review-reasons';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { errorMessage } from '../../../lib/handle-error';
import { reviewMessageProblem } from '../../../lib/review-reason-text';
import { useReplyToReview } from '../api/reply-to-review';
import { formatUtcDateTime } from '../lib/format';

type Review = TFlightLogDetail['review'];

const toneClasses = {
  pending: 'border-amber-400 bg-amber-950',
  accepted: 'border-emerald-400 bg-emerald-950',
  rejected: 'border-red-400 bg-red-950',
  'not-flown': 'border-red-400 bg-red-950',
} as const;

/** The pilot's one reply, while the flight waits for a reviewer. */
const ReplyForm = ({ flightLogId }: { flightLogId: string }) => {
  const { t } = useTranslation('flightReview');
  const reply = useReplyToReview(flightLogId);
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local = reviewMessageProblem(message);
    if (local) {
      setProblem(t(`pilot.reply.${local}`, { max: REVIEW_MESSAGE_MAX }));
      return;
    }
    setProblem(undefined);
    try {
      await reply.mutateAsync(message);
      toast.success(t('pilot.reply.sent'));
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <form aria-labelledby="flight-review-reply" onSubmit={(event) => void submit(event)} className="flex flex-col gap-2" noValidate>
      <h3 id="flight-review-reply" className="text-sm font-semibold text-white">
        {t('pilot.reply.title')}
      </h3>
      <TextAreaField
        label={t('pilot.reply.label')}
        hint={t('pilot.reply.hint', { max: REVIEW_MESSAGE_MAX })}
        error={problem}
        value={message}
        maxLength={REVIEW_MESSAGE_MAX}
        required
        onChange={(event) => setMessage(event.target.value)}
      />
      <Button type="submit" className="self-start" disabled={reply.isPending}>
        {reply.isPending ? t('pilot.reply.sending') : t('pilot.reply.submit')}
      </Button>
    </form>
  );
};

/** What the pilot wrote and what the reviewer answered, each with its date. */
const Exchange = ({ review }: { review: Review }) => {
  const { t } = useTranslation('flightReview');
  return (
    <>
      {review.pilotReply ? (
        <figure className="flex flex-col gap-1 text-sm">
          <figcaption className="text-slate-200">{t('pilot.yourReply', { date: formatUtcDateTime(review.pilotRepliedAt) })}</figcaption>
          <blockquote className="border-l-2 border-slate-400 pl-3 whitespace-pre-line text-white">{review.pilotReply}</blockquote>
        </figure>
      ) : null}
      {review.reviewerComment ? (
        <figure className="flex flex-col gap-1 text-sm">
          <figcaption className="text-slate-200">
            {review.reviewer
              ? t('pilot.reviewerComment', { reviewer: review.reviewer.userName, date: formatUtcDateTime(review.reviewedAt) })
              : t('pilot.reviewerCommentAnonymous', { date: formatUtcDateTime(review.reviewedAt) })}
          </figcaption>
          <blockquote className="border-l-2 border-slate-400 pl-3 whitespace-pre-line text-white">{review.reviewerComment}</blockquote>
        </figure>
      ) : null}
    </>
  );
};

/**
 * Where the flight's review stands, on the pilot's flight log: waiting (the reasons, the pay held,
 * the one reply), accepted after review (the comment and what was paid), refused or not flown (why
 * nothing was paid), and the practice mark. A flight accepted without review shows nothing.
 */
export const FlightReviewBanner = ({ log }: { log: TFlightLogDetail }) => {
  const { t, i18n } = useTranslation('flightReview');
  const review = log.review;
  const number = new Intl.NumberFormat(i18n.language);
  const wasHeld = review.status !== 'accepted' || review.reviewedAt !== null;
  // A server may pay practice flights (a demo site): then say so rather than "earns nothing".
  const practicePaid = log.flightCoinAmount > 0 || log.xp > 0;
  const practice = review.practice ? <Alert tone="info">{t(practicePaid ? 'pilot.practicePaid' : 'pilot.practice')}</Alert> : null;
  if (!wasHeld) return practice;
  const heading = {
    pending: t('pilot.pending.title'),
    accepted: t('pilot.accepted.title'),
    rejected: t('pilot.rejected.title'),
    'not-flown': t('pilot.notFlown.title'),
  }[review.status];
  const outcome = {
    pending: t('pilot.pending.text'),
    accepted: t('pilot.accepted.paid', { fc: t('units.fc', { value: number.format(log.flightCoinAmount) }), xp: t('units.xp', { value: number.format(log.xp) }) }),
    rejected: t('pilot.rejected.text'),
    'not-flown': t('pilot.notFlown.text'),
  }[review.status];
  return (
    <section
      aria-labelledby="flight-review-title"
      data-review-status={review.status}
      className={cn('pointer-events-auto flex flex-col gap-3 rounded-xl border p-6 text-slate-100 shadow-xl', toneClasses[review.status])}
    >
      <h2 id="flight-review-title" className="text-lg font-semibold text-white">
        {heading}
      </h2>
      <p className="text-sm">{outcome}</p>
      {practice}
      <ReviewReasons reasons={review.reasons} />
      <Exchange review={review} />
      {review.canReply ? <ReplyForm flightLogId={log.id} /> : null}
    </section>
  );
};
