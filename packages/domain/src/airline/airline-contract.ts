import { z } from 'zod';
import { pageOf, ZPageQuery, type TPageQuery } from '../api/page';
import { AirlineRole, AirlineState } from '../access/permissions';
import { GameDifficulty } from '../economy/airline-economy-constants';
import { HangarSize, Rarity } from '../store/item-types';
import { PlaneCategory } from '../reference/aircraft-information';
import { TransactionCategory, ZWalletTransaction } from '../wallet/wallet-contract';

/**
 * The airline-manager API contract (base /api/airline-manager/v1), with the product's field
 * names. Dates are ISO strings; amounts FC.
 */

export const MftOption = ['pilot', 'airline'] as const;
export type MftOption = (typeof MftOption)[number];
export const HubState = ['ACTIVE', 'CLOSED', 'SUSPENDED'] as const;
export type HubState = (typeof HubState)[number];
export const PlaneState = ['FLYING', 'UNDER_MAINTENANCE', 'AT_AIRPORT', 'BOOKED', 'GROUNDED', 'BUILDING'] as const;
export type PlaneState = (typeof PlaneState)[number];
export const LivemapCategory = ['PLANE', 'HUB'] as const;

/** Airline form limits. */
export const AIRLINE_NAME_MIN = 5;
export const AIRLINE_NAME_MAX = 50;
export const AIRLINE_SHORT_DESCRIPTION_MIN = 10;
export const AIRLINE_SHORT_DESCRIPTION_MAX = 150;
export const AIRLINE_DESCRIPTION_MAX = 1000;
/** The airline logo, at most 100,000 bytes, exactly 350 x 185 pixels. */
export const AIRLINE_LOGO_MAX_BYTES = 100_000;
export const AIRLINE_LOGO_WIDTH_PX = 350;
export const AIRLINE_LOGO_HEIGHT_PX = 185;

/** Page query of the airline lists (page from 0). */
export { ZPageQuery, type TPageQuery };

/** The create / update / reset form fields (multipart text fields; the logo is the `photo` file). */
export const ZAirlineForm = z.object({
  name: z.string().trim().min(AIRLINE_NAME_MIN).max(AIRLINE_NAME_MAX),
  code: z.string().trim(),
  shortDescription: z.string().trim().min(AIRLINE_SHORT_DESCRIPTION_MIN).max(AIRLINE_SHORT_DESCRIPTION_MAX),
  description: z.string().max(AIRLINE_DESCRIPTION_MAX).optional(),
  gameDifficulty: z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(GameDifficulty)),
  hubAirportIdent: z.string().trim().min(1).max(16),
  planeCategory: z.enum(PlaneCategory),
});
export type TAirlineForm = z.infer<typeof ZAirlineForm>;
/** Exactly three alphanumerics (ERR_0026 otherwise). */
export const AIRLINE_CODE_PATTERN = /^[A-Za-z0-9]{3}$/;

/** PUT /airline/{id} with JSON: recruitment open or closed, or the mft option. */
export const ZAirlineSettingsRequest = z
  .object({ recruitmentOpened: z.boolean().optional(), mftOption: z.enum(MftOption).optional() })
  .refine((body) => body.recruitmentOpened !== undefined || body.mftOption !== undefined, { message: 'recruitmentOpened or mftOption is required' });

export const ZAirport = z.object({
  ident: z.string(),
  label: z.string(),
  municipality: z.string().nullable(),
  position: z.object({ longitude: z.number(), latitude: z.number(), altitude: z.number().nullable() }),
});

export const ZHub = z.object({
  id: z.string(),
  airport: ZAirport,
  isMain: z.boolean(),
  nextDtOfPayment: z.string().nullable(),
  state: z.enum(HubState),
  operatingCost: z.number().int(),
});
export type THub = z.infer<typeof ZHub>;

