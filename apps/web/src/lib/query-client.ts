import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

/** Client errors (4xx) are answers, not hiccups: retry only network and server failures, once. */
const shouldRetry = (failureCount: number, error: unknown): boolean =>
  failureCount < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500);

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });

/** The app's one cache; logout clears it whole. */
export const queryClient = createQueryClient();
