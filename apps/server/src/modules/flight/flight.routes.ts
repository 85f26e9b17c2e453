import type { FastifyPluginAsync } from 'fastify';
import { flightRoutes as routes } from '@contrail/domain/flight-api/flight-routes';
import { serveRoute } from '../../lib/serve-route';
import { currentUser } from '../../plugins/authentication';
import { FlightRuntime } from './flight-runtime';
import { createFlightChannels, registerUplink } from './flight-uplink';
import { publishFlightContext, type FlightContext } from './flight-context';
import { jumpseat } from './flight-jumpseat.service';
import { getFlight, listFlights, retrieveFlightForUser } from './flight-reading.service';
import { registerFlight, registerMissionFlight, registerPaxAndCargoFlight } from './flight-registration.service';
import { cancelFlight, resumeFlight } from './flight-tracking.service';
import { FrameWriter, WRITE_SPACING_ON_THIS_THREAD } from './frame-writer';
import type { AirlineFlights } from './airline-flights.port';

/**
 * Tracked flights, mounted under /api: registration, the pilot's flight,
 * the lists, cancel, resume and jumpseat; and the tracker uplink namespace on the app's Socket.IO.
 * AIRLINE flights fly for the airlines behind `airlineFlights`, given where the modules are composed.
 */
export const flightModule = (airlineFlights: AirlineFlights): FastifyPluginAsync => async (app) => {
  const { db, clock, config, databaseKind } = app.deps;
  const writer = new FrameWriter(db, {
    intervalMs: config.FLIGHT_FRAME_COMMIT_MS,
    maxRows: 5000,
    concurrentCommits: databaseKind === 'postgres' ? 2 : 1,
    commitSpacing: databaseKind === 'postgres' ? undefined : WRITE_SPACING_ON_THIS_THREAD,
    now: () => clock.now(),
  });
  const runtime = new FlightRuntime(db, writer);
  const { channels, uplink } = createFlightChannels(app, runtime);
  const ctx: FlightContext = { deps: app.deps, runtime, channels, airlineFlights };
  registerUplink(app, ctx, uplink);
  publishFlightContext(ctx);
  app.deps.metrics.sample('contrail_flights_in_progress', () => runtime.size);
  app.deps.metrics.sample('contrail_tracker_uplinks', () => uplink.sockets.size);
  app.addHook('onClose', async () => writer.close());

  // Lines about one flight carry its id, so an operator follows a flight through the log.
  app.addHook('onRequest', async (request, reply) => {
    const { id } = (request.params ?? {}) as { id?: unknown };
    if (typeof id === 'string') reply.log = request.log = request.log.child({ flightId: id });
  });

  serveRoute(app, routes.register, async (request) => registerFlight(ctx, currentUser(request), request.body));
  serveRoute(app, routes.registerWithPaxAndCargo, async (request) => registerPaxAndCargoFlight(ctx, currentUser(request), request.body));
  serveRoute(app, routes.registerWithMission, async (request) => registerMissionFlight(ctx, currentUser(request), request.body));
  serveRoute(app, routes.retrieveForUser, async (request) => retrieveFlightForUser(ctx, currentUser(request)));
  serveRoute(app, routes.list, async (request) => listFlights(ctx, currentUser(request), request.query.status));
  serveRoute(app, routes.byId, async (request) => getFlight(ctx, currentUser(request), request.params.id));
  serveRoute(app, routes.cancel, async (request) => ({ success: true as const, ...(await cancelFlight(ctx, currentUser(request), request.params.id)) }));
  serveRoute(app, routes.resume, async (request) => resumeFlight(ctx, currentUser(request), request.params.id));
  serveRoute(app, routes.jumpseat, async (request) => jumpseat(ctx, currentUser(request), request.body));
};
