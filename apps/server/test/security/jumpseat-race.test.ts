import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletTransactions } from '../../src/modules/wallet/wallet.schema';
import { creditUser } from '../../src/modules/wallet/wallet.service';
import { sumUserTransactions } from '../../src/modules/wallet/wallet.repository';
import { createSignedInUser, reloadUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { api } from '../support/api';
import { flightRoutes } from '@contrail/domain/flight-api/flight-routes';

// PGlite runs one statement at a time, so this passes there with or without the row lock; on
// PostgreSQL (TEST_DATABASE_URL) the two requests overlap and it guards the locked read.
describe('concurrent jumpseats', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off' });
  });
  afterAll(async () => t.close());

  it('the second ride starts where the first ended and pays that price', async () => {
    const pilot = await createSignedInUser(t.app, { lastLocationIdent: 'EGLL' });
    await t.app.deps.db.transaction((tx) =>
      creditUser(tx, { userId: pilot.user.id, currency: 'MFC', amount: 5000, categoryData: { category: 'MF_BONUS', reason: 'test' }, description: 'funds', idempotencyKey: 'test:jumpseat-race-funds', executionDate: t.clock.now() }),
    );
    const ride = (icao: string) =>
      api(t.app, pilot.headers).inject(flightRoutes.jumpseat, { body: { arrivalLocation: { icao, position: { latitude: 0, longitude: 0 } } } });
    const responses = await Promise.all([ride('LFPG'), ride('EHAM')]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    const rides = await t.app.deps.db.select().from(walletTransactions).where(eq(walletTransactions.userId, pilot.user.id));
    const legs = rides
      .map((row) => row.categoryData as { category: string; fromIdent?: string; toIdent?: string })
      .filter((data) => data.category === 'JUMPSEAT');
    expect(legs).toHaveLength(2);
    const first = legs.find((leg) => leg.fromIdent === 'EGLL');
    const second = legs.find((leg) => leg !== first);
    expect(first).toBeDefined();
    expect(second?.fromIdent).toBe(first?.toIdent);
    const user = await reloadUser(t.app, pilot.user.id);
    expect(user.lastLocationIdent).toBe(second?.toIdent);
    expect(await sumUserTransactions(t.app.deps.db, pilot.user.id, 'MFC')).toBe(user.walletMfc);
  });
});
