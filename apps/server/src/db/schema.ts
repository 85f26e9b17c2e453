/**
 * Every module's tables in one object, for the database client and drizzle-kit only. Module code
 * imports its own module's `*.schema.ts`, never this list (lint: contrail/module-tables).
 */
export * from '../lib/server-settings.schema';
export * from '../jobs/jobs.schema';
export * from '../modules/airline/airline.schema';
export * from '../modules/airport/airport.schema';
export * from '../modules/auth/auth.schema';
export * from '../modules/core/core.schema';
export * from '../modules/flight-log/flight-log.schema';
export * from '../modules/flight-review/flight-review.schema';
export * from '../modules/flight/flight.schema';
export * from '../modules/ledger/ledger.schema';
export * from '../modules/licence/licence.schema';
export * from '../modules/mail/mail.schema';
export * from '../modules/mission/mission.schema';
export * from '../modules/notam/notam.schema';
export * from '../modules/notification/notification.schema';
export * from '../modules/payment/payment.schema';
export * from '../modules/phpvms-api/phpvms-api.schema';
export * from '../modules/referral/referral.schema';
export * from '../modules/store/store.schema';
export * from '../modules/subscription/subscription.schema';
export * from '../modules/user/user.schema';
export * from '../modules/wallet/wallet.schema';
export * from '../modules/webhook/webhook.schema';
