import { useQuery } from '@tanstack/react-query';
import { currentUserQueryOptions } from '../../../lib/auth';
import { useIsAuthenticated } from '../../../lib/session';
import { useAirportPosition } from '../api/get-airport-position';
import { POSITION_POLL_INTERVAL_MS } from '../api/get-in-progress-flights';
import type { LastPosition } from '../lib/map-controller';

/**
 * The pilot's last position (the airport where the last flight ended), polled every 10 minutes
 * while the "last position" toggle is on.
 */
export const useLastPosition = (isEnabled: boolean): LastPosition | null => {
  const isAuthenticated = useIsAuthenticated();
  const { data: user } = useQuery({
    ...currentUserQueryOptions(),
    enabled: isEnabled && isAuthenticated,
    refetchInterval: isEnabled ? POSITION_POLL_INTERVAL_MS : false,
  });
  const ident = isEnabled ? (user?.lastLocation?.ident ?? null) : null;
  const { data: position } = useAirportPosition(ident);
  if (!ident || !position) return null;
  return { ident, latitudeDeg: position.latitude, longitudeDeg: position.longitude };
};
