import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  REFRESH_TOKEN_HEADER,
  ZChangePasswordRequest,
  ZCheckMfIdResponse,
  ZConfirmEmailChangeRequest,
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
import { currentUser } from '../../plugins/authentication';
import { publicUrlOf } from '../../lib/public-url';
import { accountLimits, bodyField, clientIp, rateLimited } from '../../plugins/rate-limit';
import { getMailer } from '../mail/mailer';
import { getMailQueue } from '../mail/mail-queue';
import { languageFromAcceptLanguage } from '@contrail/domain/common/language';
import { emailChangeConfirmationMail, emailChangeNoticeMail, emailVerificationMail, passwordResetMail } from '../mail/mail-templates';
import {
  changePassword,
  checkMfId,
  confirmEmailChange,
  forgotPassword,
  refreshSession,
  resendEmailVerification,
  resetPassword,
  signIn,
  signOut,
  signOutEverywhere,
  signUp,
  validateEmail,
  type AuthContext,
} from './auth.service';

const MINUTE_MS = 60_000;

const done = (message: string): TActionResponse => ({ success: true, message, errorCode: null });

const usernameOrUndefined = bodyField('username');
const usernameOf = (request: FastifyRequest): string => usernameOrUndefined(request) ?? '';

/** The auth use cases' context: the app's mailer and the mail module's templates. Call at registration. */
export const authContextFor = (app: FastifyInstance): AuthContext => {
  const mailer = getMailer(app);
  const queue = getMailQueue(app);
  return {
    deps: app.deps,
    accessTokens: app.accessTokens,
    sendMail: (message) => mailer.send(message),
    enqueue: (label, job) => queue.enqueue(label, job),
    templates: {
      emailVerification: emailVerificationMail,
      passwordReset: passwordResetMail,
      emailChange: emailChangeConfirmationMail,
      emailChangeNotice: emailChangeNoticeMail,
    },
    log: app.log,
  };
};

/** Accounts and sessions, spec section 7 "Auth and user". Mounted under /api. */
export const authModule: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = authContextFor(app);
  const { config } = app.deps;
  // Mails sent while answering a request link to the address it was served on (unless PUBLIC_URL is set).
  const ctxFor = (request: FastifyRequest): AuthContext => ({ ...ctx, publicUrl: publicUrlOf(request, config) });
  const tags = ['auth'];

  // Limits beyond one address (docs/decisions/0024-security-threat-model.md): guessing one account's
  // password from many addresses, spraying one password over many accounts from one address, and
  // flooding one account with mails or tokens.
  const signInLimits = accountLimits(app, [
    { name: 'sign-in:account', max: 30, windowMs: 15 * MINUTE_MS, key: usernameOrUndefined },
    { name: 'sign-in:address', max: 30, windowMs: 10 * MINUTE_MS, key: clientIp },
  ]);
  const checkMfIdLimits = accountLimits(app, [{ name: 'check-mf-id:address', max: 30, windowMs: MINUTE_MS, key: clientIp }]);
  const validateLimits = accountLimits(app, [{ name: 'email-validate:address', max: 10, windowMs: MINUTE_MS, key: clientIp }]);
  const forgotLimits = accountLimits(app, [{ name: 'forgot:email', max: 3, windowMs: 15 * MINUTE_MS, key: bodyField('email') }]);
  const resetLimits = accountLimits(app, [{ name: 'reset:token', max: 5, windowMs: 15 * MINUTE_MS, key: bodyField('token') }]);
  const passwordChangeLimits = accountLimits(app, [
    { name: 'password-change:account', max: 5, windowMs: 15 * MINUTE_MS, key: (request) => request.authUser?.id },
    { name: 'password-change:address', max: 10, windowMs: MINUTE_MS, key: clientIp },
  ]);

  app.post(
    '/v1/user/sign-up',
    {
      schema: { tags, body: ZSignUpRequest, response: { 201: ZActionResponse } },
      config: rateLimited(config, { max: 5 }),
    },
    async (request, reply) => {
      await signUp(ctxFor(request), request.body, languageFromAcceptLanguage(request.headers['accept-language']));
      return reply.status(201).send(done('Account created: check your email to verify your address'));
    },
  );

  app.post(
    '/v1/user/email/validate',
    { schema: { tags, body: ZEmailValidateRequest, response: { 200: ZActionResponse } }, preHandler: validateLimits },
    async (request) => {
      await validateEmail(ctx, request.body.mfid);
      return done('Email verified');
    },
  );

  app.post(
    '/v1/user/email/change/confirm',
    { schema: { tags, body: ZConfirmEmailChangeRequest, response: { 200: ZActionResponse } }, preHandler: validateLimits },
    async (request) => {
      await confirmEmailChange(ctx, request.body.token);
      return done('Email address changed');
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
      await resendEmailVerification(ctxFor(request), currentUser(request).id, languageFromAcceptLanguage(request.headers['accept-language']));
      return done('Verification email sent');
    },
  );

  app.get(
    '/v1/user/check-mf-id/:id',
    {
      schema: { tags, params: z.object({ id: z.string().trim().min(1).max(64) }), response: { 200: ZCheckMfIdResponse } },
      preHandler: checkMfIdLimits,
    },
    async (request) => checkMfId(ctx, request.params.id),
  );

  app.post(
    '/v1/user/password/forgot',
    {
      schema: { tags, body: ZForgotPasswordRequest, response: { 200: ZActionResponse } },
      config: rateLimited(config, { max: 5 }),
      preHandler: forgotLimits,
    },
    async (request) => {
      await forgotPassword(ctxFor(request), request.body, languageFromAcceptLanguage(request.headers['accept-language']));
      return done('If an account uses this address, a reset link is on its way');
    },
  );

  app.post(
    '/v1/user/password/reset',
    {
      schema: { tags, body: ZResetPasswordRequest, response: { 200: ZActionResponse } },
      config: rateLimited(config, { max: 10 }),
      preHandler: resetLimits,
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
      preHandler: signInLimits,
    },
    async (request) => signIn(ctx, request.body),
  );

  app.post(
    '/refresh-token',
    { schema: { tags, headers: ZRefreshTokenHeaders, response: { 200: ZRefreshTokenResponse } } },
    async (request) => refreshSession(ctx, request.headers[REFRESH_TOKEN_HEADER]),
  );

  app.post(
    '/v1/user/sign-out',
    { schema: { tags, headers: ZRefreshTokenHeaders, response: { 200: ZActionResponse } } },
    async (request) => {
      await signOut(ctx, request.headers[REFRESH_TOKEN_HEADER]);
      return done('Signed out');
    },
  );

  app.post(
    '/v1/user/sign-out-everywhere',
    { schema: { tags, security: [{ bearer: [] }], response: { 200: ZActionResponse } }, preHandler: app.authenticate },
    async (request) => {
      await signOutEverywhere(ctx, currentUser(request).id);
      return done('Signed out on every device');
    },
  );

  app.put(
    '/v1/user/:id/password',
    {
      schema: { tags, security: [{ bearer: [] }], params: ZUserIdParams, body: ZChangePasswordRequest, response: { 200: ZActionResponse } },
      preHandler: [app.authenticate, passwordChangeLimits],
    },
    async (request) => {
      const presented = request.headers[REFRESH_TOKEN_HEADER];
      await changePassword(ctx, currentUser(request), request.params.id, request.body, typeof presented === 'string' ? presented : undefined);
      return done('password successfully updated');
    },
  );
};
