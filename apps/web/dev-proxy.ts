import type { ProxyOptions } from 'vite';

/**
 * What Vite's dev server forwards to the API server. The development outbox (`/dev/outbox`, every
 * reset and verification link) is not forwarded, and every forwarded request carries the client's
 * address in X-Forwarded-For: the API serves its local-only pages (`/api/dev/outbox`) to no
 * relayed request, so `vite --host` cannot hand them to the network. Open the outbox on the API
 * server's own port.
 */
export const devProxy = (apiTarget: string): Record<string, ProxyOptions> => ({
  '/api': { target: apiTarget, xfwd: true },
  '/healthz': { target: apiTarget, xfwd: true },
  '/socket.io': { target: apiTarget, ws: true, xfwd: true },
});
