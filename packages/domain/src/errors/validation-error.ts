import type { z } from 'zod';
import { validationMessageInEnglish } from '../common/validation-messages';
import { AppError } from './app-error';
import { ErrorCode } from './error-codes';

/**
 * The numbered field codes (ERR_0018 invalid time format, ERR_0019 destination length, ERR_0026 code
 * of 3 alphanumerics, ERR_0034 display name...) are declared on the request schema, next to the
 * fields they are about: `withFieldErrorCodes(ZStartCareerRequest, { displayName: ErrorCode.invalidDisplayName })`.
 * A failure of such a field answers that code (with its status from the one table); any other
 * field answers VALIDATION_ERROR. The server's error handler and `parseOrThrow` both read it here.
 */
const FIELD_ERROR_CODES = 'x-field-error-codes';

export type FieldErrorCodes = Record<string, ErrorCode>;

/** Declares which top-level fields of an object schema answer a numbered code when they fail. */
export const withFieldErrorCodes = <T extends z.ZodType>(schema: T, codes: FieldErrorCodes): T =>
  schema.meta({ [FIELD_ERROR_CODES]: codes });

const fieldErrorCodesOf = (schema: unknown): FieldErrorCodes | undefined => {
  const meta = (schema as { meta?: () => Record<string, unknown> | undefined } | undefined)?.meta?.();
  return meta?.[FIELD_ERROR_CODES] as FieldErrorCodes | undefined;
};

export type ValidationIssue = { path: readonly PropertyKey[]; message: string };

/**
 * The AppError for a failed validation, from its first issue: the field's numbered code when the
 * schema declares one (else VALIDATION_ERROR), the field path, and an English message
 * (`field: message`; the web translates the code or the validation key instead).
 */
export const validationAppError = (issues: readonly ValidationIssue[], schema?: unknown): AppError => {
  const first = issues[0];
  if (!first) return new AppError(ErrorCode.validation, 'Invalid request');
  const field = first.path.map(String).join('.') || undefined;
  const message = validationMessageInEnglish(first.message, field);
  const topField = first.path[0];
  const code = (typeof topField === 'string' ? fieldErrorCodesOf(schema)?.[topField] : undefined) ?? ErrorCode.validation;
  return new AppError(code, field ? `${field}: ${message}` : message, field);
};

/** Parses with the contract, or throws the same AppError a schema-validated route would answer. */
export const parseOrThrow = <T extends z.ZodType>(schema: T, value: unknown): z.output<T> => {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw validationAppError(parsed.error.issues, schema);
};
