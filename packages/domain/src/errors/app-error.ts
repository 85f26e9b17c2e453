import type { ErrorCode } from './error-codes';

/**
 * The one error type services throw. The server's error handler maps it to the spec's action
 * shape `{ success: false, message, errorCode }` with `httpStatus`; the web shows the translated
 * message for `code`.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly httpStatus: number;
  /** Optional field the error is about, so a form can put the message on it. */
  readonly field: string | undefined;

  constructor(code: ErrorCode, httpStatus: number, message: string, field?: string) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.httpStatus = httpStatus;
    this.field = field;
  }
}

export const isAppError = (value: unknown): value is AppError => value instanceof AppError;
