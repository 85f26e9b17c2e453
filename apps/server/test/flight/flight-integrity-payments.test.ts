import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRASH_TOUCHDOWN_VS_FPM } from '@contrail/domain/flight/flight-constants';
import { flightLogs } from '../../src/modules/flight-log/flight-log.schema';
import { notifications } from '../../src/modules/notification/notification.schema';
import { userMissions } from '../../src/modules/mission/mission.schema';
import { users } from '../../src/modules/user/user.schema';
import { walletTransactions } from '../../src/modules/wallet/wallet.schema';
import { flightContextOf } from '../../src/modules/flight/flight-context';
import { dropHeldPayments, releaseHeldPayments } from '../../src/modules/flight/flight-review-settlement';
import { loadLedgerSigner, sealPendingRecords } from '../../src/modules/ledger/ledger.service';
import { createSignedInUser, reloadUser, type SignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { listen } from './support/flight-kit';
import { insertMailRunMission } from './support/mail-run-mission';
import { flyTampered, groundOnly, withTouchdownRate } from './support/tampered-frames';

/**
 * Issue 31: completion pays what the judge's verdict allows, and only that. Each flight is the
 * built-in simulator's short hop, honest or broken in one way.
 */
let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'off' });
  baseUrl = await listen(t.app);
});
afterAll(async () => t?.close());

const logOf = async (id: string) => (await t.app.deps.db.select().from(flightLogs).where(eq(flightLogs.id, id)))[0]!;
const creditsTo = async (userId: string) => t.app.deps.db.select().from(walletTransactions).where(eq(walletTransactions.userId, userId));
const walletOf = async (pilot: SignedInUser) => {
  const user = await reloadUser(t.app, pilot.user.id);
  return { fc: user.walletMfc, xp: user.walletXp, location: user.lastLocationIdent };
};
/** A mission flown along the short hop, its bonus to be paid with the flight. */
const insertMission = () => insertMailRunMission(t.app, { cargos: [] });
const missionStatusOf = async (userId: string) => (await t.app.deps.db.select().from(userMissions).where(eq(userMissions.userId, userId)))[0]?.status;
const hardLanding = (frames: Parameters<typeof withTouchdownRate>[0]) => withTouchdownRate(frames, -950);

