import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TFlightLogDetail } from '@contrail/domain/flight-api/flight-log-contract';
import type { TFlightReviewPage } from '@contrail/domain/flight-review/review-contract';
import { notifications } from '../../src/modules/notification/notification.schema';
import { createSignedInUser, reloadUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { listen } from '../flight/support/flight-kit';
import { flyTampered, withTouchdownRate } from '../flight/support/tampered-frames';
import { api } from '../support/api';
import { flightLogRoutes } from '@contrail/domain/flight-api/flight-log-routes';
import { flightReviewRoutes } from '@contrail/domain/flight-review/review-routes';

/**
 * The whole loop on a flown flight: the built-in simulator's short hop lands at -950 fpm, completion
 * holds its pay and tells both sides, the pilot explains, a site admin accepts, the pilot is paid.
 */
describe('a flight held for review, from completion to the pay', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off' });
    baseUrl = await listen(t.app);
  });
  afterAll(async () => t?.close());

  const typesOf = async (userId: string) =>
    (await t.app.deps.db.select({ type: notifications.type, data: notifications.data }).from(notifications).where(eq(notifications.userId, userId))).map((n) => ({
      type: n.type,
      flightLogId: n.data.flightLogId,
    }));

  it('notifies the pilot and the site admins at completion, takes the reply, pays once accepted', async () => {
    const pilot = await createSignedInUser(t.app);
    const admin = await createSignedInUser(t.app, { role: 'ADMIN' });
    const completed = await flyTampered(t.app, baseUrl, pilot.headers, (frames) => withTouchdownRate(frames, -950));
    expect(completed.review?.status).toBe('pending');
    const logId = completed.flightLogId;
    expect(await typesOf(pilot.user.id)).toContainEqual({ type: 'FLIGHT_REVIEW_NEEDED', flightLogId: logId });
    expect(await typesOf(admin.user.id)).toContainEqual({ type: 'FLIGHT_REVIEW_REQUESTED', flightLogId: logId });

    const log = (await api(t.app, pilot.headers).inject(flightLogRoutes.detail, { params: { id: logId } })).json<TFlightLogDetail>();
    expect(log.review).toMatchObject({ status: 'pending', canReply: true });
    expect(log.review.reasons.map((reason) => reason.code)).toEqual(['HARD_LANDING']);
    const replied = await api(t.app, pilot.headers).inject(flightReviewRoutes.reply, { params: { id: logId }, body: { message: 'Crosswind gust at the flare.' } });
    expect(replied.statusCode, replied.body).toBe(200);

    const queue = (await api(t.app, admin.headers).inject(flightReviewRoutes.adminQueue)).json<TFlightReviewPage>();
    const item = queue.items.find((candidate) => candidate.flightLogId === logId)!;
    expect(item).toMatchObject({ status: 'pending', pilotReply: 'Crosswind gust at the flare.' });
    expect(item.heldFc).toBeGreaterThan(0);

    const before = await reloadUser(t.app, pilot.user.id);
    const decided = await api(t.app, admin.headers).inject(flightReviewRoutes.adminDecide, { params: { flightLogId: logId }, body: { decision: 'accept', comment: 'A gusty day; the landing was safe.' } });
    expect(decided.statusCode, decided.body).toBe(200);
    const after = await reloadUser(t.app, pilot.user.id);
    expect(after.walletMfc - before.walletMfc).toBe(item.heldFc);
    expect(after.walletXp - before.walletXp).toBe(item.heldXp);
    const paidLog = (await api(t.app, pilot.headers).inject(flightLogRoutes.detail, { params: { id: logId } })).json<TFlightLogDetail>();
    expect(paidLog).toMatchObject({ reviewStatus: 'accepted', flightCoinAmount: item.heldFc });
    expect(await typesOf(pilot.user.id)).toContainEqual({ type: 'FLIGHT_REVIEW_ACCEPTED', flightLogId: logId });
  });
});
