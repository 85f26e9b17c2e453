import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database';
import { airlineMembers, airlines } from '../../src/modules/airline/airline.schema';
import { users } from '../../src/modules/user/user.schema';
import { grantAdminRole, inMemberAirlines, requireAccess } from '../../src/modules/access/access.service';
import { createSignedInUser, createUser, reloadUser, uniqueSuffix, type SignedInUser } from '../support/factories';
import { createTestApp, seedMigratedDataDir, type TestApp } from '../support/test-app';
import { api } from '../support/api';
import { missionRoutes } from '@contrail/domain/mission/mission-routes';
import { itOnPgliteOnly } from '../support/postgres-pass';

const DAY_MS = 86_400_000;
const serverRoot = path.resolve(import.meta.dirname, '../..');

describe('access layer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off' });
  });
  afterAll(async () => t.close());

  const addMission = (user: SignedInUser, title = 'Access check') =>
    api(t.app, user.headers).inject(missionRoutes.create, { body: {
        title,
        missionType: 'CHARTER',
        flightNumber: 'ACC1',
        CLRequired: 1,
        startDate: new Date(t.clock.now().getTime() - DAY_MS).toISOString(),
        endDate: new Date(t.clock.now().getTime() + DAY_MS).toISOString(),
        departureIcao: 'EGLL',
        arrivalIcao: 'LFPG',
        xpBonus: 10,
        fcBonus: 10,
        aircraftCategory: 'SMALL_HAUL',
      } });

  it('reads the admin role from the database on every request: a grant and a revocation hold at once', async () => {
    const pilot = await createSignedInUser(t.app);
    expect((await addMission(pilot)).statusCode).toBe(403);
    expect(await grantAdminRole(t.app.deps.db, pilot.user.userName.toUpperCase())).toMatchObject({ id: pilot.user.id });
    expect((await reloadUser(t.app, pilot.user.id)).role).toBe('ADMIN');
    // Same access token as before the grant.
    expect((await addMission(pilot)).statusCode).toBe(201);
    await t.app.deps.db.update(users).set({ role: 'PILOT' }).where(eq(users.id, pilot.user.id));
    expect((await addMission(pilot)).statusCode).toBe(403);
    expect(await grantAdminRole(t.app.deps.db, `nobody${uniqueSuffix()}`)).toBeUndefined();
  });

  it('does not make a user admin by taking a former admin name; the renamed admin stays admin', async () => {
    const bossName = `boss${uniqueSuffix()}`;
    const boss = await createSignedInUser(t.app, { userName: bossName, role: 'ADMIN' });
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/user/${boss.user.id}/information`,
      headers: boss.headers,
      payload: { userName: `ex${bossName}` },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const impostor = await createSignedInUser(t.app, { userName: bossName });
    expect((await addMission(impostor)).statusCode).toBe(403);
    // The boss's token still carries the old name: access follows the id, not the name.
    expect((await addMission(boss)).statusCode).toBe(201);
  });

  it("keeps self permissions to the caller's own account, an administrator included", async () => {
    const admin = await createUser(t.app, { role: 'ADMIN' });
    const other = await createUser(t.app);
    await expect(requireAccess(t.app.deps.db, { id: admin.user.id }, 'wallet.user.read', { userId: other.user.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      httpStatus: 403,
    });
    await expect(requireAccess(t.app.deps.db, { id: other.user.id }, 'wallet.user.read', { userId: other.user.id })).resolves.toMatchObject({
      userId: other.user.id,
    });
  });

  describe('airline roles', () => {
    const db = () => t.app.deps.db;
    const makeAirline = async () => {
      const owner = await createUser(t.app);
      const [airline] = await db()
        .insert(airlines)
        .values({ ownerId: owner.user.id, name: `Air ${uniqueSuffix()}`, code: uniqueSuffix().slice(0, 3).toUpperCase() })
        .returning();
      await db().insert(airlineMembers).values({ airlineId: airline!.id, userId: owner.user.id, role: 'OWNER' });
      return { airline: airline!, owner: owner.user };
    };

    /** An airline with its owner, an administrator, a member and a stranger, and a check of one permission. */
    const makeStaffedAirline = async (permission: Parameters<typeof requireAccess>[2]) => {
      const { airline, owner } = await makeAirline();
      const [admin, member, stranger] = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app)]).then((made) => made.map((one) => one.user));
      await db()
        .insert(airlineMembers)
        .values([
          { airlineId: airline.id, userId: admin!.id, role: 'ADMINISTRATOR' },
          { airlineId: airline.id, userId: member!.id, role: 'MEMBER' },
        ]);
      const check = (userId: string) => requireAccess(db(), { id: userId }, permission, { airlineId: airline.id });
      return { airline, owner, admin: admin!, member: member!, stranger: stranger!, check };
    };

    it('grants by role in that airline, with the spec codes for a refusal', async () => {
      const { airline, owner } = await makeAirline();
      const admin = (await createUser(t.app)).user;
      const member = (await createUser(t.app)).user;
      const suspended = (await createUser(t.app)).user;
      const stranger = (await createUser(t.app)).user;
      await db()
        .insert(airlineMembers)
        .values([
          { airlineId: airline.id, userId: admin.id, role: 'ADMINISTRATOR' },
          { airlineId: airline.id, userId: member.id, role: 'MEMBER' },
          { airlineId: airline.id, userId: suspended.id, role: 'ADMINISTRATOR', status: 'SUSPENDED' },
        ]);
      const check = (userId: string, permission: Parameters<typeof requireAccess>[2], airlineId = airline.id) =>
        requireAccess(db(), { id: userId }, permission, { airlineId });

      await expect(check(owner.id, 'airline.delete')).resolves.toMatchObject({ airlineRole: 'OWNER' });
      await expect(check(admin.id, 'airline.delete')).rejects.toMatchObject({ code: 'ERR_0012', httpStatus: 403 });
      await expect(check(admin.id, 'airline.member.accept')).resolves.toMatchObject({ airlineRole: 'ADMINISTRATOR' });
      await expect(check(member.id, 'airline.member.accept')).rejects.toMatchObject({ code: 'ERR_0009', httpStatus: 403 });
      await expect(check(member.id, 'airline.fly')).resolves.toMatchObject({ airlineRole: 'MEMBER' });
      await expect(check(suspended.id, 'airline.read')).rejects.toMatchObject({ code: 'FORBIDDEN', httpStatus: 403 });
      await expect(check(stranger.id, 'airline.read')).rejects.toMatchObject({ code: 'FORBIDDEN', httpStatus: 403 });
      await expect(check(owner.id, 'airline.read', '5a4cc9a8-1111-4222-8333-444455556666')).rejects.toMatchObject({
        code: 'ERR_0011',
        httpStatus: 404,
      });
      // A platform administrator has no airline role by that.
      const platformAdmin = (await createUser(t.app, { role: 'ADMIN' })).user;
      await expect(check(platformAdmin.id, 'airline.read')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    });

    it("gives the review of an airline's flights to its owner and administrators, its thresholds to the owner, the others' to site admins", async () => {
      const { airline, owner } = await makeAirline();
      const admin = (await createUser(t.app)).user;
      const member = (await createUser(t.app)).user;
      await db()
        .insert(airlineMembers)
        .values([
          { airlineId: airline.id, userId: admin.id, role: 'ADMINISTRATOR' },
          { airlineId: airline.id, userId: member.id, role: 'MEMBER' },
        ]);
      const check = (userId: string, permission: Parameters<typeof requireAccess>[2]) => requireAccess(db(), { id: userId }, permission, { airlineId: airline.id });
      await expect(check(owner.id, 'airline.flight.review')).resolves.toMatchObject({ airlineRole: 'OWNER' });
      await expect(check(admin.id, 'airline.flight.review')).resolves.toMatchObject({ airlineRole: 'ADMINISTRATOR' });
      await expect(check(member.id, 'airline.flight.review')).rejects.toMatchObject({ code: 'ERR_0009', httpStatus: 403 });
      await expect(check(owner.id, 'airline.review-rules.update')).resolves.toMatchObject({ airlineRole: 'OWNER' });
      await expect(check(admin.id, 'airline.review-rules.update')).rejects.toMatchObject({ code: 'ERR_0012', httpStatus: 403 });
      // Site review is the platform administrators' alone; an airline owner holds none of it.
      const platformAdmin = (await createUser(t.app, { role: 'ADMIN' })).user;
      await expect(requireAccess(db(), { id: platformAdmin.id }, 'flight.review')).resolves.toMatchObject({ userRole: 'ADMIN' });
      await expect(requireAccess(db(), { id: owner.id }, 'flight.review')).rejects.toMatchObject({ code: 'FORBIDDEN', httpStatus: 403 });
      await expect(check(platformAdmin.id, 'airline.flight.review')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    });

    it("gives the phpVMS import of an airline's fleet and schedules to its owner alone", async () => {
      const { owner, admin, member, stranger, check } = await makeStaffedAirline('airline.import');
      await expect(check(owner.id)).resolves.toMatchObject({ airlineRole: 'OWNER' });
      await expect(check(admin.id)).rejects.toMatchObject({ code: 'ERR_0012', httpStatus: 403 });
      await expect(check(member.id)).rejects.toMatchObject({ code: 'ERR_0012', httpStatus: 403 });
      await expect(check(stranger.id)).rejects.toMatchObject({ code: 'FORBIDDEN', httpStatus: 403 });
    });

    it('gives the grounding of members to the owner and administrators; a grounded member holds no member permission', async () => {
      const { airline, owner } = await makeAirline();
      const admin = (await createUser(t.app)).user;
      const member = (await createUser(t.app)).user;
      const grounded = (await createUser(t.app)).user;
      await db()
        .insert(airlineMembers)
        .values([
          { airlineId: airline.id, userId: admin.id, role: 'ADMINISTRATOR' },
          { airlineId: airline.id, userId: member.id, role: 'MEMBER' },
          { airlineId: airline.id, userId: grounded.id, role: 'MEMBER', status: 'SUSPENDED' },
        ]);
      const check = (userId: string) => requireAccess(db(), { id: userId }, 'airline.member.ground', { airlineId: airline.id });
      await expect(check(owner.id)).resolves.toMatchObject({ airlineRole: 'OWNER' });
      await expect(check(admin.id)).resolves.toMatchObject({ airlineRole: 'ADMINISTRATOR' });
      await expect(check(member.id)).rejects.toMatchObject({ code: 'ERR_0009', httpStatus: 403 });
      await expect(requireAccess(db(), { id: grounded.id }, 'airline.fly', { airlineId: airline.id })).rejects.toMatchObject({ httpStatus: 403 });
    });

    it("gives the airline's webhooks, whose signing secrets they hold, to its owner alone", async () => {
      const { owner, admin, member, stranger, check } = await makeStaffedAirline('airline.webhook.manage');
      await expect(check(owner.id)).resolves.toMatchObject({ airlineRole: 'OWNER' });
      await expect(check(admin.id)).rejects.toMatchObject({ code: 'ERR_0012', httpStatus: 403 });
      await expect(check(member.id)).rejects.toMatchObject({ code: 'ERR_0012', httpStatus: 403 });
      await expect(check(stranger.id)).rejects.toMatchObject({ code: 'FORBIDDEN', httpStatus: 403 });
    });

    it('scopes a list query to the caller’s ACTIVE memberships in its where clause', async () => {
      const first = await makeAirline();
      const second = await makeAirline();
      const third = await makeAirline();
      const pilot = (await createUser(t.app)).user;
      await db()
        .insert(airlineMembers)
        .values([
          { airlineId: first.airline.id, userId: pilot.id, role: 'MEMBER' },
          { airlineId: third.airline.id, userId: pilot.id, role: 'MEMBER', status: 'CLOSED' },
        ]);
      const visible = await db().select({ id: airlines.id }).from(airlines).where(inMemberAirlines(airlines.id, pilot.id));
      expect(visible.map((row) => row.id)).toEqual([first.airline.id]);
      const ofSecondOwner = await db().select({ id: airlines.id }).from(airlines).where(inMemberAirlines(airlines.id, second.owner.id));
      expect(ofSecondOwner.map((row) => row.id)).toEqual([second.airline.id]);
    });
  });
});

describe('npm run admin:grant', () => {
  // The script runs on a PGlite folder (DATABASE_URL emptied): the same in both passes of the suite.
  itOnPgliteOnly('makes the named user an administrator in the configured database, and says when there is no such user', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-grant-'));
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
    try {
      await seedMigratedDataDir(dataDir);
      const handle = await openDatabase({ dataDir });
      const [user] = await handle.db
        .insert(users)
        .values({ userName: 'GrantMe', email: 'grant@example.test', mfId: 'MF-GRANT', passwordHash: 'x' })
        .returning();
      await handle.close();

      const run = promisify(execFile);
      const granted = await run('npx', ['tsx', 'scripts/grant-admin.ts', 'grantme'], { cwd: serverRoot, env });
      expect(granted.stdout).toContain('GrantMe is now an administrator');
      await expect(run('npx', ['tsx', 'scripts/grant-admin.ts', 'nobody'], { cwd: serverRoot, env })).rejects.toMatchObject({ code: 1 });

      const reopened = await openDatabase({ dataDir });
      const [row] = await reopened.db.select({ role: users.role }).from(users).where(eq(users.id, user!.id));
      await reopened.close();
      expect(row?.role).toBe('ADMIN');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // Two processes, each starting tsx and a PGlite: slow on a loaded machine.
  }, 180_000);
});
