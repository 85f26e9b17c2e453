import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

export type AccessTokens = {
  issue: (user: AuthenticatedUser, now: Date) => Promise<{ token: string; expiredAt: Date }>;
  verify: (token: string) => Promise<AuthenticatedUser>;
};

const ISSUER = 'contrail';

/** Short-lived HS256 JWTs (see docs/decisions/0002-token-scheme.md). */
export const createAccessTokens = (secret: string, ttlSeconds: number, clock: Clock): AccessTokens => {
  const key = new TextEncoder().encode(secret);
  return {
    issue: async (user, now) => {
      const issuedAt = Math.floor(now.getTime() / 1000);
      const expiresAt = issuedAt + ttlSeconds;
      const token = await new SignJWT({ userName: user.userName })
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
        if (typeof payload.sub !== 'string' || typeof payload.userName !== 'string') throw new Error('bad claims');
        return { id: payload.sub, userName: payload.userName };
      } catch (error) {
        const expired = (error as { code?: string }).code === 'ERR_JWT_EXPIRED';
        throw new AppError(
          expired ? ErrorCode.tokenExpired : ErrorCode.unauthorized,
          401,
          expired ? 'Session expired' : 'Authentication required',
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

/** Decorates the app with `authenticate` and `accessTokens`. */
export const authenticationPlugin = fp(
  async (app: FastifyInstance, options: { accessTokens: AccessTokens }) => {
    app.decorate('accessTokens', options.accessTokens);
    app.decorateRequest('authUser', undefined);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerTokenOf(request);
      if (!token) throw new AppError(ErrorCode.unauthorized, 401, 'Authentication required');
      request.authUser = await options.accessTokens.verify(token);
    });
  },
  { name: 'authentication' },
);

/** The caller, on a route behind `authenticate`. */
export const currentUser = (request: FastifyRequest): AuthenticatedUser => {
  if (!request.authUser) throw new AppError(ErrorCode.unauthorized, 401, 'Authentication required');
  return request.authUser;
};

/** Throws 403 unless the path's user id is the caller's: nobody reads or changes another user's data. */
export const assertSelf = (request: FastifyRequest, userId: string): AuthenticatedUser => {
  const user = currentUser(request);
  if (user.id !== userId) throw new AppError(ErrorCode.forbidden, 403, 'You can only access your own account');
  return user;
};
