import { z } from 'zod';
import { declareRoute } from '../api/route-declaration';
import { ZAirportMapCollection } from '../map/airport-map-features';
import { ZAirportDetail, ZAirportIdent, ZAirportSearchPage, ZAirportSearchQuery } from './airport-contract';

const tag = 'airport';

/** Airport API (prefix /api/airport/v1): public reference data, no sign-in. */
export const airportRoutes = {
  /** The airport, its position and runways. */
  byIdent: declareRoute({
    method: 'GET',
    path: '/api/airport/v1/airport/:ident',
    tag,
    signedIn: false,
    params: z.object({ ident: ZAirportIdent }),
    response: ZAirportDetail,
  }),
  /** One page of matches for `query`, nearest `fromIdent` first when given. */
  search: declareRoute({ method: 'GET', path: '/api/airport/v1/airport', tag, signedIn: false, query: ZAirportSearchQuery, response: ZAirportSearchPage }),
  /**
   * Large and medium airports as one GeoJSON point collection for the live map, or 304 to a
   * current If-None-Match: the server serves it by hand for that (apps/server/src/modules/airport/airport.routes.ts).
   */
  map: declareRoute({ method: 'GET', path: '/api/airport/v1/airports/map', tag, signedIn: false, response: ZAirportMapCollection }),
};
