import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { phpvmsKeyRoutes } from '@contrail/domain/phpvms-api/phpvms-key-routes';
import { isAppError } from '@contrail/domain/errors/app-error';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { serveRoute } from '../../lib/serve-route';
import { currentUser } from '../../plugins/authentication';
import { PhpvmsError, unauthorizedBody } from './phpvms-errors';
import { createApiKey, listApiKeys, pilotOfApiKey, revokeApiKey, type PhpvmsPilot } from './phpvms-keys.service';
import {
  cancelPirep,
  deleteRoute,
  filePirep,
  getPirep,
  listPireps,
  postComment,
  postEvents,
  postFields,
  postLogs,
  postRoute,
  prefile,
  readComments,
  readFields,
  readPositions,
  readRoute,
  storePositions,
  updatePirepFromClient,
  type PhpvmsContext,
} from './phpvms-pirep.service';
import { getAirportResource, getUser, listAirlines, listFleet } from './phpvms-reference.service';
import { addBid, listBids, removeBid, getFlightResource, searchFlights } from './phpvms-schedule.service';

/** The pilot's API keys, under /api (profile): create (the key answered once), list, revoke. */
export const phpvmsKeyModule: FastifyPluginAsync = async (app) => {
  const { db, clock } = app.deps;
  serveRoute(app, phpvmsKeyRoutes.list, async (request) => listApiKeys(db, currentUser(request).id));
  serveRoute(app, phpvmsKeyRoutes.create, async (request) => createApiKey(db, currentUser(request).id, request.body.name, clock.now()));
  serveRoute(app, phpvmsKeyRoutes.revoke, async (request) => revokeApiKey(db, currentUser(request).id, request.params.keyId, clock.now()));
};

/** The pilot each request's key names, set by the key check before any handler runs. */
const pilots = new WeakMap<FastifyRequest, PhpvmsPilot>();

const pilotOf = (request: FastifyRequest): PhpvmsPilot => {
  const pilot = pilots.get(request);
  if (!pilot) throw new PhpvmsError(401, 'unauthorized', 'Unauthorized');
  return pilot;
};

/** The API key: `X-API-Key`, else the bare `Authorization` header (header names have no case). */
const apiKeyOf = (request: FastifyRequest): string | null => {
  const raw = request.headers['x-api-key'] ?? request.headers.authorization;
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value === undefined ? null : value.trim();
};

/** The URL's path for paging links, as the client called it. */
const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? request.url;

/**
 * The phpVMS pilot API under /api/phpvms (docs/decisions/0046-phpvms-pilot-api.md): phpVMS's
 * paths, bodies, shapes and error bodies, authenticated by a pilot's API key. Not in the OpenAPI
 * document (it is phpVMS's contract, not Contrail's); the contract fuzz and access tests name it.
 */
