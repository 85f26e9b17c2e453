import { timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '@contrail/domain/common/language';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import { FLIGHT_DURATION_LIMIT_HOURS, MONTHLY_LIMIT_HOURS } from '@contrail/domain/user/flight-time-rules';
import { freemiumMissionsRemaining } from '@contrail/domain/user/pilot-tier';
import type {
  TFlightTimes,
  TSimulationInformationRequest,
  TUserInformation,
  ZUpdateUserInformationRequest,
} from '@contrail/domain/user/user-contract';
import type { ZStartCareerRequest } from '@contrail/domain/user/career-contract';
import { ZSimulationInformationRequest } from '@contrail/domain/user/user-contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { DbExecutor } from '../../db/database';
import { airportExists } from '../airport/airport.service';
import { sumFlightHoursSince } from '../flight-log/flight-log.service';
import { countMissionsThisMonth } from '../mission/mission.service';
import { listActiveSubscriptions } from '../subscription/subscription.service';
import {
  findUserById,
  isEmailTakenByOther,
  isUserNameTakenByOther,
  uniqueViolationOf,
  updateUser,
  type UserPatch,
  type UserRow,
} from './user.repository';
import { requireAccess, type Caller } from '../access/access.service';
import { verifyPassword } from '../auth/password-hashing';
import { decodePhotoDataUrl, photoVersion, profilePhotoUrl } from './profile-photo';

/** A profile form once validated by ZUpdateUserInformationRequest: undefined = unchanged, null = cleared. */
export type ProfileChanges = z.output<typeof ZUpdateUserInformationRequest>;

export type UserContext = {
  deps: Pick<AppDeps, 'config' | 'db' | 'clock'>;
  /** Mails a verification link to the user's (new) address, in `language`; failures are the caller's to log. */
  sendEmailVerification: (user: Pick<UserRow, 'id' | 'email' | 'userName'>, language: Language) => Promise<void>;
  /** Mails the confirmation link to the new address and a notice to the current one; rejects when the link cannot be sent. */
  requestEmailChange: (user: Pick<UserRow, 'id' | 'email' | 'userName'>, newEmail: string, language: Language) => Promise<void>;
  log: FastifyBaseLogger;
};

/**
 * The "verified only" guard: paying and creating an airline need a verified email address.
 * Throws 403 EMAIL_NOT_VERIFIED otherwise.
 */
export const assertVerified = (user: { emailVerified: boolean }): void => {
  if (!user.emailVerified) {
    throw new AppError(ErrorCode.emailNotVerified, 'Please verify your email address first');
  }
};

/** assertVerified for the user behind a request (who pays, or creates an airline), read afresh. */
export const assertUserVerified = async (db: DbExecutor, userId: string): Promise<void> => {
  const user = await findUserById(db, userId);
  if (!user) throw userNotFound();
  assertVerified(user);
};

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** English country name for an ISO 3166-1 alpha-2 code, or null. */
const countryNameOf = (iso: string | null): string | null => {
  if (!iso) return null;
  try {
    return regionNames.of(iso) ?? null;
  } catch {
    return null;
  }
};

const userNotFound = () => new AppError(ErrorCode.notFound, 'User not found');

const loadUser = async (ctx: UserContext, userId: string): Promise<UserRow> => {
  const user = await findUserById(ctx.deps.db, userId);
  if (!user) throw userNotFound();
  return user;
};

/** The User entity as the API returns it (only active subscriptions). */
export const toUserInformation = async (ctx: UserContext, user: UserRow): Promise<TUserInformation> => {
  const now = ctx.deps.clock.now();
  const subscriptions = await listActiveSubscriptions(ctx.deps.db, user.id, now);
  // The month's missions are the ones started in the mission module (cancelled ones give their
  // slot back); the stored column is kept as a floor for accounts set up before that count.
  const missionsThisMonth = Math.max(user.nbMissionsCurrentMonth, await countMissionsThisMonth(ctx.deps.db, user.id, now));
  return {
    id: user.id,
    userName: user.userName,
    mfId: user.mfId,
    email: user.email,
    emailVerified: user.emailVerified,
    displayName: user.displayName,
    careerStarted: user.careerStarted,
    // A URL, not the image: the answer stays small and the browser caches the photo.
    photo: profilePhotoUrl(user.id, user.photo),
    simbrief: user.simbrief,
    vatsim: user.vatsim,
    ivao: user.ivao,
    wallet: { mfc: user.walletMfc, miles: user.walletMiles, xp: user.walletXp },
    subscriptions: subscriptions.map((subscription) => ({
      code: subscription.code,
      endDate: subscription.endDate?.toISOString() ?? null,
    })),
    firstName: user.firstName,
    lastName: user.lastName,
    city: user.city,
    country: user.country,
    countryName: countryNameOf(user.country),
    dateOfBirth: user.dateOfBirth,
    // The airport's label comes with the airport module; the ident is enough to place the pilot.
    lastLocation: user.lastLocationIdent ? { ident: user.lastLocationIdent, label: null } : null,
    level: user.level,
    numberOfFlight: user.numberOfFlight,
    flightHours: user.flightHours,
    nbMissionsCurrentMonth: missionsThisMonth,
    nbFreemiumMissionRemaining: freemiumMissionsRemaining(missionsThisMonth),
    nextRemuneration: user.nextRemuneration?.toISOString() ?? null,
    afrvId: user.afrvId,
    afrvFlag: user.afrvFlag,
    afrvKey: user.afrvKey,
    createdAt: user.createdAt.toISOString(),
  };
};

/** GET /v1/user/[{id}/]information: the caller's own only. */
export const getUserInformation = async (ctx: UserContext, caller: Caller, userId: string): Promise<TUserInformation> => {
  await requireAccess(ctx.deps.db, caller, 'user.profile.read', { userId });
  return toUserInformation(ctx, await loadUser(ctx, userId));
};

/** PUT /v1/user/{id}/information/simulation: replaces the three network ids; empty clears one. */
export const updateSimulationInformation = async (
  ctx: UserContext,
  caller: Caller,
  userId: string,
  request: TSimulationInformationRequest,
): Promise<TUserInformation> => {
  await requireAccess(ctx.deps.db, caller, 'user.profile.update', { userId });
  await loadUser(ctx, userId);
  const ids = ZSimulationInformationRequest.parse(request);
  const updated = await updateUser(
    ctx.deps.db,
    userId,
    { simbrief: ids.simbrief || null, vatsim: ids.vatsim || null, ivao: ids.ivao || null },
    ctx.deps.clock.now(),
  );
  return toUserInformation(ctx, updated);
};

const usernameTaken = () => new AppError(ErrorCode.usernameTaken, 'This username is already taken', 'userName');
const emailTaken = () => new AppError(ErrorCode.emailTaken, 'An account already uses this email', 'email');

/**
 * PUT (form) /v1/user/{id}/information: changes the fields sent (absent fields stay, empty ones are
 * cleared) and the photo when one is given (already checked, as a data URL). A new email address
 * needs the current password and is not applied here: a confirmation link goes to the new address
 * and a notice to the old one; the address changes when the link is followed. The answer still
 * shows the current address, which is how the client tells that a confirmation is pending.
 */
export const updateUserInformation = async (
  ctx: UserContext,
  caller: Caller,
  userId: string,
  fields: ProfileChanges,
  photoDataUrl: string | undefined,
  /** Of the verification mail, when the email changes. */
  mailLanguage: Language,
): Promise<TUserInformation> => {
  const { db, clock } = ctx.deps;
  await requireAccess(db, caller, 'user.profile.update', { userId });
  const current = await loadUser(ctx, userId);

  const patch: UserPatch = {};
  if (fields.userName !== undefined && fields.userName !== current.userName) {
    if (await isUserNameTakenByOther(db, fields.userName, userId)) throw usernameTaken();
    patch.userName = fields.userName;
  }
  const newEmail = fields.email !== undefined && fields.email !== current.email ? fields.email : undefined;
  if (newEmail !== undefined) {
    // Checked before anything is written, so a refused change leaves the other fields alone too.
    if (!fields.currentPassword) {
      throw new AppError(ErrorCode.wrongPassword, 'Enter your current password to change your email address', 'currentPassword');
    }
    if (!(await verifyPassword(current.passwordHash, fields.currentPassword))) {
      throw new AppError(ErrorCode.wrongPassword, 'The current password is wrong', 'currentPassword');
    }
    if (await isEmailTakenByOther(db, newEmail, userId)) throw emailTaken();
  }
  const optional = ['displayName', 'firstName', 'lastName', 'city', 'country', 'dateOfBirth', 'afrvId', 'afrvKey', 'simbrief', 'vatsim', 'ivao'] as const;
  for (const key of optional) {
    const value = fields[key];
    if (value !== undefined) patch[key] = value;
  }
  if (photoDataUrl !== undefined) patch.photo = photoDataUrl;

  let updated: UserRow;
  try {
    updated = await updateUser(db, userId, patch, clock.now());
  } catch (error) {
    const constraint = uniqueViolationOf(error);
    if (constraint === 'users_user_name_lower_idx') throw usernameTaken();
    if (constraint === 'users_email_idx') throw emailTaken();
    throw error;
  }
  if (newEmail !== undefined) {
    try {
      await ctx.requestEmailChange(updated, newEmail, mailLanguage);
    } catch (error) {
      ctx.log.warn({ err: error, userId }, 'email change confirmation could not be mailed');
      throw new AppError(ErrorCode.internal, 'The confirmation email could not be sent, please try again later');
    }
  }
  return toUserInformation(ctx, updated);
};

/** Midnight UTC of `now`'s day, and the first instant of its UTC month. */
export const startOfUtcDay = (now: Date): Date => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
export const startOfUtcMonth = (now: Date): Date => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/**
 * GET /v1/user/{id}/flight-times: hours flown today and this month (UTC calendar), and the limits
 * from the domain's flight-time rules.
 */
export const getFlightTimes = async (ctx: UserContext, caller: Caller, userId: string): Promise<TFlightTimes> => {
  await requireAccess(ctx.deps.db, caller, 'user.flight-times.read', { userId });
  await loadUser(ctx, userId);
  const now = ctx.deps.clock.now();
  const [today, month] = await Promise.all([
    sumFlightHoursSince(ctx.deps.db, userId, startOfUtcDay(now)),
    sumFlightHoursSince(ctx.deps.db, userId, startOfUtcMonth(now)),
  ]);
  return { today, month, rules: { flightDurationLimit: FLIGHT_DURATION_LIMIT_HOURS, monthLimit: MONTHLY_LIMIT_HOURS } };
};

/**
 * POST /v1/pilot/career: starts the pilot's career with a display name and a home hub.
 * The hub must be a known airport; the pilot stands there afterwards (last location).
 * A career starts once: a second call answers 409 and changes nothing.
 */
export const startCareer = async (
  ctx: UserContext,
  userId: string,
  request: z.output<typeof ZStartCareerRequest>,
): Promise<TUserInformation> => {
  const current = await loadUser(ctx, userId);
  if (current.careerStarted) throw new AppError(ErrorCode.conflict, 'Your career has already started');
  if (!(await airportExists(ctx.deps.db, request.homeHubIdent))) {
    throw new AppError(ErrorCode.validation, `homeHubIdent: unknown airport ${request.homeHubIdent}`, 'homeHubIdent');
  }
  const updated = await updateUser(
    ctx.deps.db,
    userId,
    { careerStarted: true, displayName: request.displayName, homeHubIdent: request.homeHubIdent, lastLocationIdent: request.homeHubIdent },
    ctx.deps.clock.now(),
  );
  return toUserInformation(ctx, updated);
};

const photoNotFound = () => new AppError(ErrorCode.notFound, 'Photo not found');

/**
 * GET /v1/user/{id}/photo?v=: the photo whose version the caller was given in a user-information
 * answer. Without the right version it answers 404 like a missing photo, so a user id alone shows
 * nothing.
 */
export const getProfilePhoto = async (ctx: UserContext, userId: string, version: string): Promise<{ type: string; bytes: Buffer; etag: string }> => {
  const user = await findUserById(ctx.deps.db, userId);
  const expected = user?.photo ? photoVersion(user.photo) : undefined;
  if (!user?.photo || !expected || !safeEqual(expected, version)) throw photoNotFound();
  const decoded = decodePhotoDataUrl(user.photo);
  if (!decoded) throw photoNotFound();
  return { ...decoded, etag: `"${expected}"` };
};

const safeEqual = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** Pilot names for boards other pilots read (the weekly challenge). */
export { findPublicPilotNames as publicPilotNamesOf } from './user.repository';
