import { airlineAssetRoutes } from '../airline/airline-asset-routes';
import { airlineFinanceRoutes } from '../airline/airline-finance-routes';
import { airlineFlightRoutes } from '../airline/airline-flight-routes';
import { airlineRoutes } from '../airline/airline-routes';
import { authRoutes } from '../auth/auth-routes';
import { deepLinkRoutes } from '../deep-link/deep-link-routes';
import { challengeRoutes } from '../challenge/challenge-routes';
import { flightLogRoutes } from '../flight-api/flight-log-routes';
import { flightRoutes } from '../flight-api/flight-routes';
import { flightPlanRoutes } from '../flight-plan/flight-plan-routes';
import { flightReviewRoutes } from '../flight-review/review-routes';
import { ledgerRoutes } from '../ledger/ledger-routes';
import { missionRoutes } from '../mission/mission-routes';
import { networkRoutes } from '../network/network-routes';
import { notamRoutes } from '../notam/notam-routes';
import { notificationRoutes } from '../notification/notification-routes';
import { airportRoutes } from '../reference/airport-routes';
import { coreRoutes } from '../reference/core-routes';
import { licenceRoutes } from '../reference/licence-routes';
import { referralRoutes } from '../referral/referral-routes';
import { phpvmsImportRoutes } from '../phpvms-import/phpvms-import-routes';
import { phpvmsKeyRoutes } from '../phpvms-api/phpvms-key-routes';
import { paymentRoutes } from '../store/payment-routes';
import { storeRoutes } from '../store/store-routes';
import { userRoutes } from '../user/user-routes';
import { walletRoutes } from '../wallet/wallet-routes';
import { webhookRoutes } from '../webhook/webhook-contract';
import type { RouteDeclaration } from './route-declaration';

/**
 * Every declared route, by module. The server test checks each one is served as declared; modules
 * join this list as their routes move onto declarations (docs/decisions/0030-declared-routes.md).
 */
export const declaredRouteGroups = { airline: airlineRoutes, airlineAssets: airlineAssetRoutes, airlineFinance: airlineFinanceRoutes, airlineFlights: airlineFlightRoutes, airport: airportRoutes, auth: authRoutes, challenge: challengeRoutes, core: coreRoutes, deepLink: deepLinkRoutes, flight: flightRoutes, flightLog: flightLogRoutes, flightPlan: flightPlanRoutes, flightReview: flightReviewRoutes, ledger: ledgerRoutes, licence: licenceRoutes, mission: missionRoutes, network: networkRoutes, notam: notamRoutes, notification: notificationRoutes, payment: paymentRoutes, phpvmsImport: phpvmsImportRoutes, phpvmsKeys: phpvmsKeyRoutes, referral: referralRoutes, store: storeRoutes, user: userRoutes, wallet: walletRoutes, webhook: webhookRoutes } satisfies Record<string, Record<string, RouteDeclaration>>;

export const declaredRoutes: RouteDeclaration[] = Object.values<Record<string, RouteDeclaration>>(declaredRouteGroups).flatMap((group) =>
  Object.values<RouteDeclaration>(group),
);
