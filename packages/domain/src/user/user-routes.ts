import { declareRoute } from '../api/route-declaration';
import { ZStartCareerRequest } from './career-contract';
import { ZFlightTimes, ZSimulationInformationRequest, ZUserIdParams, ZUserInformation } from './user-contract';

const tag = 'user';

/**
 * The user's own account. The profile form (multipart, with a
 * photo) and the photo itself (an image, not JSON) are not declared.
 */
export const userRoutes = {
  /** The signed-in user's own information. */
  ownInformation: declareRoute({ method: 'GET', path: '/api/v1/user/information', tag, response: ZUserInformation }),
  /** Another user's id answers 403: no screen shows another pilot's profile. */
  information: declareRoute({ method: 'GET', path: '/api/v1/user/:id/information', tag, params: ZUserIdParams, response: ZUserInformation }),
  /** SimBrief, VATSIM and IVAO ids; answers the updated user. */
  updateSimulationInformation: declareRoute({
    method: 'PUT',
    path: '/api/v1/user/:id/information/simulation',
    tag,
    params: ZUserIdParams,
    body: ZSimulationInformationRequest,
    response: ZUserInformation,
  }),
  /** Hours flown today and this month, and the limits. */
  flightTimes: declareRoute({ method: 'GET', path: '/api/v1/user/:id/flight-times', tag, params: ZUserIdParams, response: ZFlightTimes }),
  /** Display name and home hub; answers the updated user. */
  startCareer: declareRoute({ method: 'POST', path: '/api/v1/pilot/career', tag: 'pilot', body: ZStartCareerRequest, response: ZUserInformation }),
};
