import { FREEMIUM_MISSIONS_PER_MONTH } from '../user/pilot-tier';

/**
 * The rules for starting a mission flight:
 * - the mission must be open (startDate <= now < endDate);
 * - the pilot's career level must be at least the mission's CLRequired;
 * - a freemium pilot (no active GOLD subscription) may start 3 missions per calendar month (UTC);
 *   a premium pilot has no monthly limit.
 */
export type MissionStartProblem =
  | { reason: 'MISSION_NOT_OPEN'; message: string }
  | { reason: 'CAREER_LEVEL_TOO_LOW'; message: string }
  | { reason: 'FREEMIUM_MISSION_LIMIT'; message: string };

export type MissionStartInput = {
  mission: { CLRequired: number; startDate: Date; endDate: Date };
  now: Date;
  pilotLevel: number;
  isPremium: boolean;
  /** Missions the pilot already started in the calendar month of `now`. */
  missionsThisMonth: number;
};

/** Whether a mission is open at `now`: started, not ended (startDate <= now < endDate). */
export const isMissionOpen = (mission: { startDate: Date; endDate: Date }, now: Date): boolean => mission.startDate <= now && now < mission.endDate;

export const checkMissionStart = ({ mission, now, pilotLevel, isPremium, missionsThisMonth }: MissionStartInput): MissionStartProblem | null => {
  if (!isMissionOpen(mission, now)) {
    return { reason: 'MISSION_NOT_OPEN', message: 'This mission is not open at the moment' };
  }
  if (pilotLevel < mission.CLRequired) {
    return {
      reason: 'CAREER_LEVEL_TOO_LOW',
      message: `This mission needs career level ${mission.CLRequired}; you are level ${pilotLevel}`,
    };
  }
  if (!isPremium && missionsThisMonth >= FREEMIUM_MISSIONS_PER_MONTH) {
    return {
      reason: 'FREEMIUM_MISSION_LIMIT',
      message: `Freemium pilots may fly ${FREEMIUM_MISSIONS_PER_MONTH} missions a month; GOLD lifts the limit`,
    };
  }
  return null;
};

/** First instant of the UTC calendar month holding `now`. */
export const monthStartUtc = (now: Date): Date => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** A mission period: one ISO week, Monday 00:00 UTC to the next Monday 00:00 UTC. */
export type MissionPeriod = { key: string; startDate: Date; endDate: Date };

const DAY_MS = 86_400_000;

/** The ISO week holding `now`, e.g. { key: '2026-W03', startDate: Mon 12 Jan 2026, endDate: Mon 19 Jan 2026 }. */
export const missionPeriodOf = (now: Date): MissionPeriod => {
  const dayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const isoWeekday = (new Date(dayStart).getUTCDay() + 6) % 7; // Monday = 0
  const start = dayStart - isoWeekday * DAY_MS;
  // The ISO week-year is the year of the week's Thursday.
  const thursday = new Date(start + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return { key: `${year}-W${String(week).padStart(2, '0')}`, startDate: new Date(start), endDate: new Date(start + 7 * DAY_MS) };
};
