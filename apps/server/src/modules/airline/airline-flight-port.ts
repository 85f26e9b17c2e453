import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import type { AirlineFlights, BookedAirlineFlight } from '../flight/airline-flights.port';
import { airlineBookings, airlinePlanes } from './airline.schema';
import {
  airlineFlightResultOf,
  bookingToFly,
  endUnflownAirlineFlight,
  parkAirlineFlight,
  payAirlineFlight,
  releaseAirlineFlight,
  startAirlineFlight,
} from './airline-flight.service';

/** The seats by class of the plane a booking holds. */
const bookedCabin = async (db: DbExecutor, bookingId: string): Promise<BookedAirlineFlight['cabin']> => {
  const [plane] = await db
    .select({ first: airlinePlanes.firstSeats, business: airlinePlanes.businessSeats, economy: airlinePlanes.ecoSeats })
    .from(airlineBookings)
    .innerJoin(airlinePlanes, eq(airlinePlanes.id, airlineBookings.planeId))
    .where(eq(airlineBookings.id, bookingId));
  return plane ?? { first: 0, business: 0, economy: 0 };
};

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
      cabin: await bookedCabin(db, booking.bookingId),
    };
  },
  startFlight: startAirlineFlight,
  cancelFlight: releaseAirlineFlight,
  endUnflownFlight: endUnflownAirlineFlight,
  parkFlight: parkAirlineFlight,
  payFlight: payAirlineFlight,
  resultOf: airlineFlightResultOf,
};
