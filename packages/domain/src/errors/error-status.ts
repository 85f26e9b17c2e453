import type { ErrorCode } from './error-codes';

/**
 * A token error's status depends on the token, not the code: a session token (access or refresh)
 * that fails answers 401, which the web answers with one refresh and then /logout;
 * a link token (email verification, password reset) answers 400, so following a stale link never
 * signs anyone out.
 */
export type TokenErrorStatus = { link: 400; session: 401 };
const tokenError: TokenErrorStatus = { link: 400, session: 401 };

/**
 * THE table of HTTP statuses: every error code answers one status, whoever throws it. Services
 * throw `new AppError(code, message)`; the error handler sends this status. The
 * airline manager looks the code up and toasts it on 422, 404 and 403, so the airline codes use
 * those three (404 for "not found", 403 for "not allowed", 422 for every other refusal).
 * A new code does not compile until it has its line here.
 */
export const errorHttpStatus = {
  ERR_0001: 422, // code already used
  ERR_0002: 404, // unknown hub ICAO
  ERR_0003: 422, // already owns an airline
  ERR_0004: 422, // logo format or size
  ERR_0005: 422, // name already used
  ERR_0006: 403, // owner subscription must be active
  ERR_0007: 404, // applicant not found
  ERR_0008: 403, // owner cannot be removed
  ERR_0009: 403, // must be admin or owner
  ERR_0010: 404, // member not found
  ERR_0011: 404, // airline not found
  ERR_0012: 403, // must be owner
  ERR_0013: 422, // airline: not enough FC
  ERR_0014: 404, // country not found
  ERR_0015: 422, // traffic right already owned
  ERR_0016: 422, // invalid route
  ERR_0017: 404, // route not found
  ERR_0018: 422, // invalid time format (field code)
  ERR_0019: 422, // invalid destination length (field code)
  ERR_0020: 422, // invalid route hub
  ERR_0021: 422, // not enough FC (core)
  ERR_0023: 422, // item already converted to a plane
  ERR_0026: 422, // code must be 3 alphanumerics (field code)
  ERR_0027: 422, // wrong file dimensions
  ERR_0028: 422, // main hub cannot be closed
  ERR_0029: 422, // invalid transaction state
  ERR_0030: 404, // invalid traffic right
  ERR_0031: 422, // renew only one month before end
  ERR_0032: 422, // already applied
  ERR_0033: 422, // already a member
  ERR_0034: 400, // invalid display name (core: a form error, shown on the field)
  ERR_0035: 422, // planes unavailable
  ERR_0036: 422, // no aircraft at airport
  ERR_0037: 403, // member not authorised for this aircraft
  ERR_0038: 422, // no aircraft in the route categories
  ERR_0039: 422, // no aircraft at airport for route
  ERR_0040: 403, // rank insufficient
  ERR_0041: 403, // licence insufficient
  MEMBER_GROUNDED: 403, // grounded by the airline's staff

  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  REQUEST_REFUSED: 422,
  TOO_MANY_REQUESTS: 429,
  PAYLOAD_TOO_LARGE: 413,
  // Thrown on purpose when something the request needs is down (the mail server): try again later.
  // A crash is not an AppError; the handler answers it 500 with this code.
  INTERNAL_ERROR: 503,
  SERVICE_UNAVAILABLE: 503,
  INVALID_CREDENTIALS: 401,
  USERNAME_TAKEN: 409,
  EMAIL_TAKEN: 409,
  SPONSOR_NOT_FOUND: 400,
  INVALID_TOKEN: tokenError,
  TOKEN_EXPIRED: tokenError,
  REFRESH_TOKEN_REUSED: 401,
  WEAK_PASSWORD: 400,
  WRONG_PASSWORD: 400,
  EMAIL_NOT_VERIFIED: 403,
  IMAGE_TOO_LARGE: 413,
  IMAGE_FORMAT: 400,
  IMAGE_DIMENSION: 400,
  USER_ALREADY_ON_FLIGHT: 409,

  MISSION_NOT_OPEN: 403,
  CAREER_LEVEL_TOO_LOW: 403,
  FREEMIUM_MISSION_LIMIT: 403,

  FLIGHT_PLAN_NO_DATA: 422,
  FLIGHT_PLAN_NO_ID_SET: 422,
  FLIGHT_PLAN_PROVIDER_UNAVAILABLE: 502,
  AFRV_KEY_NOT_SET: 422,
  AFRV_KEY_REJECTED: 422,
  AFRV_NOT_CONFIGURED: 503,
  AFRV_UNAVAILABLE: 502,

  LEDGER_RECORD_NOT_FOUND: 404,
  LEDGER_RECORD_PENDING: 409,

  ITEM_OUT_OF_STOCK: 409,
  ITEM_WRONG_CONTEXT: 422,
  INVALID_COUPON: 400,
  PAYMENT_UNAVAILABLE: 503,
  INVALID_SIGNATURE: 400,
} as const satisfies Record<ErrorCode, number | TokenErrorStatus>;

/** Which token failed, for the two token codes; ignored by every other code. */
export type TokenKind = keyof TokenErrorStatus;

/** The HTTP status of an error code (for INVALID_TOKEN and TOKEN_EXPIRED, of the token kind; link by default). */
export const httpStatusOf = (code: ErrorCode, token: TokenKind = 'link'): number => {
  const status: number | TokenErrorStatus = errorHttpStatus[code];
  return typeof status === 'number' ? status : status[token];
};
