import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  EMAIL_CHANGE_TOKEN_TTL_HOURS,
  EMAIL_VERIFICATION_TOKEN_TTL_HOURS,
  PASSWORD_RESET_TOKEN_TTL_MINUTES,
  type TChangePasswordRequest,
  type TCheckMfIdResponse,
  type TForgotPasswordRequest,
  type TResetPasswordRequest,
  type TSignInRequest,
  type TSignInResponse,
  type TSignUpRequest,
} from '@contrail/domain/auth/auth-contract';
import type { Language } from '@contrail/domain/common/language';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import type { AppDeps } from '../../app-deps';
import type { DbExecutor } from '../../db/database';
import type { UserTokenPurpose } from './auth.schema';
import type { AccessTokens } from '../../plugins/authentication';
import {
  claimRefreshToken,
  claimUserToken,
  findRefreshTokenByHash,
  findUserTokenByHash,
  insertRefreshToken,
  insertUserToken,
  retireUserTokens,
  revokeRefreshFamily,
  retireAccountTakeoverTokens,
  revokeUserRefreshTokens,
} from './auth.repository';
import {
  applyEmailChange,
  findUserById,
  findUserByLogin,
  findUserByMfIdOrUserName,
  findUserByEmail,
  insertUser,
  isEmailTaken,
  isUserNameTaken,
  markEmailVerified,
  uniqueViolationOf,
  updatePasswordHash,
  type UserRow,
} from '../user/user-account.service';
import { generateMfId, generateOpaqueToken, hashToken } from './opaque-token';
import { currentSessionGeneration, endAccessTokens } from './session-generation';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password-hashing';
import { assertPasswordPolicy } from './password-policy';
import type { AccountMailInput } from '../mail/mail-templates';
import { requireAccess, type Caller } from '../access/access.service';

type MailMessage = { to: string; subject: string; text: string; html: string };

/** What the auth use cases need; the route file assembles it (mailer and templates come from the mail module). */
export type AuthContext = {
  deps: Pick<AppDeps, 'config' | 'db' | 'clock'>;
  accessTokens: AccessTokens;
  sendMail: (message: MailMessage) => Promise<void>;
  /** Runs a job after the answer has left (the app's mail queue); its failures are logged there. */
  enqueue: (label: string, job: () => Promise<void>) => void;
  templates: {
    emailVerification: (input: AccountMailInput) => MailMessage;
    passwordReset: (input: AccountMailInput) => MailMessage;
    emailChange: (input: AccountMailInput) => MailMessage;
    emailChangeNotice: (input: { to: string; userName: string; newEmail: string; language: Language }) => MailMessage;
  };
  log: FastifyBaseLogger;
  /** Base URL of this request's mail links (lib/public-url.ts); the configured PUBLIC_URL when absent. */
  publicUrl?: string;
  /**
   * Closes the user's live channels (on every instance) opened with tokens older than
   * `generation`; called once their sessions were ended. Absent where nothing is live.
   */
  closeLiveChannels?: (userId: string, generation: number) => void;
};

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const MF_ID_ATTEMPTS = 5;

const invalidToken = (message = 'This link is invalid or was already used') => new AppError(ErrorCode.invalidToken, message);
const tokenExpired = (message = 'This link has expired') => new AppError(ErrorCode.tokenExpired, message);
const invalidCredentials = () => new AppError(ErrorCode.invalidCredentials, 'Wrong username or password', 'username');
const invalidRefreshToken = () => new AppError(ErrorCode.invalidToken, 'Invalid refresh token', { token: 'session' });

const linkBaseOf = (ctx: AuthContext): string => ctx.publicUrl ?? ctx.deps.config.PUBLIC_URL;

