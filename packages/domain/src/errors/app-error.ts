import type { ErrorCode } from './error-codes';
import { httpStatusOf, type TokenKind } from './error-status';

export type AppErrorOptions = {
  /** The form field the error is about, so a form can put the message on it. */
  field?: string | undefined;
  /** For INVALID_TOKEN / TOKEN_EXPIRED: a session token answers 401, a link token 400 (error-status.ts). */
  token?: TokenKind;
};

/**
 * The one error type services throw: a code and an English message. The HTTP status comes from
 * the one table (`errorHttpStatus`), never from the thrower. The server's error handler maps it
 * to the action shape `{ success: false, message, errorCode }`; the web shows the
 * translated message for `code`.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly httpStatus: number;
  /** Optional field the error is about, so a form can put the message on it. */
  readonly field: string | undefined;

  constructor(code: ErrorCode, message: string, fieldOrOptions?: string | AppErrorOptions) {
    const options: AppErrorOptions = typeof fieldOrOptions === 'string' ? { field: fieldOrOptions } : (fieldOrOptions ?? {});
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.httpStatus = httpStatusOf(code, options.token);
    this.field = options.field;
  }
}

export const isAppError = (value: unknown): value is AppError => value instanceof AppError;
