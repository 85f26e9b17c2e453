import { notamRoutes } from '../notam/notam-routes';
import type { RouteDeclaration } from './route-declaration';

/**
 * Every declared route, by module. The server test checks each one is served as declared; modules
 * join this list as their routes move onto declarations (docs/decisions/0030-declared-routes.md).
 */
export const declaredRouteGroups = { notam: notamRoutes } satisfies Record<string, Record<string, RouteDeclaration>>;

export const declaredRoutes: RouteDeclaration[] = Object.values(declaredRouteGroups).flatMap((group) => Object.values(group));
