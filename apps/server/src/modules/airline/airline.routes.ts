import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAirline,
  ZAirlineBalance,
  ZAirlineQuoteQuery,
  ZAirlineForm,
  ZAirlineSearchQuery,
  ZAirlineSearchResult,
  ZAirlineSettingsRequest,
  ZAirlineStats,
  ZAirlineWalletPage,
  ZAirlineWalletQuery,
  ZApplicant,
  ZApplyRequest,
  ZBankruptcyInformation,
  ZCashRunway,
  ZConfigurationData,
  ZCreateHangarRequest,
  ZCreateHubRequest,
  ZCreatePlaneRequest,
  ZCreateRouteRequest,
  ZCreateTrafficRightRequest,
  ZFlightRestriction,
  ZHangar,
  ZHangarCost,
  ZHangarCostQuery,
  ZHub,
  ZHubCost,
  ZHubStateRequest,
  ZLivemapItem,
  ZLivemapQuery,
  ZMember,
  ZPageQuery,
  ZPlane,
  ZPlaneCost,
  ZRank,
  ZRankRequest,
  ZRoute,
  ZSwitchRankRequest,
  ZTrafficRight,
  ZTrafficRightCost,
  ZUpdateMemberRequest,
  ZSetMemberRoleRequest,
  ZUpdateRouteRequest,
  ZUpdateTrafficRightRequest,
  ZUserAirline,
  page,
  type TAirlineForm,
} from '@contrail/domain/airline/airline-contract';
import { GameDifficulty } from '@contrail/domain/economy/airline-economy-constants';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import { PlaneCategory } from '@contrail/domain/reference/aircraft-information';
import { ZWalletTransaction } from '@contrail/domain/wallet/wallet-contract';
import { airlineFinanceRoutes as finance } from '@contrail/domain/airline/airline-finance-routes';
import { airlineFlightRoutes as flights } from '@contrail/domain/airline/airline-flight-routes';
import { serveRoute } from '../../lib/serve-route';
import { currentUser } from '../../plugins/authentication';
import {
  AIRLINE_BOOKING_EXPIRY_JOB,
  AIRLINE_BOOKING_EXPIRY_PERIOD_MS,
  bookPlane,
  cancelBooking,
  expireBookings,
  flightRestrictions,
  getProfitAndLoss,
  listMyBookings,
  listRoutesFromAirport,
} from './airline-booking.service';
import {
  createHangar,
  createHub,
  createPlane,
  createRoute,
  createTrafficRight,
  deleteRoute,
  getHub,
  getHubCost,
  getPlane,
  getPlaneCost,
  listHangars,
  listHubs,
  listPlanes,
  listRoutes,
  listTrafficRights,
  quoteHangarCost,
  quoteTrafficRightCost,
  renewTrafficRight,
  setHubState,
  setMainHub,
  setTrafficRightAutoRenew,
  startMaintenance,
  updateRoute,
} from './airline-assets.service';
import { settleAirlines } from './airline-settlement';
import { getAirlineBalance, getAirlineWalletHistory, getCashRunway, getConfigurationData, getLivemapItems, listAirlineTransactions, payTransaction } from './airline-wallet.service';
import {
  applyToAirline,
  createAirline,
  createRank,
  decideApplicant,
  deleteAirline,
  deleteRank,
  getAirline,
  getAirlineStats,
  getBankruptcy,
  getMemberRank,
  getUserAirlines,
  listApplicants,
  listMembers,
  listRanks,
  removeMember,
  resetAirline,
  searchAirlines,
  switchRanks,
  updateAirline,
  updateAirlineSettings,
  updateMember,
  setMemberRole,
  updateRank,
  type AirlineFormInput,
} from './airline.service';

export const AIRLINE_SETTLEMENT_JOB = 'airline-settlement';
/** The airline clock ticks every minute: due costs, bankruptcy, deliveries and maintenance ends. */
export const AIRLINE_SETTLEMENT_PERIOD_MS = 60_000;

