import type { TFlightAirport } from '../flight/flight-plan-input';
import type { TAirportDetail } from './airport-contract';

/**
 * An airport in the flight engine's input shape: position in feet, open runways only (at most 40),
 * without surface and lighting details. The one mapping the server, the web and the tracker use.
 */
export const toFlightAirport = (airport: TAirportDetail): TFlightAirport => ({
  ident: airport.ident,
  position: { latitudeDeg: airport.position.latitude, longitudeDeg: airport.position.longitude, elevationFt: airport.position.altitude },
  runways: airport.runways
    .filter((runway) => !runway.closed)
    .slice(0, 40)
    .map(({ lengthFt, widthFt, ends }) => ({
      lengthFt,
      widthFt,
      ends: [
        { ident: ends[0].ident, latitudeDeg: ends[0].latitudeDeg, longitudeDeg: ends[0].longitudeDeg, headingDegTrue: ends[0].headingDegTrue, displacedThresholdFt: ends[0].displacedThresholdFt },
        { ident: ends[1].ident, latitudeDeg: ends[1].latitudeDeg, longitudeDeg: ends[1].longitudeDeg, headingDegTrue: ends[1].headingDegTrue, displacedThresholdFt: ends[1].displacedThresholdFt },
      ],
    })),
});
