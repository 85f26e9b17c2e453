import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZNetworkFlightsParams, ZNetworkFlightsResponse, ZNetworkStatsResponse } from '@contrail/domain/network/network-contract';
import { createNetworkService } from './network.service';

/**
 * Main API (prefix /api): online-network traffic for the live map. Public, like the map behind
 * the sign-in screen; a request never triggers a download (see network-feed-poller.ts).
 *
 * - GET /api/v1/network/vatsim/flights, GET /api/v1/network/ivao/flights
 * - GET /api/v1/network/stats: poll counters per feed
 */
export const networkModule: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createNetworkService({
    config: app.deps.config,
    clock: app.deps.clock,
    onPollError: (network, message) => app.log.warn({ network, reason: message }, 'online-network feed poll failed'),
    onPollResult: (network, result) => app.deps.metrics.feedPolls.inc({ network, result }),
  });
  app.addHook('onClose', async () => service.close());

  // Declared in the domain (networkRoutes.flights) for the web, served by hand: serveRoute answers
  // one status with the declared shape, and this one also answers 304 to a current If-None-Match.
  app.get(
    '/v1/network/:network/flights',
    {
      schema: {
        tags: ['network'],
        description: 'Flights on an online network (VATSIM or IVAO). Always 200: `available` says whether there is traffic to show.',
        params: ZNetworkFlightsParams,
        response: { 200: ZNetworkFlightsResponse, 304: z.null().describe('Not modified: the If-None-Match tag is current') },
      },
    },
    async (request, reply) => {
      const { json, etag } = await service.getFlightsJson(request.params.network);
      // Viewers may revalidate: an unchanged snapshot costs a 304 instead of ~150 kB.
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
      // Already validated against ZNetworkFlightsResponse and serialised once per snapshot.
      // Fastify sends a string with a JSON content type as it is (the typed reply expects the object).
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );

  app.get(
    '/v1/network/stats',
    { schema: { tags: ['network'], description: 'Poll counters of the online-network feeds.', response: { 200: ZNetworkStatsResponse } } },
    async () => service.getStats(),
  );
};