export const ZAirline = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  photo: z.string().nullable(),
  shortDescription: z.string(),
  description: z.string(),
  gameDifficulty: z.enum(GameDifficulty),
  planeCategory: z.enum(PlaneCategory),
  hubs: z.array(ZHub),
  /** The airline's FC: null for a caller who may not read its wallet (a member). */
  balance: z.number().int().nullable(),
  recruitmentOpened: z.boolean(),
  isAdmin: z.boolean(),
  isOwner: z.boolean(),
  hasPlane: z.boolean(),
  state: z.enum(AirlineState),
  mftOption: z.enum(MftOption),
  owner: z.object({ id: z.string(), userName: z.string() }),
});
export type TAirline = z.infer<typeof ZAirline>;

export const ZAirlineSearchQuery = ZPageQuery.extend({ query: z.string().trim().max(50).optional() });
export const ZAirlineSearchResult = z.object({
  id: z.string(),
  name: z.string(),
  photo: z.string().nullable(),
  shortDescription: z.string(),
  gameDifficulty: z.enum(GameDifficulty),
  recruitmentOpened: z.boolean(),
  baseSalary: z.number().int(),
  mainHubIdent: z.string().nullable(),
  nbOfMembers: z.number().int(),
});
export type TAirlineSearchResult = z.infer<typeof ZAirlineSearchResult>;

/** GET /airline/member/{userId}: the user's airlines. */
/** `grounded`: the airline's staff grounded this member (membership SUSPENDED): they may not book its planes. */
export const ZUserAirline = z.object({ id: z.string(), name: z.string(), isOwner: z.boolean(), grounded: z.boolean().optional() });
export type TUserAirline = z.infer<typeof ZUserAirline>;

export const ZAirlineStats = z.object({
  nbOfFlight: z.number().int(),
  nbOfHangar: z.number().int(),
  nbOfHub: z.number().int(),
  nbOfMembers: z.number().int(),
  nbOfRoutes: z.number().int(),
});

export const ZBankruptcyInformation = z.object({ nbFailedTransaction: z.number().int(), dayLeft: z.number().int() });

export const ZMember = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  callsign: z.string().nullable(),
  flightHours: z.number(),
  numberOfFlight: z.number().int(),
  role: z.enum(AirlineRole),
  rank: z.object({ id: z.string(), name: z.string() }).nullable(),
  careerLevel: z.number().int().nullable(),
  topFlownAircraft: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** SUSPENDED: grounded by the airline's staff (cannot book until reinstated). */
  status: z.enum(['ACTIVE', 'SUSPENDED']).optional(),
});
/** PUT /airline/{id}/member/{memberId}/status: ground (SUSPENDED) or reinstate (ACTIVE) a member. */
export const ZSetMemberStatusRequest = z.object({ status: z.enum(['ACTIVE', 'SUSPENDED']) });
export const ZUpdateMemberRequest = z.object({ rankId: z.uuid() });
/** PUT /airline/{id}/member/{memberId}/role (Contrail's own addition): the owner names administrators. */
export const ZSetMemberRoleRequest = z.object({ role: z.enum(['ADMINISTRATOR', 'MEMBER']) });

export const ZApplicant = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  flightHours: z.number(),
  numberOfFlight: z.number().int(),
  careerLevel: z.number().int().nullable(),
  topFlownAircraft: z.string().nullable(),
});
export const ZApplyRequest = z.object({ applicantUserId: z.uuid() });

export const ZRankRequest = z.object({
  name: z.string().trim().min(1).max(50),
  /** Percent of the base salary. */
  fcBonus: z.number().int().min(0).max(1000),
  planeWhiteList: z.array(z.string().trim().min(2).max(4)).max(200).default([]),
  planeBlackList: z.array(z.string().trim().min(2).max(4)).max(200).default([]),
});
export const ZRank = z.object({
  id: z.string(),
  name: z.string(),
  fcBonus: z.number().int(),
  planeWhiteList: z.array(z.string()),
  planeBlackList: z.array(z.string()),
  default: z.boolean(),
  sortIdx: z.number().int(),
});
export const ZSwitchRankRequest = z.object({ toRankId: z.uuid() });

