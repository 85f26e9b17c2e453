import net, { type AddressInfo } from 'node:net';

/**
 * A TCP relay on a free loopback port to a real service (PostgreSQL, Redis), which a test cuts to
 * play an outage without stopping the service other tests share: `cut` destroys every open
 * connection and drops each new one at once, `restore` relays again.
 */
export type TcpProxy = {
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  urlThrough: (url: string) => string;
  cut: () => void;
  restore: () => void;
  close: () => Promise<void>;
};

export const startTcpProxy = async (target: { host: string; port: number }): Promise<TcpProxy> => {
  const open = new Set<net.Socket>();
  let isCut = false;
  const server = net.createServer((client) => {
    if (isCut) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => undefined);
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    urlThrough: (url) => {
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(port);
      return proxied.toString();
    },
    cut: () => {
      isCut = true;
      for (const socket of open) socket.destroy();
    },
    restore: () => {
      isCut = false;
    },
    close: async () => {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

/** host and port of a service URL (postgres://, redis://). */
export const endpointOf = (url: string): { host: string; port: number } => {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port) };
};
