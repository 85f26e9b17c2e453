import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';

/**
 * Log configuration (docs/decisions/0019-operations.md): every request line carries `reqId`, taken
 * from the proxy's X-Request-Id when it is a sane token (so a request is followed from the load
 * balancer to the log), else a new UUID; and nothing secret ever reaches the log: credential
 * headers and password or token fields are censored wherever a module logs them, and secret-looking
 * query parameters are cut from logged URLs.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["refresh-token"]',
  'req.headers.cookie',
  'req.headers["x-backup-token"]',
  'req.headers["x-clock-control-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers["refresh-token"]',
  'headers.cookie',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.oldPassword',
  '*.token',
  '*.refreshToken',
  '*.accessToken',
  'password',
  'token',
  'refreshToken',
];

const SECRET_QUERY = /([?&](?:token|refreshToken|refresh_token|code|key|password|secret)=)[^&#]*/gi;

export const redactUrl = (url: string): string => url.replace(SECRET_QUERY, '$1[Redacted]');

const REQUEST_ID = /^[\w.:-]{1,128}$/;

export const genReqId = (request: IncomingMessage): string => {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
};

export const loggerOptions = (level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] => ({
  level,
  redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
  serializers: {
    req: (request: { method: string; url: string; hostname?: string; ip?: string }) => ({
      method: request.method,
      url: redactUrl(request.url),
      hostname: request.hostname,
      remoteAddress: request.ip,
    }),
  },
  ...(stream ? { stream } : {}),
});
