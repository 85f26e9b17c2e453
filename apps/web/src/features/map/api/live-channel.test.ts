import { describe, expect, it, vi } from 'vitest';
import { openLiveChannel, type LiveSocket } from './live-channel';

/** A stand-in for a socket.io client socket: the test plays the server's side. */
const fakeSocket = () => {
  const handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  const socket = {
    connect: vi.fn(),
    disconnect: vi.fn(),
    removeAllListeners: vi.fn(() => handlers.clear()),
    on: (event: string, handler: (...args: unknown[]) => void) => {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
      return socket;
    },
    emit: (event: string, ...args: unknown[]) => handlers.get(event)?.forEach((handler) => handler(...args)),
  };
  return socket;
};

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const open = (refreshResults: boolean[]) => {
  const socket = fakeSocket();
  const createSocket = vi.fn((_url: string, _options: unknown) => socket as unknown as LiveSocket);
  const refreshTokens = vi.fn(async () => refreshResults.shift() ?? false);
  const onRefresh = vi.fn();
  let token = 'access-1';
  const channel = openLiveChannel({ baseUrl: 'http://api.test', getToken: () => token, refreshTokens, onRefresh, createSocket });
  return { socket, createSocket, refreshTokens, onRefresh, channel, setToken: (next: string) => (token = next) };
};

describe('live channel', () => {
  it('connects to /live with the current token at each attempt and the spec reconnection policy', () => {
    const { createSocket, setToken } = open([]);
    const [url, options] = createSocket.mock.calls[0]! as [string, { auth: (cb: (data: object) => void) => void; reconnectionAttempts: number; reconnectionDelay: number }];
    expect(url).toBe('http://api.test/live');
    expect(options).toMatchObject({ reconnectionAttempts: 3, reconnectionDelay: 3000 });
    const seen: object[] = [];
    options.auth((data) => seen.push(data));
    setToken('access-2');
    options.auth((data) => seen.push(data));
    expect(seen).toEqual([{ token: 'access-1' }, { token: 'access-2' }]);
  });

  it('refetches on connect and on every InProgressFlightsRefresh', () => {
    const { socket, onRefresh } = open([]);
    socket.emit('connect');
    socket.emit('InProgressFlightsRefresh', { changedAt: '2026-11-21T10:00:00Z' });
    socket.emit('InProgressFlightsRefresh', { changedAt: '2026-11-21T10:00:10Z' });
    expect(onRefresh).toHaveBeenCalledTimes(3);
  });

  it('refreshes the token once on "unauthorized" and reconnects; a second refusal stops there', async () => {
    const { socket, refreshTokens } = open([true, true]);
    socket.emit('connect_error', new Error('unauthorized'));
    await flush();
    expect(refreshTokens).toHaveBeenCalledTimes(1);
    expect(socket.connect).toHaveBeenCalledTimes(1);
    socket.emit('connect_error', new Error('unauthorized'));
    await flush();
    expect(refreshTokens).toHaveBeenCalledTimes(1);
    expect(socket.connect).toHaveBeenCalledTimes(1);
  });

  it('comes back after the server closed an expired connection, once per successful connection', async () => {
    const { socket, refreshTokens } = open([true, true]);
    socket.emit('connect');
    socket.emit('disconnect', 'io server disconnect');
    await flush();
    expect(refreshTokens).toHaveBeenCalledTimes(1);
    expect(socket.connect).toHaveBeenCalledTimes(1);
    socket.emit('connect');
    socket.emit('disconnect', 'transport close');
    await flush();
    expect(refreshTokens).toHaveBeenCalledTimes(1);
  });

  it('stops retrying when the refresh fails, and ignores other connection errors', async () => {
    const { socket, refreshTokens } = open([false]);
    socket.emit('connect_error', new Error('xhr poll error'));
    await flush();
    expect(refreshTokens).not.toHaveBeenCalled();
    socket.emit('connect_error', new Error('unauthorized'));
    await flush();
    expect(refreshTokens).toHaveBeenCalledTimes(1);
    expect(socket.connect).not.toHaveBeenCalled();
  });

  it('closes for good', () => {
    const { socket, channel, onRefresh } = open([]);
    channel.close();
    socket.emit('InProgressFlightsRefresh', { changedAt: 'x' });
    expect(onRefresh).not.toHaveBeenCalled();
    expect(socket.disconnect).toHaveBeenCalled();
  });
});
