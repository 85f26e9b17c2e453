import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFlightReviewDecisionRequest, TReviewThresholdsUpdate } from '@contrail/domain/flight-review/review-contract';
import { flightReviewRoutes } from '@contrail/domain/flight-review/review-routes';
import { apiClient } from '../../../lib/api-client';

/**
 * Whose queue a screen shows: an airline's (its owner and administrators review its pilots'
 * flights) or the site's (admins review every flight that is not an airline's).
 */
export type ReviewScope = { kind: 'airline'; airlineId: string } | { kind: 'site' };
export type ReviewQueueStatus = 'pending' | 'decided';

export const REVIEW_QUEUE_PAGE_SIZE = 10;

/**
 * An airline's review keys sit under the airline manager's (`['airline-mgr', id]`), so refreshing
 * the airline after a decision (its balance, its finance) refreshes its queue too.
 */
export const flightReviewKeys = {
  scope: (scope: ReviewScope) => (scope.kind === 'airline' ? (['airline-mgr', scope.airlineId, 'flight-review'] as const) : (['flight-review', 'site'] as const)),
  queue: (scope: ReviewScope, status: ReviewQueueStatus, page: number) => [...flightReviewKeys.scope(scope), 'queue', status, page] as const,
  detail: (scope: ReviewScope, flightLogId: string) => [...flightReviewKeys.scope(scope), 'detail', flightLogId] as const,
  thresholds: (airlineId: string) => ['airline-mgr', airlineId, 'review-thresholds'] as const,
};

const getQueue = (scope: ReviewScope, status: ReviewQueueStatus, page: number) => {
  const query = { status, page, size: REVIEW_QUEUE_PAGE_SIZE };
  return scope.kind === 'airline'
    ? apiClient.call(flightReviewRoutes.airlineQueue, { params: { id: scope.airlineId }, query })
    : apiClient.call(flightReviewRoutes.adminQueue, { query });
};

/** The flights held for review (pending) or already decided, newest first, a page at a time. */
export const useReviewQueue = (scope: ReviewScope, status: ReviewQueueStatus, page: number) =>
  useQuery({
    queryKey: flightReviewKeys.queue(scope, status, page),
    queryFn: () => getQueue(scope, status, page),
    placeholderData: keepPreviousData,
  });

/** One flight under review with its track, profile, landing and events. */
export const useReviewDetail = (scope: ReviewScope, flightLogId: string) =>
  useQuery({
    queryKey: flightReviewKeys.detail(scope, flightLogId),
    queryFn: () =>
      scope.kind === 'airline'
        ? apiClient.call(flightReviewRoutes.airlineDetail, { params: { id: scope.airlineId, flightLogId } })
        : apiClient.call(flightReviewRoutes.adminDetail, { params: { flightLogId } }),
  });

/** Accept (the held pay is released) or refuse (nothing is paid), with the comment the pilot reads. */
export const useDecideReview = (scope: ReviewScope, flightLogId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TFlightReviewDecisionRequest) =>
      scope.kind === 'airline'
        ? apiClient.call(flightReviewRoutes.airlineDecide, { params: { id: scope.airlineId, flightLogId }, body })
        : apiClient.call(flightReviewRoutes.adminDecide, { params: { flightLogId }, body }),
    // An airline's decision moves its money: the whole airline is read again, its queue with it.
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: scope.kind === 'airline' ? ['airline-mgr', scope.airlineId] : flightReviewKeys.scope(scope) }),
  });
};

/** The airline's review thresholds, the site's defaults and the bounds each must stay within. */
export const useReviewThresholds = (airlineId: string) =>
  useQuery({
    queryKey: flightReviewKeys.thresholds(airlineId),
    queryFn: () => apiClient.call(flightReviewRoutes.thresholds, { params: { id: airlineId } }),
  });

/** PUT only the thresholds that change (the owner's alone). */
export const useSaveReviewThresholds = (airlineId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TReviewThresholdsUpdate) => apiClient.call(flightReviewRoutes.updateThresholds, { params: { id: airlineId }, body }),
    onSuccess: (view) => queryClient.setQueryData(flightReviewKeys.thresholds(airlineId), view),
  });
};
