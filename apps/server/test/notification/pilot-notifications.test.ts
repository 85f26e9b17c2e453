import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TNotificationPage } from '@contrail/domain/notification/notification-types';
import { notifications } from '../../src/modules/notification/notification.schema';
import { users } from '../../src/modules/user/user.schema';
import { loadLedgerSigner, sealPendingRecords } from '../../src/modules/ledger/ledger.service';
import { notifyRestPeriodsOver } from '../../src/modules/notification/rest-period';
import { createSignedInUser, createUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { flyShortHop, listen } from '../flight/support/flight-kit';
import { api } from '../support/api';
import { notificationRoutes } from '@contrail/domain/notification/notification-routes';

describe("the pilot's own notifications", () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await listen(t.app);
  });
  afterAll(async () => t.close());

  it('tells the pilot when their flight record is sealed in the ledger', async () => {
    const pilot = await createSignedInUser(t.app);
    const completed = await flyShortHop(t.app, baseUrl, pilot.headers, { flightNumber: 'CTR777' });
    const before = (await api(t.app, pilot.headers).inject(notificationRoutes.list, { params: { userId: pilot.user.id } })).json<TNotificationPage>();
    expect(before.items.filter((n) => n.type === 'FLIGHT_LOG_VALIDATED')).toHaveLength(0);
    const block = await sealPendingRecords(t.app.deps.db, await loadLedgerSigner(t.app.deps.db), t.clock.now());
    const after = (await api(t.app, pilot.headers).inject(notificationRoutes.list, { params: { userId: pilot.user.id } })).json<TNotificationPage>();
    expect(after.items).toMatchObject([
      { type: 'FLIGHT_LOG_VALIDATED', read: false, data: { flightLogId: completed.flightLogId, flightNumber: 'CTR777', departureIdent: 'EGLL', arrivalIdent: 'LFPG', blockHeight: block!.height } },
    ]);
  });

  it('announces the end of a rest period once, when it is due', async () => {
    const now = t.clock.now();
    const { user: resting } = await createUser(t.app, { nextRemuneration: new Date(now.getTime() + 30 * 60_000) });
    const { user: longAgo } = await createUser(t.app, { nextRemuneration: new Date(now.getTime() - 3 * 24 * 3_600_000) });
    const restOf = async (userId: string) => t.app.deps.db.select().from(notifications).where(eq(notifications.userId, userId));

    await notifyRestPeriodsOver(t.app.deps.db, now);
    expect(await restOf(resting.id)).toHaveLength(0);
    const due = new Date(now.getTime() + 31 * 60_000);
    await notifyRestPeriodsOver(t.app.deps.db, due);
    await notifyRestPeriodsOver(t.app.deps.db, new Date(due.getTime() + 60_000));
    const rows = await restOf(resting.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'REST_PERIOD_OVER', data: { restEndedAt: new Date(now.getTime() + 30 * 60_000).toISOString() } });
    expect(await restOf(longAgo.id)).toHaveLength(0);

    // A new rest after another flight is announced again.
    const next = new Date(due.getTime() + 3_600_000);
    await t.app.deps.db.update(users).set({ nextRemuneration: next }).where(eq(users.id, resting.id));
    await notifyRestPeriodsOver(t.app.deps.db, new Date(next.getTime() + 1000));
    expect(await restOf(resting.id)).toHaveLength(2);
  });
});