export const ZCreateHubRequest = z.object({ airportIdent: z.string().trim().min(1).max(16) });
export const ZHubStateRequest = z.object({ state: z.enum(['ACTIVE', 'CLOSED']) });
export const ZHubCost = z.object({ airportIdent: z.string(), operatingCost: z.number().int(), licenceCost: z.number().int(), nbAirline: z.number().int() });

export const ZHangarOccupation = z.object({
  planeId: z.string(),
  planeModel: z.string(),
  planeName: z.string(),
  availabilityDate: z.string().nullable(),
});
export const ZHangar = z.object({
  id: z.string(),
  hub: z.object({ id: z.string(), airportIdent: z.string() }),
  nextDtOfPayment: z.string().nullable(),
  rarity: z.enum(Rarity),
  type: z.enum(HangarSize),
  capacity: z.number().int(),
  state: z.enum(HubState),
  occupations: z.array(ZHangarOccupation),
});
export const ZCreateHangarRequest = z.object({ hubId: z.uuid(), itemId: z.uuid() });
/** POST /airline/{id}/hangar answers the hangar just built: no hub or occupations to list yet. */
export const ZCreatedHangar = ZHangar.pick({ id: true, type: true, rarity: true, capacity: true });
/**
 * The quotes price at the REALIST difficulty unless `airlineId` names an airline of the caller's:
 * then at that airline's difficulty, as buying charges it.
 */
export const ZAirlineQuoteQuery = z.object({ airlineId: z.uuid().optional() });
export const ZHangarCostQuery = ZAirlineQuoteQuery.extend({ type: z.enum(HangarSize) });
export const ZHangarCost = z.object({ airportIdent: z.string(), operatingCost: z.number().int(), licenceCost: z.number().int(), hangarType: z.enum(HangarSize) });

export const ZSeatConfiguration = z.object({ eco: z.number().int().min(0).max(900), business: z.number().int().min(0).max(200), first: z.number().int().min(0).max(50) });
export const ZCreatePlaneRequest = z.object({
  itemId: z.uuid(),
  aircraftIcao: z.string().trim().min(2).max(4),
  configuration: ZSeatConfiguration,
  hubId: z.uuid(),
  hangarId: z.uuid().optional(),
});
export const ZPlane = z.object({
  id: z.string(),
  configuration: ZSeatConfiguration,
  wear: z.number(),
  lifetime: z.number(),
  mftId: z.string().nullable(),
  model: z.string(),
  tailRegistration: z.string(),
  icao: z.string(),
  state: z.enum(PlaneState),
  category: z.enum(PlaneCategory),
  hangarId: z.string().nullable(),
  airport: z.string().nullable(),
  airportIsHub: z.boolean().optional(),
  deliveryTime: z.string().optional(),
  startDate: z.string().optional(),
  endDate: z.string().optional(),
  duration: z.number().optional(),
  /** BOOKED: the pilot who holds it. */
  pilot: z.object({ id: z.string(), userName: z.string() }).optional(),
  /** FLYING: the flight it flies. */
  flight: z.object({ id: z.string().nullable(), departureIdent: z.string(), arrivalIdent: z.string() }).optional(),
});
export type TPlane = z.infer<typeof ZPlane>;
export const ZPlaneCost = z.object({
  buildCost: z.number().int(),
  businessSeatCost: z.number().int(),
  ecoSeatCost: z.number().int(),
  firstSeatCost: z.number().int(),
  maintenanceCost: z.number().int(),
});

