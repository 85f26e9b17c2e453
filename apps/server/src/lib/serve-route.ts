import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { RouteDeclaration, RouteOutput } from '@contrail/domain/api/route-declaration';

type Parsed<S> = [NonNullable<S>] extends [z.ZodType] ? z.output<NonNullable<S>> : undefined;

/** What a handler of a declared route receives: the validated params, query and body. */
export type DeclaredRequest<R extends RouteDeclaration> = FastifyRequest & {
  params: Parsed<R['params']>;
  query: Parsed<R['query']>;
  body: Parsed<R['body']>;
};

/**
 * Registers a declared route (packages/domain/src/api/route-declaration.ts) in a module plugin:
 * its path less the plugin's prefix, its schemas for validation, serialisation and OpenAPI, and
 * authentication when it asks for a signed-in caller. The handler's types come from the declaration.
 * `onRequest` runs as the request arrives, after authentication, and may answer it there.
 */
export const serveRoute = <R extends RouteDeclaration>(
  fastify: FastifyInstance,
  declaration: R,
  handler: (request: DeclaredRequest<R>, reply: FastifyReply) => Promise<RouteOutput<R>>,
  options: { config?: FastifyContextConfig; bodyLimit?: number; onRequest?: onRequestHookHandler; preHandler?: preHandlerAsyncHookHandler } = {},
): void => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  if (!declaration.path.startsWith(app.prefix)) {
    throw new Error(`${declaration.method} ${declaration.path} is declared outside its module's prefix ${app.prefix}`);
  }
  // The route's own preHandler (an account rate limit) runs after authentication, as on a hand-registered route.
  const preHandler = [...(declaration.signedIn ? [app.authenticate] : []), ...(options.preHandler ? [options.preHandler] : [])];
  app.route({
    method: declaration.method,
    url: declaration.path.slice(app.prefix.length),
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    ...(preHandler.length > 0 ? { preHandler } : {}),
    ...(options.config ? { config: options.config } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    schema: {
      tags: [declaration.tag],
      ...(declaration.signedIn ? { security: [{ bearer: [] }] } : {}),
      ...(declaration.params ? { params: declaration.params } : {}),
      ...(declaration.query ? { querystring: declaration.query } : {}),
      ...(declaration.body ? { body: declaration.body } : {}),
      response: { [declaration.status]: declaration.response },
    },
    handler: async (request, reply) => {
      const result = await handler(request as DeclaredRequest<R>, reply);
      return reply.status(declaration.status).send(result);
    },
  });
};