const FORM_FIELDS = ['name', 'code', 'shortDescription', 'description', 'gameDifficulty', 'hubAirportIdent', 'planeCategory'];

/** Reads the airline form (multipart text fields and an optional `photo` file) and checks it with the contract. */
const readAirlineForm = async (request: FastifyRequest): Promise<AirlineFormInput> => {
  if (!request.isMultipart()) throw new AppError(ErrorCode.validation, 'The airline form is sent as multipart/form-data');
  const fields: Record<string, string> = {};
  let photo: Buffer | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(ErrorCode.logoFormatOrSize, 'The logo must be at most 100,000 bytes', 'photo');
        throw error;
      }
      if (part.fieldname === 'photo' && bytes.length > 0) photo = bytes;
    } else if (FORM_FIELDS.includes(part.fieldname)) {
      fields[part.fieldname] = String(part.value);
    }
  }
  const parsed = ZAirlineForm.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || undefined;
    throw new AppError(ErrorCode.validation, field ? `${field}: ${issue?.message ?? 'invalid'}` : 'Invalid airline form', field);
  }
  const form: TAirlineForm = parsed.data;
  return photo ? { form, photo } : { form };
};

const id = z.uuid();
const AirlineParams = z.object({ id });
const tags = ['airline-manager'];
const security = [{ bearer: [] }];
const ok = z.object({ success: z.literal(true) });