export const ZConstraint = z.discriminatedUnion('type', [
  z.object({ context: z.enum(['AIRLINE', 'EXTERNAL']).default('AIRLINE'), type: z.literal('CL'), value: z.number().int().min(0).max(1000) }),
  z.object({ context: z.enum(['AIRLINE', 'EXTERNAL']).default('AIRLINE'), type: z.literal('MinRank'), rankId: z.uuid() }),
  z.object({ context: z.enum(['AIRLINE', 'EXTERNAL']).default('AIRLINE'), type: z.literal('MaxRank'), rankId: z.uuid() }),
]);
export type TConstraint = z.infer<typeof ZConstraint>;
/** HH:mm (24-hour UTC); ERR_0018 otherwise. */
export const ROUTE_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const ROUTE_DESTINATIONS_MIN = 2;
export const ROUTE_DESTINATIONS_MAX = 10;
export const ZCreateRouteRequest = z.object({
  name: z.string().trim().min(1).max(60),
  destinations: z.array(z.string().trim().min(1).max(16)),
  constraints: z.array(ZConstraint).max(10).default([]),
  planeCategory: z.enum(PlaneCategory),
  departureTime: z.string(),
  arrivalTime: z.string(),
});
export const ZUpdateRouteRequest = ZCreateRouteRequest.pick({ name: true, planeCategory: true, departureTime: true, arrivalTime: true });
export const ZRoute = z.object({
  id: z.string(),
  airlineId: z.string(),
  name: z.string(),
  destinations: z.array(z.string()),
  airlineConstraints: z.array(ZConstraint),
  externalConstraints: z.array(ZConstraint),
  planeCategory: z.enum(PlaneCategory),
  departureTime: z.string(),
  arrivalTime: z.string(),
  departureHub: z.string(),
  arrivalHub: z.string(),
  restricted: z.boolean(),
  restrictionReason: z.string().nullable(),
});

export const ZTrafficRight = z.object({ isoCountry: z.string(), countryName: z.string(), endDate: z.string(), autoRenew: z.boolean(), state: z.enum(HubState) });
export const ZCreateTrafficRightRequest = z.object({ isoCountry: z.string().trim().length(2) });
export const ZUpdateTrafficRightRequest = z.object({ autoRenew: z.boolean() });
export const ZTrafficRightCost = z.object({ isoCountry: z.string(), licenceCost: z.number().int() });

export const ZAirlineWalletQuery = ZPageQuery.extend({
  states: z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',').map((s) => s.trim()).filter(Boolean) : undefined))
    .pipe(z.array(z.enum(['PLANNED', 'FAILED', 'SUCCESS'])).optional()),
  /** Comma-separated transaction categories to keep ; all when absent. */
  categories: z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',').map((s) => s.trim()).filter(Boolean) : undefined))
    .pipe(z.array(z.enum(TransactionCategory)).optional()),
});
export const ZAirlineWalletPage = pageOf(ZWalletTransaction);
export const ZAirlineBalance = z.object({ balance: z.number().int() });

/** GET /airline/{id}/wallet/history: how many calendar months (UTC) back, the current one included. */
export const WALLET_HISTORY_MONTHS_MIN = 1;
export const WALLET_HISTORY_MONTHS_MAX = 24;
export const WALLET_HISTORY_MONTHS_DEFAULT = 6;
export const ZAirlineWalletHistoryQuery = z.object({
  months: z.coerce.number().int().min(WALLET_HISTORY_MONTHS_MIN).max(WALLET_HISTORY_MONTHS_MAX).default(WALLET_HISTORY_MONTHS_DEFAULT),
});
/** One category's share of a month: FC credited (income) and FC debited (costs). */
export const ZWalletHistoryCategory = z.object({ category: z.enum(TransactionCategory), income: z.number().int(), costs: z.number().int() });
/** One calendar month (UTC) of executed transactions: `month` is `YYYY-MM`; amounts FC, both positive. */
export const ZWalletHistoryMonth = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  income: z.number().int(),
  costs: z.number().int(),
  byCategory: z.array(ZWalletHistoryCategory),
});
/** The months oldest first, every month listed (zeros when nothing was executed in it). */
export const ZAirlineWalletHistory = z.object({ months: z.array(ZWalletHistoryMonth) });
export type TAirlineWalletHistory = z.infer<typeof ZAirlineWalletHistory>;
export type TWalletHistoryMonth = z.infer<typeof ZWalletHistoryMonth>;

export const ZLivemapQuery = z.object({
  categories: z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',').map((s) => s.trim()) : ['PLANE', 'HUB']))
    .pipe(z.array(z.enum(LivemapCategory))),
});
export const ZLivemapItem = z.object({
  id: z.string(),
  heading: z.number(),
  latitude: z.number(),
  longitude: z.number(),
  category: z.enum(LivemapCategory),
  tailRegistration: z.string().optional(),
  state: z.string().optional(),
  /** A hub's airport, or the airport a plane is parked at. */
  airportIdent: z.string().optional(),
});
export type TLivemapItem = z.infer<typeof ZLivemapItem>;

