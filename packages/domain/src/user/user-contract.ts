import { z } from 'zod';
import { validationMessage } from '../common/validation-messages';
import { ZDigitsOnlyId, ZDisplayName, ZEmail, ZUsername } from '../auth/credentials';

/** Subscription codes. */
export const SubscriptionCode = ['SILVER', 'GOLD', 'DISCOVER', 'AIRLINE_MANAGER'] as const;
export type SubscriptionCode = (typeof SubscriptionCode)[number];

export const ZWallet = z.object({
  /** The FlightCoin balance (integer FC). */
  mfc: z.number().int(),
  miles: z.number().int(),
  xp: z.number().int(),
});
export type TWallet = z.infer<typeof ZWallet>;

export const ZUserSubscription = z.object({ code: z.enum(SubscriptionCode), endDate: z.string().nullable() });

export const ZLastLocation = z.object({ ident: z.string(), label: z.string().nullable() }).nullable();

/** The User entity, as GET /v1/user/{id}/information returns it. */
export const ZUserInformation = z.object({
  id: z.string(),
  userName: z.string(),
  mfId: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  displayName: z.string().nullable(),
  careerStarted: z.boolean(),
  /** URL of the photo (`/api/v1/user/{id}/photo?v=...`, cacheable; changes with the photo), or null. */
  photo: z.string().nullable(),
  simbrief: z.string().nullable(),
  vatsim: z.string().nullable(),
  ivao: z.string().nullable(),
  wallet: ZWallet,
  subscriptions: z.array(ZUserSubscription),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  countryName: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  lastLocation: ZLastLocation,
  level: z.number().int(),
  numberOfFlight: z.number().int(),
  /** Total flight time in hours (decimal). */
  flightHours: z.number(),
  nbMissionsCurrentMonth: z.number().int(),
  nbFreemiumMissionRemaining: z.number().int(),
  /** ISO date at which flying pays FC again after a rest period; null when not resting. */
  nextRemuneration: z.string().nullable(),
  afrvId: z.string().nullable(),
  afrvFlag: z.boolean(),
  afrvKey: z.string().nullable(),
  createdAt: z.string(),
});
export type TUserInformation = z.infer<typeof ZUserInformation>;

/**
 * An optional profile text: absent (undefined) leaves the stored value unchanged; empty or null
 * clears it.
 */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: validationMessage('maxLength', { max }) })
    .optional()
    .nullable()
    .transform((value) => (value === '' ? null : value));

/** Same rule for values with a pattern: absent leaves unchanged, empty or null clears. */
const optionalPattern = (pattern: RegExp, error: string) =>
  z
    .string()
    .trim()
    .regex(pattern, { error })
    .optional()
    .nullable()
    .transform((value) => (value === '' ? null : value));

/** A digits-only network id in a profile update: absent leaves unchanged, empty or null clears. */
const optionalDigitsOnlyId = ZDigitsOnlyId.optional()
  .nullable()
  .transform((value) => (value === '' ? null : value));

/**
 * PUT (form) /v1/user/{id}/information: the profile fields. Sent as multipart
 * form fields (strings) with an optional `photo` file (JPG/JPEG/PNG, at most
 * {@link PROFILE_PHOTO_MAX_BYTES}). A field left out is not changed; a field sent empty is cleared
 * (userName and email cannot be cleared). A new email does not apply at once: it needs
 * `currentPassword`, and applies when the link mailed to the new address is followed (a stolen
 * access token alone must not be able to move the account to another address).
 */
export const ZUpdateUserInformationRequest = z.object({
  userName: ZUsername.optional(),
  email: ZEmail.optional(),
  /** Required when `email` changes; checked against the stored password. */
  currentPassword: z.string().max(200).optional(),
  displayName: ZDisplayName.optional().nullable().or(z.literal('').transform(() => null)),
  firstName: optionalText(60),
  lastName: optionalText(60),
  city: optionalText(80),
  /** ISO 3166-1 alpha-2 country code, e.g. FR. */
  country: optionalPattern(/^([A-Z]{2})?$/, validationMessage('invalidIcao')),
  /** yyyy-MM-dd. */
  dateOfBirth: optionalPattern(/^(\d{4}-\d{2}-\d{2})?$/, validationMessage('invalidDate')),
  afrvId: optionalText(40),
  afrvKey: optionalText(200),
  simbrief: optionalDigitsOnlyId,
  vatsim: optionalDigitsOnlyId,
  ivao: optionalDigitsOnlyId,
});
export type TUpdateUserInformationRequest = z.input<typeof ZUpdateUserInformationRequest>;
/** The profile form's field names (the multipart fields the server accepts besides `photo`). */
export const UPDATE_USER_INFORMATION_FIELDS = Object.keys(ZUpdateUserInformationRequest.shape) as (keyof TUpdateUserInformationRequest)[];

/** PUT /v1/user/{id}/information/simulation. Empty string clears an id. */
export const ZSimulationInformationRequest = z.object({
  simbrief: ZDigitsOnlyId.default(''),
  vatsim: ZDigitsOnlyId.default(''),
  ivao: ZDigitsOnlyId.default(''),
});
export type TSimulationInformationRequest = z.input<typeof ZSimulationInformationRequest>;

/**
 * GET /v1/user/{id}/flight-times: hours flown today and this calendar month (UTC), and the limits
 * in force (`flightDurationLimit`: hours within 24 h; `monthLimit`: hours per month).
 */
export const ZFlightTimes = z.object({
  today: z.number(),
  month: z.number(),
  rules: z.object({ flightDurationLimit: z.number(), monthLimit: z.number() }),
});
export type TFlightTimes = z.infer<typeof ZFlightTimes>;

/** Profile photo limits: JPG/JPEG/PNG, default size limit 2097152 bytes. */
export const PROFILE_PHOTO_MAX_BYTES = 2_097_152;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png'] as const;

/** Path parameters of every /v1/user/{id}/... route: a user id (UUID). */
export const ZUserIdParams = z.object({ id: z.uuid() });
export type TUserIdParams = z.infer<typeof ZUserIdParams>;

