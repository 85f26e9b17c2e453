import { z } from 'zod';
import { declareRoute } from '../api/route-declaration';
import {
  ZCancelFlightResponse,
  ZFlight,
  ZFlightIdParams,
  ZFlightListItem,
  ZFlightListQuery,
  ZJumpseatRequest,
  ZJumpseatResponse,
  ZRegisteredFlight,
  ZRegisterFlightRequest,
  ZRegisterMissionFlightRequest,
  ZRegisterTransportFlightRequest,
  ZResumeFlightResponse,
  ZRetrieveFlightForUserResponse,
} from './flight-contract';

const tag = 'flight';

/** Tracked flights: registration, the pilot's flight, the lists, cancel, resume and jumpseat. */
export const flightRoutes = {
  /** A NORMAL (or AIRLINE) flight. */
  register: declareRoute({ method: 'POST', path: '/api/v1/flight', tag, body: ZRegisterFlightRequest, response: ZRegisteredFlight }),
  /** A PNC flight (the cabin is simulated). */
  registerWithPaxAndCargo: declareRoute({
    method: 'POST',
    path: '/api/flight/with-pax-and-cargo',
    tag,
    body: ZRegisterTransportFlightRequest,
    response: ZRegisteredFlight,
  }),
  /** A mission flight (its airports are the mission's). */
  registerWithMission: declareRoute({ method: 'POST', path: '/api/flight/with-mission', tag, body: ZRegisterMissionFlightRequest, response: ZRegisteredFlight }),
  /** The pilot's in-progress flight, or null. */
  retrieveForUser: declareRoute({ method: 'GET', path: '/api/flight/retrieve-flight-for-user', tag, response: ZRetrieveFlightForUserResponse }),
  /** `in_progress`: everyone's flights for the live map but the caller's own; `complete`: the caller's last 100. */
  list: declareRoute({ method: 'GET', path: '/api/v1/flights', tag, query: ZFlightListQuery, response: z.array(ZFlightListItem) }),
  /** One of the pilot's flights, with its position history. */
  byId: declareRoute({ method: 'GET', path: '/api/v1/flight/:id', tag, params: ZFlightIdParams, response: ZFlight }),
  cancel: declareRoute({ method: 'POST', path: '/api/v1/flight/:id/cancel', tag, params: ZFlightIdParams, response: ZCancelFlightResponse }),
  /** A new tracker token for the pilot's in-progress flight. */
  resume: declareRoute({ method: 'POST', path: '/api/v1/flight/:id/resume', tag, params: ZFlightIdParams, response: ZResumeFlightResponse }),
  /** Ride to another airport as a passenger; costs FlightCoins. */
  jumpseat: declareRoute({ method: 'POST', path: '/api/flight/jumpseat', tag, body: ZJumpseatRequest, response: ZJumpseatResponse }),
};
