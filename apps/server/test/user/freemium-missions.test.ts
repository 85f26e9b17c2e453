import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMission } from '@contrail/domain/mission/mission-contract';
import { finishUserMission, startMissionForUser } from '../../src/modules/mission/mission.service';
import { createSignedInUser, type SignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { api } from '../support/api';
import { missionRoutes } from '@contrail/domain/mission/mission-routes';
import { userRoutes } from '@contrail/domain/user/user-routes';

const DAY_MS = 86_400_000;

/** The top bar's freemium counter reads nbFreemiumMissionRemaining from the user information. */
describe('missions this month in the user information', () => {
  let t: TestApp;
  let admin: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off' });
    admin = await createSignedInUser(t.app, { userName: 'countboss', role: 'ADMIN' });
  });
  afterAll(async () => t.close());

  const information = async (pilot: SignedInUser) =>
    (await api(t.app, pilot.headers).inject(userRoutes.ownInformation)).json<{ nbMissionsCurrentMonth: number; nbFreemiumMissionRemaining: number }>();

  it('counts the missions started this month, gives a cancelled one back, and is per pilot', async () => {
    const now = t.clock.now();
    const created = await api(t.app, admin.headers).inject(missionRoutes.create, { body: {
        title: 'Counter check',
        missionType: 'CHARTER',
        flightNumber: 'CNT1',
        CLRequired: 1,
        startDate: new Date(now.getTime() - DAY_MS).toISOString(),
        endDate: new Date(now.getTime() + DAY_MS).toISOString(),
        departureIcao: 'EGLL',
        arrivalIcao: 'LFPG',
        xpBonus: 10,
        fcBonus: 10,
        aircraftCategory: 'SMALL_HAUL',
      } });
    expect(created.statusCode).toBe(201);
    const mission = created.json<TMission>();
    const pilot = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    expect(await information(pilot)).toMatchObject({ nbMissionsCurrentMonth: 0, nbFreemiumMissionRemaining: 3 });

    await startMissionForUser(t.app.deps.db, { userId: pilot.user.id, missionId: mission.id, now });
    const second = await startMissionForUser(t.app.deps.db, { userId: pilot.user.id, missionId: mission.id, now });
    expect(await information(pilot)).toMatchObject({ nbMissionsCurrentMonth: 2, nbFreemiumMissionRemaining: 1 });
    expect(await information(other)).toMatchObject({ nbMissionsCurrentMonth: 0, nbFreemiumMissionRemaining: 3 });

    await finishUserMission(t.app.deps.db, { userId: pilot.user.id, userMissionId: second.userMissionId, status: 'CANCELLED', now });
    expect(await information(pilot)).toMatchObject({ nbMissionsCurrentMonth: 1, nbFreemiumMissionRemaining: 2 });
  });
});