/** `${PUBLIC_URL}/path?token=...`, keeping any base path PUBLIC_URL has. */
export const publicLink = (publicUrl: string, pagePath: string, token: string): string => {
  const base = publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`;
  const url = new URL(pagePath.replace(/^\//, ''), base);
  url.searchParams.set('token', token);
  return url.toString();
};

/**
 * The reset link: the client's `url` when it lies under PUBLIC_URL (same origin and path prefix),
 * otherwise `${PUBLIC_URL}/reset-password`. Anything else is ignored so the mail can never send a
 * user's token to another site.
 */
export const resetLinkFor = (publicUrl: string, requestedUrl: string | null | undefined, token: string): string => {
  const fallback = publicLink(publicUrl, '/reset-password', token);
  if (!requestedUrl) return fallback;
  let requested: URL;
  try {
    requested = new URL(requestedUrl);
  } catch {
    return fallback;
  }
  const base = new URL(publicUrl);
  const basePath = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`;
  const isUnderPublicUrl =
    requested.origin === base.origin &&
    (requested.pathname === base.pathname || requested.pathname.startsWith(basePath)) &&
    !requested.username &&
    !requested.password;
  if (!isUnderPublicUrl) return fallback;
  requested.hash = '';
  requested.searchParams.set('token', token);
  return requested.toString();
};

/** Creates a single-use token for the user, retiring older ones of the same purpose. Returns the token. */
const issueUserToken = async (
  ctx: AuthContext,
  /** `email` is the address the token is mailed to (for an email change, the new one). */
  user: Pick<UserRow, 'id' | 'email'>,
  purpose: UserTokenPurpose,
  ttlMs: number,
): Promise<string> => {
  const { db, clock } = ctx.deps;
  const now = clock.now();
  const token = generateOpaqueToken();
  await db.transaction(async (tx) => {
    await retireUserTokens(tx, user.id, purpose, now);
    await insertUserToken(tx, {
      userId: user.id,
      purpose,
      tokenHash: hashToken(token),
      email: user.email,
      expiresAt: new Date(now.getTime() + ttlMs),
      createdAt: now,
    });
  });
  return token;
};

/**
 * Issues an email-verification token and mails the link `${PUBLIC_URL}/verify-email?token=...`.
 * Rejects when the mail cannot be sent.
 */
export const sendEmailVerification = async (ctx: AuthContext, user: Pick<UserRow, 'id' | 'email' | 'userName'>, language: Language): Promise<void> => {
  const token = await issueUserToken(ctx, user, 'EMAIL_VERIFICATION', EMAIL_VERIFICATION_TOKEN_TTL_HOURS * HOUR_MS);
  const link = publicLink(linkBaseOf(ctx), '/verify-email', token);
  await ctx.sendMail(ctx.templates.emailVerification({ to: user.email, userName: user.userName, link, language }));
};

/** Like {@link sendEmailVerification}, but a mail failure is logged, not thrown: the user can ask again. */
export const trySendEmailVerification = async (ctx: AuthContext, user: Pick<UserRow, 'id' | 'email' | 'userName'>, language: Language): Promise<void> => {
  try {
    await sendEmailVerification(ctx, user, language);
  } catch (error) {
    ctx.log.warn({ err: error, userId: user.id }, 'verification mail could not be sent; the user can resend it');
  }
};

/** Signs the user in: a short-lived access token and a new refresh-token family (or the next token of `familyId`). */
const issueSession = async (ctx: AuthContext, user: Pick<UserRow, 'id' | 'userName'>, familyId: string = randomUUID()): Promise<TSignInResponse> => {
  const { db, clock, config } = ctx.deps;
  const now = clock.now();
  const refreshToken = generateOpaqueToken();
  await insertRefreshToken(db, {
    userId: user.id,
    familyId,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(now.getTime() + config.REFRESH_TOKEN_TTL_SECONDS * 1000),
    createdAt: now,
  });
  const access = await ctx.accessTokens.issue({ id: user.id, userName: user.userName }, now, await currentSessionGeneration(db, user.id));
  return { token: access.token, expiredAt: access.expiredAt.toISOString(), refreshToken };
};

