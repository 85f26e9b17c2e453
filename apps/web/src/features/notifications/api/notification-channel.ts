import { io, type Socket } from 'socket.io-client';
import { LIVE_CHANNEL_RECONNECT_DELAY_MS } from '@contrail/domain/live/connection-status';
import { LIVE_UNAUTHORIZED } from '@contrail/domain/live/live-map-contract';
import { NOTIFICATION_NAMESPACE, type NotificationClientToServer, type NotificationServerToClient } from '@contrail/domain/notification/notification-types';

export type NotificationSocket = Socket<NotificationServerToClient, NotificationClientToServer>;
export type NotificationSocketFactory = (url: string, options: Parameters<typeof io>[1]) => NotificationSocket;

let createSocket: NotificationSocketFactory = io;
/** Tests replace the socket (jsdom has no server to reach). */
export const setNotificationSocketFactory = (factory: NotificationSocketFactory): void => {
  createSocket = factory;
};

export type NotificationChannelOptions = {
  baseUrl: string;
  getToken: () => string | null;
  refreshTokens: () => Promise<boolean>;
  /** Something changed (new, read, or the channel just (re)connected): refetch. */
  onChange: (event: 'received' | 'read' | 'connected') => void;
};

/**
 * The bell's live channel (namespace /notification, see notification-types.ts): open on every
 * page while signed in. Like the live map's, a refused or expired token is refreshed once and the
 * channel reconnects; transport cuts retry every LIVE_CHANNEL_RECONNECT_DELAY_MS without end (the
 * bell must come back after a long outage).
 */
export const openNotificationChannel = ({ baseUrl, getToken, refreshTokens, onChange }: NotificationChannelOptions) => {
  const socket = createSocket(`${baseUrl}${NOTIFICATION_NAMESPACE}`, {
    auth: (callback: (data: object) => void) => callback({ token: getToken() ?? '' }),
    reconnectionDelay: LIVE_CHANNEL_RECONNECT_DELAY_MS,
    transports: ['websocket'],
  });
  let isClosed = false;
  let hasRefreshedSinceConnect = false;
  const refreshAndReconnect = async () => {
    if (hasRefreshedSinceConnect || isClosed) return;
    hasRefreshedSinceConnect = true;
    if ((await refreshTokens()) && !isClosed) socket.connect();
  };
  socket.on('connect', () => {
    hasRefreshedSinceConnect = false;
    onChange('connected');
  });
  socket.on('NotificationReceived', () => onChange('received'));
  socket.on('NotificationsRead', () => onChange('read'));
  socket.on('connect_error', (error: Error) => {
    if (error.message === LIVE_UNAUTHORIZED) void refreshAndReconnect();
  });
  socket.on('disconnect', (reason: string) => {
    if (reason === 'io server disconnect') void refreshAndReconnect();
  });
  return {
    close: () => {
      isClosed = true;
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
};