export const ZFlightRestriction = z.object({ routeId: z.string(), restricted: z.boolean(), restrictionReason: z.string().nullable() });

/** GET /airline/{id}/forecast: the cash runway, and GET /airline/{id}/profit-and-loss. */
export const ZCashRunway = z.object({ balance: z.number().int(), defaultDate: z.string().nullable(), warn: z.boolean(), plannedTotal: z.number().int() });
export const ZProfitAndLoss = z.object({
  byRoute: z.array(z.object({ key: z.string(), revenue: z.number(), cost: z.number(), profit: z.number(), flights: z.number().int() })),
  byPlane: z.array(z.object({ key: z.string(), revenue: z.number(), cost: z.number(), profit: z.number(), flights: z.number().int() })),
});

/** Configuration data (the categories), for the airline screens. */
export const ZConfigurationData = z.object({
  hangar: z.object({ capacity: z.record(z.string(), z.number()), licenceCost: z.record(z.string(), z.number()), operatingCost: z.record(z.string(), z.number()) }),
  hub: z.object({ licenceCost: z.record(z.string(), z.number()), operatingCost: z.record(z.string(), z.number()) }),
  plane: z.object({ groundedAtWear: z.number(), buildCost: z.record(z.string(), z.number()), seatCost: z.record(z.string(), z.number()) }),
  route: z.object({ minDestinations: z.number(), maxDestinations: z.number() }),
  rank: z.object({ maxFcBonus: z.number() }),
  salaryInformation: z.object({ baseSalary: z.number() }),
  trafficRight: z.object({ validityMonths: z.number(), renewalWindowMonths: z.number() }),
  mftOption: z.array(z.enum(MftOption)),
  /** The monthly flight-time bonus: FC per airborne hour and the monthly limit of hours per pilot. */
  mftBonus: z.object({ fcPerHour: z.number(), monthlyLimitHours: z.number() }),
  bankruptcyDeadlineDays: z.number(),
});

// ---- flying for the airline (issue 18; docs/decisions/0028-airline-flights.md) ----

/** POST /airline/{id}/plane/{planeId}/booking: the route the booked plane will fly. */
export const ZBookPlaneRequest = z.object({ routeId: z.uuid() });

/** A plane booked by a pilot for a route (a "Booked flight list" item, with the booking's end). */
export const ZBookedFlight = z.object({
  bidId: z.string(),
  airlineId: z.string(),
  routeId: z.string(),
  state: z.enum(['BOOKED', 'FLYING']),
  expiresAt: z.string(),
  flight: z.object({
    id: z.string().nullable(),
    code: z.string(),
    flightNumber: z.string(),
    departureAirport: z.string(),
    arrivalAirport: z.string(),
    aircraft: z.object({ id: z.string(), registration: z.string(), name: z.string(), icao: z.string(), iata: z.string().nullable() }),
  }),
});
export type TBookedFlight = z.infer<typeof ZBookedFlight>;

/** GET /airline/booking: the caller's bookings across airlines, and whether an owner's lapse grounds them. */
export const ZBookedFlightList = z.object({ flights: z.array(ZBookedFlight), isGrounded: z.boolean() });

/** A plane of the airline at a route's departure, with why this pilot cannot book it (null: bookable). */
export const ZRoutePlane = z.object({
  id: z.string(),
  registration: z.string(),
  icao: z.string(),
  name: z.string(),
  state: z.enum(PlaneState),
  wear: z.number(),
  restrictionReason: z.string().nullable(),
});
/** GET /airline/{id}/route/from/{ident}: each route with the planes there, for the pilot who asks. */
export const ZRouteFromAirport = ZRoute.extend({ planes: z.array(ZRoutePlane) });
export type TRouteFromAirport = z.infer<typeof ZRouteFromAirport>;
