import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  REFRESH_TOKEN_HEADER,
  ZChangePasswordRequest,
  ZCheckMfIdResponse,
  ZEmailValidateRequest,
  ZForgotPasswordRequest,
  ZRefreshTokenHeaders,
  ZRefreshTokenResponse,
  ZResetPasswordRequest,
  ZSignInRequest,
  ZSignInResponse,
  ZSignUpRequest,
} from '@contrail/domain/auth/auth-contract';
import { ZActionResponse, type TActionResponse } from '@contrail/domain/common/action-response';
import { ZUserIdParams } from '@contrail/domain/user/user-contract';
import { assertSelf, currentUser } from '../../plugins/authentication';
import { rateLimited } from '../../plugins/rate-limit';
import { getMailer } from '../mail/mailer';
import { languageFromAcceptLanguage } from '@contrail/domain/common/language';
import { emailVerificationMail, passwordResetMail } from '../mail/mail-templates';
import {
  changePassword,
  checkMfId,
  forgotPassword,
  refreshSession,
  resendEmailVerification,
  resetPassword,
  signIn,
  signUp,
  validateEmail,
  type AuthContext,
} from './auth.service';

const done = (message: string): TActionResponse => ({ success: true, message, errorCode: null });

const usernameOf = (request: FastifyRequest): string => {
  const body = request.body as { username?: unknown } | undefined;
  return typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
};

/** The auth use cases' context: the app's mailer and the mail module's templates. Call at registration. */
export const authContextFor = (app: FastifyInstance): AuthContext => {
  const mailer = getMailer(app);
  return {
    deps: app.deps,
    accessTokens: app.accessTokens,
    sendMail: (message) => mailer.send(message),
    templates: { emailVerification: emailVerificationMail, passwordReset: passwordResetMail },
    log: app.log,
  };
};

/** Accounts and sessions, spec section 7 "Auth and user". Mounted under /api. */
export const authModule: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = authContextFor(app);
  const { config } = app.deps;
  const tags = ['auth'];

  app.post(
    '/v1/user/sign-up',
    {
      schema: { tags, body: ZSignUpRequest, response: { 201: ZActionResponse } },
      config: rateLimited(config, { max: 5 }),
    },
    async (request, reply) => {
      await signUp(ctx, request.body, languageFromAcceptLanguage(request.headers['accept-language']));
      return reply.status(201).send(done('Account created: check your email to verify your address'));
    },
  );

  app.post(
    '/v1/user/email/validate',
    { schema: { tags, body: ZEmailValidateRequest, response: { 200: ZActionResponse } } },
    async (request) => {
      await validateEmail(ctx, request.body.mfid);
      return done('Email verified');
    },
  );

  app.post(
    '/v1/user/email/resend',
    {
      schema: { tags, security: [{ bearer: [] }], response: { 200: ZActionResponse } },
      preHandler: app.authenticate,
      config: rateLimited(config, { max: 5 }),
    },
    async (request) => {
      await resendEmailVerification(ctx, currentUser(request).id, languageFromAcceptLanguage(request.headers['accept-language']));
      return done('Verification email sent');
    },
  );

  app.get(
    '/v1/user/check-mf-id/:id',
    { schema: { tags, params: z.object({ id: z.string().trim().min(1).max(64) }), response: { 200: ZCheckMfIdResponse } } },
    async (request) => checkMfId(ctx, request.params.id),
  );

  app.post(
    '/v1/user/password/forgot',
    {
      schema: { tags, body: ZForgotPasswordRequest, response: { 200: ZActionResponse } },
      config: rateLimited(config, { max: 5 }),
    },
    async (request) => {
      await forgotPassword(ctx, request.body, languageFromAcceptLanguage(request.headers['accept-language']));
      return done('If an account uses this address, a reset link is on its way');
    },
  );

  app.post(
    '/v1/user/password/reset',
    {
      schema: { tags, body: ZResetPasswordRequest, response: { 200: ZActionResponse } },
      config: rateLimited(config, { max: 10 }),
    },
    async (request) => {
      await resetPassword(ctx, request.body);
      return done('password successfully updated');
    },
  );

  app.post(
    '/v1/user/sign-in',
    {
      schema: { tags, body: ZSignInRequest, response: { 200: ZSignInResponse } },
      config: rateLimited(config, { max: 10, perIpAnd: usernameOf }),
    },
    async (request) => signIn(ctx, request.body),
  );

  app.post(
    '/refresh-token',
    { schema: { tags, headers: ZRefreshTokenHeaders, response: { 200: ZRefreshTokenResponse } } },
    async (request) => refreshSession(ctx, request.headers[REFRESH_TOKEN_HEADER]),
  );

  app.put(
    '/v1/user/:id/password',
    {
      schema: { tags, security: [{ bearer: [] }], params: ZUserIdParams, body: ZChangePasswordRequest, response: { 200: ZActionResponse } },
      preHandler: app.authenticate,
    },
    async (request) => {
      assertSelf(request, request.params.id);
      const presented = request.headers[REFRESH_TOKEN_HEADER];
      await changePassword(ctx, request.params.id, request.body, typeof presented === 'string' ? presented : undefined);
      return done('password successfully updated');
    },
  );
};
