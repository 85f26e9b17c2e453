import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFlightLogDetail } from '@contrail/domain/flight-api/flight-log-contract';
import { flightReviewRoutes } from '@contrail/domain/flight-review/review-routes';
import { apiClient } from '../../../lib/api-client';
import { flightLogQueryKeys } from './query-keys';

/** POST /api/v1/flight-log/{id}/review/reply: the pilot's one explanation while the flight waits for review. */
export const useReplyToReview = (flightLogId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => apiClient.call(flightReviewRoutes.reply, { params: { id: flightLogId }, body: { message: message.trim() } }),
    onSuccess: (review) =>
      queryClient.setQueryData<TFlightLogDetail>(flightLogQueryKeys.detail(flightLogId), (log) => (log ? { ...log, review } : log)),
  });
};
