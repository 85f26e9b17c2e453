import type { FlightSessionState } from '../../features/flight/lib/flight-session-store';
import type { OwnFlight } from '../../features/map/lib/map-controller';

/** The pilot's flight as the live map draws it: the live position and the position history as track. */
export const toOwnFlight = ({ active, live }: FlightSessionState): OwnFlight | null => {
  if (!active || !live || live.flightId !== active.flightId || live.isCanceled) return null;
  const { position } = live;
  return {
    flightNumber: active.flightNumber,
    position: position
      ? {
          latitudeDeg: position.latitudeDeg,
          longitudeDeg: position.longitudeDeg,
          headingDeg: position.headingDegTrue,
          altitudeFt: position.altitudeFtMsl,
          groundSpeedKts: position.groundSpeedKts,
        }
      : null,
    track: live.positionHistory.map((point) => [point.longitude, point.latitude] as const),
  };
};
