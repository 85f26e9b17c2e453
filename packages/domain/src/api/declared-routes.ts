import { ledgerRoutes } from '../ledger/ledger-routes';
import { notamRoutes } from '../notam/notam-routes';
import { notificationRoutes } from '../notification/notification-routes';
import { licenceRoutes } from '../reference/licence-routes';
import { referralRoutes } from '../referral/referral-routes';
import { walletRoutes } from '../wallet/wallet-routes';
import type { RouteDeclaration } from './route-declaration';

/**
 * Every declared route, by module. The server test checks each one is served as declared; modules
 * join this list as their routes move onto declarations (docs/decisions/0030-declared-routes.md).
 */
export const declaredRouteGroups = { ledger: ledgerRoutes, licence: licenceRoutes, notam: notamRoutes, notification: notificationRoutes, referral: referralRoutes, wallet: walletRoutes } satisfies Record<string, Record<string, RouteDeclaration>>;

export const declaredRoutes: RouteDeclaration[] = Object.values<Record<string, RouteDeclaration>>(declaredRouteGroups).flatMap((group) =>
  Object.values<RouteDeclaration>(group),
);
