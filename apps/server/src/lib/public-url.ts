import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/config';

// host, host:port, or [IPv6]:port; nothing else (no user info, path or spaces) gets into a link.
const HOST_PATTERN = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252})|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/**
 * The base URL of links this request's mails carry (docs/decisions/0034-links-follow-the-served-address.md):
 * PUBLIC_URL when it is set; otherwise the origin the request was served on, its Host and protocol
 * (X-Forwarded-Host and X-Forwarded-Proto only from a proxy TRUST_PROXY trusts, as Fastify reads
 * them). A newcomer on another port, interface or behind a proxy then gets links that work.
 * An unreadable host falls back to the default, http://localhost:<PORT>; so does production, where a
 * client-chosen Host must never decide where a password-reset link points (PUBLIC_URL is expected there).
 */
export const publicUrlOf = (
  request: Pick<FastifyRequest, 'host' | 'protocol'>,
  config: Pick<AppConfig, 'PUBLIC_URL' | 'isPublicUrlSet' | 'NODE_ENV'>,
): string => {
  if (config.isPublicUrlSet || config.NODE_ENV === 'production') return config.PUBLIC_URL;
  const host = request.host;
  if (!host || !HOST_PATTERN.test(host)) return config.PUBLIC_URL;
  return `${request.protocol === 'https' ? 'https' : 'http'}://${host}`;
};
