import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TJumpseatResponse } from '@contrail/domain/flight-api/flight-contract';
import { jumpseatCostFc } from '@contrail/domain/flight-api/jumpseat-cost';
import { walletTransactions } from '../../src/modules/wallet/wallet.schema';
import { creditUser } from '../../src/modules/wallet/wallet.service';
import { sumUserTransactions } from '../../src/modules/wallet/wallet.repository';
import { createTestApp, type TestApp } from '../support/test-app';
import { createSignedInUser, reloadUser } from '../support/factories';
import { registerShortHop } from './support/flight-kit';
import { api } from '../support/api';
import { flightRoutes } from '@contrail/domain/flight-api/flight-routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const fund = (userId: string, amount: number) =>
  t.app.deps.db.transaction((tx) =>
    creditUser(tx, { userId, currency: 'MFC', amount, categoryData: { category: 'MF_BONUS', reason: 'test' }, description: 'test funds', idempotencyKey: randomUUID(), executionDate: t.clock.now() }),
  );

const jumpseat = (headers: Record<string, string>, icao: string) =>
  api(t.app, headers).inject(flightRoutes.jumpseat, { body: { arrivalLocation: { icao, position: { latitude: 0, longitude: 0 } } } });

describe('POST /api/flight/jumpseat', () => {
  it('moves the pilot and debits the ride as a JUMPSEAT transaction', async () => {
    const pilot = await createSignedInUser(t.app, { lastLocationIdent: 'EGLL' });
    await fund(pilot.user.id, 500);
    const response = await jumpseat(pilot.headers, 'lfpg');
    expect(response.statusCode).toBe(200);
    const ride = response.json<TJumpseatResponse>();
    expect(ride).toMatchObject({ fromIdent: 'EGLL', toIdent: 'LFPG' });
    expect(ride.distanceNm).toBeGreaterThan(180);
    expect(ride.distanceNm).toBeLessThan(200);
    expect(ride.cost).toBe(jumpseatCostFc(ride.distanceNm));
    expect(ride.balance).toBe(500 - ride.cost);
    const user = await reloadUser(t.app, pilot.user.id);
    expect(user).toMatchObject({ lastLocationIdent: 'LFPG', walletMfc: 500 - ride.cost });
    expect(await sumUserTransactions(t.app.deps.db, pilot.user.id, 'MFC')).toBe(user.walletMfc);
    const [debit] = await t.app.deps.db.select().from(walletTransactions).where(eq(walletTransactions.category, 'JUMPSEAT'));
    expect(debit).toMatchObject({ userId: pilot.user.id, transactionType: 'DEBIT', amount: ride.cost, categoryData: { category: 'JUMPSEAT', fromIdent: 'EGLL', toIdent: 'LFPG' } });
  });

  it('refuses without enough FC (422 ERR_0021) and leaves the pilot where they are', async () => {
    const pilot = await createSignedInUser(t.app, { lastLocationIdent: 'EGLL' });
    await fund(pilot.user.id, 10);
    const response = await jumpseat(pilot.headers, 'KJFK');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errorCode: 'ERR_0021' });
    expect(await reloadUser(t.app, pilot.user.id)).toMatchObject({ lastLocationIdent: 'EGLL', walletMfc: 10 });
  });

  it('refuses an unknown airport, the airport the pilot is at, and a pilot on a flight', async () => {
    const pilot = await createSignedInUser(t.app, { lastLocationIdent: 'EGLL' });
    await fund(pilot.user.id, 500);
    expect((await jumpseat(pilot.headers, 'XXXX')).json()).toMatchObject({ errorCode: 'VALIDATION_ERROR', field: 'arrivalLocation.icao' });
    expect((await jumpseat(pilot.headers, 'EGLL')).statusCode).toBe(400);
    await registerShortHop(t.app, pilot.headers);
    const onFlight = await jumpseat(pilot.headers, 'LFPG');
    expect(onFlight.statusCode).toBe(409);
    expect(onFlight.json()).toMatchObject({ errorCode: 'USER_ALREADY_ON_FLIGHT' });
    expect(await reloadUser(t.app, pilot.user.id)).toMatchObject({ lastLocationIdent: 'EGLL', walletMfc: 500 });
  });

  it('charges the minimum for a pilot with no location yet', async () => {
    const pilot = await createSignedInUser(t.app);
    await fund(pilot.user.id, 100);
    const ride = (await jumpseat(pilot.headers, 'LFPG')).json<TJumpseatResponse>();
    expect(ride).toMatchObject({ fromIdent: null, toIdent: 'LFPG', distanceNm: 0, cost: jumpseatCostFc(0) });
  });
});
