import { roundedDistanceNm } from '@contrail/domain/geo/great-circle';
import { useAirport } from '../api/get-airport';

export type AirportDistance = { status: 'idle' | 'loading' | 'error' } | { status: 'ready'; distanceNm: number };

/** Great-circle distance between two airports in NM (rounded), once both are loaded. */
export const useAirportDistance = (fromIdent: string | undefined, toIdent: string | undefined): AirportDistance => {
  const from = useAirport(fromIdent);
  const to = useAirport(toIdent);
  if (!fromIdent || !toIdent) return { status: 'idle' };
  if (from.isError || to.isError) return { status: 'error' };
  if (!from.data || !to.data) return { status: 'loading' };
  const position = (airport: typeof from.data) => ({ latitudeDeg: airport.position.latitude, longitudeDeg: airport.position.longitude });
  return { status: 'ready', distanceNm: roundedDistanceNm(position(from.data), position(to.data)) };
};
