import { io, type Socket } from 'socket.io-client';
import type { TrackerHubClientToServer, TrackerHubServerToClient } from '@contrail/domain/live/tracker-hub-contract';
import { waitFor } from './wait-for';

export type TReceived = { name: string; payload: unknown };

/**
 * A browser tab talking to the hub: a real socket.io-client sending the web app's Origin header
 * (as a browser does on the WebSocket handshake), recording every message it receives.
 */
export class BrowserClient {
  readonly received: TReceived[] = [];
  readonly socket: Socket<TrackerHubServerToClient, TrackerHubClientToServer>;

  constructor(port: number, origin: string | undefined) {
    this.socket = io(`http://127.0.0.1:${port}`, {
      transports: ['websocket'],
      reconnection: false,
      ...(origin === undefined ? {} : { extraHeaders: { origin } }),
    });
    this.socket.onAny((name: string, payload: unknown) => this.received.push({ name, payload }));
  }

  /** Resolves on connect, rejects with the handshake error. */
  connected(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.socket.once('connect', () => resolve());
      this.socket.once('connect_error', (error) => reject(error));
    });
  }

  statuses(): unknown[] {
    return this.received.filter((message) => message.name === 'ConnectionStatus').map((message) => message.payload);
  }

  messages(name: string): unknown[] {
    return this.received.filter((message) => message.name === name).map((message) => message.payload);
  }

  async waitForStatus(status: string, timeoutMs = 5_000): Promise<void> {
    await waitFor(() => this.statuses().at(-1) === status, timeoutMs, `status ${status} (got ${JSON.stringify(this.statuses())})`);
  }

  async waitForMessage(name: string, timeoutMs = 5_000): Promise<unknown> {
    return waitFor(() => this.messages(name)[0], timeoutMs, `message ${name}`);
  }

  /** Sends a client message and resolves with its ack. */
  request(name: string, ...args: unknown[]): Promise<unknown> {
    return (this.socket.timeout(20_000) as unknown as { emitWithAck: (event: string, ...rest: unknown[]) => Promise<unknown> }).emitWithAck(
      name,
      ...args,
    );
  }

  close(): void {
    this.socket.close();
  }
}
