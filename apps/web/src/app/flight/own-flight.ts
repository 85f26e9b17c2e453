import type { TFlight } from '@contrail/domain/flight-api/flight-contract';
import type { FlightSessionState } from '../../features/flight/lib/flight-session-store';
import type { OwnFlight } from '../../features/map/lib/map-controller';

/**
 * The pilot's flight as the live map draws it, whichever device records it: this browser's hub
 * relays it live (position and history as track); otherwise the server's record of the pilot's
 * flight in progress (GET retrieve-flight-for-user, refreshed at each push of the live channel)
 * gives the aircraft of a flight recorded by `tracker fly` or by a tracker on another computer;
 * `serverReceivedAtMs` (when that record arrived) lets the map move it on between two reads.
 */
export const toOwnFlight = ({ active, live }: FlightSessionState, server: TFlight | null = null, serverReceivedAtMs?: number): OwnFlight | null => {
  // A flight this browser saw end (completed or cancelled) is not drawn, even before the server's record catches up.
  const hasEnded = (flightId: string) => live !== null && live.flightId === flightId && (live.isCanceled || live.completed !== null);
  const isLiveOfActive = active !== null && live !== null && live.flightId === active.flightId && !hasEnded(active.flightId);
  if (isLiveOfActive && live.position) {
    const { position } = live;
    return {
      flightId: active.flightId,
      flightNumber: active.flightNumber,
      position: {
        latitudeDeg: position.latitudeDeg,
        longitudeDeg: position.longitudeDeg,
        headingDeg: position.headingDegTrue,
        altitudeFt: position.altitudeFtMsl,
        groundSpeedKts: position.groundSpeedKts,
      },
      track: live.positionHistory.map((point) => [point.longitude, point.latitude] as const),
    };
  }
  const record = server && server.status === 'in_progress' && !hasEnded(server.id) ? server : null;
  if (record) {
    const { aircraft } = record;
    return {
      flightId: record.id,
      flightNumber: record.flightNumber,
      position: aircraft.position
        ? {
            latitudeDeg: aircraft.position.latitude,
            longitudeDeg: aircraft.position.longitude,
            headingDeg: aircraft.heading,
            altitudeFt: aircraft.position.altitude,
            groundSpeedKts: aircraft.groundSpeed,
          }
        : null,
      track: record.positionHistory.map((point) => [point.longitude, point.latitude] as const),
      ...(serverReceivedAtMs ? { reportedAtMs: serverReceivedAtMs } : {}),
    };
  }
  if (!isLiveOfActive) return null;
  return { flightId: active.flightId, flightNumber: active.flightNumber, position: null, track: live.positionHistory.map((point) => [point.longitude, point.latitude] as const) };
};
