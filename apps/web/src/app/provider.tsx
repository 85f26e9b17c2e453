import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { TOAST_AUTO_CLOSE_MS } from '../config/app-config';
import { i18n } from '../lib/i18n';
import { queryClient as appQueryClient } from '../lib/query-client';

/** Everything the app needs around the router: the cache, i18n and the toasts (top-right). */
export const AppProvider = ({ children, queryClient = appQueryClient }: { children: ReactNode; queryClient?: QueryClient }) => (
  <I18nextProvider i18n={i18n}>
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} closeOnClick pauseOnFocusLoss theme="dark" />
    </QueryClientProvider>
  </I18nextProvider>
);
