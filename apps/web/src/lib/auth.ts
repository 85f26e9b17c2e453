import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSignInResponse } from '@contrail/domain/auth/auth-contract';
import type { TUserInformation } from '@contrail/domain/user/user-contract';
import { userRoutes } from '@contrail/domain/user/user-routes';
import { apiClient } from './api-client';
import { resetClientState } from './client-state';
import { navigateTo } from './navigation';
import { queryClient } from './query-client';
import { session, useIsAuthenticated } from './session';
import { tokenStorage } from './token-storage';

/**
 * The signed-in user, shared by every feature (after bulletproof-react's lib/auth): features read
 * it through `useCurrentUser` and refresh it with `invalidateCurrentUser`.
 */
export const userQueryKeys = {
  all: ['user'] as const,
  information: () => [...userQueryKeys.all, 'information'] as const,
};

/** GET /api/v1/user/information: the signed-in user's own information. */
export const getUserInformation = (): Promise<TUserInformation> => apiClient.call(userRoutes.ownInformation);

export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: userQueryKeys.information(), queryFn: getUserInformation, staleTime: 60_000 });

export const useCurrentUser = (): TUserInformation | undefined => {
  const isAuthenticated = useIsAuthenticated();
  return useQuery({ ...currentUserQueryOptions(), enabled: isAuthenticated }).data;
};

export const invalidateCurrentUser = (): Promise<void> => queryClient.invalidateQueries({ queryKey: userQueryKeys.all });

/** Login stores the tokens, loads the user, then marks the session authenticated. */
export const startSession = async (response: TSignInResponse): Promise<TUserInformation> => {
  tokenStorage.set({ token: response.token, refreshToken: response.refreshToken });
  try {
    const user = await queryClient.fetchQuery(currentUserQueryOptions());
    session.markAuthenticated();
    return user;
  } catch (error) {
    tokenStorage.clear();
    throw error;
  }
};

/**
 * POST /api/v1/user/sign-out: ends the session on the server too, so a copy of the refresh token
 * (another tab, a stolen backup) stops working. Best effort: the client signs out either way.
 */
const endServerSession = (refreshToken: string): void => {
  apiClient.post('/api/v1/user/sign-out', undefined, { headers: { 'refresh-token': refreshToken } }).catch(() => undefined);
};

/** Logout ends the server session, clears the session, resets all client state and goes to /login. */
export const logout = (): void => {
  const stored = tokenStorage.get();
  if (stored) endServerSession(stored.refreshToken);
  tokenStorage.clear();
  session.end();
  queryClient.clear();
  resetClientState();
  navigateTo('/login', { replace: true });
};
