import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import { findNulByte } from '@contrail/domain/common/nul-bytes';

type RequestPart = 'body' | 'querystring' | 'params';

const valueOf = (request: FastifyRequest, part: RequestPart): unknown =>
  part === 'body' ? request.body : part === 'querystring' ? request.query : request.params;

/**
 * The route schemas refuse NUL characters (the validator compiler wraps them); this preValidation
 * hook covers what has no schema: a body read by hand, a query or params a route did not declare.
 * PostgreSQL cannot store NUL in text, so without it such a value was a 500.
 */
export const refuseNulBytesEverywhere = (app: FastifyInstance): void => {
  // Synchronous: it runs before every route's validation.
  app.addHook('preValidation', (request, _reply, done) => {
    const schema = request.routeOptions.schema ?? {};
    for (const part of ['body', 'querystring', 'params'] as const) {
      if (schema[part]) continue;
      const path = findNulByte(valueOf(request, part));
      if (path) {
        const field = path.join('.') || part;
        done(new AppError(ErrorCode.validation, `${field}: cannot contain a null character`, field));
        return;
      }
    }
    done();
  });
};
