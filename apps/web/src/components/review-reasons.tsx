import { useTranslation } from 'react-i18next';
import { cn } from './ui/cn';
import { reviewReasonText, type ReviewReasonShown } from '../lib/review-reason-text';

/**
 * Why a flight was held or refused, one reason a line: its title, whether a rule refuses it or a
 * reviewer decides, and the sentence with what was measured against the limit. Shared by the
 * pilot's flight log and the reviewers' queues.
 */
export const ReviewReasons = ({ reasons, label, className }: { reasons: readonly ReviewReasonShown[]; label?: string; className?: string }) => {
  const { t, i18n } = useTranslation('flightReview');
  if (reasons.length === 0) return null;
  return (
    <ul aria-label={label ?? t('reasonsLabel')} className={cn('flex flex-col gap-2', className)}>
      {reasons.map((reason, index) => {
        const { title, text } = reviewReasonText(i18n, reason);
        return (
          <li key={`${reason.code}-${index}`} data-reason={reason.code} className="text-sm">
            <span className="font-semibold text-white">{title}</span>{' '}
            <span
              className={cn(
                'ml-1 rounded border px-1.5 py-0.5 text-xs',
                reason.consequence === 'reject' ? 'border-red-300 text-red-100' : 'border-amber-300 text-amber-100',
              )}
            >
              {t(`consequence.${reason.consequence}`)}
            </span>
            <p className="text-slate-100">{text}</p>
          </li>
        );
      })}
    </ul>
  );
};
