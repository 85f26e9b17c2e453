import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAirportMapCollection } from '@contrail/domain/map/airport-map-features';
import { airportRoutes as routes } from '@contrail/domain/reference/airport-routes';
import { serveRoute } from '../../lib/serve-route';
import { getAirport, getAirportData, getAirportMapJson, refreshAirportDataIfChanged, searchAirportsJson, searchPageAnsweredAt } from './airport.service';

const REFRESH_CHECK_MS = 30_000;
export const AIRPORT_REFRESH_JOB = 'airport-refresh';
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Airport API (prefix /api/airport/v1): an airport by ident, and the airport search. */
export const airportRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config, jobs } = app.deps;

  // Outside tests, load (first start: the embedded default set) and index the airports before
  // listening. Tests load lazily on first use.
  if (config.NODE_ENV !== 'test') {
    app.addHook('onReady', async () => {
      await getAirportData(db);
    });
  }
  // Each instance notices imports made by another process (its index is in its own memory).
  jobs.register({ name: AIRPORT_REFRESH_JOB, periodMs: REFRESH_CHECK_MS, scope: 'instance', run: () => refreshAirportDataIfChanged(db) });

  serveRoute(app, routes.byIdent, async (request) => getAirport(db, request.params.ident));
  // The hottest read of the app (every keystroke of every airport field): pages come as JSON text
  // from a cache, built by the search index in the schema's shape already (typed), and Fastify
  // sends JSON text as it is rather than re-encoding it through zod. A URL answered before is
  // answered again as the request arrives, without validating its query a second time; the
  // instance-wide hooks (headers, timing) still run.
  serveRoute(
    app,
    routes.search,
    async (request, reply) => {
      reply.type(JSON_CONTENT_TYPE);
      return (await searchAirportsJson(db, request.query, request.url)) as never;
    },
    {
      onRequest: (request, reply, done) => {
        const page = searchPageAnsweredAt(db, request.url);
        if (page === undefined) done();
        else reply.type(JSON_CONTENT_TYPE).send(page);
      },
    },
  );

  // Declared in the domain (airportRoutes.map) for the web, served by hand: serveRoute answers one
  // status with the declared shape, and this one also answers 304 to a current If-None-Match.
  app.get(
    '/airports/map',
    {
      schema: {
        tags: ['airport'],
        description: 'Large and medium airports as one GeoJSON point collection for the live map (built once per data set).',
        response: { 200: ZAirportMapCollection, 304: z.null().describe('Not modified: the If-None-Match tag is current') },
      },
    },
    async (request, reply) => {
      const { json, etag } = await getAirportMapJson(db);
      reply.header('etag', etag).header('cache-control', 'public, max-age=3600');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
      // Serialised once per data set; Fastify sends a string with a JSON content type as it is.
      return reply.type(JSON_CONTENT_TYPE).send(json as never);
    },
  );
};