describe('paying a completed flight from its verdict', () => {
  it('pays an honest flight as before: accepted, FC and XP credited once, the pilot at the arrival', async () => {
    const pilot = await createSignedInUser(t.app);
    const completed = await flyTampered(t.app, baseUrl, pilot.headers, (frames) => [...frames]);
    expect(completed.review).toEqual({ status: 'accepted', practice: false, reasons: [] });
    expect(completed.fc).toBeGreaterThan(0);
    expect(completed.xp).toBeGreaterThan(0);
    const log = await logOf(completed.flightLogId);
    expect(log).toMatchObject({ reviewStatus: 'accepted', heldPayments: null, fc: completed.fc, xp: completed.xp });
    // Flown along the track, not the plan's great circle.
    expect(log.distanceNm).toBe(log.outcome.statistics.airborneDistanceNm);
    expect(await walletOf(pilot)).toMatchObject({ fc: completed.fc, xp: completed.xp, location: 'LFPG' });
  });

  it('holds every payment of a flight that needs review, pays it once on release and never twice', async () => {
    const pilot = await createSignedInUser(t.app);
    const before = await walletOf(pilot);
    const completed = await flyTampered(t.app, baseUrl, pilot.headers, hardLanding);
    expect(completed.review?.status).toBe('pending');
    expect(completed.review?.reasons.map((reason) => reason.code)).toEqual(['HARD_LANDING']);
    expect(completed).toMatchObject({ fc: 0, xp: 0 });
    const held = await logOf(completed.flightLogId);
    expect(held).toMatchObject({ reviewStatus: 'pending', fc: 0, xp: 0, heldPayments: { state: 'held' } });
    expect(held.heldPayments!.fc).toBeGreaterThan(0);
    expect(held.heldPayments!.xp).toBeGreaterThan(0);
    // The pilot is told why the payments wait.
    const told = await t.app.deps.db.select().from(notifications).where(eq(notifications.userId, pilot.user.id));
    expect(told.map((notification) => notification.type)).toContain('FLIGHT_REVIEW_NEEDED');
    // Nothing credited, but the flight happened: the pilot stands at the arrival.
    expect(await creditsTo(pilot.user.id)).toHaveLength(0);
    expect(await walletOf(pilot)).toMatchObject({ fc: before.fc, xp: before.xp, location: 'LFPG' });
    // The ledger does not seal a record whose payments are not decided.
    const signer = await loadLedgerSigner(t.app.deps.db);
    await sealPendingRecords(t.app.deps.db, signer, t.clock.now());
    expect((await logOf(completed.flightLogId)).ledgerState).toBe('pending');

    await t.app.deps.db.transaction((tx) => releaseHeldPayments(tx, completed.flightLogId, t.clock.now(), flightContextOf(t.app.deps).airlineFlights));
    await t.app.deps.db.transaction((tx) => releaseHeldPayments(tx, completed.flightLogId, t.clock.now(), flightContextOf(t.app.deps).airlineFlights));
    const paid = await walletOf(pilot);
    expect(paid.fc - before.fc).toBe(held.heldPayments!.fc);
    expect(paid.xp - before.xp).toBe(held.heldPayments!.xp);
    const released = await logOf(completed.flightLogId);
    expect(released).toMatchObject({ fc: held.heldPayments!.log.fc, xp: held.heldPayments!.log.xp, heldPayments: { state: 'released' } });
    expect(released.ledgerHash).not.toBe(held.ledgerHash);
  });

  it('pays an honest cabin (PNC) flight and an honest mission flight with its bonus, as before', async () => {
    const cabinCrew = await createSignedInUser(t.app);
    const cabin = await flyTampered(t.app, baseUrl, cabinCrew.headers, (frames) => [...frames], {
      request: { type: 'PNC', pax: { first: 0, business: 12, economy: 120 } },
    });
    expect(cabin.review?.status).toBe('accepted');
    expect(cabin.fc).toBeGreaterThan(0);

    const pilot = await createSignedInUser(t.app);
    const mission = await insertMission();
    const completed = await flyTampered(t.app, baseUrl, pilot.headers, (frames) => [...frames], { request: { type: 'MISSION', missionId: mission.id } });
    expect(completed.review?.status).toBe('accepted');
    const log = await logOf(completed.flightLogId);
    expect(log).toMatchObject({ missionFcBonus: 60, missionXpBonus: 40 });
    expect(completed.fc).toBe(log.fc + 60);
    expect(await missionStatusOf(pilot.user.id)).toBe('COMPLETED');
  });

  it('keeps a mission open while its flight is held, and fails it without its bonus when the flight is dropped', async () => {
    const pilot = await createSignedInUser(t.app);
    const mission = await insertMission();
    const completed = await flyTampered(t.app, baseUrl, pilot.headers, hardLanding, { request: { type: 'MISSION', missionId: mission.id } });
    expect(completed.review?.status).toBe('pending');
    expect(await missionStatusOf(pilot.user.id)).toBe('STARTED');
    expect((await logOf(completed.flightLogId)).heldPayments!.log).toMatchObject({ missionFcBonus: 60, missionXpBonus: 40 });
    await t.app.deps.db.transaction((tx) => dropHeldPayments(tx, completed.flightLogId, t.clock.now()));
    expect(await missionStatusOf(pilot.user.id)).toBe('FAILED');
    expect(await creditsTo(pilot.user.id)).toHaveLength(0);
  });

  it('pays nothing held once dropped, even if released afterwards', async () => {
    const pilot = await createSignedInUser(t.app);
    const before = await walletOf(pilot);
    const completed = await flyTampered(t.app, baseUrl, pilot.headers, hardLanding);
    expect(completed.review?.status).toBe('pending');
    await t.app.deps.db.transaction((tx) => dropHeldPayments(tx, completed.flightLogId, t.clock.now()));
    await t.app.deps.db.transaction((tx) => releaseHeldPayments(tx, completed.flightLogId, t.clock.now(), flightContextOf(t.app.deps).airlineFlights));
    expect(await creditsTo(pilot.user.id)).toHaveLength(0);
    expect(await walletOf(pilot)).toMatchObject({ fc: before.fc, xp: before.xp });
    expect(await logOf(completed.flightLogId)).toMatchObject({ fc: 0, xp: 0, heldPayments: { state: 'dropped', payments: [] } });
  });

  it('pays nothing for a rejected flight, one that crashed on the runway', async () => {
    const pilot = await createSignedInUser(t.app);
    const completed = await flyTampered(t.app, baseUrl, pilot.headers, (frames) => withTouchdownRate(frames, CRASH_TOUCHDOWN_VS_FPM - 500));
    expect(completed.review?.status).toBe('rejected');
    expect(completed.review?.reasons.map((reason) => reason.code)).toContain('NOT_STOPPED_AT_AIRPORT');
    expect(completed).toMatchObject({ fc: 0, xp: 0 });
    expect(await logOf(completed.flightLogId)).toMatchObject({ reviewStatus: 'rejected', fc: 0, xp: 0, heldPayments: null });
    expect(await creditsTo(pilot.user.id)).toHaveLength(0);
  });

  it('completes a flight without frames, or that never left the ground, as not flown: nothing paid, the pilot where they were', async () => {
    const pilot = await createSignedInUser(t.app);
    const before = await walletOf(pilot);
    for (const tamper of [() => [], groundOnly]) {
      const completed = await flyTampered(t.app, baseUrl, pilot.headers, tamper);
      expect(completed.review).toMatchObject({ status: 'not-flown', reasons: [{ code: 'NOT_FLOWN', consequence: 'reject' }] });
      expect(completed).toMatchObject({ fc: 0, xp: 0 });
      expect(await logOf(completed.flightLogId)).toMatchObject({ reviewStatus: 'not-flown', fc: 0, xp: 0, distanceNm: 0 });
    }
    expect(await creditsTo(pilot.user.id)).toHaveLength(0);
    expect(await walletOf(pilot)).toEqual(before);
    const [user] = await t.app.deps.db.select({ numberOfFlight: users.numberOfFlight }).from(users).where(eq(users.id, pilot.user.id));
    expect(user!.numberOfFlight).toBe(2);
  });
});
