import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of the web app (docs/decisions/0024-security-threat-model.md).
 * - scripts only from this origin: an injected <script> or inline handler does not run;
 * - styles from this origin plus inline style attributes, which React and MapLibre set on elements;
 * - MapLibre builds its worker from a blob: URL and draws images from data:/blob: URLs;
 * - map tiles and styles may come from any https host (VITE_MAP_STYLE_URL, weather tiles), and the
 *   local tracker hub listens on 127.0.0.1/localhost (HTTP and WebSocket);
 * - nobody frames the app (clickjacking), no plugins, forms post only here.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "child-src 'self' blob:",
  "connect-src 'self' https: wss: ws://127.0.0.1:* http://127.0.0.1:* ws://localhost:* http://localhost:*",
  "frame-src 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** One year, the common HSTS floor for preload lists. */
const HSTS_MAX_AGE_SECONDS = 31_536_000;

/** What a document of the web app (its pages, scripts, styles, images) is sent with. */
const DOCUMENT_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
};

/**
 * What a JSON answer of the API is sent with (OWASP's set for REST answers): nothing in it may run,
 * load or be framed, and it is never sniffed as something else. The referrer and opener policies
 * only act in a document, and the app's policy is long: an API answer does without both.
 */
const DATA_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};
const HSTS = `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`;

/**
 * Security headers on every answer, and the request id, so a pilot's report or a proxy log finds
 * the server's lines. Set in one synchronous onSend hook, which every answer passes, error answers
 * too, once its content type is known: JSON answers get the data set, everything else the
 * document set. An answer without a type (a 304 revalidating a cached page) counts as a document,
 * because a 304's headers replace the cached page's own.
 * HSTS only when the request came over HTTPS: TLS on this server, or X-Forwarded-Proto from a
 * proxy TRUST_PROXY trusts (request.protocol reads both); sending it over plain HTTP from
 * localhost would pin browsers to an HTTPS that is not there.
 */
export const registerResponseHeaders = (app: FastifyInstance): void => {
  app.addHook('onSend', (request, reply, payload, done) => {
    const contentType = reply.getHeader('content-type');
    reply.headers(typeof contentType === 'string' && contentType.includes('json') ? DATA_HEADERS : DOCUMENT_HEADERS);
    reply.header('x-request-id', request.id);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done(null, payload);
  });
};
