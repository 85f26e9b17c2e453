import { z } from 'zod';
import { validationMessage } from '../common/validation-messages';

/** Passwords have at least 8 characters, with a lowercase letter, an uppercase letter and a digit. */
export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase, short enough that hashing cannot be used to burn CPU. */
export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
/** Display names have at most 45 characters. */
export const DISPLAY_NAME_MAX_LENGTH = 45;
/** Characters a display name may not contain. */
export const DISPLAY_NAME_FORBIDDEN_CHARACTERS = ['!', '$', '*', '=', '?', ';', '/', '>', '<', '£', '%'] as const;

/** Email addresses are checked with a simple pattern (something@something.something). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const zRequiredString = (min = 1) =>
  z.string({ error: validationMessage('required') }).trim().min(min, { error: min <= 1 ? validationMessage('required') : validationMessage('minLength', { min }) });

export const ZPassword = z
  .string({ error: validationMessage('required') })
  .min(1, { error: validationMessage('required') })
  .max(PASSWORD_MAX_LENGTH, { error: validationMessage('maxLength', { max: PASSWORD_MAX_LENGTH }) })
  .refine((value) => value.length >= PASSWORD_MIN_LENGTH && /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value), {
    error: validationMessage('passwordWeak'),
  });

export const ZEmail = z
  .string({ error: validationMessage('required') })
  .trim()
  .min(1, { error: validationMessage('required') })
  .max(254, { error: validationMessage('maxLength', { max: 254 }) })
  .regex(EMAIL_PATTERN, { error: validationMessage('emailInvalid') })
  .transform((value) => value.toLowerCase());

export const ZUsername = z
  .string({ error: validationMessage('required') })
  .trim()
  .min(1, { error: validationMessage('required') })
  .min(USERNAME_MIN_LENGTH, { error: validationMessage('minLength', { min: USERNAME_MIN_LENGTH }) })
  .max(USERNAME_MAX_LENGTH, { error: validationMessage('maxLength', { max: USERNAME_MAX_LENGTH }) })
  .regex(/^[A-Za-z0-9._-]+$/, { error: validationMessage('usernameInvalid') });

export const ZDisplayName = z
  .string({ error: validationMessage('required') })
  .trim()
  .min(1, { error: validationMessage('required') })
  .max(DISPLAY_NAME_MAX_LENGTH, { error: validationMessage('maxLength', { max: DISPLAY_NAME_MAX_LENGTH }) })
  .refine((value) => !DISPLAY_NAME_FORBIDDEN_CHARACTERS.some((c) => value.includes(c)), {
    error: validationMessage('displayNameInvalid'),
  });

/** Profile ids (SimBrief, VATSIM, IVAO) are digits only. Empty means unset. */
export const ZDigitsOnlyId = z
  .string()
  .trim()
  .max(20, { error: validationMessage('maxLength', { max: 20 }) })
  .regex(/^\d*$/, { error: validationMessage('digitsOnly') });
