import { createBrowserRouter, RouterProvider } from 'react-router';
import { setNavigate } from '../lib/navigation';
import { routes } from './routes';

export const router = createBrowserRouter(routes);

// Code outside React (the HTTP client, logout) navigates through the router, not a page load.
setNavigate((path, options) => void router.navigate(path, options));

export const AppRouter = () => <RouterProvider router={router} />;
