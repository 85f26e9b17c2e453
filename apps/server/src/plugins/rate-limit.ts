import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import type { AppConfig } from '../config/config';

export type RateLimit = { max: number; perIpAnd?: (request: FastifyRequest) => string | Promise<string> };

const tooManyAttempts = (after: string) => new AppError(ErrorCode.tooManyRequests, `Too many attempts, try again in ${after}`);

/**
 * A route's rate limit (`@fastify/rate-limit`, registered with global:false): `max` calls a minute,
 * keyed by client IP and optionally a value from the body (checked in preHandler, once the body is
 * parsed), refused with the action-shaped TOO_MANY_REQUESTS. RATE_LIMIT=off removes them (tests
 * that sign in many times). Use as the route's `config`. The client IP is the socket's address
 * unless TRUST_PROXY names the proxy in front (docs/decisions/0024-security-threat-model.md).
 */
export const rateLimited = (config: AppConfig, { max, perIpAnd }: RateLimit): { rateLimit?: RateLimitOptions } =>
  config.RATE_LIMIT === 'off'
    ? {}
    : {
        rateLimit: {
          max,
          timeWindow: 60_000,
          hook: 'preHandler' as const,
          keyGenerator: async (request: FastifyRequest) => (perIpAnd ? `${request.ip}|${await perIpAnd(request)}` : request.ip),
          errorResponseBuilder: (_request, context) => tooManyAttempts(context.after),
        },
      };

/**
 * One counter of {@link accountLimits}: `max` calls per `windowMs` for each value of `key` (an
 * account, an address, a token digest...). `key` returning undefined skips the counter.
 */
export type KeyedLimit = {
  /** Names the counter, so two limits on the same value count apart. */
  name: string;
  max: number;
  windowMs: number;
  /** May look the value up (the account a typed login names); called once per request. */
  key: (request: FastifyRequest) => string | undefined | Promise<string | undefined>;
};

const formatWait = (seconds: number): string => (seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${Math.max(1, seconds)} seconds`);

/**
 * Several limits on one route at once (per address, per account across all addresses, per address
 * across all accounts), in the same store as {@link rateLimited} (Redis when REDIS_URL is set). A
 * preHandler: it runs after the body is parsed, so keys can read it. Every counter is incremented,
 * so an attacker cannot dodge the account limit by staying under the address limit.
 */
export const accountLimits = (app: FastifyInstance, limits: KeyedLimit[]): preHandlerAsyncHookHandler => {
  if (app.deps.config.RATE_LIMIT === 'off') return async () => undefined;
  const counters = limits.map((limit) => {
    const keyOfRequest = new WeakMap<FastifyRequest, string>();
    const check = app.createRateLimit({
      max: limit.max,
      timeWindow: limit.windowMs,
      keyGenerator: (request: FastifyRequest) => `${limit.name}|${keyOfRequest.get(request) ?? ''}`,
    });
    return { keyOfRequest, key: limit.key, check };
  });
  return async (request) => {
    let waitSeconds = 0;
    for (const { keyOfRequest, key, check } of counters) {
      const value = await key(request);
      if (value === undefined) continue;
      keyOfRequest.set(request, value);
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) waitSeconds = Math.max(waitSeconds, result.ttlInSeconds);
    }
    if (waitSeconds > 0) throw tooManyAttempts(formatWait(waitSeconds));
  };
};

/** A body field as a lower-cased key, or undefined when absent. */
export const bodyField =
  (field: string) =>
  (request: FastifyRequest): string | undefined => {
    const value = (request.body as Record<string, unknown> | undefined)?.[field];
    return typeof value === 'string' && value.trim() ? value.trim().toLowerCase() : undefined;
  };

/** The client address (TRUST_PROXY decides whether a forwarded one is believed). */
export const clientIp = (request: FastifyRequest): string => request.ip;
