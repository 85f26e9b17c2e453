import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isApiError } from '../../../lib/api-error';
import { userQueryKeys } from '../../../lib/auth';
import { handleError } from '../../../lib/handle-error';
import { airlineMgrKeys } from '../api/query-keys';

/**
 * The `onError` of every airline-manager action: the code's translated message in
 * a toast (unknown codes: the generic one, logged), and what the code says is stale refreshed:
 * ERR_0006 (the owner's subscription is inactive) the current user, ERR_0013 (not enough
 * FlightCoins) the airline and its balance. `airlineId` is empty before an airline exists.
 */
export const useAirlineActionErrors = (airlineId: string) => {
  const queryClient = useQueryClient();
  return useCallback(
    (error: unknown) => {
      handleError(error);
      if (!isApiError(error)) return;
      if (error.errorCode === 'ERR_0006') void queryClient.invalidateQueries({ queryKey: userQueryKeys.all });
      if (error.errorCode === 'ERR_0013' && airlineId !== '') void queryClient.invalidateQueries({ queryKey: airlineMgrKeys.airline(airlineId) });
    },
    [airlineId, queryClient],
  );
};
