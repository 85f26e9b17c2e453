import type { DbExecutor } from '../../db/database';

/**
 * What the flight module needs from an airline, in the flight's words. An airline settles a flight,
 * not the other way round: the flight module calls this port and never the airline module, which
 * implements it (airline/airline-flight-port.ts); the two meet where the modules are composed
 * (api-modules.ts). Every function taking `tx` runs in the flight's transaction, so what the
 * airline records commits or rolls back with the flight.
 */
export type AirlineFlights = {
  /**
   * What an AIRLINE flight flies: the pilot's live booking in that airline (route, plane, flight
   * number, the plane's cabin). Throws the airline's refusal when there is none or the pilot may
   * not fly for it now.
   */
  bookedFlight: (db: DbExecutor, pilotId: string, airlineId: string, now: Date) => Promise<BookedAirlineFlight>;
  /** The flight was registered: its booking and plane fly with it (refused if the booking is gone). */
  startFlight: (tx: DbExecutor, bookingId: string, flightId: string) => Promise<void>;
  /** The flight was cancelled: the plane stays where it was and is free again. */
  cancelFlight: (tx: DbExecutor, flightId: string, now: Date) => Promise<void>;
  /** The flight completed without being flown: nothing wears or is earned, the plane is free again. */
  endUnflownFlight: (tx: DbExecutor, flightId: string, now: Date) => Promise<void>;
  /**
   * The flight completed and was flown: the plane wears and parks where it stopped, and what the
   * flight earns is answered (not paid). Null when the flight flew no booking.
   */
  parkFlight: (tx: DbExecutor, leg: AirlineFlightLeg) => Promise<AirlineFlightMoney | null>;
  /** Pays what a parked flight earned: the airline's revenue, the pilot's salary. Idempotent per flight. */
  payFlight: (tx: DbExecutor, flightId: string, money: AirlineFlightMoney, now: Date) => Promise<AirlineFlightResult | null>;
  /** What a completed flight earned, for a completion answered again. */
  resultOf: (db: DbExecutor, flightId: string) => Promise<AirlineFlightResult | null>;
};

/** The booking an AIRLINE flight flies: the flight takes its route, plane and number from it. */
export type BookedAirlineFlight = {
  bookingId: string;
  flightNumber: string;
  departureIdent: string;
  arrivalIdent: string;
  aircraftIcao: string;
  registration: string;
  /** The booked plane's seats by class: the load the flight may carry. */
  cabin: { first: number; business: number; economy: number };
};

/** A flown airline flight, as the flight's frames leave it. */
export type AirlineFlightLeg = {
  flightId: string;
  pilotId: string;
  /** Flown, from the track (not the plan's great-circle distance). */
  distanceNm: number;
  /** Airborne hours of simulated time: what wears the plane. */
  flightHours: number;
  paxCarried: number;
  cargoKg: number;
  landing: { verticalSpeedFpm: number; bounces: number; latitudeDeg: number; longitudeDeg: number } | null;
  /** The airport where the plane stopped: the arrival, or the airport of a diversion. */
  arrivalIdent: string;
  arrivalPosition: { latitudeDeg: number; longitudeDeg: number };
  headingDeg: number;
  now: Date;
};

/**
 * What an airline flight pays: the airline's revenue, the pilot's salary, and the airborne hours
 * of the monthly flight-time bonus (absent from flights held for review before the bonus existed).
 */
export type AirlineFlightMoney = { airlineRevenue: number; salary: number; mftFlightHours?: number };

/** What an airline flight paid: the airline's revenue and the pilot's salary. */
export type AirlineFlightResult = { airlineRevenue: number; salary: number };

