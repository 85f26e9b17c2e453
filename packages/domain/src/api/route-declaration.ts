import type { z } from 'zod';

/**
 * One endpoint, declared once beside its zod schemas: the server registers it from this
 * declaration (apps/server/src/lib/serve-route.ts) and the web calls it through the one typed
 * client (`apiClient.call`), so neither side re-types a path, a body or a response by hand
 * (docs/decisions/0030-declared-routes.md).
 */
export type RouteDeclaration<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The whole path the browser calls, with `:name` parameters: `/api/v1/notam/:id`. */
  path: string;
  /** The success status: 200 unless the call creates something. */
  status: 200 | 201;
  /** Whether the caller must be signed in. */
  signedIn: boolean;
  params?: Params;
  query?: Query;
  body?: Body;
  response: Response;
  /** The OpenAPI tag the endpoint is listed under. */
  tag: string;
};

/** Declares a route, keeping its schema types for the server handler and the web client. */
export const declareRoute = <
  Params extends z.ZodType = z.ZodUndefined,
  Query extends z.ZodType = z.ZodUndefined,
  Body extends z.ZodType = z.ZodUndefined,
  Response extends z.ZodType = z.ZodType,
>(
  declaration: Omit<RouteDeclaration<Params, Query, Body, Response>, 'status' | 'signedIn'> & { status?: 200 | 201; signedIn?: boolean },
): RouteDeclaration<Params, Query, Body, Response> => ({ status: 200, signedIn: true, ...declaration });

/** What a caller sends: the schemas' input types (before zod's transforms). */
type Declared<S> = [NonNullable<S>] extends [z.ZodUndefined] ? never : NonNullable<S>;
export type RouteInput<R extends RouteDeclaration> = ([Declared<R['params']>] extends [never] ? unknown : { params: z.input<Declared<R['params']>> }) &
  ([Declared<R['query']>] extends [never] ? unknown : { query?: z.input<Declared<R['query']>> }) &
  ([Declared<R['body']>] extends [never] ? unknown : { body: z.input<Declared<R['body']>> });

/** What the server answers: the response schema's output type. */
export type RouteOutput<R extends RouteDeclaration> = z.output<R['response']>;

/** The path with its `:name` parameters filled in, each encoded. */
export const pathOf = (path: string, params: Record<string, string | number> = {}): string =>
  path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
