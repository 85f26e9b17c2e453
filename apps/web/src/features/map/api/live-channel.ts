import { io, type Socket } from 'socket.io-client';
import { LIVE_CHANNEL_RECONNECT_ATTEMPTS, LIVE_CHANNEL_RECONNECT_DELAY_MS } from '@contrail/domain/live/connection-status';
import { LIVE_NAMESPACE, LIVE_UNAUTHORIZED, type LiveClientToServer, type LiveServerToClient } from '@contrail/domain/live/live-map-contract';

export type LiveSocket = Socket<LiveServerToClient, LiveClientToServer>;

export type LiveChannelOptions = {
  /** Origin of the main API ('' = this page's origin). */
  baseUrl: string;
  getToken: () => string | null;
  /** The app's shared token refresh; false when the session is over. */
  refreshTokens: () => Promise<boolean>;
  /** The in-progress flights changed (or the channel just (re)connected): refetch them. */
  onRefresh: () => void;
  createSocket?: (url: string, options: Parameters<typeof io>[1]) => LiveSocket;
};

export type LiveChannel = { close: () => void; socket: LiveSocket };

/**
 * The browsers' live channel (Socket.IO namespace /live, docs in live-map-contract.ts). The access
 * token rides in the handshake and is read again at each attempt. When the server refuses it
 * (`unauthorized`, at connection or when it expires) the token is refreshed ONCE through the app's
 * shared refresh and the channel reconnects; a failed refresh stops there. Transport failures
 * retry as the spec says: 3 attempts, 3000 ms apart.
 */
export const openLiveChannel = ({ baseUrl, getToken, refreshTokens, onRefresh, createSocket = io }: LiveChannelOptions): LiveChannel => {
  const socket = createSocket(`${baseUrl}${LIVE_NAMESPACE}`, {
    auth: (callback: (data: object) => void) => callback({ token: getToken() ?? '' }),
    reconnectionAttempts: LIVE_CHANNEL_RECONNECT_ATTEMPTS,
    reconnectionDelay: LIVE_CHANNEL_RECONNECT_DELAY_MS,
    transports: ['websocket'],
  });
  let isClosed = false;
  let hasRefreshedSinceConnect = false;

  const refreshAndReconnect = async () => {
    if (hasRefreshedSinceConnect || isClosed) return;
    hasRefreshedSinceConnect = true;
    const isRefreshed = await refreshTokens();
    if (isRefreshed && !isClosed) socket.connect();
  };

  socket.on('connect', () => {
    hasRefreshedSinceConnect = false;
    onRefresh();
  });
  socket.on('InProgressFlightsRefresh', () => onRefresh());
  socket.on('connect_error', (error: Error) => {
    if (error.message === LIVE_UNAUTHORIZED) void refreshAndReconnect();
  });
  socket.on('disconnect', (reason: string) => {
    // The server closes a connection whose token expired; the client must come back itself.
    if (reason === 'io server disconnect') void refreshAndReconnect();
  });

  return {
    socket,
    close: () => {
      isClosed = true;
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
};
