import { declareRoute } from '../api/route-declaration';
import { ZNetworkFlightsParams, ZNetworkFlightsResponse } from './network-contract';

/** Online-network traffic for the live map: public, like the map behind the sign-in screen. */
export const networkRoutes = {
  /**
   * Always 200 (`available` says whether there is traffic), or 304 to a current If-None-Match:
   * the server serves it by hand for that (apps/server/src/modules/network/network.routes.ts).
   */
  flights: declareRoute({
    method: 'GET',
    path: '/api/v1/network/:network/flights',
    tag: 'network',
    signedIn: false,
    params: ZNetworkFlightsParams,
    response: ZNetworkFlightsResponse,
  }),
};
