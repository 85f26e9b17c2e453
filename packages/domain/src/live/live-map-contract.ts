import { z } from 'zod';

/**
 * The browsers' live channel: Socket.IO namespace `/live`, authenticated with the bearer access
 * token in the handshake (`auth: { token }`); an expired token closes the connection with the
 * error `unauthorized`, the client refreshes once and reconnects. The server pushes a refresh
 * trigger whenever the in-progress flights change; clients then refetch the list (their own
 * flight excluded).
 */
export const LIVE_NAMESPACE = '/live';
export const LIVE_UNAUTHORIZED = 'unauthorized';

/** Livemap item of an in-progress flight (the in-progress flight and its livemap item). */
export const ZInProgressFlightItem = z.object({
  id: z.string(),
  flightNumber: z.string(),
  pilot: z.object({ id: z.string(), userName: z.string() }),
  aircraftIcao: z.string(),
  /** The aircraft's registration when the pilot gave one (an airline's plane always has its own). */
  tailRegistration: z.string().nullable().optional(),
  departureIdent: z.string(),
  arrivalIdent: z.string(),
  flightStep: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  altitudeFt: z.number(),
  heading: z.number(),
  groundSpeed: z.number(),
  indicatedAirSpeed: z.number(),
  updatedAt: z.string(),
});
export type TInProgressFlightItem = z.infer<typeof ZInProgressFlightItem>;

export type LiveServerToClient = {
  InProgressFlightsRefresh: (payload: { changedAt: string }) => void;
};
export type LiveClientToServer = Record<string, never>;
