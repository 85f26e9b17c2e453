import type { RouteObject } from 'react-router';
import { GlobalErrorScreen } from '../components/global-error-screen';
import { AnyVisitorLayout, authenticatedLoader, AuthenticatedLayout, PublicOnlyLayout, RedirectToRoot } from './layouts/guards';
import { RootLayout } from './layouts/root-layout';
import { AppLoading } from './routes/app-loading';

/**
 * Every path, one line each. A page that a later issue builds shows "coming
 * soon" until then: replace `comingSoon('x')` with `() => import('./routes/<page>')`, a module
 * exporting `Component` (and optionally `loader`, `ErrorBoundary`, `handle`).
 */
const comingSoon = (pageKey: string): RouteObject['lazy'] => async () => {
  const { comingSoonRoute } = await import('./routes/coming-soon');
  return comingSoonRoute(pageKey);
};

/** Signed-in users only (anyone else goes to /login); drawn inside the application shell. */
const authenticatedRoutes: RouteObject[] = [
  // Pilot and general
  { index: true, lazy: () => import('./routes/home') },
  { path: 'home', lazy: () => import('./routes/home') },
  { path: 'flight', lazy: () => import('./routes/flight') },
  { path: 'flight/type-selection', lazy: () => import('./routes/flight') },
  { path: 'flight/configuration', lazy: () => import('./routes/flight-configuration') },
  { path: 'flight/flight-tracker-connection', lazy: () => import('./routes/flight-tracker-connection') },
  { path: 'flight/flight-sim-connection', lazy: () => import('./routes/flight-sim-connection') },
  { path: 'flight/current', lazy: () => import('./routes/flight-current') },
  { path: 'flight/afrv', lazy: () => import('./routes/flight-afrv') },
  { path: 'flight/pnc-config', lazy: () => import('./routes/flight-pnc-config') },
  { path: 'flight/resume', lazy: () => import('./routes/flight-resume') },
  { path: 'flight/career-mode', lazy: () => import('./routes/flight-career-mode') },
  { path: 'flight/challenge', lazy: () => import('./routes/flight-challenge') },
  { path: 'flight/virtual-airline', lazy: () => import('./routes/flight-virtual-airline') },
  { path: 'flight/va/:airlineId', lazy: () => import('./routes/flight-va') },
  { path: 'flight/:flightId', lazy: () => import('./routes/flight-detail') },
  { path: 'flight-log', lazy: () => import('./routes/flight-log') },
  { path: 'flight-log/:flightId', lazy: () => import('./routes/flight-log-detail') },
  { path: 'configuration/aircraft', lazy: () => import('./routes/configuration-aircraft') },
  { path: 'wallet', lazy: () => import('./routes/wallet') },
  { path: 'store', lazy: () => import('./routes/store') },
  { path: 'store/:itemId', lazy: () => import('./routes/store-item') },
  { path: 'notam', lazy: () => import('./routes/notam') },
  { path: 'mission', lazy: () => import('./routes/mission') },
  { path: 'mission/list', lazy: () => import('./routes/mission-list') },
  { path: 'profile', lazy: () => import('./routes/profile') },
  { path: 'subscription', lazy: () => import('./routes/subscription') },
  { path: 'affiliation', lazy: () => import('./routes/affiliation') },
  { path: 'inventory', lazy: () => import('./routes/inventory') },
  { path: 'dashboard', lazy: () => import('./routes/dashboard') },
  { path: 'notification', lazy: () => import('./routes/notification') },
  // Site admins: the flights outside airlines held for review
  { path: 'admin/flight-review', lazy: () => import('./routes/admin-flight-reviews') },
  // Airline manager (the mode follows the /airline-mgr prefix)
  { path: 'airline-mgr', lazy: () => import('./routes/airline-selection') },
  { path: 'airline-mgr/member', lazy: () => import('./routes/airline-members') },
  { path: 'airline-mgr/configuration', lazy: () => import('./routes/airline-configuration') },
  { path: 'airline-mgr/finance', lazy: () => import('./routes/airline-finance') },
  { path: 'airline-mgr/dashboard', lazy: () => import('./routes/airline-dashboard') },
  { path: 'airline-mgr/store', lazy: () => import('./routes/airline-store') },
  { path: 'airline-mgr/items', lazy: () => import('./routes/airline-items') },
  { path: 'airline-mgr/failure', lazy: () => import('./routes/airline-failure') },
  { path: 'airline-mgr/flight-review', lazy: () => import('./routes/airline-flight-reviews') },
  { path: 'airline-mgr/subscription', lazy: () => import('./routes/subscription') },
  // Pilot
  { path: 'pilot', lazy: () => import('./routes/pilot') },
  { path: 'pilot/career', lazy: () => import('./routes/pilot-career') },
  { path: 'pilot/airline/search', lazy: () => import('./routes/pilot-airline-search') },
];

/** Signed-in users are sent to root. */
const publicOnlyRoutes: RouteObject[] = [
  { path: 'login', lazy: () => import('./routes/login') },
  { path: 'register', lazy: () => import('./routes/register') },
  { path: 'forgot-password', lazy: () => import('./routes/forgot-password') },
  { path: 'reset-password', lazy: () => import('./routes/reset-password') },
];

/** Reachable by anyone; inside the shell when signed in. */
const anyVisitorRoutes: RouteObject[] = [
  { path: 'coming-soon', lazy: comingSoon('comingSoon') },
  { path: 'stripe', lazy: () => import('./routes/stripe') },
  { path: 'payment-error', lazy: () => import('./routes/payment-error') },
  // Help is read before signing up too (what the tracker is, how flights are scored).
  { path: 'help', lazy: () => import('./routes/help') },
  { path: 'help/:topic', lazy: () => import('./routes/help') },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: GlobalErrorScreen,
    HydrateFallback: AppLoading,
    children: [
      { Component: PublicOnlyLayout, children: publicOnlyRoutes },
      // Public-only too, but a signed-in user who follows the emailed link is verified first.
      { path: 'verify-email', lazy: () => import('./routes/verify-email') },
      // Opened from the mail to a new address, signed in or not.
      { path: 'confirm-email-change', lazy: () => import('./routes/confirm-email-change') },
      { path: 'logout', lazy: () => import('./routes/logout') },
      { Component: AnyVisitorLayout, children: anyVisitorRoutes },
      { Component: AuthenticatedLayout, loader: authenticatedLoader, children: authenticatedRoutes },
      { path: '*', Component: RedirectToRoot },
    ],
  },
];
