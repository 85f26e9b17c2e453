/**
 * The one Drizzle schema: each module keeps its tables in its own file here, and this list is what
 * drizzle-kit and the database client read.
 */
export * from './server-settings';
export * from './users';
export * from './auth';
export * from './mail';
export * from './airline';
export * from './wallet';
export * from './reference';
export * from './mission';
export * from './flight';
export * from './flight-log';
export * from './flight-review';
export * from './ledger';
export * from './notification';
export * from './referral';
export * from './notam';
export * from './store';
export * from './jobs';
export * from './security';
export * from './webhook';
export * from './phpvms-api';