/** Airline manager API (spec section 7), under /api/airline-manager/v1. */
export const airlineRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock, jobs } = app.deps;
  jobs.register({ name: AIRLINE_SETTLEMENT_JOB, periodMs: AIRLINE_SETTLEMENT_PERIOD_MS, run: (now) => settleAirlines(db, now) });
  jobs.register({ name: AIRLINE_BOOKING_EXPIRY_JOB, periodMs: AIRLINE_BOOKING_EXPIRY_PERIOD_MS, run: (now) => expireBookings(db, now) });
  const auth = { preHandler: app.authenticate };

  // ---- airline ----
  app.get('/airline', { ...auth, schema: { tags, security, querystring: ZAirlineSearchQuery, response: { 200: page(ZAirlineSearchResult) } } }, async (request) =>
    searchAirlines(db, request.query),
  );
  app.post('/airline', { ...auth, schema: { tags, security, consumes: ['multipart/form-data'], response: { 201: ZAirline } } }, async (request, reply) =>
    reply.status(201).send(await createAirline(db, currentUser(request), await readAirlineForm(request), clock.now())),
  );
  app.get('/airline/member/:userId', { ...auth, schema: { tags, security, params: z.object({ userId: id }), response: { 200: z.array(ZUserAirline) } } }, async (request) =>
    getUserAirlines(db, currentUser(request), request.params.userId),
  );
  app.get('/airline/:id', { ...auth, schema: { tags, security, params: AirlineParams, response: { 200: ZAirline } } }, async (request) =>
    getAirline(db, currentUser(request), request.params.id),
  );
  // The same path takes the multipart form (update) or JSON settings (recruitment, mftOption), as the spec lists both.
  app.put('/airline/:id', { ...auth, schema: { tags, security, params: AirlineParams, consumes: ['multipart/form-data', 'application/json'], response: { 200: ZAirline } } }, async (request) => {
    if (request.isMultipart()) return updateAirline(db, currentUser(request), request.params.id, await readAirlineForm(request));
    const parsed = ZAirlineSettingsRequest.safeParse(request.body);
    if (!parsed.success) throw new AppError(ErrorCode.validation, parsed.error.issues[0]?.message ?? 'Invalid request');
    return updateAirlineSettings(db, currentUser(request), request.params.id, parsed.data);
  });
  app.put('/airline/:id/reset', { ...auth, schema: { tags, security, params: AirlineParams, consumes: ['multipart/form-data'], response: { 200: ZAirline } } }, async (request) =>
    resetAirline(db, currentUser(request), request.params.id, await readAirlineForm(request), clock.now()),
  );
  app.delete('/airline/:id', { ...auth, schema: { tags, security, params: AirlineParams, response: { 200: ok } } }, async (request) => {
    await deleteAirline(db, currentUser(request), request.params.id);
    return { success: true as const };
  });
  app.get('/airline/:id/stat', { ...auth, schema: { tags, security, params: AirlineParams, response: { 200: ZAirlineStats } } }, async (request) =>
    getAirlineStats(db, currentUser(request), request.params.id),
  );
  app.get('/airline/:id/bankrupt', { ...auth, schema: { tags, security, params: AirlineParams, response: { 200: ZBankruptcyInformation } } }, async (request) =>
    getBankruptcy(db, currentUser(request), request.params.id, clock.now()),
  );
  app.get('/airline/:id/configuration', { ...auth, schema: { tags, security, params: AirlineParams, response: { 200: ZConfigurationData } } }, async (request) =>
    getConfigurationData(db, currentUser(request), request.params.id),
  );
  app.get('/airline/:id/livemap/item', { ...auth, schema: { tags, security, params: AirlineParams, querystring: ZLivemapQuery, response: { 200: z.array(ZLivemapItem) } } }, async (request) =>
    getLivemapItems(db, currentUser(request), request.params.id, request.query.categories),
  );

  // ---- members and applicants ----
  app.get('/airline/:id/member', { ...auth, schema: { tags, security, params: AirlineParams, querystring: ZPageQuery, response: { 200: page(ZMember) } } }, async (request) =>
    listMembers(db, currentUser(request), request.params.id, request.query),
  );
  const MemberParams = z.object({ id, memberId: id });
  app.put('/airline/:id/member/:memberId', { ...auth, schema: { tags, security, params: MemberParams, body: ZUpdateMemberRequest, response: { 200: ok } } }, async (request) => {
    await updateMember(db, currentUser(request), request.params.id, request.params.memberId, request.body.rankId);
    return { success: true as const };
  });
  app.put('/airline/:id/member/:memberId/role', { ...auth, schema: { tags, security, params: MemberParams, body: ZSetMemberRoleRequest, response: { 200: ok } } }, async (request) => {
    await setMemberRole(db, currentUser(request), request.params.id, request.params.memberId, request.body.role);
    return { success: true as const };
  });
  app.delete('/airline/:id/member/:memberId', { ...auth, schema: { tags, security, params: MemberParams, response: { 200: ok } } }, async (request) => {
    await removeMember(db, currentUser(request), request.params.id, request.params.memberId);
    return { success: true as const };
  });
  app.get('/airline/:id/applicant', { ...auth, schema: { tags, security, params: AirlineParams, querystring: ZPageQuery, response: { 200: page(ZApplicant) } } }, async (request) =>
    listApplicants(db, currentUser(request), request.params.id, request.query),
  );
  app.post('/airline/:id/applicant/', { ...auth, schema: { tags, security, params: AirlineParams, body: ZApplyRequest, response: { 201: ok } } }, async (request, reply) => {
    await applyToAirline(db, currentUser(request), request.params.id, request.body.applicantUserId, clock.now());
    return reply.status(201).send({ success: true as const });
  });
  for (const decision of ['accept', 'reject'] as const) {
    app.put(`/airline/:id/applicant/:applicantId/${decision}`, { ...auth, schema: { tags, security, params: z.object({ id, applicantId: id }), response: { 200: ok } } }, async (request) => {
      await decideApplicant(db, currentUser(request), request.params.id, request.params.applicantId, decision === 'accept', clock.now());
      return { success: true as const };
    });
  }

  // ---- ranks ----
  app.get('/airline/:id/rank', { ...auth, schema: { tags, security, params: AirlineParams, querystring: ZPageQuery, response: { 200: page(ZRank) } } }, async (request) =>
    listRanks(db, currentUser(request), request.params.id, request.query),
  );
  app.get('/airline/:id/rank/member/:memberId', { ...auth, schema: { tags, security, params: MemberParams, response: { 200: ZRank.nullable() } } }, async (request) =>
    getMemberRank(db, currentUser(request), request.params.id, request.params.memberId),
  );
  app.post('/airline/:id/rank', { ...auth, schema: { tags, security, params: AirlineParams, body: ZRankRequest, response: { 201: ZRank } } }, async (request, reply) =>
    reply.status(201).send(await createRank(db, currentUser(request), request.params.id, request.body)),
  );
  const RankParams = z.object({ id, rankId: id });
  app.put('/airline/:id/rank/:rankId', { ...auth, schema: { tags, security, params: RankParams, body: ZRankRequest, response: { 200: ZRank } } }, async (request) =>
    updateRank(db, currentUser(request), request.params.id, request.params.rankId, request.body),
  );
  app.delete('/airline/:id/rank/:rankId', { ...auth, schema: { tags, security, params: RankParams, response: { 200: ok } } }, async (request) => {
    await deleteRank(db, currentUser(request), request.params.id, request.params.rankId);
    return { success: true as const };
  });
  app.put('/airline/:id/rank/:rankId/sort_idx/switch', { ...auth, schema: { tags, security, params: RankParams, body: ZSwitchRankRequest, response: { 200: z.array(ZRank) } } }, async (request) =>
    switchRanks(db, currentUser(request), request.params.id, request.params.rankId, request.body.toRankId),
  );

  // ---- hubs ----
  app.get('/airline/:id/hub', { ...auth, schema: { tags, security, params: AirlineParams, querystring: ZPageQuery, response: { 200: page(ZHub) } } }, async (request) =>
    listHubs(db, currentUser(request), request.params.id, request.query),
  );
  app.get('/airline/:id/hub/:hubId', { ...auth, schema: { tags, security, params: z.object({ id, hubId: id }), response: { 200: ZHub } } }, async (request) =>
    getHub(db, currentUser(request), request.params.id, request.params.hubId),
  );
  app.post('/airline/:id/hub', { ...auth, schema: { tags, security, params: AirlineParams, body: ZCreateHubRequest, response: { 201: ZHub } } }, async (request, reply) =>
    reply.status(201).send(await createHub(db, currentUser(request), request.params.id, request.body.airportIdent, clock.now())),
  );
  app.put('/hub/:hubId/state', { ...auth, schema: { tags, security, params: z.object({ hubId: id }), body: ZHubStateRequest, response: { 200: ZHub } } }, async (request) =>
    setHubState(db, currentUser(request), request.params.hubId, request.body.state, clock.now()),
  );
  app.put('/hub/:hubId/main', { ...auth, schema: { tags, security, params: z.object({ hubId: id }), response: { 200: ZHub } } }, async (request) =>
    setMainHub(db, currentUser(request), request.params.hubId),
  );
  app.get(
    '/hub/airport/:ident/cost/game_difficulty/:difficulty',
    { ...auth, schema: { tags, security, params: z.object({ ident: z.string().max(16), difficulty: z.string().transform((v) => v.toUpperCase()).pipe(z.enum(GameDifficulty)) }), response: { 200: ZHubCost } } },
    async (request) => getHubCost(db, request.params.ident, request.params.difficulty),
  );

  // ---- hangars ----
  app.get('/airline/:id/hangar', { ...auth, schema: { tags, security, params: AirlineParams, querystring: ZPageQuery, response: { 200: page(ZHangar) } } }, async (request) =>
    listHangars(db, currentUser(request), request.params.id, request.query),
  );
  app.post('/airline/:id/hangar', { ...auth, schema: { tags, security, params: AirlineParams, body: ZCreateHangarRequest } }, async (request, reply) =>
    reply.status(201).send(await createHangar(db, currentUser(request), request.params.id, request.body.hubId, request.body.itemId, clock.now())),
  );
  app.get('/airline/hangar/airport/:ident/cost', { ...auth, schema: { tags, security, params: z.object({ ident: z.string().max(16) }), querystring: ZHangarCostQuery, response: { 200: ZHangarCost } } }, async (request) =>
    quoteHangarCost(db, currentUser(request), request.params.ident, request.query.type, request.query.airlineId),
  );

  // ---- planes ----
  app.get('/airline/:id/plane', { ...auth, schema: { tags, security, params: AirlineParams, querystring: ZPageQuery, response: { 200: page(ZPlane) } } }, async (request) =>
    listPlanes(db, currentUser(request), request.params.id, request.query),
  );
  const PlaneParams = z.object({ id, planeId: id });
  app.get('/airline/:id/plane/:planeId', { ...auth, schema: { tags, security, params: PlaneParams, response: { 200: ZPlane } } }, async (request) =>
    getPlane(db, currentUser(request), request.params.id, request.params.planeId),
  );
  app.post('/airline/:id/plane', { ...auth, schema: { tags, security, params: AirlineParams, body: ZCreatePlaneRequest, response: { 201: ZPlane } } }, async (request, reply) =>
    reply.status(201).send(await createPlane(db, currentUser(request), request.params.id, request.body, clock.now())),
  );
  app.put('/airline/:id/plane/:planeId/state/UNDER_MAINTENANCE', { ...auth, schema: { tags, security, params: PlaneParams, response: { 200: ZPlane } } }, async (request) =>
    startMaintenance(db, currentUser(request), request.params.id, request.params.planeId, clock.now()),
  );
  app.get(
    '/plane/category/:category/cost/:difficulty',
    { ...auth, schema: { tags, security, params: z.object({ category: z.enum(PlaneCategory), difficulty: z.string().transform((v) => v.toUpperCase()).pipe(z.enum(GameDifficulty)) }), response: { 200: ZPlaneCost } } },
    async (request) => getPlaneCost(request.params.category, request.params.difficulty),
  );

  // ---- routes ----
  app.get('/airline/:id/route', { ...auth, schema: { tags, security, params: AirlineParams, querystring: ZPageQuery, response: { 200: page(ZRoute) } } }, async (request) =>
    listRoutes(db, currentUser(request), request.params.id, request.query),
  );
  app.post('/airline/:id/route', { ...auth, schema: { tags, security, params: AirlineParams, body: ZCreateRouteRequest, response: { 201: ZRoute } } }, async (request, reply) =>
    reply.status(201).send(await createRoute(db, currentUser(request), request.params.id, request.body)),
  );
  const RouteParams = z.object({ id, routeId: id });
  app.put('/airline/:id/route/:routeId', { ...auth, schema: { tags, security, params: RouteParams, body: ZUpdateRouteRequest, response: { 200: ZRoute } } }, async (request) =>
    updateRoute(db, currentUser(request), request.params.id, request.params.routeId, request.body),
  );
  app.delete('/airline/:id/route/:routeId', { ...auth, schema: { tags, security, params: RouteParams, response: { 200: ok } } }, async (request) => {
    await deleteRoute(db, currentUser(request), request.params.id, request.params.routeId);
    return { success: true as const };
  });
  app.get(
    '/airline/:id/aircraft/:aircraft/flights-restrictions/',
    { ...auth, schema: { tags, security, params: z.object({ id, aircraft: z.string().min(2).max(4) }), response: { 200: z.array(ZFlightRestriction) } } },
    async (request) => flightRestrictions(db, currentUser(request), request.params.id, request.params.aircraft, clock.now()),
  );

  // ---- traffic rights ----
  app.get('/airline/:id/traffic-right', { ...auth, schema: { tags, security, params: AirlineParams, querystring: ZPageQuery, response: { 200: page(ZTrafficRight) } } }, async (request) =>
    listTrafficRights(db, currentUser(request), request.params.id, request.query),
  );
  app.post('/airline/:id/traffic-right', { ...auth, schema: { tags, security, params: AirlineParams, body: ZCreateTrafficRightRequest, response: { 201: ok } } }, async (request, reply) => {
    await createTrafficRight(db, currentUser(request), request.params.id, request.body.isoCountry, clock.now());
    return reply.status(201).send({ success: true as const });
  });
  const IsoParams = z.object({ id, iso: z.string().length(2) });
  app.put('/airline/:id/traffic-right/:iso', { ...auth, schema: { tags, security, params: IsoParams, body: ZUpdateTrafficRightRequest, response: { 200: ok } } }, async (request) => {
    await setTrafficRightAutoRenew(db, currentUser(request), request.params.id, request.params.iso, request.body.autoRenew);
    return { success: true as const };
  });
  app.post('/airline/:id/traffic-right/:iso/renew', { ...auth, schema: { tags, security, params: IsoParams, response: { 200: ok } } }, async (request) => {
    await renewTrafficRight(db, currentUser(request), request.params.id, request.params.iso, clock.now());
    return { success: true as const };
  });
  app.get(
    '/traffic-right/iso/:iso/cost',
    { ...auth, schema: { tags, security, params: z.object({ iso: z.string().length(2) }), querystring: ZAirlineQuoteQuery, response: { 200: ZTrafficRightCost } } },
    async (request) => quoteTrafficRightCost(db, currentUser(request), request.params.iso, request.query.airlineId),
  );

  // ---- wallet ----
  app.get('/airline/:id/wallet/balance', { ...auth, schema: { tags, security, params: AirlineParams, response: { 200: ZAirlineBalance } } }, async (request) =>
    getAirlineBalance(db, currentUser(request), request.params.id),
  );
  app.get('/airline/:id/wallet', { ...auth, schema: { tags, security, params: AirlineParams, querystring: ZAirlineWalletQuery, response: { 200: ZAirlineWalletPage } } }, async (request) =>
    listAirlineTransactions(db, currentUser(request), request.params.id, request.query),
  );
  app.put('/airline/:id/wallet/transaction/:transactionId/pay', { ...auth, schema: { tags, security, params: z.object({ id, transactionId: id }), response: { 200: ZWalletTransaction } } }, async (request) =>
    payTransaction(db, currentUser(request), request.params.id, request.params.transactionId, clock.now()),
  );
  serveRoute(app, finance.walletHistory, async (request) =>
    getAirlineWalletHistory(db, currentUser(request), request.params.id, request.query.months, clock.now()),
  );
  app.get('/airline/:id/forecast', { ...auth, schema: { tags, security, params: AirlineParams, response: { 200: ZCashRunway } } }, async (request) =>
    getCashRunway(db, currentUser(request), request.params.id, clock.now()),
  );

  // ---- flying for the airline (declared in the domain: airline-flight-routes.ts) ----
  serveRoute(app, flights.routesFrom, async (request) =>
    listRoutesFromAirport(db, currentUser(request), request.params.id, request.params.ident, request.query, clock.now()),
  );
  serveRoute(app, flights.book, async (request) =>
    bookPlane(db, currentUser(request), request.params.id, request.params.planeId, request.body.routeId, clock.now()),
  );
  serveRoute(app, flights.cancelBooking, async (request) => {
    await cancelBooking(db, currentUser(request), request.params.id, request.params.bidId, clock.now());
    return { success: true as const };
  });
  serveRoute(app, flights.myBookings, async (request) => listMyBookings(db, currentUser(request), clock.now()));
  serveRoute(app, flights.profitAndLoss, async (request) => getProfitAndLoss(db, currentUser(request), request.params.id));
};
