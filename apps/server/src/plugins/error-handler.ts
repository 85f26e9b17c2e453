import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { ZodError } from 'zod';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, isAppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import { validationAppError } from '@contrail/domain/errors/validation-error';
import { isDatabaseUnavailable } from '../db/unavailable';

/** The action shape of an error answer. `field` names the form field when one is at fault. */
export type ErrorBody = { success: false; message: string; errorCode: string; field?: string };

/** How long a client should wait before trying a request again while the database is away. */
const RETRY_AFTER_SECONDS = 5;

/** The answer while the database is away: the request was fine, and may be sent again unchanged. */
export const serviceUnavailableBody: ErrorBody = {
  success: false,
  message: 'Contrail is briefly unavailable; please try again in a moment',
  errorCode: ErrorCode.serviceUnavailable,
};

const statusCodeFor = (error: FastifyError): number =>
  typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;

/** An AppError in the action shape, with the status of its code (the domain's one table). */
const sendAppError = (reply: FastifyReply, error: AppError) => {
  const body: ErrorBody = { success: false, message: error.message, errorCode: error.code };
  if (error.field) body.field = error.field;
  return reply.status(error.httpStatus).send(body);
};

/**
 * The one place errors leave the server. AppErrors answer their code with the status of the
 * domain's table (`errorHttpStatus`); a database that does not answer gives 503
 * SERVICE_UNAVAILABLE with Retry-After (a client tries again later); schema failures (and a ZodError thrown by a parse) answer
 * VALIDATION_ERROR, or the spec's field code the schema declares (`withFieldErrorCodes`), with
 * the first problem in English; anything else at 5xx is logged and answered with a generic text
 * so internals never leak.
 */
export const registerErrorHandler = (app: FastifyInstance): void => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isAppError(error)) return sendAppError(reply, error);
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'the database does not answer: 503');
      return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(serviceUnavailableBody);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // The route's own schema for the part that failed: it may declare the spec's field codes.
      const part = error.validationContext as keyof FastifySchema | undefined;
      const schema = part ? request.routeOptions.schema?.[part] : undefined;
      const issues = error.validation.map((issue) => ({
        path: (issue.instancePath ?? '').split('/').filter(Boolean),
        message: issue.message ?? 'invalid',
      }));
      return sendAppError(reply, validationAppError(issues, schema));
    }
    if (error instanceof ZodError) return sendAppError(reply, validationAppError(error.issues));
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.status(500).send({ success: false, message: 'Internal server error', errorCode: ErrorCode.internal });
    }
    if (isMalformedMultipart(error)) {
      return reply.status(400).send({ success: false, message: 'The form could not be read', errorCode: ErrorCode.validation });
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

/**
 * busboy's errors for a broken multipart body ("Unexpected end of form", "Multipart: Boundary not
 * found", "Malformed part header"...) carry no status: they are the client's fault, not a 500.
 */
const isMalformedMultipart = (error: FastifyError): boolean =>
  error.statusCode === undefined && /^(Unexpected end of (form|multipart data)|Multipart: |Malformed part header|Part terminated early)/.test(error.message);

/**
 * Fastify's `frameworkErrors`: a URL that is not valid percent-encoding (400) and a path parameter
 * over the router's length limit (414) leave in the action shape, not the framework's.
 */
export const frameworkErrors = (error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
  const isTooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  void reply.status(isTooLong ? 414 : 400).send({
    success: false,
    message: isTooLong ? 'A part of the address is too long' : 'The address is not valid',
    errorCode: ErrorCode.validation,
  });
};

/**
 * Fastify's `clientErrorHandler`: requests Node's HTTP parser refuses before Fastify sees them
 * (headers too large: 431, a NUL or bad character in a header, broken framing: 400), answered in
 * the action shape on the raw socket, which is then closed.
 */
export const clientErrorHandler = (error: Error & { code?: string }, socket: Socket): void => {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'The request headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request took too long']
        : [400, 'Bad Request', 'The request could not be read'];
  const body = JSON.stringify({ success: false, message, errorCode: status === 431 ? ErrorCode.payloadTooLarge : ErrorCode.validation });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
};

/** The 404 of an unknown route, in the action shape. */
export const sendRouteNotFound = (request: FastifyRequest, reply: FastifyReply) =>
  reply
    .status(404)
    .send({ success: false, message: `Route ${request.method} ${request.url} not found`, errorCode: ErrorCode.notFound });

/** Shorthands for the errors every module throws. */
export const notFound = (what: string) => new AppError(ErrorCode.notFound, `${what} not found`);
export const forbidden = (message = 'You are not allowed to do this') => new AppError(ErrorCode.forbidden, message);
export const unauthorized = (message = 'Authentication required') => new AppError(ErrorCode.unauthorized, message);
