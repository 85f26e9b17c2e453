import type { AirlineFlights } from '../flight/airline-flights.port';
import { findBookedCabin } from './airline-booking.repository';
import {
  airlineFlightResultOf,
  bookingToFly,
  endUnflownAirlineFlight,
  parkAirlineFlight,
  payAirlineFlight,
  releaseAirlineFlight,
  startAirlineFlight,
} from './airline-flight.service';

/** How the flight module flies for an airline: the airline's bookings, planes and wallet behind the flight's port. */
export const airlineFlightPort: AirlineFlights = {
  bookedFlight: async (db, pilotId, airlineId, now) => {
    const booking = await bookingToFly(db, pilotId, airlineId, now);
    return {
      bookingId: booking.bookingId,
      flightNumber: booking.flightNumber,
      departureIdent: booking.departureIdent,
      arrivalIdent: booking.arrivalIdent,
      aircraftIcao: booking.aircraftIcao,
      registration: booking.registration,
      cabin: await findBookedCabin(db, booking.bookingId),
    };
  },
  startFlight: startAirlineFlight,
  cancelFlight: releaseAirlineFlight,
  endUnflownFlight: endUnflownAirlineFlight,
  parkFlight: parkAirlineFlight,
  payFlight: payAirlineFlight,
  resultOf: airlineFlightResultOf,
};
