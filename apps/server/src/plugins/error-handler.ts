import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, isAppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import { validationMessageInEnglish } from '@contrail/domain/common/validation-messages';

/** The spec's action shape for an error (section 8). `field` names the form field when one is at fault. */
export type ErrorBody = { success: false; message: string; errorCode: string; field?: string };

const statusCodeFor = (error: FastifyError): number =>
  typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;

/**
 * The one place errors leave the server. AppErrors keep their code and status; schema failures
 * become 400 VALIDATION_ERROR with the first problem in English; anything else at 5xx is logged
 * and answered with a generic text so internals never leak.
 */
export const registerErrorHandler = (app: FastifyInstance): void => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isAppError(error)) {
      const body: ErrorBody = { success: false, message: error.message, errorCode: error.code };
      if (error.field) body.field = error.field;
      return reply.status(error.httpStatus).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const path = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.') ?? '';
      const field = path || undefined;
      const message = first ? validationMessageInEnglish(first.message ?? 'invalid', field) : 'Invalid request';
      const body: ErrorBody = {
        success: false,
        message: field ? `${field}: ${message}` : message,
        errorCode: ErrorCode.validation,
      };
      if (field) body.field = field;
      return reply.status(400).send(body);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.status(500).send({ success: false, message: 'Internal server error', errorCode: ErrorCode.internal });
    }
    const status = statusCodeFor(error);
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(status).send({ success: false, message: 'Internal server error', errorCode: ErrorCode.internal });
    }
    const errorCode =
      status === 401
        ? ErrorCode.unauthorized
        : status === 403
          ? ErrorCode.forbidden
          : status === 404
            ? ErrorCode.notFound
            : status === 413
              ? ErrorCode.payloadTooLarge
              : status === 429
                ? ErrorCode.tooManyRequests
                : ErrorCode.validation;
    return reply.status(status).send({ success: false, message: error.message, errorCode });
  });

};

/** The 404 of an unknown route, in the action shape. */
export const sendRouteNotFound = (request: FastifyRequest, reply: FastifyReply) =>
  reply
    .status(404)
    .send({ success: false, message: `Route ${request.method} ${request.url} not found`, errorCode: ErrorCode.notFound });

/** Shorthands for the errors every module throws. */
export const notFound = (what: string) => new AppError(ErrorCode.notFound, 404, `${what} not found`);
export const forbidden = (message = 'You are not allowed to do this') => new AppError(ErrorCode.forbidden, 403, message);
export const unauthorized = (message = 'Authentication required') => new AppError(ErrorCode.unauthorized, 401, message);
