import { z } from 'zod';
import { validationMessage } from '../common/validation-messages';
import { ZDigitsOnlyId, ZDisplayName, ZEmail } from '../auth/credentials';

/** Spec section 3 Subscription codes. */
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

/** The User entity of spec section 3, as GET /v1/user/{id}/information returns it. */
export const ZUserInformation = z.object({
  id: z.string(),
  userName: z.string(),
  mfId: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  displayName: z.string().nullable(),
  careerStarted: z.boolean(),
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

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: validationMessage('maxLength', { max }) })
    .optional()
    .nullable()
    .transform((value) => (value === undefined || value === null || value === '' ? null : value));

/**
 * PUT (form) /v1/user/{id}/information: the profile fields of spec section 3. Sent as multipart
 * form fields (strings) with an optional `photo` file.
 */
export const ZUpdateUserInformationRequest = z.object({
  userName: z.string().trim().optional(),
  email: ZEmail.optional(),
  displayName: ZDisplayName.optional().nullable().or(z.literal('').transform(() => null)),
  firstName: optionalText(60),
  lastName: optionalText(60),
  city: optionalText(80),
  country: z
    .string()
    .trim()
    .regex(/^([A-Z]{2})?$/, { error: validationMessage('invalidIcao') })
    .optional()
    .nullable()
    .transform((value) => (value ? value : null)),
  dateOfBirth: z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, { error: validationMessage('invalidDate') })
    .optional()
    .nullable()
    .transform((value) => (value ? value : null)),
  afrvId: optionalText(40),
  afrvKey: optionalText(200),
  simbrief: ZDigitsOnlyId.optional().nullable(),
  vatsim: ZDigitsOnlyId.optional().nullable(),
  ivao: ZDigitsOnlyId.optional().nullable(),
});
export type TUpdateUserInformationRequest = z.input<typeof ZUpdateUserInformationRequest>;

/** PUT /v1/user/{id}/information/simulation. Empty string clears an id. */
export const ZSimulationInformationRequest = z.object({
  simbrief: ZDigitsOnlyId.default(''),
  vatsim: ZDigitsOnlyId.default(''),
  ivao: ZDigitsOnlyId.default(''),
});
export type TSimulationInformationRequest = z.input<typeof ZSimulationInformationRequest>;

/** GET /v1/user/{id}/flight-times: hours flown today and this month, and the limits in force. */
export const ZFlightTimes = z.object({
  today: z.number(),
  month: z.number(),
  rules: z.object({ flightDurationLimit: z.number(), monthLimit: z.number() }),
});
export type TFlightTimes = z.infer<typeof ZFlightTimes>;

/** Profile photo limits: JPG/JPEG/PNG (spec section 5), default size limit 2097152 bytes. */
export const PROFILE_PHOTO_MAX_BYTES = 2_097_152;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
