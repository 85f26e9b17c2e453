import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { missions, userMissions } from '../mission/mission.schema';

/**
 * Reads of the mission tables that mission flights need beyond the mission service (which owns the
 * start rules and the STARTED/COMPLETED records): the mission's airports and bonuses, and the
 * pilot's mission record of a flight.
 */
export type MissionRow = typeof missions.$inferSelect;

export const findMission = async (db: DbExecutor, id: string): Promise<MissionRow | undefined> => {
  const [row] = await db.select().from(missions).where(eq(missions.id, id));
  return row;
};

export const findUserMissionOfFlight = async (db: DbExecutor, flightId: string) => {
  const [row] = await db.select({ id: userMissions.id, userId: userMissions.userId, status: userMissions.status }).from(userMissions).where(eq(userMissions.flightId, flightId));
  return row;
};
