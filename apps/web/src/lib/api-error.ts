/** What every failed API call becomes: the spec's error shape plus the HTTP status. */
export class ApiError extends Error {
  readonly status: number;
  /** The server's `errorCode` (ErrorCode in the domain), or NETWORK_ERROR / UNKNOWN_ERROR. */
  readonly errorCode: string;
  /** The form field the error is about, when the server names one. */
  readonly field: string | undefined;

  constructor(status: number, errorCode: string, message: string, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errorCode = errorCode;
    this.field = field;
  }
}

export const NETWORK_ERROR = 'NETWORK_ERROR';
export const UNKNOWN_ERROR = 'UNKNOWN_ERROR';

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;
