import type { PncData } from '@contrail/domain/flight/cabin-simulation';
import { ANNOUNCEMENTS, FOOD_SERVICE_STEPS, type AnnouncementType } from '@contrail/domain/flight/flight-constants';
import type { FlightStep } from '@contrail/domain/flight/flight-step';

/**
 * Why a cabin control cannot be used right now: the same rules the cabin simulation applies (and
 * punishes with an incident), so the crew sees the reason before clicking instead of after.
 * - `announcementRunning` / `foodRunning`: one announcement or food service at a time (`name` is the running one).
 * - `alreadyMade`: each announcement is made once per flight.
 * - `announcementStep`: the announcement belongs to other steps (`steps`).
 * - `foodStep`: trolleys go out in climb, cruise and level flight only (`steps`).
 * - `departed` / `arrived`: an estimate cannot move once the aircraft has left / reached its stand.
 */
export type CabinBlock =
  | { reason: 'announcementRunning'; type: number }
  | { reason: 'foodRunning'; type: number }
  | { reason: 'alreadyMade' }
  | { reason: 'announcementStep'; steps: readonly string[] }
  | { reason: 'foodStep'; steps: readonly string[] }
  | { reason: 'departed' }
  | { reason: 'arrived' };

/** Steps before off-block: the only ones in which the departure estimate may still move. */
const BEFORE_OFF_BLOCK: readonly FlightStep[] = ['none', 'ground', 'boarding'];
/** Steps at the arrival stand: the arrival estimate is history. */
const AT_ARRIVAL_STAND: readonly FlightStep[] = ['block_on', 'deboarding', 'parked'];

/**
 * What blocks announcement `type`, or null when it may be launched (or, when it runs, stopped).
 * An unknown step (no telemetry yet) blocks nothing the tracker could still accept.
 */
export const announcementBlock = (pncData: PncData, type: AnnouncementType, step: FlightStep | null): CabinBlock | null => {
  const running = pncData.currentAnnouncement?.type ?? null;
  if (running === type) return null;
  if (running !== null) return { reason: 'announcementRunning', type: running };
  if (pncData.currentFoodService) return { reason: 'foodRunning', type: pncData.currentFoodService.type };
  if (pncData.launchedAnnouncements.includes(type)) return { reason: 'alreadyMade' };
  const steps: readonly string[] = ANNOUNCEMENTS[type].steps;
  if (step !== null && !steps.includes(step)) return { reason: 'announcementStep', steps };
  return null;
};

/** What blocks food service `type`, or null when it may be served (or, when it runs, stopped). */
export const foodBlock = (pncData: PncData, type: number, step: FlightStep | null): CabinBlock | null => {
  const running = pncData.currentFoodService?.type ?? null;
  if (running === type) return null;
  if (pncData.currentAnnouncement) return { reason: 'announcementRunning', type: pncData.currentAnnouncement.type };
  if (running !== null) return { reason: 'foodRunning', type: running };
  if (step !== null && !FOOD_SERVICE_STEPS.includes(step)) return { reason: 'foodStep', steps: FOOD_SERVICE_STEPS };
  return null;
};

/** What blocks shifting the departure estimate: nothing until the aircraft leaves its stand. */
export const departureShiftBlock = (step: FlightStep | null): CabinBlock | null =>
  step !== null && !BEFORE_OFF_BLOCK.includes(step) ? { reason: 'departed' } : null;

/** What blocks shifting the arrival estimate: nothing until the aircraft is on blocks at arrival. */
export const arrivalShiftBlock = (step: FlightStep | null): CabinBlock | null =>
  step !== null && AT_ARRIVAL_STAND.includes(step) ? { reason: 'arrived' } : null;
