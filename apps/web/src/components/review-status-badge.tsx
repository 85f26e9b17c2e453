import { useTranslation } from 'react-i18next';
import type { FlightReviewStatus } from '@contrail/domain/flight-review/review-contract';
import { cn } from './ui/cn';

const statusClasses: Record<FlightReviewStatus | 'practice', string> = {
  accepted: 'border-emerald-300 text-emerald-100',
  pending: 'border-amber-300 text-amber-100',
  rejected: 'border-red-300 text-red-100',
  'not-flown': 'border-red-300 text-red-100',
  practice: 'border-sky-300 text-sky-100',
};

/** Where a flight's review stands, in words and colour; a practice flight says so. */
export const ReviewStatusBadge = ({ status, className }: { status: FlightReviewStatus | 'practice'; className?: string }) => {
  const { t } = useTranslation('flightReview');
  return (
    <span data-review-status={status} className={cn('inline-block rounded-md border px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap', statusClasses[status], className)}>
      {t(`status.${status}`)}
    </span>
  );
};
