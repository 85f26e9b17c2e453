import { careerLevelForXp } from '@contrail/domain/reference/career-levels';
import type { DbExecutor } from '../../db/database';
import { findPilotLevelAndXp, findPilotSummary, lockPilotRow, setPilotLevel, type PilotSummary } from './user-pilot.repository';

/**
 * A pilot's flying state, for the modules that fly (flight, jumpseat, missions). Functions taking a
 * `tx` run inside the caller's transaction, so their change commits or rolls back with the caller's.
 */
export { findPilotSummary, type PilotSummary } from './user-pilot.repository';

/** After a completed flight: one more flight, the hours added atomically, the new location, level and rest period. */
export { updatePilotAfterFlight as recordPilotFlight } from './user-pilot.repository';

/** Moves the pilot to an airport (a jumpseat, a flight's end). */
export { setPilotLocation } from './user-pilot.repository';

/**
 * findPilotSummary inside a transaction, holding the user's row until it ends: two concurrent uses
 * (jumpseats) then read one after the other the location and balance the first one left.
 */
export const lockPilotForUpdate = async (tx: DbExecutor, userId: string): Promise<PilotSummary | undefined> => {
  await lockPilotRow(tx, userId);
  return findPilotSummary(tx, userId);
};

/** The pilot's career level and the XP they hold (undefined for an unknown user). */
export const pilotLevelAndXp = findPilotLevelAndXp;

/** pilotLevelAndXp, holding the pilot's row until the transaction `tx` ends (serialises a pilot's mission starts). */
export { findPilotLevelAndXpForUpdate as lockPilotLevelAndXp } from './user-pilot.repository';

/** Sets the pilot's career level. */
export { setPilotLevel } from './user-pilot.repository';

/** The pilot's career level follows the XP they hold (never down). */
export const raisePilotLevelToXp = async (tx: DbExecutor, userId: string, now: Date): Promise<void> => {
  const pilot = await findPilotLevelAndXp(tx, userId);
  if (!pilot) return;
  const level = Math.max(pilot.level, careerLevelForXp(pilot.walletXp).level);
  if (level !== pilot.level) await setPilotLevel(tx, userId, level, now);
};
