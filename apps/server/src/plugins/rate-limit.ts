import type { FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import type { AppConfig } from '../config/config';

export type RateLimit = { max: number; perIpAnd?: (request: FastifyRequest) => string };

/**
 * A route's rate limit (`@fastify/rate-limit`, registered with global:false): `max` calls a minute,
 * keyed by client IP and optionally a value from the body (checked in preHandler, once the body is
 * parsed), refused with the action-shaped TOO_MANY_REQUESTS. RATE_LIMIT=off removes them (tests
 * that sign in many times). Use as the route's `config`.
 */
export const rateLimited = (config: AppConfig, { max, perIpAnd }: RateLimit): { rateLimit?: RateLimitOptions } =>
  config.RATE_LIMIT === 'off'
    ? {}
    : {
        rateLimit: {
          max,
          timeWindow: 60_000,
          hook: 'preHandler' as const,
          keyGenerator: (request: FastifyRequest) => (perIpAnd ? `${request.ip}|${perIpAnd(request)}` : request.ip),
          errorResponseBuilder: (_request, context) =>
            new AppError(ErrorCode.tooManyRequests, 429, `Too many attempts, try again in ${context.after}`),
        },
      };
