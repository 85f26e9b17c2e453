import { declareRoute } from '../api/route-declaration';
import { ZFlightLogDetail, ZFlightLogIdParams, ZFlightLogPage, ZFlightLogQuery, ZFlightLogUserParams } from './flight-log-contract';

const tag = 'flight-log';

/** Flight logs. */
export const flightLogRoutes = {
  ofUser: declareRoute({ method: 'GET', path: '/api/v1/flight-log/user/:userId', tag, params: ZFlightLogUserParams, query: ZFlightLogQuery, response: ZFlightLogPage }),
  detail: declareRoute({ method: 'GET', path: '/api/v1/flight-log/:id', tag, params: ZFlightLogIdParams, response: ZFlightLogDetail }),
};
