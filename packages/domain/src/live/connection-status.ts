/** Simulator connection status, as the tracker hub reports it to the browser. */
export const SimulatorConnectionStatus = [
  'connected',
  'connection_failed',
  'disconnect',
  'reconnecting',
  'recording',
  'pncready',
] as const;
export type SimulatorConnectionStatus = (typeof SimulatorConnectionStatus)[number];

/** Tracker connection, 4 attempts 2000 ms apart. */
export const TRACKER_CONNECTION_ATTEMPTS = 4;
export const TRACKER_CONNECTION_RETRY_MS = 2000;
/** Waiting for the simulator channel up to 60 s, checked each second. */
export const SIM_CONNECTION_TIMEOUT_MS = 60_000;
export const SIM_CONNECTION_CHECK_MS = 1000;
/** In-progress channel, up to 3 reconnect attempts 3000 ms apart; server timeout 20 s; keep-alive 5 s. */
export const LIVE_CHANNEL_RECONNECT_ATTEMPTS = 3;
export const LIVE_CHANNEL_RECONNECT_DELAY_MS = 3000;
export const LIVE_CHANNEL_SERVER_TIMEOUT_MS = 20_000;
export const LIVE_CHANNEL_KEEP_ALIVE_MS = 5000;
/** Default port of the tracker's local hub on 127.0.0.1. */
export const TRACKER_HUB_DEFAULT_PORT = 7373;
