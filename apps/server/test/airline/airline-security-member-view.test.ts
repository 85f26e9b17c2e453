import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airlineMembers } from '../../src/modules/airline/airline.schema';
import { createSignedInUser, type SignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { API, createAirlineFor, nextCode, premiumManager, seedAirlineReference } from './airline-fixtures';

/** GET /airline/{id} tells each member what their role may read: the balance is the wallet's, not a member's. */
describe("the airline's details follow the caller's permissions", () => {
  let t: TestApp;
  let owner: SignedInUser;
  let admin: SignedInUser;
  let member: SignedInUser;
  let airlineId: string;

  const details = (user: SignedInUser, path = '') => t.app.inject({ method: 'GET', url: `${API}/airline/${airlineId}${path}`, headers: user.headers });

  beforeAll(async () => {
    t = await createTestApp();
    await seedAirlineReference(t.app);
    owner = await premiumManager(t.app);
    [admin, member] = [await createSignedInUser(t.app), await createSignedInUser(t.app)];
    airlineId = await createAirlineFor(t.app, owner, { code: nextCode() });
    await t.app.deps.db.insert(airlineMembers).values([
      { airlineId, userId: admin.user.id, role: 'ADMINISTRATOR' },
      { airlineId, userId: member.user.id, role: 'MEMBER' },
    ]);
  });
  afterAll(async () => t.close());

  it('gives a member the airline without its balance, as the wallet refuses them', async () => {
    const response = await details(member);
    expect(response.statusCode).toBe(200);
    const airline = response.json<{ balance: number | null; name: string }>();
    expect(airline.name).toMatch(/^Contrail Air/);
    expect(airline.balance).toBeNull();
    expect((await details(member, '/wallet/balance')).statusCode).toBe(403);
  });

  it('gives the owner and an administrator the balance the wallet shows them', async () => {
    for (const user of [owner, admin]) {
      const wallet = (await details(user, '/wallet/balance')).json<{ balance: number }>();
      expect(wallet.balance).toBeGreaterThan(0);
      expect((await details(user)).json<{ balance: number | null }>().balance).toBe(wallet.balance);
    }
  });
});
