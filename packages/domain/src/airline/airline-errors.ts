import { AppError } from '../errors/app-error';
import type { ErrorCode } from '../errors/error-codes';

/** An airline-manager refusal: its status comes from the one table (errors/error-status.ts). */
export const airlineError = (code: ErrorCode, message: string, field?: string): AppError => new AppError(code, message, field);