/** POST /v1/user/sign-up; the verification mail is in `language`. */
export const signUp = async (ctx: AuthContext, request: TSignUpRequest, language: Language): Promise<UserRow> => {
  const { db, clock } = ctx.deps;
  assertPasswordPolicy(request.password, request.username);
  if (await isUserNameTaken(db, request.username)) throw usernameTaken();
  if (await isEmailTaken(db, request.email)) throw emailTaken();
  const sponsorCode = request.mfIdParrain?.trim();
  let sponsorId: string | null = null;
  if (sponsorCode) {
    const sponsor = await findUserByMfIdOrUserName(db, sponsorCode);
    if (!sponsor) throw new AppError(ErrorCode.sponsorNotFound, `Sponsor ${sponsorCode} not found`, 'mfIdParrain');
    sponsorId = sponsor.id;
  }
  const passwordHash = await hashPassword(request.password);

  let user: UserRow | undefined;
  for (let attempt = 1; !user; attempt += 1) {
    try {
      user = await insertUser(db, { userName: request.username, email: request.email, passwordHash, mfId: generateMfId(), sponsorId, now: clock.now() });
    } catch (error) {
      // A concurrent sign-up may have taken the name or address between the check and the insert.
      const constraint = uniqueViolationOf(error);
      if (constraint === 'users_user_name_lower_idx') throw usernameTaken();
      if (constraint === 'users_email_idx') throw emailTaken();
      if (constraint === 'users_mf_id_idx' && attempt < MF_ID_ATTEMPTS) continue;
      throw error;
    }
  }
  await trySendEmailVerification(ctx, user, language);
  return user;
};

export const usernameTaken = () => new AppError(ErrorCode.usernameTaken, 'This username is already taken', 'username');
export const emailTaken = () => new AppError(ErrorCode.emailTaken, 'An account already uses this email', 'email');

/** POST /v1/user/email/validate: consumes the verification token. */
export const validateEmail = async (ctx: AuthContext, token: string): Promise<void> => {
  const { db, clock } = ctx.deps;
  const now = clock.now();
  const row = await findUserTokenByHash(db, 'EMAIL_VERIFICATION', hashToken(token));
  if (!row || row.usedAt) throw invalidToken();
  if (row.expiresAt.getTime() <= now.getTime()) throw tokenExpired('This verification link has expired: ask for a new one');
  await db.transaction(async (tx) => {
    if (!(await claimUserToken(tx, row.id, now))) throw invalidToken();
    // The link verifies the address it was sent to; after an email change it is worthless.
    if (!(await markEmailVerified(tx, row.userId, row.email, now))) throw invalidToken();
  });
};

/**
 * Asked from the profile form (the caller has already given the current password): mails a
 * confirmation link to the NEW address and a notice to the current one. The address changes only
 * when the link is followed ({@link confirmEmailChange}); a newer request retires older links.
 */
export const requestEmailChange = async (
  ctx: AuthContext,
  user: Pick<UserRow, 'id' | 'email' | 'userName'>,
  newEmail: string,
  language: Language,
): Promise<void> => {
  const token = await issueUserToken(ctx, { id: user.id, email: newEmail }, 'EMAIL_CHANGE', EMAIL_CHANGE_TOKEN_TTL_HOURS * HOUR_MS);
  const link = publicLink(linkBaseOf(ctx), '/confirm-email-change', token);
  await ctx.sendMail(ctx.templates.emailChange({ to: newEmail, userName: user.userName, link, language }));
  try {
    await ctx.sendMail(ctx.templates.emailChangeNotice({ to: user.email, userName: user.userName, newEmail, language }));
  } catch (error) {
    ctx.log.warn({ err: error, userId: user.id }, 'email change notice to the old address could not be sent');
  }
};

/** POST /v1/user/email/change/confirm: consumes the token and moves the account to the address it was mailed to. */
export const confirmEmailChange = async (ctx: AuthContext, token: string): Promise<void> => {
  const { db, clock } = ctx.deps;
  const now = clock.now();
  const row = await findUserTokenByHash(db, 'EMAIL_CHANGE', hashToken(token));
  if (!row || row.usedAt) throw invalidToken();
  if (row.expiresAt.getTime() <= now.getTime()) throw tokenExpired('This confirmation link has expired: change your email again from your profile');
  if (await isEmailTaken(db, row.email)) throw emailTaken();
  try {
    await db.transaction(async (tx) => {
      if (!(await claimUserToken(tx, row.id, now))) throw invalidToken();
      if (!(await applyEmailChange(tx, row.userId, row.email, now))) throw invalidToken();
      // Verification links mailed to the old address are worthless now.
      await retireUserTokens(tx, row.userId, 'EMAIL_VERIFICATION', now);
    });
  } catch (error) {
    if (uniqueViolationOf(error) === 'users_email_idx') throw emailTaken();
    throw error;
  }
};