export const phpvmsApiModule: FastifyPluginAsync = async (app) => {
  const ctx: PhpvmsContext = { deps: app.deps };
  const { db, clock } = app.deps;

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof PhpvmsError) return reply.status(error.status).type('application/problem+json').send(error.body());
    // Contrail's own refusals on the way (a NUL byte in the address, a rule of a service) keep their status and words.
    if (isAppError(error)) {
      const status = error.httpStatus >= 400 && error.httpStatus < 500 ? error.httpStatus : 400;
      return reply.status(status).type('application/problem+json').send(new PhpvmsError(status, 'bad-request', error.message).body());
    }
    if (isDatabaseUnavailable(error)) {
      return reply.status(503).header('retry-after', '5').type('application/problem+json').send(new PhpvmsError(503, 'service-unavailable', 'Service Unavailable', 'Contrail is briefly unavailable; please try again in a moment').body());
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'phpVMS API request failed');
      return reply.status(500).type('application/problem+json').send(new PhpvmsError(500, 'internal-error', 'Internal Server Error', 'Internal server error').body());
    }
    const message = status === 413 ? 'Request body is too large' : status === 415 ? 'Unsupported media type' : 'Bad request';
    return reply.status(status).type('application/problem+json').send(new PhpvmsError(status, 'bad-request', message).body());
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).type('application/problem+json').send(new PhpvmsError(404, 'not-found', 'Not Found', `${request.method} ${pathOf(request).slice(0, 200)} is not a phpVMS API route`).body()),
  );

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const key = apiKeyOf(request);
    if (key === null) return reply.status(401).send(unauthorizedBody('X-API-KEY header missing'));
    const pilot = key === '' ? null : await pilotOfApiKey(db, key, clock.now());
    if (!pilot) return reply.status(401).send(unauthorizedBody('User not found with this key'));
    pilots.set(request, pilot);
    return undefined;
  });

  type Params = { id: string };
  const id = (request: FastifyRequest) => (request.params as Params).id;
  const route = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) =>
    app.route({ method, url, schema: { hide: true }, handler });

  // The pilot and what they fly.
  route('GET', '/user', async (request) => getUser(ctx, pilotOf(request)));
  route('GET', '/user/fleet', async (request) => listFleet(ctx, pilotOf(request)));
  route('GET', '/fleet', async (request) => listFleet(ctx, pilotOf(request)));
  route('GET', '/airlines', async (request) => listAirlines(ctx, pilotOf(request)));
  route('GET', '/airports/:id', async (request) => getAirportResource(ctx, id(request)));
  route('GET', '/flights/search', async (request) => searchFlights(ctx, pilotOf(request), request.query, pathOf(request)));
  route('GET', '/flights/:id', async (request) => getFlightResource(ctx, pilotOf(request), id(request)));
  route('GET', '/user/bids', async (request) => listBids(ctx, pilotOf(request)));
  for (const method of ['POST', 'PUT'] as const) route(method, '/user/bids', async (request) => addBid(ctx, pilotOf(request), request.body));
  route('DELETE', '/user/bids', async (request) => removeBid(ctx, pilotOf(request), { ...(request.query as object), ...(request.body as object | undefined) }));
  route('GET', '/user/pireps', async (request) => listPireps(ctx, pilotOf(request), request.query, pathOf(request)));

  // The ACARS flow.
  route('POST', '/pireps/prefile', async (request) => ({ data: await prefile(ctx, pilotOf(request), request.body) }));
  route('GET', '/pireps/:id', async (request) => getPirep(ctx, pilotOf(request), id(request)));
  for (const [method, url] of [
    ['PUT', '/pireps/:id'],
    ['POST', '/pireps/:id'],
    ['PUT', '/pireps/:id/update'],
    ['POST', '/pireps/:id/update'],
  ] as const) {
    route(method, url, async (request) => ({ data: await updatePirepFromClient(ctx, pilotOf(request), id(request), request.body) }));
  }
  route('POST', '/pireps/:id/file', async (request) => ({ data: await filePirep(ctx, pilotOf(request), id(request), request.body) }));
  route('PUT', '/pireps/:id/cancel', async (request) => cancelPirep(ctx, pilotOf(request), id(request)));
  route('DELETE', '/pireps/:id/cancel', async (request) => cancelPirep(ctx, pilotOf(request), id(request)));
  route('GET', '/pireps/:id/acars/position', async (request) => readPositions(ctx, pilotOf(request), id(request)));
  route('POST', '/pireps/:id/acars/position', async (request) => storePositions(ctx, pilotOf(request), id(request), request.body));
  route('POST', '/pireps/:id/acars/positions', async (request) => storePositions(ctx, pilotOf(request), id(request), request.body));
  route('POST', '/pireps/:id/acars/events', async (request) => postEvents(ctx, pilotOf(request), id(request), request.body));
  route('POST', '/pireps/:id/acars/logs', async (request) => postLogs(ctx, pilotOf(request), id(request), request.body));
  route('GET', '/pireps/:id/route', async (request) => readRoute(ctx, pilotOf(request), id(request)));
  route('POST', '/pireps/:id/route', async (request) => postRoute(ctx, pilotOf(request), id(request), request.body));
  route('DELETE', '/pireps/:id/route', async (request) => deleteRoute(ctx, pilotOf(request), id(request)));
  route('GET', '/pireps/:id/fields', async (request) => readFields(ctx, pilotOf(request), id(request)));
  route('POST', '/pireps/:id/fields', async (request) => postFields(ctx, pilotOf(request), id(request), request.body));
  route('GET', '/pireps/:id/comments', async (request) => readComments(ctx, pilotOf(request), id(request)));
  route('POST', '/pireps/:id/comments', async (request, reply) => {
    const comment = await postComment(ctx, pilotOf(request), id(request), request.body);
    return reply.status(201).send(comment);
  });
};

