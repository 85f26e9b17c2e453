import type { TInProgressFlightItem } from '@contrail/domain/live/live-map-contract';
import type { TOnlineNetworkFlight } from '@contrail/domain/network/online-network-flight';
import type { MapAircraft } from './moving-aircraft';

/** An online-network flight (VATSIM, IVAO) as a map aircraft. */
export const fromNetworkFlight = (flight: TOnlineNetworkFlight): MapAircraft => ({
  id: flight.id,
  source: flight.network,
  latitudeDeg: flight.lat,
  longitudeDeg: flight.long,
  headingDeg: flight.heading,
  altitudeFt: flight.altitudeFt,
  groundSpeedKts: flight.groundSpeedKts,
  flightNumber: flight.flightNumber,
  departure: flight.departure,
  arrival: flight.arrival,
  aircraftIcao: flight.aircraftIcao,
});

/** One of Contrail's in-progress flights (the live list) as a map aircraft. */
export const fromInProgressFlight = (flight: TInProgressFlightItem): MapAircraft => ({
  id: `contrail:${flight.id}`,
  source: 'contrail',
  latitudeDeg: flight.latitude,
  longitudeDeg: flight.longitude,
  headingDeg: flight.heading,
  altitudeFt: flight.altitudeFt,
  groundSpeedKts: flight.groundSpeed,
  flightNumber: flight.flightNumber,
  departure: flight.departureIdent,
  arrival: flight.arrivalIdent,
  aircraftIcao: flight.aircraftIcao,
  pilotName: flight.pilot.userName,
  flightStep: flight.flightStep,
  ...(flight.tailRegistration ? { registration: flight.tailRegistration } : {}),
});