/** POST /v1/user/email/resend. */
export const resendEmailVerification = async (ctx: AuthContext, userId: string, language: Language): Promise<void> => {
  const user = await findUserById(ctx.deps.db, userId);
  if (!user) throw new AppError(ErrorCode.unauthorized, 'Authentication required');
  if (user.emailVerified) throw new AppError(ErrorCode.conflict, 'Your email address is already verified');
  try {
    await sendEmailVerification(ctx, user, language);
  } catch (error) {
    ctx.log.warn({ err: error, userId }, 'verification mail could not be sent');
    throw new AppError(ErrorCode.internal, 'The email could not be sent, please try again later');
  }
};

/** GET /v1/user/check-mf-id/{id}: whether a sponsor code (mfId or username) names a member. */
export const checkMfId = async (ctx: AuthContext, code: string): Promise<TCheckMfIdResponse> => {
  const user = await findUserByMfIdOrUserName(ctx.deps.db, code);
  return { exists: user !== undefined, userName: user?.userName ?? null };
};

/**
 * POST /v1/user/password/forgot: mails a reset link if the address has an account; says nothing
 * either way. Known and unknown addresses take the same path before the answer (one lookup, one
 * queued job): the token, its row and the SMTP round trip happen in the job, after the answer, so
 * neither the answer nor its timing tells whether the address has an account.
 */
export const forgotPassword = async (ctx: AuthContext, request: TForgotPasswordRequest, language: Language): Promise<void> => {
  const user = await findUserByEmail(ctx.deps.db, request.email);
  ctx.enqueue('password-reset-mail', async () => {
    if (!user) {
      ctx.log.info('password reset asked for an address without an account');
      return;
    }
    const token = await issueUserToken(ctx, user, 'PASSWORD_RESET', PASSWORD_RESET_TOKEN_TTL_MINUTES * MINUTE_MS);
    const link = resetLinkFor(linkBaseOf(ctx), request.url, token);
    await ctx.sendMail(ctx.templates.passwordReset({ to: user.email, userName: user.userName, link, language }));
  });
};

/**
 * Ends the user's sessions, in the caller's transaction: every refresh-token family but
 * `keepFamilyId`, every access token issued so far, and every pending email-change and reset link
 * (someone signed out must not keep a way back in). Returns the new session generation.
 */
const endSessions = async (tx: DbExecutor, userId: string, now: Date, keepFamilyId?: string): Promise<number> => {
  await revokeUserRefreshTokens(tx, userId, now, keepFamilyId);
  await retireAccountTakeoverTokens(tx, userId, now);
  return endAccessTokens(tx, userId, now);
};

/** After the commit: live channels opened with the ended tokens close (a failure is logged; their tokens are refused anyway). */
const closeLiveChannels = (ctx: AuthContext, userId: string, generation: number): void => {
  try {
    ctx.closeLiveChannels?.(userId, generation);
  } catch (error) {
    ctx.log.warn({ err: error, userId }, 'live channels of ended sessions could not be closed');
  }
};

/** POST /v1/user/password/reset: consumes the token, sets the password and ends every session. */
export const resetPassword = async (ctx: AuthContext, request: TResetPasswordRequest): Promise<void> => {
  const { db, clock } = ctx.deps;
  const row = await findUserTokenByHash(db, 'PASSWORD_RESET', hashToken(request.token));
  if (!row || row.usedAt) throw invalidToken('This reset link is invalid or was already used');
  if (row.expiresAt.getTime() <= clock.now().getTime()) throw tokenExpired('This reset link has expired: ask for a new one');
  const owner = await findUserById(db, row.userId);
  if (!owner) throw invalidToken('This reset link is invalid or was already used');
  assertPasswordPolicy(request.password, owner.userName);
  const passwordHash = await hashPassword(request.password);
  const now = clock.now();
  const generation = await db.transaction(async (tx) => {
    if (!(await claimUserToken(tx, row.id, now))) throw invalidToken('This reset link is invalid or was already used');
    await updatePasswordHash(tx, row.userId, passwordHash, now);
    // Following a link mailed to the account's address proves the address.
    await markEmailVerified(tx, row.userId, row.email, now);
    return endSessions(tx, row.userId, now);
  });
  closeLiveChannels(ctx, row.userId, generation);
};

