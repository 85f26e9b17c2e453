import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { currentAirline } from '../../features/airline-mgr/lib/current-airline';
import { NewVersionBanner } from '../../features/shell/components/new-version-banner';
import { useAppMode } from '../../lib/app-mode';

/** Wraps every screen: the routed page and the new-version banner. */
export const RootLayout = () => {
  const mode = useAppMode();
  // Spec section 4: leaving airline-manager mode clears the current airline.
  useEffect(() => {
    if (mode === 'pilot') currentAirline.set(null);
  }, [mode]);
  return (
    <>
      <Outlet />
      <NewVersionBanner />
    </>
  );
};
