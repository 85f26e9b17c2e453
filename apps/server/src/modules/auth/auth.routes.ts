import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { REFRESH_TOKEN_HEADER, ZRefreshTokenHeaders, ZRefreshTokenResponse } from '@contrail/domain/auth/auth-contract';
import { authRoutes as routes } from '@contrail/domain/auth/auth-routes';
import { ZActionResponse, type TActionResponse } from '@contrail/domain/common/action-response';
import { serveRoute } from '../../lib/serve-route';
import { currentUser } from '../../plugins/authentication';
import { publicUrlOf } from '../../lib/public-url';
import { accountLimits, bodyField, clientIp, rateLimited } from '../../plugins/rate-limit';
import type { AppDeps } from '../../app-deps';
import { findUserByLogin } from '../user/user-account.service';
import { closeChannelsOfEndedSessions } from '../live/socket-authentication';
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

const typedLogin = bodyField('username');

/**
 * The sign-in limits' key for the account a typed login names, so its username (any case) and its
 * email address draw on one budget. A login naming no account keeps a key of its own: probing
 * names is limited as guessing is. Looked up once per request.
 */
const signInAccountKeyOf = (db: AppDeps['db']) => {
  const keys = new WeakMap<FastifyRequest, Promise<string | undefined>>();
  const lookUp = async (login: string | undefined): Promise<string | undefined> => {
    if (login === undefined) return undefined;
    const account = await findUserByLogin(db, login);
    return account ? `account:${account.id}` : `login:${login}`;
  };
  return (request: FastifyRequest): Promise<string | undefined> => {
    let key = keys.get(request);
    if (!key) {
      key = lookUp(typedLogin(request));
      keys.set(request, key);
    }
    return key;
  };
};

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
    closeLiveChannels: (userId, generation) => closeChannelsOfEndedSessions(app.live.io, userId, generation),
  };
};

/** Accounts and sessions. Mounted under /api. */
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
  const signInAccountKey = signInAccountKeyOf(app.deps.db);
  const signInLimits = accountLimits(app, [
    { name: 'sign-in:account', max: 30, windowMs: 15 * MINUTE_MS, key: signInAccountKey },
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

  serveRoute(
    app,
    routes.signUp,
    async (request) => {
      await signUp(ctxFor(request), request.body, languageFromAcceptLanguage(request.headers['accept-language']));
      return done('Account created: check your email to verify your address');
    },
    { config: rateLimited(config, { max: 5 }) },
  );

  serveRoute(
    app,
    routes.validateEmail,
    async (request) => {
      await validateEmail(ctx, request.body.mfid);
      return done('Email verified');
    },
    { preHandler: validateLimits },
  );

  serveRoute(
    app,
    routes.confirmEmailChange,
    async (request) => {
      await confirmEmailChange(ctx, request.body.token);
      return done('Email address changed');
    },
    { preHandler: validateLimits },
  );

  serveRoute(
    app,
    routes.resendEmailVerification,
    async (request) => {
      await resendEmailVerification(ctxFor(request), currentUser(request).id, languageFromAcceptLanguage(request.headers['accept-language']));
      return done('Verification email sent');
    },
    { config: rateLimited(config, { max: 5 }) },
  );

  serveRoute(app, routes.checkMfId, async (request) => checkMfId(ctx, request.params.id), { preHandler: checkMfIdLimits });

  serveRoute(
    app,
    routes.forgotPassword,
    async (request) => {
      await forgotPassword(ctxFor(request), request.body, languageFromAcceptLanguage(request.headers['accept-language']));
      return done('If an account uses this address, a reset link is on its way');
    },
    { config: rateLimited(config, { max: 5 }), preHandler: forgotLimits },
  );

  serveRoute(
    app,
    routes.resetPassword,
    async (request) => {
      await resetPassword(ctx, request.body);
      return done('password successfully updated');
    },
    { config: rateLimited(config, { max: 10 }), preHandler: resetLimits },
  );

  serveRoute(app, routes.signIn, async (request) => signIn(ctx, request.body), {
    config: rateLimited(config, { max: 10, perIpAnd: async (request) => (await signInAccountKey(request)) ?? '' }),
    preHandler: signInLimits,
  });

  // Not declared: the refresh token travels in a header, which a declaration does not carry.
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

  serveRoute(app, routes.signOutEverywhere, async (request) => {
    await signOutEverywhere(ctx, currentUser(request).id);
    return done('Signed out on every device');
  });

  serveRoute(
    app,
    routes.changePassword,
    async (request) => {
      const presented = request.headers[REFRESH_TOKEN_HEADER];
      await changePassword(ctx, currentUser(request), request.params.id, request.body, typeof presented === 'string' ? presented : undefined);
      return done('password successfully updated');
    },
    { preHandler: passwordChangeLimits },
  );
};
