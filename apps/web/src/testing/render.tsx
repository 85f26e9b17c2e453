import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProvider } from '../app/provider';
import { routes } from '../app/routes';
import { setNavigate } from '../lib/navigation';
import { queryClient } from '../lib/query-client';

/** Renders the whole app (real route table) at `path`, in memory. */
export const renderApp = (path: string, routeTable: RouteObject[] = routes) => {
  const table = routeTable.map((route) => ({ HydrateFallback: () => null, ...route }));
  const router = createMemoryRouter(table, { initialEntries: [path] });
  setNavigate((to, options) => void router.navigate(to, options));
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router };
};

/** Renders one component inside the providers and a memory router at `path`. */
export const renderWithProviders = (ui: ReactElement, path = '/') =>
  renderApp(path, [{ path: '*', element: ui }]);
