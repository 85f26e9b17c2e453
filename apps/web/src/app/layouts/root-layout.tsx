import { Outlet } from 'react-router';
import { NewVersionBanner } from '../../features/shell/components/new-version-banner';

/** Wraps every screen: the routed page and the new-version banner. */
export const RootLayout = () => (
  <>
    <Outlet />
    <NewVersionBanner />
  </>
);
