import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { TOAST_AUTO_CLOSE_MS } from '../config/app-config';
import { i18n } from '../lib/i18n';
import { queryClient as appQueryClient } from '../lib/query-client';

/**
 * The toasts' distance from the top of the window: below the top bar, so that a toast never covers
 * the notification bell, the balance or the account menu while it shows.
 */
const TOASTS_TOP = '5rem';

/** Everything the app needs around the router: the cache, i18n and the toasts (top-right, under the top bar). */
export const AppProvider = ({ children, queryClient = appQueryClient }: { children: ReactNode; queryClient?: QueryClient }) => (
  <I18nextProvider i18n={i18n}>
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastContainer position="top-right" style={{ top: TOASTS_TOP }} autoClose={TOAST_AUTO_CLOSE_MS} closeOnClick pauseOnFocusLoss theme="dark" />
    </QueryClientProvider>
  </I18nextProvider>
);
