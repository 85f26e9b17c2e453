import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { currentAirline } from '../../features/airline-mgr/lib/current-airline';
import { NewVersionBanner } from '../../features/shell/components/new-version-banner';
import { useAppMode } from '../../lib/app-mode';

/**
 * Where a card checkout sends the payer back, whichever mode they paid from: a manager who bought
 * a booster pack for the airline comes back here and still works on that airline.
 */
const PAYMENT_RETURN_PATHS = ['/stripe', '/payment-error'];

/** Wraps every screen: the routed page and the new-version banner. */
export const RootLayout = () => {
  const mode = useAppMode();
  const isPaymentReturn = PAYMENT_RETURN_PATHS.includes(useLocation().pathname);
  // Leaving airline-manager mode clears the current airline.
  useEffect(() => {
    if (mode === 'pilot' && !isPaymentReturn) currentAirline.set(null);
  }, [mode, isPaymentReturn]);
  return (
    <>
      <Outlet />
      <NewVersionBanner />
    </>
  );
};
