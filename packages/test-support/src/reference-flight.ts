import { A320, type TReferenceAircraft } from './reference-aircraft';
import { EGLL, LFPG, type TReferenceAirport } from './reference-airports';

/** The flight every tier flies: EGLL to LFPG in an A320 at FL240. */
export const REFERENCE_FLIGHT: {
  departure: TReferenceAirport;
  arrival: TReferenceAirport;
  aircraft: TReferenceAircraft;
  cruiseLevelFt: number;
  flightNumber: string;
} = {
  departure: EGLL,
  arrival: LFPG,
  aircraft: A320,
  cruiseLevelFt: 24_000,
  flightNumber: 'CTR101',
};

/** The tracker's `fly` arguments for the reference route and aircraft. */
export const referenceFlightArgs = (): string[] => [
  '--from',
  REFERENCE_FLIGHT.departure.ident,
  '--to',
  REFERENCE_FLIGHT.arrival.ident,
  '--aircraft',
  REFERENCE_FLIGHT.aircraft.icao,
];
