import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app';
import { testConfig } from '../../src/config/config';
import type { DatabaseHandle } from '../../src/db/database';
import { airlineHubs, airlines } from '../../src/modules/airline/airline.schema';
import { notifications } from '../../src/modules/notification/notification.schema';
import { walletTransactions } from '../../src/modules/wallet/wallet.schema';
import { createManualClock } from '../../src/lib/clock';
import { settleAirlines } from '../../src/modules/airline/airline-settlement';
import { sumTransactions } from '../../src/modules/wallet/wallet.repository';
import { createSignedInUser } from '../support/factories';
import { openTestDatabase } from '../support/test-app';
import { API, airlineFields, createAirlineFor, nextCode, postAirline, premiumManager, refreshSession, seedAirlineReference } from './airline-fixtures';
import { api } from '../support/api';
import { airlineRoutes } from '@contrail/domain/airline/airline-routes';

const DAY = 86_400_000;

describe('airline settlement', () => {
  let database: DatabaseHandle;
  let one: App;
  let two: App;
  const clock = createManualClock(new Date('2026-01-10T09:00:00Z'));

  beforeAll(async () => {
    database = await openTestDatabase();
    const config = testConfig();
    // Two server instances on one database, as in production behind a load balancer.
    one = await buildApp({ config, clock, database });
    two = await buildApp({ config, clock, database });
    await one.ready();
    await two.ready();
    await seedAirlineReference(one);
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await database.close();
  });

  const balanceOf = async (airlineId: string) => {
    const [row] = await one.deps.db.select({ balance: airlines.balance, state: airlines.state }).from(airlines).where(eq(airlines.id, airlineId));
    expect(row!.balance).toBe(await sumTransactions(one.deps.db, { airlineId }, 'MFC'));
    expect(row!.balance).toBeGreaterThanOrEqual(0);
    return row!;
  };
  const rowsOf = async (airlineId: string, state: 'PLANNED' | 'FAILED' | 'SUCCESS') =>
    one.deps.db.select().from(walletTransactions).where(and(eq(walletTransactions.airlineId, airlineId), eq(walletTransactions.transactionState, state)));

  it('settles a due month once when run twice, and once when two instances run at the same moment', async () => {
    const owners = await Promise.all([premiumManager(one), premiumManager(one), premiumManager(one)]);
    const ids: string[] = [];
    for (const owner of owners) ids.push(await createAirlineFor(one, owner));
    clock.advanceMs(32 * DAY);
    const first = await settleAirlines(one.deps.db, clock.now());
    const second = await settleAirlines(two.deps.db, clock.now());
    expect(first).toMatchObject({ skipped: false, paid: 3, failed: 0 });
    expect(second).toMatchObject({ paid: 0, failed: 0 });
    for (const id of ids) {
      expect((await balanceOf(id)).balance).toBe(10_000 - 2_500);
      expect(await rowsOf(id, 'PLANNED')).toHaveLength(1); // next month planned once
    }

    clock.advanceMs(31 * DAY);
    const reports = await Promise.all([one.deps.jobs.runDue(clock.now()), two.deps.jobs.runDue(clock.now()), settleAirlines(one.deps.db, clock.now()), settleAirlines(two.deps.db, clock.now())]);
    expect(reports).toHaveLength(4);
    for (const id of ids) {
      expect((await balanceOf(id)).balance).toBe(10_000 - 2 * 2_500);
      const paid = (await rowsOf(id, 'SUCCESS')).filter((row) => row.category === 'HUB_OPERATIONAL_COST');
      expect(paid).toHaveLength(2);
      expect(new Set(paid.map((row) => row.idempotencyKey)).size).toBe(2);
      expect(await rowsOf(id, 'PLANNED')).toHaveLength(1);
    }
  });

  it('drives an airline from creation to FAILED on the clock, then reset, then delete', async () => {
    const owner = await premiumManager(one);
    const member = await createSignedInUser(one);
    const airlineId = await createAirlineFor(one, owner, { code: nextCode() });
    const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
      one.inject({ method, url: `${API}${url}`, headers: owner.headers, ...(payload ? { payload } : {}) });
    // A member to hear of the failure.
    await call('PUT', `/airline/${airlineId}`, { recruitmentOpened: true });
    await one.inject({ method: 'POST', url: `${API}/airline/${airlineId}/applicant/`, headers: member.headers, payload: { applicantUserId: member.user.id } });
    const applicant = (await call('GET', `/airline/${airlineId}/applicant`)).json<{ items: { id: string }[] }>().items[0]!;
    await call('PUT', `/airline/${airlineId}/applicant/${applicant.id}/accept`);

    // 10,000 of starting capital pays four months of the 2,500 rent; the fifth fails.
    const forecast = (await call('GET', `/airline/${airlineId}/forecast`)).json<{ defaultDate: string }>();
    expect(new Date(forecast.defaultDate).getUTCMonth()).toBe((clock.now().getUTCMonth() + 5) % 12);
    for (let month = 1; month <= 5; month += 1) {
      clock.advanceMs(31 * DAY);
      await settleAirlines(two.deps.db, clock.now());
    }
    expect(await balanceOf(airlineId)).toEqual({ balance: 0, state: 'ACTIVE' });
    const failed = await rowsOf(airlineId, 'FAILED');
    expect(failed).toHaveLength(1);
    const [hub] = await one.deps.db.select().from(airlineHubs).where(eq(airlineHubs.airlineId, airlineId));
    expect(hub!.state).toBe('SUSPENDED');
    const ownerNotes = await one.deps.db.select().from(notifications).where(and(eq(notifications.userId, owner.user.id), eq(notifications.type, 'TRANSACTION_FAILED')));
    expect(ownerNotes).toHaveLength(1);
    await refreshSession(one, owner);
    const bankrupt = (await call('GET', `/airline/${airlineId}/bankrupt`)).json<{ nbFailedTransaction: number; dayLeft: number }>();
    expect(bankrupt.nbFailedTransaction).toBe(1);
    expect(bankrupt.dayLeft).toBeLessThanOrEqual(14);
    // Paying by hand is refused while the balance is empty.
    expect((await call('PUT', `/airline/${airlineId}/wallet/transaction/${failed[0]!.id}/pay`)).json<{ errorCode: string }>().errorCode).toBe('ERR_0013');

    clock.advanceMs(15 * DAY);
    await Promise.all([settleAirlines(one.deps.db, clock.now()), settleAirlines(two.deps.db, clock.now())]);
    expect((await balanceOf(airlineId)).state).toBe('FAILED');
    const failedNotes = await one.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'AIRLINE_FAILED'), sql`${notifications.data} ->> 'airlineId' = ${airlineId}`));
    expect(failedNotes.map((row) => row.userId).sort()).toEqual([owner.user.id, member.user.id].sort());
    await refreshSession(one, owner);
    expect((await call('GET', `/airline/${airlineId}/bankrupt`)).json()).toEqual({ nbFailedTransaction: 1, dayLeft: 0 });
    expect((await call('POST', `/airline/${airlineId}/hub`, { airportIdent: 'LFMN' })).statusCode).toBe(409);

    // Reset: the code stays, the assets go, the airline starts again.
    const code = (await call('GET', `/airline/${airlineId}`)).json<{ code: string }>().code;
    const reset = await postAirline(one, owner, airlineFields({ code: 'IGNORED', hubAirportIdent: 'LFMN', gameDifficulty: 'easy' }), null, 'PUT', `${API}/airline/${airlineId}/reset`);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ code, state: 'ACTIVE', balance: 20_000, gameDifficulty: 'EASY', hubs: [expect.objectContaining({ isMain: true, airport: expect.objectContaining({ ident: 'LFMN' }) })] });
    expect(await rowsOf(airlineId, 'FAILED')).toHaveLength(0);
    expect(await one.deps.db.select().from(notifications).where(and(eq(notifications.userId, member.user.id), eq(notifications.type, 'DELETED_OR_RESET')))).toHaveLength(1);
    await balanceOf(airlineId);

    // Delete: permanent, members told; only the owner may.
    await refreshSession(one, member);
    expect((await api(one, member.headers).inject(airlineRoutes.remove, { params: { id: airlineId } })).json<{ errorCode: string }>().errorCode).toBe('ERR_0012');
    expect((await call('DELETE', `/airline/${airlineId}`)).statusCode).toBe(200);
    expect((await call('GET', `/airline/${airlineId}`)).json<{ errorCode: string }>().errorCode).toBe('ERR_0011');
    expect(await one.deps.db.select().from(notifications).where(and(eq(notifications.userId, member.user.id), eq(notifications.type, 'DELETED_OR_RESET')))).toHaveLength(2);
    const [left] = await one.deps.db.select({ n: sql<number>`count(*)::int` }).from(walletTransactions).where(eq(walletTransactions.airlineId, airlineId));
    expect(left!.n).toBe(0);
  });
});
