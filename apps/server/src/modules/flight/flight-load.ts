import { checkFlightLoad, type LoadCapacity } from '@contrail/domain/flight/load-limits';
import type { TPaxByClass } from '@contrail/domain/flight/flight-plan-input';
import type { TFlightCargo } from '@contrail/domain/flight-api/flight-contract';
import type { TAircraftInformation } from '@contrail/domain/reference/aircraft-information';
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { airlineBookings, airlinePlanes } from '../airline/airline.schema';
import { invalid } from './flight-context';

/** The cabin of the plane an airline booking flies: its seats by class and its registration. */
const bookedPlaneCabin = async (db: DbExecutor, bookingId: string) => {
  const [plane] = await db
    .select({ registration: airlinePlanes.tailRegistration, first: airlinePlanes.firstSeats, business: airlinePlanes.businessSeats, economy: airlinePlanes.ecoSeats })
    .from(airlineBookings)
    .innerJoin(airlinePlanes, eq(airlinePlanes.id, airlineBookings.planeId))
    .where(eq(airlineBookings.id, bookingId));
  return plane;
};

/**
 * Refuses a registration whose load the aircraft cannot carry: an airline flight within its plane's
 * seats per class, any other within the type's capacity, cargo within the payload. What is
 * registered is then what the flight is paid for.
 */
export const assertLoadFits = async (
  db: DbExecutor,
  flight: { aircraft: Pick<TAircraftInformation, 'icao' | 'maxPaxCapacity' | 'maxCargoKg'>; airlineBookingId?: string | undefined; pax: TPaxByClass; cargos: readonly TFlightCargo[] },
): Promise<void> => {
  const cabin = flight.airlineBookingId ? await bookedPlaneCabin(db, flight.airlineBookingId) : undefined;
  const capacity: LoadCapacity = cabin
    ? {
        aircraftName: cabin.registration,
        seats: { kind: 'by-class', seats: { first: cabin.first, business: cabin.business, economy: cabin.economy } },
        maxCargoKg: flight.aircraft.maxCargoKg,
      }
    : { aircraftName: `the ${flight.aircraft.icao}`, seats: { kind: 'total', passengers: flight.aircraft.maxPaxCapacity }, maxCargoKg: flight.aircraft.maxCargoKg };
  const problem = checkFlightLoad(capacity, flight);
  if (problem) throw invalid(problem.field, problem.message);
};
