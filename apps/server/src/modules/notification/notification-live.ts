import type { FastifyInstance } from 'fastify';
import type { Namespace } from 'socket.io';
import {
  NOTIFICATION_NAMESPACE,
  type NotificationClientToServer,
  type NotificationServerToClient,
  type TNotification,
} from '@contrail/domain/notification/notification-types';
import type { AuthenticatedUser } from '../../plugins/authentication';
import { authenticateSocketsByToken } from '../live/socket-authentication';
import { onNotificationRecorded } from './notification-signal';
import { claimUnpushedNotifications } from './notification.repository';
import { toNotification } from './notification.service';

/** A ring is answered this soon: most causing transactions have committed by then. */
export const NOTIFICATION_SWEEP_DELAY_MS = 40;
/** Second look after a ring, for a transaction still open at the first. */
export const NOTIFICATION_SWEEP_RETRY_MS = 400;
/** Safety net: rows written by long transactions, jobs or a crashed instance are announced within this. */
export const NOTIFICATION_SWEEP_INTERVAL_MS = 2000;
const SWEEP_BATCH = 500;

export type NotificationNamespace = Namespace<NotificationClientToServer, NotificationServerToClient, Record<string, never>, { user: AuthenticatedUser }>;

export const userRoom = (userId: string): string => `user:${userId}`;

export type NotificationLive = {
  /** Tells every tab of the user (on any instance) that some of their notifications were read. */
  announceRead: (userId: string, payload: { ids: string[] } | { all: true }) => void;
  /** Runs one sweep now (tests, and after a ring). */
  sweep: () => Promise<number>;
};

/**
 * The notification channel (see NOTIFICATION_NAMESPACE). Delivery follows the commit without a
 * hook into it: recordNotification rings an in-process bell, and a sweep claims committed rows
 * whose `pushed_at` is null and emits each to its user's room through the adapter, so one instance
 * announces each row to every instance's sockets. docs/decisions/0025-notification-delivery.md.
 */
export const openNotificationChannel = (app: FastifyInstance): NotificationLive => {
  const channel = app.live.io.of(NOTIFICATION_NAMESPACE) as unknown as NotificationNamespace;
  authenticateSocketsByToken(app, channel);
  channel.on('connection', (socket) => {
    void socket.join(userRoom(socket.data.user.id));
  });

  let isClosed = false;
  let sweeping: Promise<number> | undefined;
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  const sweepOnce = async (): Promise<number> => {
    const rows = await claimUnpushedNotifications(app.deps.db, app.deps.clock.now(), SWEEP_BATCH);
    for (const row of rows) channel.to(userRoom(row.userId)).emit('NotificationReceived', toNotification(row) satisfies TNotification);
    return rows.length;
  };
  const sweep = async (): Promise<number> => {
    if (isClosed) return 0;
    // One sweep at a time per instance; a ring during a sweep is answered by the retry.
    sweeping ??= sweepOnce()
      .catch((error: unknown) => {
        app.log.warn({ err: error }, 'notification sweep failed');
        return 0;
      })
      .finally(() => {
        sweeping = undefined;
      });
    return sweeping;
  };

  const unsubscribe = onNotificationRecorded(() => {
    later(NOTIFICATION_SWEEP_DELAY_MS, () => void sweep());
    later(NOTIFICATION_SWEEP_RETRY_MS, () => void sweep());
  });
  const interval = setInterval(() => void sweep(), NOTIFICATION_SWEEP_INTERVAL_MS);
  interval.unref();

  app.addHook('preClose', async () => {
    isClosed = true;
    unsubscribe();
    clearInterval(interval);
    for (const timer of timers) clearTimeout(timer);
    await sweeping;
  });

  return {
    announceRead: (userId, payload) => channel.to(userRoom(userId)).emit('NotificationsRead', payload),
    sweep,
  };
};
