import type { FastifyPluginAsync } from 'fastify';
import { walletRoutes } from './wallet/wallet.routes';
import { networkModule } from './network/network.routes';
import { authModule } from './auth/auth.routes';
import { mailModule } from './mail/mail.routes';
import { userModule } from './user/user.routes';
import { airportRoutes } from './airport/airport.routes';
import { coreRoutes } from './core/core.routes';
import { flightPlanRoutes, simbriefRequestRoutes } from './flight-plan/flight-plan.routes';
import { bookingsRoutes } from './bookings/bookings.routes';
import { flightModule } from './flight/flight.routes';
import { airlineFlightPort } from './airline/airline-flight-port';
import { flightLogModule } from './flight-log/flight-log.routes';
import { flightReviewModule } from './flight-review/flight-review.routes';
import { ledgerRoutes } from './ledger/ledger.routes';
import { licenceRoutes } from './licence/licence.routes';
import { missionRoutes } from './mission/mission.routes';
import { notificationModule } from './notification/notification.routes';
import { referralRoutes } from './referral/referral.routes';
import { notamRoutes } from './notam/notam.routes';
import { deepLinkModule } from './deep-link/deep-link.routes';
import { challengeModule } from './challenge/challenge.routes';
import { airlineRoutes } from './airline/airline.routes';
import { phpvmsImportModule } from './phpvms-import/phpvms-import.routes';
import { phpvmsApiModule, phpvmsKeyModule } from './phpvms-api/phpvms-api.routes';
import { webhookModule } from './webhook/webhook.routes';
import { paymentRoutes } from './payment/payment.routes';
import { sandboxCheckoutRoutes } from './payment/sandbox.routes';
import { storeRoutes } from './store/store.routes';
import { subscriptionRoutes } from './subscription/subscription.routes';

/**
 * Every API module and its prefix (docs/architecture.md, "Modules and their tables"). This list
 * is the one place where modules meet; each module registers its own routes under its prefix.
 */
export const apiModules: { prefix: string; plugin: FastifyPluginAsync }[] = [
  { prefix: '/api', plugin: walletRoutes },
  { prefix: '/api', plugin: networkModule },
  { prefix: '/api', plugin: authModule },
  { prefix: '/api', plugin: userModule },
  { prefix: '/api/airport/v1', plugin: airportRoutes },
  { prefix: '/api/core/v1', plugin: coreRoutes },
  { prefix: '/api/flight-plan', plugin: flightPlanRoutes },
  { prefix: '/api', plugin: simbriefRequestRoutes },
  { prefix: '/api', plugin: bookingsRoutes },
  // The flight module flies AIRLINE flights through its port, which the airline module implements.
  { prefix: '/api', plugin: flightModule(airlineFlightPort) },
  { prefix: '/api', plugin: flightLogModule },
  { prefix: '/api', plugin: flightReviewModule },
  { prefix: '/api', plugin: ledgerRoutes },
  { prefix: '/api', plugin: licenceRoutes },
  { prefix: '/api', plugin: missionRoutes },
  { prefix: '/api', plugin: notificationModule },
  { prefix: '/api', plugin: referralRoutes },
  { prefix: '/api', plugin: notamRoutes },
  { prefix: '/api', plugin: deepLinkModule },
  { prefix: '/api', plugin: challengeModule },
  { prefix: '/api/airline-manager/v1', plugin: airlineRoutes },
  { prefix: '/api/airline-manager/v1', plugin: phpvmsImportModule },
  // phpVMS clients' API with a pilot's key (docs/decisions/0046-phpvms-pilot-api.md).
  { prefix: '/api', plugin: phpvmsKeyModule },
  { prefix: '/api/phpvms', plugin: phpvmsApiModule },
  // The same API where a client given only the base URL looks for it (it appends /api/...).
  { prefix: '/api/phpvms/api', plugin: phpvmsApiModule },
  { prefix: '/api/airline-manager/v1', plugin: webhookModule },
  { prefix: '/api', plugin: storeRoutes },
  { prefix: '/api', plugin: paymentRoutes },
  // After payment: the sandbox's renewals run before the subscription expiry job.
  { prefix: '/api', plugin: subscriptionRoutes },
  // The embedded card checkout when no Stripe key is set (docs/decisions/0027-payment-sandbox.md).
  { prefix: '/api/sandbox', plugin: sandboxCheckoutRoutes },
  // The development outbox: /dev/outbox and /api/dev/outbox.
  { prefix: '', plugin: mailModule },
];
