/** What every failed API call becomes: the server's error shape plus the HTTP status. */
export class ApiError extends Error {
  readonly status: number;
  /** The server's `errorCode` (ErrorCode in the domain), or NETWORK_ERROR / UNKNOWN_ERROR. */
  readonly errorCode: string;
  /** The form field the error is about, when the server names one. */
  readonly field: string | undefined;

  constructor(status: number, errorCode: string, message: string, field?: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
    this.errorCode = errorCode;
    this.field = field;
  }
}

/** The server could not be reached (status 0); `cause` holds the fetch failure. */
export const NETWORK_ERROR = 'NETWORK_ERROR';
/** The server answered an error without an `errorCode`. */
export const UNKNOWN_ERROR = 'UNKNOWN_ERROR';

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;

/** An error answer (status and parsed body) as an ApiError. */
export const toApiError = (status: number, body: unknown): ApiError => {
  if (typeof body === 'object' && body !== null) {
    const { message, errorCode, field } = body as { message?: unknown; errorCode?: unknown; field?: unknown };
    return new ApiError(
      status,
      typeof errorCode === 'string' ? errorCode : UNKNOWN_ERROR,
      typeof message === 'string' ? message : `HTTP ${status}`,
      typeof field === 'string' ? field : undefined,
    );
  }
  return new ApiError(status, UNKNOWN_ERROR, typeof body === 'string' && body !== '' ? body : `HTTP ${status}`);
};
