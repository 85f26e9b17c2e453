import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TFlightReviewItem } from '@contrail/domain/flight-review/review-contract';
import { ReviewStatusBadge } from '../../../components/review-status-badge';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { TextLink } from '../../../components/ui/text-link';
import { errorMessage } from '../../../lib/handle-error';
import { reviewReasonText } from '../../../lib/review-reason-text';
import { useReviewQueue, type ReviewQueueStatus, type ReviewScope } from '../api/flight-review';
import { formatUtcDateTime } from '../../../lib/utc-date-time';
import { ReviewDetail, type RenderReviewedTrack } from './review-detail';

const queueStatuses: readonly ReviewQueueStatus[] = ['pending', 'decided'];

const QueueRow = ({ item, status }: { item: TFlightReviewItem; status: ReviewQueueStatus }) => {
  const { t, i18n } = useTranslation('flightReview');
  const number = new Intl.NumberFormat(i18n.language);
  const route = `${item.departureIdent} → ${item.arrivalIdent}`;
  const reasonTitles = item.reasons.map((reason) => reviewReasonText(i18n, reason).title);
  return (
    <tr className="border-t border-slate-700 align-top">
      <td className="py-2 pr-3 whitespace-nowrap">{formatUtcDateTime(item.endDate)}</td>
      <td className="py-2 pr-3">{item.pilot.userName}</td>
      <td className="py-2 pr-3 font-semibold whitespace-nowrap">{item.flightNumber}</td>
      <td className="py-2 pr-3 whitespace-nowrap">{route}</td>
      <td className="py-2 pr-3">{reasonTitles.join(', ')}</td>
      <td className="max-w-56 py-2 pr-3">
        {item.pilotReply ? <span className="line-clamp-2">{item.pilotReply}</span> : <span className="text-slate-300">{t('queue.noReply')}</span>}
      </td>
      <td className="py-2 pr-3 whitespace-nowrap">
        {item.status === 'rejected' || item.status === 'not-flown'
          ? t('queue.nothingPaid')
          : `${t('units.fc', { value: number.format(item.heldFc) })} · ${t('units.xp', { value: number.format(item.heldXp) })}`}
      </td>
      {status === 'decided' ? (
        <td className="py-2 pr-3">
          <ReviewStatusBadge status={item.status} />
        </td>
      ) : null}
      <td className="py-2">
        <TextLink
          to={{ search: `?status=${status}&flight=${item.flightLogId}` }}
          aria-label={t('queue.openLabel', { flightNumber: item.flightNumber, pilot: item.pilot.userName })}
        >
          {status === 'pending' ? t('queue.open') : t('queue.openDecided')}
        </TextLink>
      </td>
    </tr>
  );
};

/**
 * A reviewer's queue: the flights the automatic checks held, waiting or decided, a row each with the
 * pilot, the route, the reasons, the pilot's reply and the pay at stake; opening one shows its
 * review. The tab, the page and the open flight live in the address, so Back returns to the list.
 */
export const ReviewQueue = ({ scope, renderTrack }: { scope: ReviewScope; renderTrack: RenderReviewedTrack }) => {
  const { t } = useTranslation('flightReview');
  const [searchParams, setSearchParams] = useSearchParams();
  const status: ReviewQueueStatus = searchParams.get('status') === 'decided' ? 'decided' : 'pending';
  const page = Math.max(0, Number.parseInt(searchParams.get('page') ?? '0', 10) || 0);
  const openFlight = searchParams.get('flight');
  const queue = useReviewQueue(scope, status, page);
  // Back from a flight, the keyboard focus returns to the list's current tab, not to the page's top.
  const currentTabRef = useRef<HTMLButtonElement>(null);
  const wasFlightOpen = useRef(openFlight !== null);
  useEffect(() => {
    if (wasFlightOpen.current && openFlight === null) currentTabRef.current?.focus();
    wasFlightOpen.current = openFlight !== null;
  }, [openFlight]);

  if (openFlight) {
    return (
      <ReviewDetail
        key={openFlight}
        scope={scope}
        flightLogId={openFlight}
        renderTrack={renderTrack}
        onDone={() => setSearchParams({ status })}
      />
    );
  }

  const data = queue.data;
  const totalPages = data?.totalPages ?? 0;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-200">{scope.kind === 'airline' ? t('queue.airlineIntro') : t('queue.siteIntro')}</p>
      <div role="group" aria-label={t('queue.tabs.label')} className="flex gap-1">
        {queueStatuses.map((value) => (
          <Button
            key={value}
            ref={status === value ? currentTabRef : undefined}
            variant={status === value ? 'primary' : 'secondary'}
            aria-pressed={status === value}
            onClick={() => setSearchParams({ status: value })}
          >
            {t(`queue.tabs.${value}`)}
          </Button>
        ))}
      </div>
      {queue.isPending ? (
        <p role="status">{t('common:loading')}</p>
      ) : queue.isError ? (
        <Alert tone="error" className="flex items-center justify-between gap-2">
          <span>
            {t('queue.loadError')} {errorMessage(queue.error)}
          </span>
          <Button variant="secondary" onClick={() => void queue.refetch()}>
            {t('queue.retry')}
          </Button>
        </Alert>
      ) : data && data.items.length === 0 ? (
        <p className="text-sm text-slate-200">{t(`queue.empty.${status}`)}</p>
      ) : data ? (
        <>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('queue.caption')}</caption>
              <thead className="text-slate-300">
                <tr>
                  <th scope="col" className="pb-2 pr-3 font-medium">{t('queue.columns.date')}</th>
                  <th scope="col" className="pb-2 pr-3 font-medium">{t('queue.columns.pilot')}</th>
                  <th scope="col" className="pb-2 pr-3 font-medium">{t('queue.columns.flight')}</th>
                  <th scope="col" className="pb-2 pr-3 font-medium">{t('queue.columns.route')}</th>
                  <th scope="col" className="pb-2 pr-3 font-medium">{t('queue.columns.reasons')}</th>
                  <th scope="col" className="pb-2 pr-3 font-medium">{t('queue.columns.reply')}</th>
                  <th scope="col" className="pb-2 pr-3 font-medium">{t('queue.columns.pay')}</th>
                  {status === 'decided' ? <th scope="col" className="pb-2 pr-3 font-medium">{t('queue.columns.status')}</th> : null}
                  <th scope="col" className="pb-2 font-medium">
                    <span className="sr-only">{t('queue.columns.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((item) => (
                  <QueueRow key={item.flightLogId} item={item} status={status} />
                ))}
              </tbody>
            </table>
          </div>
          {totalPages > 1 ? (
            <nav aria-label={t('queue.pagination')} className="flex items-center justify-between gap-2">
              <Button variant="secondary" disabled={page <= 0} onClick={() => setSearchParams({ status, page: String(page - 1) })}>
                {t('queue.previous')}
              </Button>
              <span className={cn('text-sm', queue.isPlaceholderData && 'opacity-70')} aria-live="polite">
                {t('queue.pageOf', { page: page + 1, total: totalPages })}
              </span>
              <Button variant="secondary" disabled={page + 1 >= totalPages} onClick={() => setSearchParams({ status, page: String(page + 1) })}>
                {t('queue.next')}
              </Button>
            </nav>
          ) : null}
        </>
      ) : null}
    </div>
  );
};
