import type { DbExecutor } from '../../db/database';
import { countAirlineFlights, newestFramesOf } from './flight.repository';

export type LivePosition = { latitudeDeg: number; longitudeDeg: number; headingDeg: number };

/**
 * Where these in-progress flights are now, from their newest stored frame (the live position
 * costs no write of its own). Other modules ask here: an airline's plane in flight is where its
 * flight is.
 */
export const livePositionsOf = async (db: DbExecutor, flightIds: readonly string[]): Promise<Map<string, LivePosition>> => {
  const frames = await newestFramesOf(db, flightIds);
  return new Map(
    frames.map(({ flightId, frame }) => [
      flightId,
      { latitudeDeg: frame.position.latitudeDeg, longitudeDeg: frame.position.longitudeDeg, headingDeg: frame.headingDegTrue },
    ]),
  );
};

/** How many flights were flown (or are flying) for this airline: its statistics. */
export const airlineFlightCount = (db: DbExecutor, airlineId: string): Promise<number> => countAirlineFlights(db, airlineId);
