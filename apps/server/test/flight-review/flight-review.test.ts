import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_THRESHOLDS } from '@contrail/domain/flight-review/flight-verdict';
import type { TFlightReview, TFlightReviewDetail, TFlightReviewItem, TFlightReviewPage, TReviewThresholdsView } from '@contrail/domain/flight-review/review-contract';
import type { TFlightLogDetail } from '@contrail/domain/flight-api/flight-log-contract';
import { airlineMembers } from '../../src/modules/airline/airline.schema';
import { flightLogs } from '../../src/modules/flight-log/flight-log.schema';
import { notifications } from '../../src/modules/notification/notification.schema';
import { walletTransactions } from '../../src/modules/wallet/wallet.schema';
import { notifyReviewNeeded } from '../../src/modules/flight-review/flight-review.service';
import { thresholdsForAirline } from '../../src/modules/flight-review/review-thresholds.service';
import { createAirlineFor, premiumManager, seedAirlineReference } from '../airline/airline-fixtures';
import { createSignedInUser, giveSubscription, reloadUser, type SignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { HARD_LANDING, insertPendingFlightLog } from './support/pending-flight-log';

const AIRLINE_API = '/api/airline-manager/v1';

describe('flight review queue', () => {
  let t: TestApp;
  let owner: SignedInUser;
  let administrator: SignedInUser;
  let pilot: SignedInUser;
  let otherOwner: SignedInUser;
  let siteAdmin: SignedInUser;
  let airlineId: string;
  let otherAirlineId: string;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off' });
    await seedAirlineReference(t.app);
    owner = await premiumManager(t.app);
    airlineId = await createAirlineFor(t.app, owner);
    otherOwner = await premiumManager(t.app);
    otherAirlineId = await createAirlineFor(t.app, otherOwner);
    administrator = await createSignedInUser(t.app);
    pilot = await createSignedInUser(t.app);
    // GOLD opens every log: the pilot flies more than a freemium pilot's three open ones here.
    await giveSubscription(t.app, pilot.user.id, 'GOLD');
    siteAdmin = await createSignedInUser(t.app, { role: 'ADMIN' });
    await t.app.deps.db.insert(airlineMembers).values([
      { airlineId, userId: administrator.user.id, role: 'ADMINISTRATOR' },
      { airlineId, userId: pilot.user.id, role: 'MEMBER' },
    ]);
  });
  afterAll(async () => t.close());

  const call = (user: SignedInUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  const airlineQueue = (user: SignedInUser, status = 'pending', id = airlineId) => call(user, 'GET', `${AIRLINE_API}/airline/${id}/flight-review?status=${status}`);
  const airlineDecision = (user: SignedInUser, logId: string, decision: 'accept' | 'reject', id = airlineId) =>
    call(user, 'POST', `${AIRLINE_API}/airline/${id}/flight-review/${logId}/decision`, { decision, comment: 'Checked the track and the profile.' });
  const adminDecision = (user: SignedInUser, logId: string, decision: 'accept' | 'reject') =>
    call(user, 'POST', `/api/v1/admin/flight-review/${logId}/decision`, { decision, comment: 'The profile shows a slew.' });
  const reply = (user: SignedInUser, logId: string, message = 'A gust on short final, the rest of the flight was normal.') =>
    call(user, 'POST', `/api/v1/flight-log/${logId}/review/reply`, { message });
  const paidTo = async (userId: string) =>
    t.app.deps.db.select({ currency: walletTransactions.currency, amount: walletTransactions.amount }).from(walletTransactions).where(eq(walletTransactions.userId, userId));
  const notificationsOf = async (userId: string) =>
    t.app.deps.db.select({ type: notifications.type, data: notifications.data }).from(notifications).where(eq(notifications.userId, userId));

  it('shows the pilot the reasons on the log, takes one reply while pending (the reviewers are told), and refuses a second', async () => {
    const log = await insertPendingFlightLog(t.app, pilot.user.id, { airlineId });
    const detail = await call(pilot, 'GET', `/api/v1/flight-log/${log.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const body = detail.json<TFlightLogDetail>();
    expect(body).toMatchObject({ reviewStatus: 'pending', practice: false, flightCoinAmount: 0 });
    expect(body.review).toEqual({
      status: 'pending',
      practice: false,
      reasons: [HARD_LANDING],
      pilotReply: null,
      pilotRepliedAt: null,
      reviewerComment: null,
      reviewedAt: null,
      reviewer: null,
      canReply: true,
    });

    // Nobody else answers for the pilot: the log is not theirs to know.
    expect((await reply(administrator, log.id)).statusCode).toBe(404);
    const replied = await reply(pilot, log.id, '  A gust on short final.  ');
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json<TFlightReview>()).toMatchObject({ pilotReply: 'A gust on short final.', canReply: false, pilotRepliedAt: t.clock.now().toISOString() });
    // The airline's reviewers hear of it; the pilot does not.
    const repliedNotice = { type: 'FLIGHT_REVIEW_REPLIED', data: { flightLogId: log.id, flightNumber: 'CTR100', departureIdent: 'EGLL', arrivalIdent: 'LFPG', pilotUserName: pilot.user.userName, airlineId } };
    expect(await notificationsOf(owner.user.id)).toContainEqual(repliedNotice);
    expect(await notificationsOf(administrator.user.id)).toContainEqual(repliedNotice);
    expect((await notificationsOf(pilot.user.id)).map((n) => n.type)).not.toContain('FLIGHT_REVIEW_REPLIED');
    const again = await reply(pilot, log.id, 'And another thing.');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, errorCode: 'CONFLICT' });
    const [stored] = await t.app.deps.db.select({ pilotReply: flightLogs.pilotReply }).from(flightLogs).where(eq(flightLogs.id, log.id));
    expect(stored?.pilotReply).toBe('A gust on short final.');
    // An empty or overlong reply is a validation error.
    const other = await insertPendingFlightLog(t.app, pilot.user.id, { airlineId });
    expect((await reply(pilot, other.id, '   ')).statusCode).toBe(400);
    expect((await reply(pilot, other.id, 'x'.repeat(1001))).statusCode).toBe(400);
  });

  it('tells the pilot and the airline reviewers (not the pilot, not a member) that a flight waits', async () => {
    const log = await insertPendingFlightLog(t.app, pilot.user.id, { airlineId });
    await notifyReviewNeeded(t.app.deps.db, log.id);
    const notice = { flightLogId: log.id, flightNumber: 'CTR100', departureIdent: 'EGLL', arrivalIdent: 'LFPG' };
    expect(await notificationsOf(pilot.user.id)).toContainEqual({ type: 'FLIGHT_REVIEW_NEEDED', data: notice });
    for (const reviewer of [owner, administrator]) {
      expect(await notificationsOf(reviewer.user.id)).toContainEqual({
        type: 'FLIGHT_REVIEW_REQUESTED',
        data: { ...notice, pilotUserName: pilot.user.userName, airlineId },
      });
    }
    expect((await notificationsOf(pilot.user.id)).filter((n) => n.type === 'FLIGHT_REVIEW_REQUESTED')).toEqual([]);
    expect((await notificationsOf(otherOwner.user.id)).filter((n) => n.type === 'FLIGHT_REVIEW_REQUESTED')).toEqual([]);
    expect((await notificationsOf(siteAdmin.user.id)).filter((n) => n.type === 'FLIGHT_REVIEW_REQUESTED' && n.data.flightLogId === log.id)).toEqual([]);
  });

  it("lets the airline's administrator accept: the held pay is paid once, the pilot is told, a second decision is refused", async () => {
    const log = await insertPendingFlightLog(t.app, pilot.user.id, { airlineId, fc: 130, xp: 50 });
    const queue = await airlineQueue(administrator);
    expect(queue.statusCode, queue.body).toBe(200);
    const item = queue.json<TFlightReviewPage>().items.find((candidate) => candidate.flightLogId === log.id);
    expect(item).toMatchObject({ pilot: { id: pilot.user.id, userName: pilot.user.userName }, type: 'AIRLINE', status: 'pending', reasons: [HARD_LANDING], heldFc: 130, heldXp: 50 });

    const detail = await call(administrator, 'GET', `${AIRLINE_API}/airline/${airlineId}/flight-review/${log.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const reviewed = detail.json<TFlightReviewDetail>();
    expect(reviewed.positionHistory.length).toBeGreaterThan(10);
    expect(reviewed.statistics.distanceNm).toBeGreaterThan(100);
    expect(reviewed.landing).not.toBeNull();

    const before = await reloadUser(t.app, pilot.user.id);
    const accepted = await airlineDecision(administrator, log.id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<TFlightReviewItem>()).toMatchObject({ status: 'accepted', reviewerComment: 'Checked the track and the profile.', reviewedAt: t.clock.now().toISOString() });
    const after = await reloadUser(t.app, pilot.user.id);
    expect(after.walletMfc - before.walletMfc).toBe(130);
    expect(after.walletXp - before.walletXp).toBe(50);
    expect(await notificationsOf(pilot.user.id)).toContainEqual({
      type: 'FLIGHT_REVIEW_ACCEPTED',
      data: { flightLogId: log.id, flightNumber: 'CTR100', departureIdent: 'EGLL', arrivalIdent: 'LFPG', comment: 'Checked the track and the profile.' },
    });

    const twice = await airlineDecision(owner, log.id, 'reject');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ success: false, errorCode: 'CONFLICT' });
    expect((await reloadUser(t.app, pilot.user.id)).walletMfc).toBe(after.walletMfc);
    expect((await reply(pilot, log.id)).statusCode).toBe(409);

    // The pilot's log now says who decided and how; the queue lists it as decided.
    const logDetail = (await call(pilot, 'GET', `/api/v1/flight-log/${log.id}`)).json<TFlightLogDetail>();
    expect(logDetail.review).toMatchObject({ status: 'accepted', reviewer: { id: administrator.user.id, userName: administrator.user.userName }, canReply: false });
    expect(logDetail.flightCoinAmount).toBe(130);
    expect((await airlineQueue(administrator)).json<TFlightReviewPage>().items.map((i) => i.flightLogId)).not.toContain(log.id);
    expect((await airlineQueue(administrator, 'decided')).json<TFlightReviewPage>().items.map((i) => i.flightLogId)).toContain(log.id);
  });

  it('lets one of two decisions made at once through; the other is a conflict and nothing is paid twice', async () => {
    const log = await insertPendingFlightLog(t.app, pilot.user.id, { airlineId, fc: 77, xp: 11 });
    const before = await reloadUser(t.app, pilot.user.id);
    const answers = await Promise.all([airlineDecision(owner, log.id, 'accept'), airlineDecision(administrator, log.id, 'accept')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await reloadUser(t.app, pilot.user.id)).walletMfc - before.walletMfc).toBe(77);
  });

  it('refuses a member, another airline, and a reviewer deciding their own flight; nothing is paid', async () => {
    const log = await insertPendingFlightLog(t.app, pilot.user.id, { airlineId });
    const ownLog = await insertPendingFlightLog(t.app, administrator.user.id, { airlineId });
    const before = await paidTo(pilot.user.id);

    expect((await airlineQueue(pilot)).statusCode).toBe(403);
    expect((await airlineDecision(pilot, log.id, 'accept')).json()).toMatchObject({ errorCode: 'ERR_0009' });
    expect((await airlineDecision(pilot, log.id, 'accept')).statusCode).toBe(403);
    // Another airline's owner: not a member of this one, and this flight is not in theirs.
    expect((await airlineQueue(otherOwner)).statusCode).toBe(403);
    expect((await airlineDecision(otherOwner, log.id, 'accept')).statusCode).toBe(403);
    expect((await airlineDecision(otherOwner, log.id, 'accept', otherAirlineId)).statusCode).toBe(404);
    expect((await call(otherOwner, 'GET', `${AIRLINE_API}/airline/${otherAirlineId}/flight-review/${log.id}`)).statusCode).toBe(404);
    expect((await airlineQueue(otherOwner, 'pending', otherAirlineId)).json<TFlightReviewPage>().items).toEqual([]);
    // A site admin does not review airline flights; the airline's flights are not in the site's queue.
    expect((await adminDecision(siteAdmin, log.id, 'accept')).statusCode).toBe(404);
    expect((await call(siteAdmin, 'GET', '/api/v1/admin/flight-review')).json<TFlightReviewPage>().items.map((i) => i.flightLogId)).not.toContain(log.id);

    // The administrator's own flight: not in their queue, and theirs is not to decide.
    expect((await airlineQueue(administrator)).json<TFlightReviewPage>().items.map((i) => i.flightLogId)).not.toContain(ownLog.id);
    const own = await airlineDecision(administrator, ownLog.id, 'accept');
    expect(own.statusCode).toBe(403);
    expect(own.json<{ message: string }>().message).toContain('your own flight');

    expect(await paidTo(pilot.user.id)).toEqual(before);
    const stillPending = await t.app.deps.db.select({ status: flightLogs.reviewStatus }).from(flightLogs).where(and(eq(flightLogs.userId, pilot.user.id), eq(flightLogs.id, log.id)));
    expect(stillPending).toEqual([{ status: 'pending' }]);
  });

  it('lets a site admin reject a flight that is not an airline’s: nothing is paid, the pilot is told', async () => {
    const log = await insertPendingFlightLog(t.app, pilot.user.id);
    expect((await call(owner, 'GET', '/api/v1/admin/flight-review')).statusCode).toBe(403);
    expect((await adminDecision(pilot, log.id, 'accept')).statusCode).toBe(403);
    // An admin's own flight is not theirs to decide.
    const adminsOwn = await insertPendingFlightLog(t.app, siteAdmin.user.id);
    expect((await adminDecision(siteAdmin, adminsOwn.id, 'accept')).statusCode).toBe(403);

    const queue = (await call(siteAdmin, 'GET', '/api/v1/admin/flight-review')).json<TFlightReviewPage>();
    expect(queue.items.map((i) => i.flightLogId)).toContain(log.id);
    expect(queue.items.map((i) => i.flightLogId)).not.toContain(adminsOwn.id);
    expect((await call(siteAdmin, 'GET', `/api/v1/admin/flight-review/${log.id}`)).statusCode).toBe(200);

    const before = await paidTo(pilot.user.id);
    const rejected = await adminDecision(siteAdmin, log.id, 'reject');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<TFlightReviewItem>()).toMatchObject({ status: 'rejected', reviewerComment: 'The profile shows a slew.' });
    expect(await paidTo(pilot.user.id)).toEqual(before);
    const [stored] = await t.app.deps.db.select().from(flightLogs).where(eq(flightLogs.id, log.id));
    expect(stored).toMatchObject({ reviewStatus: 'rejected', fc: 0, xp: 0, reviewedBy: siteAdmin.user.id });
    expect(stored?.heldPayments?.state).toBe('dropped');
    expect(await notificationsOf(pilot.user.id)).toContainEqual({
      type: 'FLIGHT_REVIEW_REJECTED',
      data: { flightLogId: log.id, flightNumber: 'CTR100', departureIdent: 'EGLL', arrivalIdent: 'LFPG', comment: 'The profile shows a slew.' },
    });
    expect((await adminDecision(siteAdmin, log.id, 'accept')).statusCode).toBe(409);
    expect(await paidTo(pilot.user.id)).toEqual(before);
  });

  it("keeps an airline's thresholds: reviewers read them, only the owner changes them, within bounds", async () => {
    const url = `${AIRLINE_API}/airline/${airlineId}/review-thresholds`;
    const read = await call(administrator, 'GET', url);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<TReviewThresholdsView>()).toMatchObject({ thresholds: DEFAULT_REVIEW_THRESHOLDS, defaults: DEFAULT_REVIEW_THRESHOLDS });
    expect(read.json<TReviewThresholdsView>().bounds.hardLandingFpm).toEqual({ min: expect.any(Number), max: expect.any(Number) });
    expect((await call(pilot, 'GET', url)).statusCode).toBe(403);
    expect((await call(otherOwner, 'GET', url)).statusCode).toBe(403);

    const byAdministrator = await call(administrator, 'PUT', url, { hardLandingFpm: 450 });
    expect(byAdministrator.statusCode).toBe(403);
    expect(byAdministrator.json()).toMatchObject({ errorCode: 'ERR_0012' });
    const outOfBounds = await call(owner, 'PUT', url, { hardLandingFpm: 5 });
    expect(outOfBounds.statusCode).toBe(400);
    expect(outOfBounds.json()).toMatchObject({ success: false, errorCode: 'VALIDATION_ERROR' });
    expect(await thresholdsForAirline(t.app.deps.db, airlineId)).toEqual(DEFAULT_REVIEW_THRESHOLDS);

    const tuned = await call(owner, 'PUT', url, { hardLandingFpm: 450 });
    expect(tuned.statusCode, tuned.body).toBe(200);
    expect(tuned.json<TReviewThresholdsView>().thresholds).toEqual({ ...DEFAULT_REVIEW_THRESHOLDS, hardLandingFpm: 450 });
    await call(owner, 'PUT', url, { longPauseMinutes: 20 });
    expect(await thresholdsForAirline(t.app.deps.db, airlineId)).toEqual({ ...DEFAULT_REVIEW_THRESHOLDS, hardLandingFpm: 450, longPauseMinutes: 20 });
    // Another airline, and flights that are not an airline's, keep the site's defaults.
    expect(await thresholdsForAirline(t.app.deps.db, otherAirlineId)).toEqual(DEFAULT_REVIEW_THRESHOLDS);
    expect(await thresholdsForAirline(t.app.deps.db, null)).toEqual(DEFAULT_REVIEW_THRESHOLDS);
  });
});
