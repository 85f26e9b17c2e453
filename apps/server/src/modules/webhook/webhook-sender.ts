import { createHmac } from 'node:crypto';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Sends one webhook body: signed, with a time limit, never following a redirect, and (unless
 * private targets are allowed) only to public addresses, checked on the address actually dialled so
 * a name that resolves elsewhere at send time (DNS rebinding) is refused too.
 * docs/decisions/0045-airline-webhooks.md.
 */

/** The addresses a webhook may not reach: this machine, private networks, link-local (cloud metadata), and the like. */
const privateRanges = (() => {
  const list = new BlockList();
  for (const [network, prefix] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ] as const)
    list.addSubnet(network, prefix, 'ipv4');
  for (const [network, prefix] of [
    ['::', 128],
    ['::1', 128],
    ['64:ff9b::', 96],
    ['100::', 64],
    ['2001:db8::', 32],
    ['fc00::', 7],
    ['fe80::', 10],
    ['ff00::', 8],
  ] as const)
    list.addSubnet(network, prefix, 'ipv6');
  return list;
})();

export const isPrivateAddress = (address: string): boolean => {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it is (a
    // ::ffff:0:0/96 rule would not do: BlockList checks IPv4 addresses against it too).
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return privateRanges.check(mapped[1]!, 'ipv4');
    return privateRanges.check(address, 'ipv6');
  }
  return privateRanges.check(address, 'ipv4');
};

export class RefusedAddressError extends Error {}

/** A DNS lookup that refuses a private answer: the socket connects only to the address checked. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses;
    const refused = list.find((entry) => isPrivateAddress(entry.address));
    if (refused || list.length === 0) {
      return callback(new RefusedAddressError(`${hostname} resolves to a private address`), '', 0);
    }
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

/** The headers a receiver checks (documented in decision 0045). */
export const SIGNATURE_HEADER = 'contrail-signature';
export const TIMESTAMP_HEADER = 'contrail-timestamp';

/** `v1=` and the hex HMAC-SHA256 of `${timestamp}.${body}` under the endpoint's secret. */
export const signatureOf = (secret: string, timestamp: number, body: string): string =>
  `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

export type SendOutcome = { statusCode: number | null; error: string | null; durationMs: number };

export type SendRequest = {
  url: string;
  body: string;
  secret: string;
  headers: Record<string, string>;
  now: Date;
  timeoutMs: number;
  allowPrivateTargets: boolean;
};

/** POSTs the body; answers the status (any) or why no answer came. Never throws. */
export const sendWebhook = (request: SendRequest): Promise<SendOutcome> => {
  const started = performance.now();
  const done = (statusCode: number | null, error: string | null): SendOutcome => ({ statusCode, error, durationMs: Math.round(performance.now() - started) });
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      resolve(done(null, 'The address is not a valid URL'));
      return;
    }
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (!request.allowPrivateTargets && isIP(literal) !== 0 && isPrivateAddress(literal)) {
      resolve(done(null, 'The address is a private or local one, which this server does not call'));
      return;
    }
    const timestamp = Math.floor(request.now.getTime() / 1000);
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(request.body),
          'user-agent': 'Contrail-Webhooks/1',
          [TIMESTAMP_HEADER]: String(timestamp),
          [SIGNATURE_HEADER]: signatureOf(request.secret, timestamp, request.body),
          ...request.headers,
        },
        timeout: request.timeoutMs,
        ...(request.allowPrivateTargets ? {} : { lookup: publicOnlyLookup }),
        agent: false,
      },
      (response) => {
        // The answer's body is not kept: read and dropped, so the socket closes.
        response.resume();
        response.on('end', () => resolve(done(response.statusCode ?? null, null)));
        response.on('error', () => resolve(done(response.statusCode ?? null, null)));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error) => {
      if (error instanceof RefusedAddressError) resolve(done(null, 'The address is a private or local one, which this server does not call'));
      else if (error.message === 'timeout') resolve(done(null, `No answer within ${Math.round(request.timeoutMs / 1000)} s`));
      else if ((error as NodeJS.ErrnoException).code === 'ENOTFOUND') resolve(done(null, 'The host name does not exist'));
      else if ((error as NodeJS.ErrnoException).code === 'ECONNREFUSED') resolve(done(null, 'The receiver refused the connection'));
      else resolve(done(null, 'The connection failed'));
    });
    req.end(request.body);
  });
};
