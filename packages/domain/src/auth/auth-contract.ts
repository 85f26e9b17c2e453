import { z } from 'zod';
import { validationMessage } from '../common/validation-messages';
import { ZEmail, ZPassword, ZUsername } from './credentials';

/** POST /v1/user/sign-up. `mfIdParrain` is the optional sponsor's mfId or username. */
export const ZSignUpRequest = z.object({
  username: ZUsername,
  email: ZEmail,
  password: ZPassword,
  mfIdParrain: z.string().trim().max(64).optional().nullable(),
});
export type TSignUpRequest = z.infer<typeof ZSignUpRequest>;

/** The registration form adds what only the browser checks: confirmation and terms. */
export const ZSignUpForm = ZSignUpRequest.extend({
  confirmPassword: z.string().min(1, { error: validationMessage('required') }),
  acceptTerms: z.literal(true, { error: validationMessage('termsRequired') }),
}).refine((form) => form.password === form.confirmPassword, {
  path: ['confirmPassword'],
  error: validationMessage('passwordMismatch'),
});
export type TSignUpForm = z.input<typeof ZSignUpForm>;

/** POST /v1/user/sign-in. Only presence is checked: the rules apply when a password is set. */
export const ZSignInRequest = z.object({
  username: z.string().trim().min(1, { error: validationMessage('required') }).max(254),
  password: z.string().min(1, { error: validationMessage('required') }).max(256),
});
export type TSignInRequest = z.infer<typeof ZSignInRequest>;

export const ZSignInResponse = z.object({
  token: z.string(),
  /** ISO date-time at which `token` stops being accepted. */
  expiredAt: z.string(),
  refreshToken: z.string(),
});
export type TSignInResponse = z.infer<typeof ZSignInResponse>;

/**
 * POST /refresh-token: the refresh token travels in the `refresh-token` header. Each refresh token
 * is single-use: the answer carries its replacement (see docs/decisions/0002-token-scheme.md).
 */
export const REFRESH_TOKEN_HEADER = 'refresh-token';
export const ZRefreshTokenHeaders = z.object({
  [REFRESH_TOKEN_HEADER]: z.string({ error: validationMessage('required') }).trim().min(1, { error: validationMessage('required') }).max(4096),
});
export type TRefreshTokenHeaders = z.infer<typeof ZRefreshTokenHeaders>;

export const ZRefreshTokenResponse = z.object({
  token: z.string(),
  refreshToken: z.string(),
  expiredAt: z.string(),
});
export type TRefreshTokenResponse = z.infer<typeof ZRefreshTokenResponse>;

/** How long an email-verification link stays valid, in hours. */
export const EMAIL_VERIFICATION_TOKEN_TTL_HOURS = 48;
/** How long a password-reset link stays valid, in minutes. */
export const PASSWORD_RESET_TOKEN_TTL_MINUTES = 60;

/** POST /v1/user/email/validate: `mfid` is the single-use verification token sent by email. */
export const ZEmailValidateRequest = z.object({
  mfid: z.string({ error: validationMessage('required') }).trim().min(1, { error: validationMessage('required') }).max(200),
});
export type TEmailValidateRequest = z.infer<typeof ZEmailValidateRequest>;

/** How long the link confirming a new email address (mailed to that address) stays valid. */
export const EMAIL_CHANGE_TOKEN_TTL_HOURS = 24;

/** POST /v1/user/email/change/confirm: the token of the link mailed to the new address. */
export const ZConfirmEmailChangeRequest = z.object({
  token: z.string({ error: validationMessage('required') }).trim().min(1, { error: validationMessage('required') }).max(200),
});
export type TConfirmEmailChangeRequest = z.infer<typeof ZConfirmEmailChangeRequest>;

/** POST /v1/user/password/forgot: `url` is the reset page the link points to (must be ours). */
export const ZForgotPasswordRequest = z.object({ email: ZEmail, url: z.string().max(500).optional().nullable() });
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

export const ZResetPasswordRequest = z.object({
  password: ZPassword,
  token: z.string({ error: validationMessage('required') }).trim().min(1, { error: validationMessage('required') }).max(200),
});
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

export const ZResetPasswordForm = z
  .object({ password: ZPassword, confirmPassword: z.string().min(1, { error: validationMessage('required') }) })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    error: validationMessage('passwordMismatch'),
  });
export type TResetPasswordForm = z.input<typeof ZResetPasswordForm>;

/** PUT /v1/user/{id}/password. */
export const ZChangePasswordRequest = z.object({
  currentPassword: z.string().min(1, { error: validationMessage('required') }).max(256),
  newPassword: ZPassword,
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

/** GET /v1/user/check-mf-id/{id}: whether a sponsor id exists. `id` is an mfId or a username. */
export const ZCheckMfIdParams = z.object({ id: z.string().trim().min(1).max(64) });
export const ZCheckMfIdResponse = z.object({ exists: z.boolean(), userName: z.string().nullable() });
export type TCheckMfIdResponse = z.infer<typeof ZCheckMfIdResponse>;
