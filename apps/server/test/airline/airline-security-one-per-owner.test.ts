import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airlines } from '../../src/modules/airline/airline.schema';
import { walletTransactions } from '../../src/modules/wallet/wallet.schema';
import { createTestApp, type TestApp } from '../support/test-app';
import { airlineFields, nextCode, postAirline, premiumManager, seedAirlineReference } from './airline-fixtures';

describe('one live airline per owner', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await seedAirlineReference(t.app);
  });
  afterAll(async () => t.close());

  it('creates exactly one airline from parallel creations by one owner, refusing the others with ERR_0003', async () => {
    const owner = await premiumManager(t.app);
    const attempts = 6;
    // Every form is valid on its own (its own name and code): only the owner is shared.
    const responses = await Promise.all(Array.from({ length: attempts }, () => postAirline(t.app, owner, airlineFields({ code: nextCode() }))));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, ...Array<number>(attempts - 1).fill(422)]);
    for (const refused of responses.filter((response) => response.statusCode !== 201)) {
      expect(refused.json()).toMatchObject({ success: false, errorCode: 'ERR_0003' });
    }
    const owned = await t.app.deps.db.select({ id: airlines.id }).from(airlines).where(eq(airlines.ownerId, owner.user.id));
    expect(owned).toHaveLength(1);
    const capital = await t.app.deps.db.select().from(walletTransactions).where(eq(walletTransactions.airlineId, owned[0]!.id));
    expect(capital.filter((row) => row.description === 'Starting capital')).toHaveLength(1);
  });

  it('is enforced by the database: a second live airline row for an owner is refused, a CLOSED one is not', async () => {
    const owner = await premiumManager(t.app);
    const first = await postAirline(t.app, owner, airlineFields({ code: nextCode() }));
    expect(first.statusCode).toBe(201);
    const row = (code: string) => ({ ownerId: owner.user.id, name: `Twin ${code}`, code });
    await expect(t.app.deps.db.insert(airlines).values(row(nextCode()))).rejects.toThrow();
    await t.app.deps.db.insert(airlines).values({ ...row(nextCode()), state: 'CLOSED' });
  });
});
