import { checkFlightLoad, type LoadCapacity } from '@contrail/domain/flight/load-limits';
import type { TPaxByClass } from '@contrail/domain/flight/flight-plan-input';
import type { TFlightCargo } from '@contrail/domain/flight-api/flight-contract';
import type { TAircraftInformation } from '@contrail/domain/reference/aircraft-information';
import type { BookedAirlineFlight } from './airline-flights.port';
import { invalid } from './flight-context';

/**
 * Refuses a registration whose load the aircraft cannot carry: an airline flight within its plane's
 * seats per class, any other within the type's capacity, cargo within the payload. What is
 * registered is then what the flight is paid for.
 */
export const assertLoadFits = (flight: {
  aircraft: Pick<TAircraftInformation, 'icao' | 'maxPaxCapacity' | 'maxCargoKg'>;
  airlineBooking?: Pick<BookedAirlineFlight, 'registration' | 'cabin'> | undefined;
  pax: TPaxByClass;
  cargos: readonly TFlightCargo[];
}): void => {
  const booking = flight.airlineBooking;
  const capacity: LoadCapacity = booking
    ? { aircraftName: booking.registration, seats: { kind: 'by-class', seats: booking.cabin }, maxCargoKg: flight.aircraft.maxCargoKg }
    : { aircraftName: `the ${flight.aircraft.icao}`, seats: { kind: 'total', passengers: flight.aircraft.maxPaxCapacity }, maxCargoKg: flight.aircraft.maxCargoKg };
  const problem = checkFlightLoad(capacity, flight);
  if (problem) throw invalid(problem.field, problem.message);
};
