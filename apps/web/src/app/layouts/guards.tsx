import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, redirect, useLocation } from 'react-router';
import { currentUserQueryOptions } from '../../lib/auth';
import { queryClient } from '../../lib/query-client';
import { session, useIsAuthenticated } from '../../lib/session';
import { AppLoading } from '../routes/app-loading';
import { PublicFrame } from './public-frame';

/**
 * The signed-in shell (live map, side panel, flight widget, realtime channels) is fetched once
 * someone is signed in: a visitor on the login or help pages never downloads it.
 */
const loadAppShell = () => import('./app-shell');
const LazyAppShell = lazy(async () => ({ default: (await loadAppShell()).AppShell }));

const AppShell = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<AppLoading />}>
    <LazyAppShell>{children}</LazyAppShell>
  </Suspense>
);

/** Authenticated routes: redirect to /login before loading anything, and start loading the user. */
export const authenticatedLoader = () => {
  if (!session.isAuthenticated()) return redirect('/login');
  void queryClient.prefetchQuery(currentUserQueryOptions());
  // Fetched beside the page's own chunk rather than after it.
  void loadAppShell();
  return null;
};

/** "Route guards": all other routes are authenticated-only. */
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
