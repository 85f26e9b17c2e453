import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, SignJWT } from 'jose';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import type { Clock } from '../lib/clock';

/** Who is calling, from a verified access token. */
export type AuthenticatedUser = { id: string; userName: string };

// Fastify's declaration merging needs interfaces.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate`; undefined on public routes. */
    authUser?: AuthenticatedUser;
  }
  interface FastifyInstance {
    /** preHandler: requires a valid `Authorization: Bearer` access token. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    accessTokens: AccessTokens;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** A verified token's claims: who, and when it was issued (seconds since the epoch). */
export type VerifiedClaims = AuthenticatedUser & { issuedAtSeconds: number; sessionGeneration: number };

export type AccessTokens = {
  /** `sessionGeneration`: the user's current one (see session-generation.ts); 0 when omitted. */
  issue: (user: AuthenticatedUser, now: Date, sessionGeneration?: number) => Promise<{ token: string; expiredAt: Date }>;
  verify: (token: string) => Promise<VerifiedClaims>;
};

const ISSUER = 'contrail';

/** Short-lived HS256 JWTs (see docs/decisions/0002-token-scheme.md). */
export const createAccessTokens = (secret: string, ttlSeconds: number, clock: Clock): AccessTokens => {
  const key = new TextEncoder().encode(secret);
  return {
    issue: async (user, now, sessionGeneration = 0) => {
      const issuedAt = Math.floor(now.getTime() / 1000);
      const expiresAt = issuedAt + ttlSeconds;
      const token = await new SignJWT({ userName: user.userName, sg: sessionGeneration })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, expiredAt: new Date(expiresAt * 1000) };
    },
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'], currentDate: clock.now() });
        if (typeof payload.sub !== 'string' || typeof payload.userName !== 'string' || typeof payload.iat !== 'number') throw new Error('bad claims');
        const sessionGeneration = typeof payload.sg === 'number' && Number.isInteger(payload.sg) ? payload.sg : 0;
        return { id: payload.sub, userName: payload.userName, issuedAtSeconds: payload.iat, sessionGeneration };
      } catch (error) {
        const expired = (error as { code?: string }).code === 'ERR_JWT_EXPIRED';
        throw new AppError(
          expired ? ErrorCode.tokenExpired : ErrorCode.unauthorized,
          expired ? 'Session expired' : 'Authentication required',
          { token: 'session' },
        );
      }
    },
  };
};

export const bearerTokenOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice('Bearer '.length).trim() || undefined;
};

type RouteHook = RouteOptions['preHandler'];

/** The hooks without `hook`, or undefined when none are left. */
const withoutHook = (hooks: RouteHook, hook: unknown): RouteHook => {
  const list = (Array.isArray(hooks) ? hooks : [hooks]).filter((candidate) => candidate !== hook && candidate !== undefined);
  return list.length === 0 ? undefined : (list as RouteHook);
};

/**
 * Decorates the app with `authenticate` and `accessTokens`. A route declaring
 * `preHandler: app.authenticate` gets it moved to `onRequest`: the token is checked before the body
 * is read and parsed, so an anonymous caller cannot make the server parse a megabyte of JSON or a
 * multipart upload, and never reaches a body-keyed rate limit or validation error.
 */
export const authenticationPlugin = fp(
  async (app: FastifyInstance, options: { accessTokens: AccessTokens; isCurrent?: SessionCheck }) => {
    app.decorate('accessTokens', options.accessTokens);
    app.decorateRequest('authUser', undefined);
    const authenticate = async (request: FastifyRequest) => {
      const token = bearerTokenOf(request);
      if (!token) throw new AppError(ErrorCode.unauthorized, 'Authentication required');
      const claims = await options.accessTokens.verify(token);
      if (options.isCurrent) await options.isCurrent(claims);
      request.authUser = { id: claims.id, userName: claims.userName };
    };
    app.decorate('authenticate', authenticate);
    app.addHook('onRoute', (route) => {
      const preHandlers = Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
      if (!preHandlers.includes(authenticate)) return;
      route.preHandler = withoutHook(route.preHandler, authenticate);
      const onRequest = Array.isArray(route.onRequest) ? route.onRequest : route.onRequest ? [route.onRequest] : [];
      route.onRequest = [authenticate, ...onRequest] as RouteOptions['onRequest'];
    });
  },
  { name: 'authentication' },
);

/**
 * Checks a verified token against the database: its user still exists (401, not a 500 further on)
 * and it was issued after the user's sessions were last ended (password change, sign out
 * everywhere). Throws an AppError 401 otherwise.
 */
export type SessionCheck = (claims: VerifiedClaims) => Promise<void>;

/** The caller, on a route behind `authenticate`. */
export const currentUser = (request: FastifyRequest): AuthenticatedUser => {
  if (!request.authUser) throw new AppError(ErrorCode.unauthorized, 'Authentication required');
  return request.authUser;
};
