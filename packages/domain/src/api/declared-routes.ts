import { airlineFinanceRoutes } from '../airline/airline-finance-routes';
import { airlineFlightRoutes } from '../airline/airline-flight-routes';
import { flightLogRoutes } from '../flight-api/flight-log-routes';
import { ledgerRoutes } from '../ledger/ledger-routes';
import { missionRoutes } from '../mission/mission-routes';
import { notamRoutes } from '../notam/notam-routes';
import { notificationRoutes } from '../notification/notification-routes';
import { coreRoutes } from '../reference/core-routes';
import { licenceRoutes } from '../reference/licence-routes';
import { referralRoutes } from '../referral/referral-routes';
import { walletRoutes } from '../wallet/wallet-routes';
import type { RouteDeclaration } from './route-declaration';

/**
 * Every declared route, by module. The server test checks each one is served as declared; modules
 * join this list as their routes move onto declarations (docs/decisions/0030-declared-routes.md).
 */
export const declaredRouteGroups = { airlineFinance: airlineFinanceRoutes, airlineFlights: airlineFlightRoutes, core: coreRoutes, flightLog: flightLogRoutes, ledger: ledgerRoutes, licence: licenceRoutes, mission: missionRoutes, notam: notamRoutes, notification: notificationRoutes, referral: referralRoutes, wallet: walletRoutes } satisfies Record<string, Record<string, RouteDeclaration>>;

export const declaredRoutes: RouteDeclaration[] = Object.values<Record<string, RouteDeclaration>>(declaredRouteGroups).flatMap((group) =>
  Object.values<RouteDeclaration>(group),
);
