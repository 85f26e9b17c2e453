import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAirline, ZAirlineForm, ZAirlineSettingsRequest, type TAirlineForm } from '@contrail/domain/airline/airline-contract';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import { airlineAssetRoutes as assets } from '@contrail/domain/airline/airline-asset-routes';
import { airlineFinanceRoutes as finance } from '@contrail/domain/airline/airline-finance-routes';
import { airlineFlightRoutes as flights } from '@contrail/domain/airline/airline-flight-routes';
import { airlineRoutes as routes } from '@contrail/domain/airline/airline-routes';
import { serveRoute } from '../../lib/serve-route';
import { currentUser } from '../../plugins/authentication';
import { acceptMultipartForms } from '../../plugins/multipart-forms';
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
import { setMemberStatus } from './airline-grounding.service';
import { createHangar, listHangars, quoteHangarCost } from './airline-hangar.service';
import { createHub, getHub, getHubCost, listHubs, setHubState, setMainHub } from './airline-hub.service';
import { applyToAirline, decideApplicant, getMemberRank, listApplicants, listMembers, removeMember, setMemberRole, updateMember } from './airline-member.service';
import { getAirlineStats, getConfigurationData, getLivemapItems } from './airline-overview.service';
import { createPlane, getPlane, getPlaneCost, listPlanes, startMaintenance } from './airline-plane.service';
import { createRank, deleteRank, listRanks, switchRanks, updateRank } from './airline-rank.service';
import { createRoute, deleteRoute, listRoutes, updateRoute } from './airline-route.service';
import { settleAirlines } from './airline-settlement';
import { createTrafficRight, listTrafficRights, quoteTrafficRightCost, renewTrafficRight, setTrafficRightAutoRenew } from './airline-traffic-right.service';
import { getAirlineBalance, getAirlineWalletHistory, getBankruptcy, getCashRunway, listAirlineTransactions, payTransaction } from './airline-wallet.service';
import {
  createAirline,
  deleteAirline,
  getAirline,
  getUserAirlines,
  resetAirline,
  searchAirlines,
  updateAirline,
  updateAirlineSettings,
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

const AirlineParams = z.object({ id: z.uuid() });
const tags = ['airline-manager'];
const security = [{ bearer: [] }];

/** Airline manager API, under /api/airline-manager/v1. */
export const airlineRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await acceptMultipartForms(app); // the airline form, with its logo
  const { db, clock, jobs } = app.deps;
  jobs.register({ name: AIRLINE_SETTLEMENT_JOB, periodMs: AIRLINE_SETTLEMENT_PERIOD_MS, run: (now) => settleAirlines(db, now) });
  jobs.register({ name: AIRLINE_BOOKING_EXPIRY_JOB, periodMs: AIRLINE_BOOKING_EXPIRY_PERIOD_MS, run: (now) => expireBookings(db, now) });
  const auth = { preHandler: app.authenticate };

  // ---- airline ----
  serveRoute(app, routes.search, async (request) => searchAirlines(db, request.query));
  // Not declared: a multipart form with an optional logo file, read part by part.
  app.post('/airline', { ...auth, schema: { tags, security, consumes: ['multipart/form-data'], response: { 201: ZAirline } } }, async (request, reply) =>
    reply.status(201).send(await createAirline(db, currentUser(request), await readAirlineForm(request), clock.now())),
  );
  serveRoute(app, routes.userAirlines, async (request) => getUserAirlines(db, currentUser(request), request.params.userId));
  serveRoute(app, routes.details, async (request) => getAirline(db, currentUser(request), request.params.id));
  // Not declared: the same path takes the multipart form (update) or JSON settings (recruitment, mftOption), as the spec lists both.
  app.put('/airline/:id', { ...auth, schema: { tags, security, params: AirlineParams, consumes: ['multipart/form-data', 'application/json'], response: { 200: ZAirline } } }, async (request) => {
    if (request.isMultipart()) return updateAirline(db, currentUser(request), request.params.id, await readAirlineForm(request));
    const parsed = ZAirlineSettingsRequest.safeParse(request.body);
    if (!parsed.success) throw new AppError(ErrorCode.validation, parsed.error.issues[0]?.message ?? 'Invalid request');
    return updateAirlineSettings(db, currentUser(request), request.params.id, parsed.data);
  });
  // Not declared: the multipart airline form, as when creating.
  app.put('/airline/:id/reset', { ...auth, schema: { tags, security, params: AirlineParams, consumes: ['multipart/form-data'], response: { 200: ZAirline } } }, async (request) =>
    resetAirline(db, currentUser(request), request.params.id, await readAirlineForm(request), clock.now()),
  );
  serveRoute(app, routes.remove, async (request) => {
    await deleteAirline(db, currentUser(request), request.params.id);
    return { success: true as const };
  });
  serveRoute(app, routes.stats, async (request) => getAirlineStats(db, currentUser(request), request.params.id));
  serveRoute(app, routes.bankruptcy, async (request) => getBankruptcy(db, currentUser(request), request.params.id, clock.now()));
  serveRoute(app, routes.configuration, async (request) => getConfigurationData(db, currentUser(request), request.params.id));
  serveRoute(app, routes.livemapItems, async (request) => getLivemapItems(db, currentUser(request), request.params.id, request.query.categories));

  // ---- members and applicants ----
  serveRoute(app, routes.members, async (request) => listMembers(db, currentUser(request), request.params.id, request.query));
  serveRoute(app, routes.setMemberRank, async (request) => {
    await updateMember(db, currentUser(request), request.params.id, request.params.memberId, request.body.rankId);
    return { success: true as const };
  });
  serveRoute(app, routes.setMemberRole, async (request) => {
    await setMemberRole(db, currentUser(request), request.params.id, request.params.memberId, request.body.role);
    return { success: true as const };
  });
  serveRoute(app, routes.setMemberStatus, async (request) => {
    await setMemberStatus(db, currentUser(request), request.params.id, request.params.memberId, request.body.status, clock.now());
    return { success: true as const };
  });
  serveRoute(app, routes.removeMember, async (request) => {
    await removeMember(db, currentUser(request), request.params.id, request.params.memberId);
    return { success: true as const };
  });
  serveRoute(app, routes.applicants, async (request) => listApplicants(db, currentUser(request), request.params.id, request.query));
  serveRoute(app, routes.apply, async (request) => {
    await applyToAirline(db, currentUser(request), request.params.id, request.body.applicantUserId, clock.now());
    return { success: true as const };
  });
  for (const [declaration, isAccepted] of [
    [routes.acceptApplicant, true],
    [routes.rejectApplicant, false],
  ] as const) {
    serveRoute(app, declaration, async (request) => {
      await decideApplicant(db, currentUser(request), request.params.id, request.params.applicantId, isAccepted, clock.now());
      return { success: true as const };
    });
  }

  // ---- ranks ----
  serveRoute(app, routes.ranks, async (request) => listRanks(db, currentUser(request), request.params.id, request.query));
  serveRoute(app, routes.memberRank, async (request) => getMemberRank(db, currentUser(request), request.params.id, request.params.memberId));
  serveRoute(app, routes.createRank, async (request) => createRank(db, currentUser(request), request.params.id, request.body));
  serveRoute(app, routes.updateRank, async (request) => updateRank(db, currentUser(request), request.params.id, request.params.rankId, request.body));
  serveRoute(app, routes.deleteRank, async (request) => {
    await deleteRank(db, currentUser(request), request.params.id, request.params.rankId);
    return { success: true as const };
  });
  serveRoute(app, routes.switchRanks, async (request) => switchRanks(db, currentUser(request), request.params.id, request.params.rankId, request.body.toRankId));

  // ---- hubs ----
  serveRoute(app, assets.hubs, async (request) => listHubs(db, currentUser(request), request.params.id, request.query));
  serveRoute(app, assets.hub, async (request) => getHub(db, currentUser(request), request.params.id, request.params.hubId));
  serveRoute(app, assets.openHub, async (request) => createHub(db, currentUser(request), request.params.id, request.body.airportIdent, clock.now()));
  serveRoute(app, assets.setHubState, async (request) => setHubState(db, currentUser(request), request.params.hubId, request.body.state, clock.now()));
  serveRoute(app, assets.setMainHub, async (request) => setMainHub(db, currentUser(request), request.params.hubId));
  serveRoute(app, assets.hubCost, async (request) => getHubCost(db, request.params.ident, request.params.difficulty));

  // ---- hangars ----
  serveRoute(app, assets.hangars, async (request) => listHangars(db, currentUser(request), request.params.id, request.query));
  serveRoute(app, assets.buildHangar, async (request) => createHangar(db, currentUser(request), request.params.id, request.body.hubId, request.body.itemId, clock.now()));
  serveRoute(app, assets.hangarCost, async (request) => quoteHangarCost(db, currentUser(request), request.params.ident, request.query.type, request.query.airlineId));

  // ---- planes ----
  serveRoute(app, assets.planes, async (request) => listPlanes(db, currentUser(request), request.params.id, request.query));
  serveRoute(app, assets.plane, async (request) => getPlane(db, currentUser(request), request.params.id, request.params.planeId));
  serveRoute(app, assets.buildPlane, async (request) => createPlane(db, currentUser(request), request.params.id, request.body, clock.now()));
  serveRoute(app, assets.startMaintenance, async (request) => startMaintenance(db, currentUser(request), request.params.id, request.params.planeId, clock.now()));
  serveRoute(app, assets.planeCost, async (request) => getPlaneCost(request.params.category, request.params.difficulty));

  // ---- routes ----
  serveRoute(app, assets.routes, async (request) => listRoutes(db, currentUser(request), request.params.id, request.query));
  serveRoute(app, assets.createRoute, async (request) => createRoute(db, currentUser(request), request.params.id, request.body));
  serveRoute(app, assets.updateRoute, async (request) => updateRoute(db, currentUser(request), request.params.id, request.params.routeId, request.body));
  serveRoute(app, assets.deleteRoute, async (request) => {
    await deleteRoute(db, currentUser(request), request.params.id, request.params.routeId);
    return { success: true as const };
  });
  serveRoute(app, assets.flightRestrictions, async (request) => flightRestrictions(db, currentUser(request), request.params.id, request.params.aircraft, clock.now()));

  // ---- traffic rights ----
  serveRoute(app, assets.trafficRights, async (request) => listTrafficRights(db, currentUser(request), request.params.id, request.query));
  serveRoute(app, assets.buyTrafficRight, async (request) => {
    await createTrafficRight(db, currentUser(request), request.params.id, request.body.isoCountry, clock.now());
    return { success: true as const };
  });
  serveRoute(app, assets.setTrafficRightAutoRenew, async (request) => {
    await setTrafficRightAutoRenew(db, currentUser(request), request.params.id, request.params.iso, request.body.autoRenew);
    return { success: true as const };
  });
  serveRoute(app, assets.renewTrafficRight, async (request) => {
    await renewTrafficRight(db, currentUser(request), request.params.id, request.params.iso, clock.now());
    return { success: true as const };
  });
  serveRoute(app, assets.trafficRightCost, async (request) => quoteTrafficRightCost(db, currentUser(request), request.params.iso, request.query.airlineId));

  // ---- wallet ----
  serveRoute(app, routes.balance, async (request) => getAirlineBalance(db, currentUser(request), request.params.id));
  serveRoute(app, routes.transactions, async (request) => listAirlineTransactions(db, currentUser(request), request.params.id, request.query));
  serveRoute(app, routes.payTransaction, async (request) => payTransaction(db, currentUser(request), request.params.id, request.params.transactionId, clock.now()));
  serveRoute(app, finance.walletHistory, async (request) =>
    getAirlineWalletHistory(db, currentUser(request), request.params.id, request.query.months, clock.now()),
  );
  serveRoute(app, routes.forecast, async (request) => getCashRunway(db, currentUser(request), request.params.id, clock.now()));

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
