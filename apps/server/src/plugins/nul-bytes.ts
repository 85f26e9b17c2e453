import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import { findNulByte } from '@contrail/domain/common/nul-bytes';
import { withRouteHook } from '../lib/route-hooks';

type RequestPart = 'body' | 'querystring' | 'params';

const valueOf = (request: FastifyRequest, part: RequestPart): unknown =>
  part === 'body' ? request.body : part === 'querystring' ? request.query : request.params;

/** Refuses a NUL character anywhere in the given parts of the request. */
const refuseNulBytesIn = (parts: RequestPart[]): preValidationHookHandler =>
  function refuseNulBytesInUncheckedParts(request, _reply, done) {
    for (const part of parts) {
      const path = findNulByte(valueOf(request, part));
      if (path) {
        const field = path.join('.') || part;
        done(new AppError(ErrorCode.validation, `${field}: cannot contain a null character`, field));
        return;
      }
    }
    done();
  };

/**
 * The route schemas refuse NUL characters (the validator compiler wraps them); this covers what has
 * no schema: a body read by hand, a query or params a route did not declare. PostgreSQL cannot
 * store NUL in text, so without it such a value was a 500. Each route gets a synchronous
 * preValidation hook for its own unchecked parts, chosen once as the route is added (params only
 * where its path has some); a route whose schema covers every part gets none.
 */
export const refuseNulBytesEverywhere = (app: FastifyInstance): void => {
  app.addHook('onRoute', (route) => {
    const schema = route.schema ?? {};
    const hasParams = route.url.includes(':') || route.url.includes('*');
    const unchecked = (['body', 'querystring', 'params'] as const).filter((part) => !schema[part] && (part !== 'params' || hasParams));
    if (unchecked.length > 0) route.preValidation = withRouteHook(route.preValidation, refuseNulBytesIn(unchecked));
  });
};
