import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCancelFlightResponse,
  ZFlight,
  ZFlightIdParams,
  ZFlightListQuery,
  ZJumpseatRequest,
  ZJumpseatResponse,
  ZRegisteredFlight,
  ZRegisterFlightRequest,
  ZRegisterMissionFlightRequest,
  ZRegisterTransportFlightRequest,
  ZResumeFlightResponse,
  ZRetrieveFlightForUserResponse,
} from '@contrail/domain/flight-api/flight-contract';
import { ZInProgressFlightItem } from '@contrail/domain/live/live-map-contract';
import { currentUser } from '../../plugins/authentication';
import { FlightRuntime } from './flight-runtime';
import { createFlightChannels, registerUplink } from './flight-uplink';
import type { FlightContext } from './flight-context';
import { jumpseat } from './flight-jumpseat.service';
import { getFlight, listFlights, retrieveFlightForUser } from './flight-reading.service';
import { registerFlight, registerMissionFlight, registerPaxAndCargoFlight } from './flight-registration.service';
import { cancelFlight, resumeFlight } from './flight-tracking.service';
import { FrameWriter } from './frame-writer';

const ZFlightListItem = ZInProgressFlightItem.extend({ status: z.enum(['in_progress', 'complete']) });
const security = [{ bearer: [] }];

/**
 * Tracked flights (spec section 7 "Flights"), mounted under /api: registration, the pilot's flight,
 * the lists, cancel, resume and jumpseat; and the tracker uplink namespace on the app's Socket.IO.
 */
export const flightModule: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock, config, databaseKind } = app.deps;
  const writer = new FrameWriter(db, {
    intervalMs: config.FLIGHT_FRAME_COMMIT_MS,
    maxRows: 5000,
    concurrentCommits: databaseKind === 'postgres' ? 2 : 1,
    now: () => clock.now(),
  });
  const runtime = new FlightRuntime(db, writer);
  const { channels, uplink } = createFlightChannels(app, runtime);
  const ctx: FlightContext = { deps: app.deps, runtime, channels };
  registerUplink(app, ctx, uplink);
  app.deps.metrics.sample('contrail_flights_in_progress', () => runtime.size);
  app.deps.metrics.sample('contrail_tracker_uplinks', () => uplink.sockets.size);
  app.addHook('onClose', async () => writer.close());

  const auth = { preHandler: app.authenticate };
  // Lines about one flight carry its id, so an operator follows a flight through the log.
  app.addHook('onRequest', async (request, reply) => {
    const { id } = (request.params ?? {}) as { id?: unknown };
    if (typeof id === 'string') reply.log = request.log = request.log.child({ flightId: id });
  });

  app.post(
    '/v1/flight',
    { ...auth, schema: { tags: ['flight'], security, body: ZRegisterFlightRequest, response: { 200: ZRegisteredFlight } } },
    async (request) => registerFlight(ctx, currentUser(request), request.body),
  );

  app.post(
    '/flight/with-pax-and-cargo',
    { ...auth, schema: { tags: ['flight'], security, body: ZRegisterTransportFlightRequest, response: { 200: ZRegisteredFlight } } },
    async (request) => registerPaxAndCargoFlight(ctx, currentUser(request), request.body),
  );

  app.post(
    '/flight/with-mission',
    { ...auth, schema: { tags: ['flight'], security, body: ZRegisterMissionFlightRequest, response: { 200: ZRegisteredFlight } } },
    async (request) => registerMissionFlight(ctx, currentUser(request), request.body),
  );

  app.get(
    '/flight/retrieve-flight-for-user',
    { ...auth, schema: { tags: ['flight'], security, response: { 200: ZRetrieveFlightForUserResponse } } },
    async (request) => retrieveFlightForUser(ctx, currentUser(request)),
  );

  app.get(
    '/v1/flights',
    { ...auth, schema: { tags: ['flight'], security, querystring: ZFlightListQuery, response: { 200: z.array(ZFlightListItem) } } },
    async (request) => listFlights(ctx, currentUser(request), request.query.status),
  );

  app.get(
    '/v1/flight/:id',
    { ...auth, schema: { tags: ['flight'], security, params: ZFlightIdParams, response: { 200: ZFlight } } },
    async (request) => getFlight(ctx, currentUser(request), request.params.id),
  );

  app.post(
    '/v1/flight/:id/cancel',
    { ...auth, schema: { tags: ['flight'], security, params: ZFlightIdParams, response: { 200: ZCancelFlightResponse } } },
    async (request) => ({ success: true as const, ...(await cancelFlight(ctx, currentUser(request), request.params.id)) }),
  );

  app.post(
    '/v1/flight/:id/resume',
    { ...auth, schema: { tags: ['flight'], security, params: ZFlightIdParams, response: { 200: ZResumeFlightResponse } } },
    async (request) => resumeFlight(ctx, currentUser(request), request.params.id),
  );

  app.post(
    '/flight/jumpseat',
    { ...auth, schema: { tags: ['flight'], security, body: ZJumpseatRequest, response: { 200: ZJumpseatResponse } } },
    async (request) => jumpseat(ctx, currentUser(request), request.body),
  );
};
