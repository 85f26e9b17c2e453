import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../src/modules/notification/notification.schema';
import { recordNotification } from '../../src/modules/notification/notification.service';
import { createUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

describe('recordNotification', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('stores an unread notification with its type and data', async () => {
    const { user } = await createUser(t.app);
    const { id } = await recordNotification(t.app.deps.db, {
      userId: user.id,
      type: 'APPLICANT_ACCEPTED',
      data: { airlineId: 'a1', airlineName: 'Blue Sky' },
    });
    const [row] = await t.app.deps.db.select().from(notifications).where(eq(notifications.id, id));
    expect(row).toMatchObject({ userId: user.id, type: 'APPLICANT_ACCEPTED', data: { airlineId: 'a1', airlineName: 'Blue Sky' }, isRead: false });
  });

  it('exists only if the causing transaction commits', async () => {
    const { user } = await createUser(t.app);
    await expect(
      t.app.deps.db.transaction(async (tx) => {
        await recordNotification(tx, { userId: user.id, type: 'AIRLINE_FAILED', data: { airlineId: 'a2', airlineName: 'Gone Air' } });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(await t.app.deps.db.select().from(notifications).where(eq(notifications.userId, user.id))).toHaveLength(0);
  });
});
