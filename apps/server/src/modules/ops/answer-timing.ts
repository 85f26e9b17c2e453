import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import { withRouteHook } from '../../lib/route-hooks';
import type { Metrics } from './metrics';

/**
 * Times every HTTP answer by route pattern (`/api/v1/flight/:id`), never by URL: one series per
 * route, not per id. Each route gets a synchronous onResponse hook that knows its pattern from the
 * start, so nothing is looked up per answer; answers no route matched (404) are timed by one
 * instance-wide hook as `unmatched`. Called before any route is added; /metrics is not timed.
 */
export const timeEveryAnswer = (app: FastifyInstance, histogram: Metrics['httpRequestDuration']): void => {
  const observe = (request: FastifyRequest, reply: FastifyReply, route: string) =>
    histogram.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  const timer = (route: string): onResponseHookHandler =>
    function timeAnswer(request, reply, done) {
      observe(request, reply, route);
      done();
    };
  app.addHook('onRoute', (route) => {
    if (route.url !== '/metrics') route.onResponse = withRouteHook(route.onResponse, timer(route.url));
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) observe(request, reply, 'unmatched');
    done();
  });
};
