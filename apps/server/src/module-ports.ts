import { useAirlineMemberships } from './modules/access/airline-memberships.port';
import { airlineBalanceBook } from './modules/airline/airline-balance';
import { airlineMemberships } from './modules/airline/airline-directory.service';
import { userBalanceBook } from './modules/user/user-balance';
import { useBalanceBooks } from './modules/wallet/balance-book.port';

/**
 * Hands each module the ports it calls but does not implement, where a plain import would make a
 * circle between modules:
 * - the access check reads airline memberships through the airline module's directory (the
 *   airline module calls requireAccess, so access may not import it);
 * - the wallet moves running balances through the user's and the airline's balance books (the
 *   airline module pays its costs through the wallet, so the wallet may not import it).
 * The functions called through these ports take their database executor on each call, so wiring
 * once per process serves every app and script in it. buildApp calls this; so must a script that
 * uses the services without building the app.
 */
export const wireModulePorts = (): void => {
  useAirlineMemberships(airlineMemberships);
  useBalanceBooks({ user: userBalanceBook, airline: airlineBalanceBook });
};