/** POST /v1/user/sign-in: username or email, and password. Unverified accounts may sign in. */
export const signIn = async (ctx: AuthContext, request: TSignInRequest): Promise<TSignInResponse> => {
  const user = await findUserByLogin(ctx.deps.db, request.username);
  const isValid = user ? await verifyPassword(user.passwordHash, request.password) : await verifyAgainstDummy(request.password);
  if (!user || !isValid) throw invalidCredentials();
  return issueSession(ctx, user);
};

/**
 * POST /refresh-token: exchanges a refresh token for a new access token and the next refresh token
 * of the same family. A token presented twice revokes its family (someone else holds a copy).
 */
export const refreshSession = async (ctx: AuthContext, refreshToken: string): Promise<TSignInResponse> => {
  const { db, clock } = ctx.deps;
  const now = clock.now();
  const row = await findRefreshTokenByHash(db, hashToken(refreshToken));
  if (!row || row.revokedAt) throw invalidRefreshToken();
  const reused = () => new AppError(ErrorCode.refreshTokenReused, 'This session was ended because its refresh token was used twice');
  if (row.usedAt) {
    await revokeRefreshFamily(db, row.familyId, now);
    ctx.log.warn({ userId: row.userId, familyId: row.familyId }, 'refresh token reused: family revoked');
    throw reused();
  }
  if (row.expiresAt.getTime() <= now.getTime()) throw new AppError(ErrorCode.tokenExpired, 'Session expired', { token: 'session' });
  if (!(await claimRefreshToken(db, row.id, now))) {
    await revokeRefreshFamily(db, row.familyId, now);
    throw reused();
  }
  const user = await findUserById(db, row.userId);
  if (!user) throw invalidRefreshToken();
  return issueSession(ctx, user, row.familyId);
};

/**
 * PUT /v1/user/{id}/password (the caller's own account only). Ends the user's other
 * sessions; the session whose refresh token came with the request (header `refresh-token`) is kept.
 */
export const changePassword = async (
  ctx: AuthContext,
  caller: Caller,
  userId: string,
  request: TChangePasswordRequest,
  presentedRefreshToken: string | undefined,
): Promise<void> => {
  const { db, clock } = ctx.deps;
  await requireAccess(db, caller, 'user.password.change', { userId });
  const user = await findUserById(db, userId);
  if (!user) throw new AppError(ErrorCode.notFound, 'User not found');
  if (!(await verifyPassword(user.passwordHash, request.currentPassword))) {
    throw new AppError(ErrorCode.wrongPassword, 'The current password is wrong', 'currentPassword');
  }
  assertPasswordPolicy(request.newPassword, user.userName, 'newPassword');
  const passwordHash = await hashPassword(request.newPassword);
  const presented = presentedRefreshToken ? await findRefreshTokenByHash(db, hashToken(presentedRefreshToken)) : undefined;
  const keepFamilyId = presented && presented.userId === userId && !presented.revokedAt ? presented.familyId : undefined;
  const now = clock.now();
  const generation = await db.transaction(async (tx) => {
    await updatePasswordHash(tx, userId, passwordHash, now);
    // Access tokens issued before the change stop too; the kept session refreshes into a new one.
    return endSessions(tx, userId, now, keepFamilyId);
  });
  closeLiveChannels(ctx, userId, generation);
};

/**
 * POST /v1/user/sign-out: ends the session of the presented refresh token (its whole family). Says
 * nothing about a token it does not know, so it cannot be used to test tokens.
 */
export const signOut = async (ctx: AuthContext, refreshToken: string): Promise<void> => {
  const { db, clock } = ctx.deps;
  const row = await findRefreshTokenByHash(db, hashToken(refreshToken));
  if (row) await revokeRefreshFamily(db, row.familyId, clock.now());
};

/** POST /v1/user/sign-out-everywhere: ends every session of the user, every access token issued so far and every pending link. */
export const signOutEverywhere = async (ctx: AuthContext, userId: string): Promise<void> => {
  const { db, clock } = ctx.deps;
  const now = clock.now();
  const generation = await db.transaction(async (tx) => endSessions(tx, userId, now));
  closeLiveChannels(ctx, userId, generation);
};
