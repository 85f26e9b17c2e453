import type { App } from '../../../src/app';
import { missions } from '../../../src/modules/mission/mission.schema';

/**
 * An admin mission along the short hop (EGLL to LFPG, CTR303), open a day either side of now,
 * with a 60 FC and 40 XP bonus; `overrides` change what a test is about.
 */
export const insertMailRunMission = async (app: App, overrides: Partial<typeof missions.$inferInsert> = {}) => {
  const now = app.deps.clock.now();
  const [mission] = await app.deps.db
    .insert(missions)
    .values({
      source: 'ADMIN',
      title: 'Mail run',
      description: 'Urgent mail to Paris',
      missionType: 'CARGO',
      aircraftCategory: 'MEDIUM_HAUL',
      flightNumber: 'CTR303',
      clRequired: 1,
      startDate: new Date(now.getTime() - 86_400_000),
      endDate: new Date(now.getTime() + 86_400_000),
      departureIdent: 'EGLL',
      departureLatitudeDeg: 51.4706,
      departureLongitudeDeg: -0.461941,
      departureElevationFt: 83,
      arrivalIdent: 'LFPG',
      arrivalLatitudeDeg: 49.012798,
      arrivalLongitudeDeg: 2.55,
      arrivalElevationFt: 392,
      distanceNm: 188,
      cargos: [{ name: 'Mail', weight: 500, quantity: 1, points: 10 }],
      pax: 0,
      xpBonus: 40,
      fcBonus: 60,
      ...overrides,
    })
    .returning();
  return mission!;
};
