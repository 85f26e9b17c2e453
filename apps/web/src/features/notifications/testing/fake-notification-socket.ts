import type { NotificationSocket } from '../api/notification-channel';

type Listener = (...args: unknown[]) => void;

/**
 * A stand-in for the bell's Socket.IO socket in jsdom: records listeners, lets a test play what
 * the server would push (`serverEmit`), and reports itself connected.
 */
export class FakeNotificationSocket {
  static last: FakeNotificationSocket | undefined;
  readonly url: string;
  connected = true;
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(url: string) {
    this.url = url;
    FakeNotificationSocket.last = this;
  }

  on(event: string, listener: Listener) {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener);
    this.listeners.set(event, set);
    return this;
  }

  removeAllListeners() {
    this.listeners.clear();
    return this;
  }

  connect() {
    this.connected = true;
    return this;
  }

  disconnect() {
    this.connected = false;
    return this;
  }

  /** Plays an event from the server. */
  serverEmit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
}

export const fakeNotificationSocketFactory = (url: string): NotificationSocket => new FakeNotificationSocket(url) as unknown as NotificationSocket;
