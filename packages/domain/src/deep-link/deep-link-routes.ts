import { declareRoute } from '../api/route-declaration';
import { ZDeepLinkKey, ZFlightPlanLinkRequest, ZFlightPlanLinkResponse } from './flight-plan-link';

const tag = 'deep-link';

/** The `contrail:` flight-plan link (docs/decisions/0048-flight-plan-deep-link.md). */
export const deepLinkRoutes = {
  /** Signs a configured flight into a link that opens the desktop tracker with it. */
  flightPlanLink: declareRoute({ method: 'POST', path: '/api/v1/deep-link/flight-plan', tag, body: ZFlightPlanLinkRequest, response: ZFlightPlanLinkResponse }),
  /** The public key a tracker checks links with; public, since a tracker is not signed in. */
  key: declareRoute({ method: 'GET', path: '/api/v1/deep-link/key', tag, signedIn: false, response: ZDeepLinkKey }),
};
