import { Navigate, Outlet, redirect, useLocation } from 'react-router';
import { currentUserQueryOptions } from '../../lib/auth';
import { queryClient } from '../../lib/query-client';
import { session, useIsAuthenticated } from '../../lib/session';
import { AppShell } from './app-shell';
import { PublicFrame } from './public-frame';

/** Authenticated routes: redirect to /login before loading anything, and start loading the user. */
export const authenticatedLoader = () => {
  if (!session.isAuthenticated()) return redirect('/login');
  void queryClient.prefetchQuery(currentUserQueryOptions());
  return null;
};

/** Spec section 2 "Route guards": all other routes are authenticated-only. */
export const AuthenticatedLayout = () => {
  const isAuthenticated = useIsAuthenticated();
  const location = useLocation();
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
};

/** Public-only routes (login, register, forgot and reset password): signed-in users go to root. */
export const PublicOnlyLayout = () => {
  const isAuthenticated = useIsAuthenticated();
  if (isAuthenticated) return <Navigate to="/" replace />;
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
};

/** Always-reachable routes (coming soon, payment pages): in the shell when signed in. */
export const AnyVisitorLayout = () => {
  const isAuthenticated = useIsAuthenticated();
  if (isAuthenticated) {
    return (
      <AppShell>
        <Outlet />
      </AppShell>
    );
  }
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
};

export const RedirectToRoot = () => <Navigate to="/" replace />;
