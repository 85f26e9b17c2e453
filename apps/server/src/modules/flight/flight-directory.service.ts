/**
 * What other modules read of flights, through the flight module (it owns the `flights` table):
 * the review queue finds an airline's flight logs by the flights flown for it.
 */
export { airlineFlightIdsQuery, findAirlinesOfFlights as airlinesOfFlights } from './flight.repository';
