import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airlineMembers, airlineRanks } from '../../src/modules/airline/airline.schema';
import { createSignedInUser, type SignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { API, createAirlineFor, nextCode, premiumManager, seedAirlineReference } from './airline-fixtures';

/** Administrators manage members, but ranks (which set salaries) and other administrators are the owner's. */
describe('administrators stay below the owner', () => {
  let t: TestApp;
  let owner: SignedInUser;
  let admin: SignedInUser;
  let otherAdmin: SignedInUser;
  let member: SignedInUser;
  let airlineId: string;
  let bonusRankId: string;
  let defaultRankId: string;
  const memberIds = {} as Record<'owner' | 'admin' | 'otherAdmin' | 'member', string>;

  const call = (user: SignedInUser, method: 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `${API}${url}`, headers: user.headers, ...(payload ? { payload } : {}) });
  const rankOf = async (memberId: string) =>
    (await t.app.deps.db.select({ rankId: airlineMembers.rankId }).from(airlineMembers).where(eq(airlineMembers.id, memberId)))[0]?.rankId;
  const isMember = async (memberId: string) => (await t.app.deps.db.select().from(airlineMembers).where(eq(airlineMembers.id, memberId))).length === 1;

  beforeAll(async () => {
    t = await createTestApp();
    await seedAirlineReference(t.app);
    owner = await premiumManager(t.app);
    [admin, otherAdmin, member] = [await createSignedInUser(t.app), await createSignedInUser(t.app), await createSignedInUser(t.app)];
    airlineId = await createAirlineFor(t.app, owner, { code: nextCode() });
    const db = t.app.deps.db;
    const [defaultRank] = await db.select().from(airlineRanks).where(and(eq(airlineRanks.airlineId, airlineId), eq(airlineRanks.isDefault, true)));
    defaultRankId = defaultRank!.id;
    const [bonus] = await db.insert(airlineRanks).values({ airlineId, name: 'Chairman', fcBonusPercent: 1000, sortIdx: 1 }).returning();
    bonusRankId = bonus!.id;
    const rows = await db
      .insert(airlineMembers)
      .values([
        { airlineId, userId: admin.user.id, role: 'ADMINISTRATOR', rankId: defaultRankId },
        { airlineId, userId: otherAdmin.user.id, role: 'ADMINISTRATOR', rankId: defaultRankId },
        { airlineId, userId: member.user.id, role: 'MEMBER', rankId: defaultRankId },
      ])
      .returning();
    [memberIds.admin, memberIds.otherAdmin, memberIds.member] = rows.map((row) => row.id) as [string, string, string];
    const [ownerRow] = await db.select().from(airlineMembers).where(and(eq(airlineMembers.airlineId, airlineId), eq(airlineMembers.userId, owner.user.id)));
    memberIds.owner = ownerRow!.id;
  });
  afterAll(async () => t.close());

  it('an administrator gives nobody a rank, themselves included (ERR_0012), and nothing changes', async () => {
    for (const target of ['admin', 'otherAdmin', 'member'] as const) {
      const response = await call(admin, 'PUT', `/airline/${airlineId}/member/${memberIds[target]}`, { rankId: bonusRankId });
      expect(response.statusCode, target).toBe(403);
      expect(response.json()).toMatchObject({ success: false, errorCode: 'ERR_0012' });
      expect(await rankOf(memberIds[target])).toBe(defaultRankId);
    }
  });

  it('the owner sets the ranks of members and administrators, but not their own', async () => {
    expect((await call(owner, 'PUT', `/airline/${airlineId}/member/${memberIds.member}`, { rankId: bonusRankId })).statusCode).toBe(200);
    expect(await rankOf(memberIds.member)).toBe(bonusRankId);
    expect((await call(owner, 'PUT', `/airline/${airlineId}/member/${memberIds.otherAdmin}`, { rankId: bonusRankId })).statusCode).toBe(200);
    expect(await rankOf(memberIds.otherAdmin)).toBe(bonusRankId);
    const own = await call(owner, 'PUT', `/airline/${airlineId}/member/${memberIds.owner}`, { rankId: bonusRankId });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ success: false, errorCode: 'FORBIDDEN' });
    expect(await rankOf(memberIds.owner)).toBe(defaultRankId);
  });

  it('an administrator cannot remove another administrator (ERR_0012), only the owner can', async () => {
    const refused = await call(admin, 'DELETE', `/airline/${airlineId}/member/${memberIds.otherAdmin}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, errorCode: 'ERR_0012' });
    expect(await isMember(memberIds.otherAdmin)).toBe(true);
    expect((await call(owner, 'DELETE', `/airline/${airlineId}/member/${memberIds.otherAdmin}`)).statusCode).toBe(200);
    expect(await isMember(memberIds.otherAdmin)).toBe(false);
  });

  it('an administrator still removes a member, and may resign', async () => {
    expect((await call(admin, 'DELETE', `/airline/${airlineId}/member/${memberIds.member}`)).statusCode).toBe(200);
    expect(await isMember(memberIds.member)).toBe(false);
    expect((await call(admin, 'DELETE', `/airline/${airlineId}/member/${memberIds.admin}`)).statusCode).toBe(200);
    expect(await isMember(memberIds.admin)).toBe(false);
  });
});
