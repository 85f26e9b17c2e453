import type {
  TRegisteredFlight,
  TRegisterFlightRequest,
  TRegisterMissionFlightRequest,
  TRegisterTransportFlightRequest,
} from '@contrail/domain/flight-api/flight-contract';
import { flightRoutes } from '@contrail/domain/flight-api/flight-routes';
import { apiClient } from '../../../lib/api-client';

/** POST /api/v1/flight: a NORMAL (or AIRLINE) flight. */
export const registerFlight = (body: TRegisterFlightRequest): Promise<TRegisteredFlight> =>
  apiClient.call(flightRoutes.register, { body });

/** POST /api/flight/with-pax-and-cargo: a PNC flight (the cabin is simulated). */
export const registerPaxAndCargoFlight = (body: TRegisterTransportFlightRequest): Promise<TRegisteredFlight> =>
  apiClient.call(flightRoutes.registerWithPaxAndCargo, { body });

/** POST /api/flight/with-mission: a mission flight (its airports are the mission's). */
export const registerMissionFlight = (body: TRegisterMissionFlightRequest): Promise<TRegisteredFlight> =>
  apiClient.call(flightRoutes.registerWithMission, { body });
