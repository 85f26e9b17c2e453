import { declareRoute } from '../api/route-declaration';
import {
  ZBookedFlightList,
  ZFlightPlanImportRequest,
  ZGenerateFlightPlanRequest,
  ZSimbriefGenerateRequestQuery,
  ZSimbriefGenerateRequestResponse,
  ZSimbriefLatestQuery,
} from './flight-plan-contract';
import { ZFlightPlanData } from './flight-plan-data';

const tag = 'flight-plan';

/**
 * The flight-planning service (prefix /api/flight-plan): SimBrief import and Contrail's own
 * planner; and on the main API the SimBrief request signing and the AFRV bookings.
 */
export const flightPlanRoutes = {
  /** An OFP (SimBrief XML or JSON) pasted or uploaded. */
  import: declareRoute({ method: 'POST', path: '/api/flight-plan/import', tag, body: ZFlightPlanImportRequest, response: ZFlightPlanData }),
  /** The pilot's latest SimBrief OFP, by the SimBrief id on their profile. */
  simbriefLatest: declareRoute({ method: 'GET', path: '/api/flight-plan/simbrief/latest', tag, query: ZSimbriefLatestQuery, response: ZFlightPlanData }),
  generate: declareRoute({ method: 'POST', path: '/api/flight-plan/generate', tag, body: ZGenerateFlightPlanRequest, response: ZFlightPlanData }),
  /** SimBrief's `api_req` signed with the server's SimBrief key. */
  signSimbriefRequest: declareRoute({
    method: 'GET',
    path: '/api/simbrief/generate-request',
    tag,
    query: ZSimbriefGenerateRequestQuery,
    response: ZSimbriefGenerateRequestResponse,
  }),
  /** The pilot's booked flights, read from the external booking service with their key. */
  afrvBookings: declareRoute({ method: 'GET', path: '/api/v1/afrv/bookings', tag: 'bookings', response: ZBookedFlightList }),
};
