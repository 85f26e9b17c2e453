import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import type { TFlightAirport, TPaxByClass } from '@contrail/domain/flight/flight-plan-input';
import type { TFlightAirportSummary } from '@contrail/domain/flight-api/flight-contract';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../plugins/error-handler';
import { requireAccessOrHide } from '../access/access.service';
import type { DbExecutor } from '../../db/database';
import type { AirlineFlights } from './airline-flights.port';
import type { FlightMessage, FlightRuntime } from './flight-runtime';

/** How the flight module reaches trackers and live maps (Socket.IO, possibly over several instances). */
export type FlightChannels = {
  /** Sends a message to the tracker streaming this flight, whichever instance it is connected to. */
  toFlight: (flightId: string, message: FlightMessage) => void;
  /** The flight ended or changed hands: close its uplinks everywhere, other instances forget it. */
  releaseFlight: (flightId: string, options: { disconnect: boolean }) => void;
  /** True when a tracker streams the flight right now (any instance). */
  isStreaming: (flightId: string) => Promise<boolean>;
  notifyLive: (kind: 'set' | 'position') => void;
};

/**
 * What every flight use case runs with: the app's database and clock, the live engines, the
 * channels, and the airlines its AIRLINE flights fly for.
 */
export type FlightContext = {
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>;
  runtime: FlightRuntime;
  channels: FlightChannels;
  airlineFlights: AirlineFlights;
};

export type Caller = { id: string; userName: string };

export const alreadyOnFlight = () => new AppError(ErrorCode.userAlreadyOnFlight, 'You are already on a flight: complete or cancel it first');
export const invalid = (field: string, message: string) => new AppError(ErrorCode.validation, message, field);
export const flightNotFound = () => notFound('Flight');
export const notInProgress = () => new AppError(ErrorCode.conflict, 'This flight is not in progress');

/**
 * The flight when the access map lets the caller act on it (their own flight: `flight.read`, or
 * `flight.fly` to resume or cancel it); anyone else's flight, like a missing one, is not found.
 */
export const requireOwnFlight = async <Row extends { userId: string }>(
  db: DbExecutor,
  caller: Pick<Caller, 'id'>,
  permission: 'flight.read' | 'flight.fly',
  row: Row | undefined,
): Promise<Row> => {
  if (!row) throw flightNotFound();
  await requireAccessOrHide(db, caller, permission, { userId: row.userId }, flightNotFound);
  return row;
};

export const airportSummary = (airport: TFlightAirport): TFlightAirportSummary => ({
  ident: airport.ident,
  position: { latitude: airport.position.latitudeDeg, longitude: airport.position.longitudeDeg, altitude: airport.position.elevationFt },
});

export const totalPax = (pax: TPaxByClass) => pax.first + pax.business + pax.economy;

/** Ends the pilot's mission record of a flight (completed, failed or cancelled) if it is still STARTED. */
export { finishMissionOfFlight as finishMission } from '../mission/mission.service';

/**
 * The flight context of each app (keyed by its deps), for modules that fly flights through
 * another protocol (the phpVMS pilot API) with the same registration, engines and completion.
 */
const contexts = new WeakMap<object, FlightContext>();
export const publishFlightContext = (ctx: FlightContext): void => {
  contexts.set(ctx.deps, ctx);
};
export const flightContextOf = (deps: object): FlightContext => {
  const ctx = contexts.get(deps);
  if (!ctx) throw new Error('the flight module is not registered');
  return ctx;
};
