/**
 * Every error code the API can answer with. The product's `ERR_00xx` codes keep their numbers;
 * the named codes cover what the product leaves to the server (auth, validation...).
 * The web translates each code through `errors:<code>` keys.
 */
export const ErrorCode = {
  // Airline-manager codes
  codeAlreadyUsed: 'ERR_0001',
  unknownHubIcao: 'ERR_0002',
  alreadyOwnsAirline: 'ERR_0003',
  logoFormatOrSize: 'ERR_0004',
  nameAlreadyUsed: 'ERR_0005',
  ownerSubscriptionInactive: 'ERR_0006',
  applicantNotFound: 'ERR_0007',
  ownerCannotBeRemoved: 'ERR_0008',
  mustBeAdminOrOwner: 'ERR_0009',
  memberNotFound: 'ERR_0010',
  airlineNotFound: 'ERR_0011',
  mustBeOwner: 'ERR_0012',
  airlineNotEnoughFc: 'ERR_0013',
  countryNotFound: 'ERR_0014',
  trafficRightAlreadyOwned: 'ERR_0015',
  invalidRoute: 'ERR_0016',
  routeNotFound: 'ERR_0017',
  invalidTimeFormat: 'ERR_0018',
  invalidDestinationLength: 'ERR_0019',
  invalidRouteHub: 'ERR_0020',
  notEnoughFc: 'ERR_0021',
  itemAlreadyConverted: 'ERR_0023',
  codeMustBe3Alphanumerics: 'ERR_0026',
  wrongFileDimensions: 'ERR_0027',
  mainHubCannotBeClosed: 'ERR_0028',
  invalidTransactionState: 'ERR_0029',
  invalidTrafficRight: 'ERR_0030',
  renewOnlyOneMonthBeforeEnd: 'ERR_0031',
  alreadyApplied: 'ERR_0032',
  alreadyMember: 'ERR_0033',
  invalidDisplayName: 'ERR_0034',
  planesUnavailable: 'ERR_0035',
  noAircraftAtAirport: 'ERR_0036',
  memberNotAuthorisedForAircraft: 'ERR_0037',
  noAircraftInRouteCategories: 'ERR_0038',
  noAircraftAtAirportForRoute: 'ERR_0039',
  rankInsufficient: 'ERR_0040',
  licenceInsufficient: 'ERR_0041',
  /** The airline's staff grounded the member (membership SUSPENDED): no booking until reinstated. */
  memberGrounded: 'MEMBER_GROUNDED',

  // Generic and auth codes (server-defined, unnumbered)
  validation: 'VALIDATION_ERROR',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  /** A well-formed request that a rule refuses (the default rank deleted, a plane in perfect condition sent to maintenance). */
  requestRefused: 'REQUEST_REFUSED',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  internal: 'INTERNAL_ERROR',
  /** A part the request needs (the database) does not answer right now: the same request may succeed later. */
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
  invalidCredentials: 'INVALID_CREDENTIALS',
  usernameTaken: 'USERNAME_TAKEN',
  emailTaken: 'EMAIL_TAKEN',
  sponsorNotFound: 'SPONSOR_NOT_FOUND',
  invalidToken: 'INVALID_TOKEN',
  tokenExpired: 'TOKEN_EXPIRED',
  refreshTokenReused: 'REFRESH_TOKEN_REUSED',
  weakPassword: 'WEAK_PASSWORD',
  wrongPassword: 'WRONG_PASSWORD',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  imageTooLarge: 'IMAGE_TOO_LARGE',
  imageFormat: 'IMAGE_FORMAT',
  imageDimension: 'IMAGE_DIMENSION',
  userAlreadyOnFlight: 'USER_ALREADY_ON_FLIGHT',

  // Missions (freemium 3 missions a month, missions need a career level)
  missionNotOpen: 'MISSION_NOT_OPEN',
  careerLevelTooLow: 'CAREER_LEVEL_TOO_LOW',
  freemiumMissionLimit: 'FREEMIUM_MISSION_LIMIT',

  // Flight planning and bookings (flight-plan import errors "no data", "no id set")
  flightPlanNoData: 'FLIGHT_PLAN_NO_DATA',
  flightPlanNoIdSet: 'FLIGHT_PLAN_NO_ID_SET',
  flightPlanProviderUnavailable: 'FLIGHT_PLAN_PROVIDER_UNAVAILABLE',
  afrvKeyNotSet: 'AFRV_KEY_NOT_SET',
  afrvKeyRejected: 'AFRV_KEY_REJECTED',
  afrvNotConfigured: 'AFRV_NOT_CONFIGURED',
  afrvUnavailable: 'AFRV_UNAVAILABLE',

  // Flight ledger (docs/decisions/0015-flight-ledger.md)
  ledgerRecordNotFound: 'LEDGER_RECORD_NOT_FOUND',
  ledgerRecordPending: 'LEDGER_RECORD_PENDING',

  // Store, orders and payments (issue 15)
  itemOutOfStock: 'ITEM_OUT_OF_STOCK',
  itemWrongContext: 'ITEM_WRONG_CONTEXT',
  invalidCoupon: 'INVALID_COUPON',
  paymentUnavailable: 'PAYMENT_UNAVAILABLE',
  invalidSignature: 'INVALID_SIGNATURE',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const allErrorCodes: readonly ErrorCode[] = Object.values(ErrorCode);
