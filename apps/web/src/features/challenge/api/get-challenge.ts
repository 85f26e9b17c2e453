import { useQuery } from '@tanstack/react-query';
import { challengeRoutes } from '@contrail/domain/challenge/challenge-routes';
import { apiClient } from '../../../lib/api-client';

export const challengeQueryKeys = { current: () => ['challenge', 'current'] as const };

/** GET /v1/challenge/current: this week's route, its two boards and the pilot's own places. */
export const useCurrentChallenge = () =>
  useQuery({ queryKey: challengeQueryKeys.current(), queryFn: () => apiClient.call(challengeRoutes.current), staleTime: 60_000 });
