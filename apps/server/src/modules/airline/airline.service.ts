import { and, asc, count, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import { AIRLINE_CODE_PATTERN, type TAirline, type TAirlineForm, type TPageQuery } from '@contrail/domain/airline/airline-contract';
import { airlineError } from '@contrail/domain/airline/airline-errors';
import { hubCosts, addMonthsUtc, bankruptcyInformation } from '@contrail/domain/economy/airline-economy';
import { BASE_SALARY_FC, STARTING_CAPITAL_FC } from '@contrail/domain/economy/airline-economy-constants';
import { airlineRoleGrants } from '@contrail/domain/access/permissions';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import type { DbExecutor } from '../../db/database';
import { uniqueViolationOf } from '../../db/unique-violation';
import { airlineApplicants, airlineHangars, airlineHubs, airlineMembers, airlinePlanes, airlineRanks, airlineRoutes, airlines, airlineTrafficRights } from './airline.schema';
import { airports } from '../airport/airport.schema';
import { flights } from '../flight/flight.schema';
import { inventoryItems } from '../store/store.schema';
import { users } from '../user/user.schema';
import { walletTransactions } from '../wallet/wallet.schema';
import { requireAccess, type Caller } from '../access/access.service';
import { assertUserVerified } from '../user/user.service';
import { creditAirline, planTransaction } from '../wallet/wallet.service';
import {
  assertActive,
  costKey,
  findAirline,
  findHubAirport,
  isAirlineManagerPremium,
  memberUserIds,
  notifyAll,
  ownsAirline,
  pageOf,
  toAirport,
  type AirlineRow,
} from './airline-common';
import { airlineEvents } from '../webhook/airline-events';
import { checkAirlineLogo } from './airline-logo';

const DEFAULT_RANK_NAME = 'First Officer';

const assertCode = (code: string) => {
  if (!AIRLINE_CODE_PATTERN.test(code)) throw airlineError(ErrorCode.codeMustBe3Alphanumerics, 'The code must be exactly 3 letters or digits', 'code');
};

const assertNameAndCodeFree = async (db: DbExecutor, name: string, code: string | undefined, exceptId?: string) => {
  if (code !== undefined) {
    const [taken] = await db
      .select({ id: airlines.id })
      .from(airlines)
      .where(and(sql`upper(${airlines.code}) = upper(${code})`, exceptId ? ne(airlines.id, exceptId) : undefined));
    if (taken) throw airlineError(ErrorCode.codeAlreadyUsed, 'This code is already used by another airline', 'code');
  }
  const [named] = await db
    .select({ id: airlines.id })
    .from(airlines)
    .where(and(sql`lower(${airlines.name}) = lower(${name})`, exceptId ? ne(airlines.id, exceptId) : undefined));
  if (named) throw airlineError(ErrorCode.nameAlreadyUsed, 'This name is already used by another airline', 'name');
};

/** What a new (or reset) airline starts with: the default rank, the main hub and its rent, the starting capital. */
const startAirline = async (db: DbExecutor, airline: AirlineRow, hubIdent: string, now: Date, agentUserName: string) => {
  const airport = await findHubAirport(db, hubIdent);
  const [rank] = await db.insert(airlineRanks).values({ airlineId: airline.id, name: DEFAULT_RANK_NAME, sortIdx: 0, isDefault: true }).returning();
  await db.update(airlineMembers).set({ rankId: rank!.id }).where(eq(airlineMembers.airlineId, airline.id));
  const costs = hubCosts(airport.type, airline.gameDifficulty);
  const nextDtOfPayment = addMonthsUtc(now, 1);
  const [hub] = await db
    .insert(airlineHubs)
    .values({ airlineId: airline.id, airportIdent: airport.ident, isMain: true, operatingCost: costs.operatingCost, nextDtOfPayment, createdAt: now })
    .returning();
  await creditAirline(db, {
    airlineId: airline.id,
    amount: STARTING_CAPITAL_FC[airline.gameDifficulty],
    categoryData: { category: 'MF_BONUS', reason: 'Starting capital' },
    description: 'Starting capital',
    agentUserName,
    idempotencyKey: `airline:${airline.id}:${airline.generation}:starting-capital`,
    executionDate: now,
  });
  await planTransaction(db, {
    owner: { airlineId: airline.id },
    currency: 'MFC',
    transactionType: 'DEBIT',
    amount: costs.operatingCost,
    categoryData: { category: 'HUB_OPERATIONAL_COST', hubAirportIdent: airport.ident },
    description: `Hub ${airport.ident}: monthly operating cost`,
    idempotencyKey: costKey('hub', hub!.id, nextDtOfPayment),
    dueDate: nextDtOfPayment,
  });
};

export type AirlineFormInput = { form: TAirlineForm; photo?: Buffer };

const alreadyOwnsAirline = () => airlineError(ErrorCode.alreadyOwnsAirline, 'You already own an airline');

/**
 * Two creations at once both pass the checks above, each in its own transaction; the unique
 * indexes let one commit and fail the other, which gets the answer the check would have given.
 */
const refuseConcurrentTwin = (error: unknown): never => {
  const index = uniqueViolationOf(error);
  if (index === 'airlines_one_live_per_owner_idx') throw alreadyOwnsAirline();
  if (index === 'airlines_code_upper_idx') throw airlineError(ErrorCode.codeAlreadyUsed, 'This code is already used by another airline', 'code');
  if (index === 'airlines_name_lower_idx') throw airlineError(ErrorCode.nameAlreadyUsed, 'This name is already used by another airline', 'name');
  throw error;
};

/** POST /airline: a premium airline manager without an airline creates one and becomes its owner. */
export const createAirline = async (db: DbExecutor, caller: Caller, input: AirlineFormInput, now: Date): Promise<TAirline> => {
  const { form } = input;
  assertCode(form.code);
  await assertUserVerified(db, caller.id);
  if (!(await isAirlineManagerPremium(db, caller.id, now))) {
    throw airlineError(ErrorCode.ownerSubscriptionInactive, 'An active airline manager subscription is needed to create an airline');
  }
  const photo = input.photo ? checkAirlineLogo(input.photo) : null;
  const id = await db.transaction(async (tx) => {
    if (await ownsAirline(tx, caller.id)) throw alreadyOwnsAirline();
    await assertNameAndCodeFree(tx, form.name, form.code);
    const [user] = await tx.select({ userName: users.userName }).from(users).where(eq(users.id, caller.id));
    const [airline] = await tx
      .insert(airlines)
      .values({
        ownerId: caller.id,
        name: form.name,
        code: form.code.toUpperCase(),
        shortDescription: form.shortDescription,
        description: form.description ?? '',
        gameDifficulty: form.gameDifficulty,
        planeCategory: form.planeCategory,
        photo,
        createdAt: now,
      })
      .returning();
    await tx.insert(airlineMembers).values({ airlineId: airline!.id, userId: caller.id, role: 'OWNER', createdAt: now });
    await startAirline(tx, airline!, form.hubAirportIdent, now, user?.userName ?? '');
    return airline!.id;
  }).catch(refuseConcurrentTwin);
  return getAirline(db, caller, id);
};

/** GET /airline/{id}: members only; the balance only to those who may read the wallet. */
export const getAirline = async (db: DbExecutor, caller: Caller, airlineId: string): Promise<TAirline> => {
  const access = await requireAccess(db, caller, 'airline.read', { airlineId });
  const airline = await findAirline(db, airlineId);
  const [owner] = await db.select({ id: users.id, userName: users.userName }).from(users).where(eq(users.id, airline.ownerId));
  const hubs = await db
    .select()
    .from(airlineHubs)
    .innerJoin(airports, eq(airports.ident, airlineHubs.airportIdent))
    .where(eq(airlineHubs.airlineId, airlineId))
    .orderBy(asc(airlineHubs.createdAt));
  const [planes] = await db.select({ n: count() }).from(airlinePlanes).where(eq(airlinePlanes.airlineId, airlineId));
  const mayReadWallet = access.airlineRole !== undefined && airlineRoleGrants(access.airlineRole, 'airline.wallet.read');
  return {
    id: airline.id,
    code: airline.code,
    name: airline.name,
    photo: airline.photo,
    shortDescription: airline.shortDescription,
    description: airline.description,
    gameDifficulty: airline.gameDifficulty,
    planeCategory: airline.planeCategory,
    hubs: hubs.map(({ airline_hubs: hub, airports: airport }) => ({
      id: hub.id,
      airport: toAirport(airport),
      isMain: hub.isMain,
      nextDtOfPayment: hub.nextDtOfPayment?.toISOString() ?? null,
      state: hub.state,
      operatingCost: hub.operatingCost,
    })),
    balance: mayReadWallet ? airline.balance : null,
    recruitmentOpened: airline.recruitmentOpened,
    isAdmin: access.airlineRole === 'ADMINISTRATOR' || access.airlineRole === 'OWNER',
    isOwner: access.airlineRole === 'OWNER',
    hasPlane: (planes?.n ?? 0) > 0,
    state: airline.state,
    mftOption: airline.mftOption,
    owner: { id: owner!.id, userName: owner!.userName },
  };
};

/** PUT /airline/{id} multipart: the owner edits the form (the code and difficulty stay). */
export const updateAirline = async (db: DbExecutor, caller: Caller, airlineId: string, input: AirlineFormInput): Promise<TAirline> => {
  await requireAccess(db, caller, 'airline.update', { airlineId });
  const airline = await findAirline(db, airlineId);
  assertActive(airline);
  const photo = input.photo ? checkAirlineLogo(input.photo) : undefined;
  await db.transaction(async (tx) => {
    await assertNameAndCodeFree(tx, input.form.name, undefined, airlineId);
    await tx
      .update(airlines)
      .set({
        name: input.form.name,
        shortDescription: input.form.shortDescription,
        description: input.form.description ?? airline.description,
        planeCategory: input.form.planeCategory,
        ...(photo ? { photo } : {}),
      })
      .where(eq(airlines.id, airlineId));
  });
  return getAirline(db, caller, airlineId);
};

/** PUT /airline/{id} JSON: recruitment open or closed, or the mft option (owner). */
export const updateAirlineSettings = async (
  db: DbExecutor,
  caller: Caller,
  airlineId: string,
  body: { recruitmentOpened?: boolean | undefined; mftOption?: 'pilot' | 'airline' | undefined },
): Promise<TAirline> => {
  await requireAccess(db, caller, 'airline.update', { airlineId });
  assertActive(await findAirline(db, airlineId));
  await db
    .update(airlines)
    .set({
      ...(body.recruitmentOpened !== undefined ? { recruitmentOpened: body.recruitmentOpened } : {}),
      ...(body.mftOption !== undefined ? { mftOption: body.mftOption } : {}),
    })
    .where(eq(airlines.id, airlineId));
  return getAirline(db, caller, airlineId);
};

/** Deletes what an airline holds (assets, wallet rows, applicants, ranks), keeping the airline row and its members. */
const deleteAssets = async (db: DbExecutor, airlineId: string) => {
  await db.delete(airlineRoutes).where(eq(airlineRoutes.airlineId, airlineId));
  await db.delete(airlinePlanes).where(eq(airlinePlanes.airlineId, airlineId));
  await db.delete(airlineHangars).where(eq(airlineHangars.airlineId, airlineId));
  await db.delete(airlineHubs).where(eq(airlineHubs.airlineId, airlineId));
  await db.delete(airlineTrafficRights).where(eq(airlineTrafficRights.airlineId, airlineId));
  await db.delete(airlineApplicants).where(eq(airlineApplicants.airlineId, airlineId));
  await db.update(airlineMembers).set({ rankId: null }).where(eq(airlineMembers.airlineId, airlineId));
  await db.delete(airlineRanks).where(eq(airlineRanks.airlineId, airlineId));
  await db.delete(walletTransactions).where(eq(walletTransactions.airlineId, airlineId));
  await db.delete(inventoryItems).where(eq(inventoryItems.airlineId, airlineId));
};

const notifyDeletedOrReset = async (db: DbExecutor, airline: AirlineRow) => {
  const members = await memberUserIds(db, airline.id, ['OWNER', 'ADMINISTRATOR', 'MEMBER']);
  await notifyAll(
    db,
    members.map((userId) => ({ userId, type: 'DELETED_OR_RESET' as const, data: { airlineId: airline.id, airlineName: airline.name } })),
  );
};

/**
 * PUT /airline/{id}/reset (owner): keeps the code and members, deletes every asset and wallet row,
 * starts again from the form's hub with a fresh starting capital.
 */
export const resetAirline = async (db: DbExecutor, caller: Caller, airlineId: string, input: AirlineFormInput, now: Date): Promise<TAirline> => {
  await requireAccess(db, caller, 'airline.reset', { airlineId });
  const photo = input.photo ? checkAirlineLogo(input.photo) : undefined;
  await db.transaction(async (tx) => {
    const airline = await findAirline(tx, airlineId);
    await assertNameAndCodeFree(tx, input.form.name, undefined, airlineId);
    await deleteAssets(tx, airlineId);
    const [reset] = await tx
      .update(airlines)
      .set({
        name: input.form.name,
        shortDescription: input.form.shortDescription,
        description: input.form.description ?? '',
        gameDifficulty: input.form.gameDifficulty,
        planeCategory: input.form.planeCategory,
        ...(photo ? { photo } : {}),
        state: 'ACTIVE',
        failedAt: null,
        balance: 0,
        generation: airline.generation + 1,
      })
      .where(eq(airlines.id, airlineId))
      .returning();
    const [user] = await tx.select({ userName: users.userName }).from(users).where(eq(users.id, caller.id));
    await startAirline(tx, reset!, input.form.hubAirportIdent, now, user?.userName ?? '');
    await notifyDeletedOrReset(tx, reset!);
  });
  return getAirline(db, caller, airlineId);
};

/** DELETE /airline/{id} (owner): permanent. */
export const deleteAirline = async (db: DbExecutor, caller: Caller, airlineId: string): Promise<void> => {
  await requireAccess(db, caller, 'airline.delete', { airlineId });
  await db.transaction(async (tx) => {
    const airline = await findAirline(tx, airlineId);
    await notifyDeletedOrReset(tx, airline);
    await deleteAssets(tx, airlineId);
    await tx.delete(airlines).where(eq(airlines.id, airlineId));
  });
};

/** GET /airline: the public search result (any signed-in pilot), by name or code. */
export const searchAirlines = async (db: DbExecutor, query: TPageQuery & { query?: string | undefined }) => {
  const where = and(
    eq(airlines.state, 'ACTIVE'),
    query.query ? sql`(${ilike(airlines.name, `%${query.query}%`)} or upper(${airlines.code}) = upper(${query.query}))` : undefined,
  );
  const [total] = await db.select({ n: count() }).from(airlines).where(where);
  const rows = await db
    .select({
      id: airlines.id,
      name: airlines.name,
      photo: airlines.photo,
      shortDescription: airlines.shortDescription,
      gameDifficulty: airlines.gameDifficulty,
      recruitmentOpened: airlines.recruitmentOpened,
      // Table-qualified by hand: in a one-table select drizzle writes bare column names, which the sub-select would resolve to its own table.
      mainHubIdent: sql<string | null>`(select h.airport_ident from airline_hubs h where h.airline_id = "airlines"."id" and h.is_main)`,
      nbOfMembers: sql<number>`(select count(*)::int from airline_members m where m.airline_id = "airlines"."id" and m.status = 'ACTIVE')`,
    })
    .from(airlines)
    .where(where)
    .orderBy(asc(airlines.name))
    .limit(query.size)
    .offset(query.page * query.size);
  return pageOf(
    rows.map((row) => ({ ...row, baseSalary: BASE_SALARY_FC })),
    total?.n ?? 0,
    query.size,
  );
};

/** GET /airline/member/{userId}: the caller's own airlines. */
export const getUserAirlines = async (db: DbExecutor, caller: Caller, userId: string) => {
  await requireAccess(db, caller, 'airline.membership.read', { userId });
  const rows = await db
    .select({ id: airlines.id, name: airlines.name, role: airlineMembers.role, status: airlineMembers.status })
    .from(airlineMembers)
    .innerJoin(airlines, eq(airlines.id, airlineMembers.airlineId))
    .where(and(eq(airlineMembers.userId, userId), inArray(airlineMembers.status, ['ACTIVE', 'SUSPENDED'])))
    .orderBy(asc(airlines.name));
  // A grounded member still sees the airline, marked, so they know why they cannot book its planes.
  return rows.map((row) => ({ id: row.id, name: row.name, isOwner: row.role === 'OWNER', ...(row.status === 'SUSPENDED' ? { grounded: true } : {}) }));
};

/** GET /airline/{id}/stat. */
export const getAirlineStats = async (db: DbExecutor, caller: Caller, airlineId: string) => {
  await requireAccess(db, caller, 'airline.read', { airlineId });
  const one = async (table: typeof airlineHubs | typeof airlineHangars | typeof airlineRoutes) =>
    (await db.select({ n: count() }).from(table).where(eq(table.airlineId, airlineId)))[0]?.n ?? 0;
  const [members] = await db
    .select({ n: count() })
    .from(airlineMembers)
    .where(and(eq(airlineMembers.airlineId, airlineId), eq(airlineMembers.status, 'ACTIVE')));
  const [flown] = await db.select({ n: count() }).from(flights).where(eq(flights.virtualAirlineId, airlineId));
  return {
    nbOfFlight: flown?.n ?? 0,
    nbOfHangar: await one(airlineHangars),
    nbOfHub: await one(airlineHubs),
    nbOfMembers: members?.n ?? 0,
    nbOfRoutes: await one(airlineRoutes),
  };
};

/** GET /airline/{id}/bankrupt: failed transactions and days left from the oldest. */
export const getBankruptcy = async (db: DbExecutor, caller: Caller, airlineId: string, now: Date) => {
  await requireAccess(db, caller, 'airline.read', { airlineId });
  const airline = await findAirline(db, airlineId);
  const failed = await db
    .select({ executionDate: walletTransactions.executionDate })
    .from(walletTransactions)
    .where(and(eq(walletTransactions.airlineId, airlineId), eq(walletTransactions.transactionState, 'FAILED')));
  const info = bankruptcyInformation(
    failed.map((row) => row.executionDate),
    now,
    airline.gameDifficulty,
  );
  return airline.state === 'FAILED' ? { ...info, dayLeft: 0 } : info;
};

// ---- members and applicants ----

const memberSelect = {
  id: airlineMembers.id,
  userId: users.id,
  userName: users.userName,
  callsign: users.displayName,
  flightHours: users.flightHours,
  numberOfFlight: users.numberOfFlight,
  role: airlineMembers.role,
  status: airlineMembers.status,
  rankId: airlineRanks.id,
  rankName: airlineRanks.name,
  careerLevel: users.level,
  firstName: users.firstName,
  lastName: users.lastName,
};

const topFlownAircraft = sql<string | null>`(select fl.aircraft_icao from flight_logs fl where fl.user_id = ${users.id} group by fl.aircraft_icao order by count(*) desc limit 1)`;

type MemberRow = { id: string; userId: string; userName: string; callsign: string | null; flightHours: number; numberOfFlight: number; role: 'OWNER' | 'ADMINISTRATOR' | 'MEMBER'; status: string; rankId: string | null; rankName: string | null; careerLevel: number | null; firstName: string | null; lastName: string | null; topFlownAircraft: string | null };
const toMember = (row: MemberRow) => ({
  id: row.id,
  userId: row.userId,
  userName: row.userName,
  callsign: row.callsign,
  flightHours: Number(row.flightHours),
  numberOfFlight: row.numberOfFlight,
  role: row.role,
  rank: row.rankId ? { id: row.rankId, name: row.rankName ?? '' } : null,
  careerLevel: row.careerLevel,
  topFlownAircraft: row.topFlownAircraft,
  firstName: row.firstName,
  lastName: row.lastName,
  status: row.status === 'SUSPENDED' ? ('SUSPENDED' as const) : ('ACTIVE' as const),
});

export const listMembers = async (db: DbExecutor, caller: Caller, airlineId: string, query: TPageQuery) => {
  await requireAccess(db, caller, 'airline.member.read', { airlineId });
  // Grounded members (SUSPENDED) are still members: the staff sees them, to reinstate them.
  const where = and(eq(airlineMembers.airlineId, airlineId), inArray(airlineMembers.status, ['ACTIVE', 'SUSPENDED']));
  const [total] = await db.select({ n: count() }).from(airlineMembers).where(where);
  const rows = await db
    .select({ ...memberSelect, topFlownAircraft })
    .from(airlineMembers)
    .innerJoin(users, eq(users.id, airlineMembers.userId))
    .leftJoin(airlineRanks, eq(airlineRanks.id, airlineMembers.rankId))
    .where(where)
    .orderBy(asc(airlineMembers.createdAt))
    .limit(query.size)
    .offset(query.page * query.size);
  return pageOf((rows as MemberRow[]).map(toMember), total?.n ?? 0, query.size);
};

const findMember = async (db: DbExecutor, airlineId: string, memberId: string) => {
  const [member] = await db
    .select()
    .from(airlineMembers)
    .where(and(eq(airlineMembers.id, memberId), eq(airlineMembers.airlineId, airlineId), inArray(airlineMembers.status, ['ACTIVE', 'SUSPENDED'])));
  if (!member) throw airlineError(ErrorCode.memberNotFound, 'Member not found');
  return member;
};

const findRank = async (db: DbExecutor, airlineId: string, rankId: string) => {
  const [rank] = await db.select().from(airlineRanks).where(and(eq(airlineRanks.id, rankId), eq(airlineRanks.airlineId, airlineId)));
  if (!rank) throw new AppError(ErrorCode.notFound, 'Rank not found');
  return rank;
};

/**
 * PUT /airline/{id}/member/{memberId}: the owner sets a member's rank. A rank sets the salary the
 * airline pays, so an administrator does not choose it for anyone, and nobody sets their own.
 */
export const updateMember = async (db: DbExecutor, caller: Caller, airlineId: string, memberId: string, rankId: string) => {
  await requireAccess(db, caller, 'airline.member.update', { airlineId });
  const member = await findMember(db, airlineId, memberId);
  if (member.userId === caller.id) throw new AppError(ErrorCode.forbidden, 'Nobody sets their own rank');
  await findRank(db, airlineId, rankId);
  await db.update(airlineMembers).set({ rankId }).where(eq(airlineMembers.id, memberId));
};

/** PUT /airline/{id}/member/{memberId}/role: the owner makes a member an administrator, or back; the owner's own role stays. */
export const setMemberRole = async (db: DbExecutor, caller: Caller, airlineId: string, memberId: string, role: 'ADMINISTRATOR' | 'MEMBER') => {
  await requireAccess(db, caller, 'airline.member.role', { airlineId });
  const member = await findMember(db, airlineId, memberId);
  if (member.role === 'OWNER') throw new AppError(ErrorCode.conflict, "The owner's role does not change");
  await db.update(airlineMembers).set({ role }).where(eq(airlineMembers.id, memberId));
};

/**
 * DELETE /airline/{id}/member/{memberId}: a member resigns (their own membership), or an
 * administrator or the owner removes one. The owner can be neither (ERR_0008), and only the owner,
 * who chose the administrators, removes one.
 */
export const removeMember = async (db: DbExecutor, caller: Caller, airlineId: string, memberId: string) => {
  const [own] = await db
    .select({ id: airlineMembers.id })
    .from(airlineMembers)
    .where(and(eq(airlineMembers.id, memberId), eq(airlineMembers.userId, caller.id), eq(airlineMembers.airlineId, airlineId)));
  const access = await requireAccess(db, caller, own ? 'airline.resign' : 'airline.member.remove', { airlineId });
  const member = await findMember(db, airlineId, memberId);
  if (member.role === 'OWNER') throw airlineError(ErrorCode.ownerCannotBeRemoved, 'The owner cannot be removed from the airline');
  if (!own && member.role === 'ADMINISTRATOR' && access.airlineRole !== 'OWNER') {
    throw airlineError(ErrorCode.mustBeOwner, 'Only the owner of the airline removes an administrator');
  }
  await db.transaction(async (tx) => {
    await tx.delete(airlineMembers).where(eq(airlineMembers.id, memberId));
    if (!own) {
      const airline = await findAirline(tx, airlineId);
      await notifyAll(tx, [{ userId: member.userId, type: 'MEMBER_DELETED', data: { airlineId, airlineName: airline.name } }]);
    }
  });
};

export const listApplicants = async (db: DbExecutor, caller: Caller, airlineId: string, query: TPageQuery) => {
  await requireAccess(db, caller, 'airline.member.accept', { airlineId });
  const where = eq(airlineApplicants.airlineId, airlineId);
  const [total] = await db.select({ n: count() }).from(airlineApplicants).where(where);
  const rows = await db
    .select({
      id: airlineApplicants.id,
      userId: users.id,
      userName: users.userName,
      flightHours: users.flightHours,
      numberOfFlight: users.numberOfFlight,
      careerLevel: users.level,
      topFlownAircraft,
    })
    .from(airlineApplicants)
    .innerJoin(users, eq(users.id, airlineApplicants.userId))
    .where(where)
    .orderBy(asc(airlineApplicants.createdAt))
    .limit(query.size)
    .offset(query.page * query.size);
  return pageOf(
    rows.map((row) => ({ ...row, flightHours: Number(row.flightHours) })),
    total?.n ?? 0,
    query.size,
  );
};

/** POST /airline/{id}/applicant: a pilot applies for themself to an airline recruiting. */
export const applyToAirline = async (db: DbExecutor, caller: Caller, airlineId: string, applicantUserId: string, now: Date) => {
  await requireAccess(db, caller, 'airline.apply', { userId: applicantUserId });
  const airline = await findAirline(db, airlineId);
  assertActive(airline);
  if (!airline.recruitmentOpened) throw new AppError(ErrorCode.forbidden, 'This airline is not recruiting');
  const [member] = await db
    .select({ id: airlineMembers.id })
    .from(airlineMembers)
    .where(and(eq(airlineMembers.airlineId, airlineId), eq(airlineMembers.userId, caller.id)));
  if (member) throw airlineError(ErrorCode.alreadyMember, 'You are already a member of this airline');
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(airlineApplicants)
      .values({ airlineId, userId: caller.id, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!row) throw airlineError(ErrorCode.alreadyApplied, 'You already applied to this airline');
    const [user] = await tx.select({ userName: users.userName }).from(users).where(eq(users.id, caller.id));
    const managers = await memberUserIds(tx, airlineId, ['OWNER', 'ADMINISTRATOR']);
    await notifyAll(
      tx,
      managers.map((userId) => ({
        userId,
        type: 'NEW_APPLICANT' as const,
        data: { airlineId, airlineName: airline.name, applicantUserName: user?.userName ?? '' },
      })),
    );
  });
};

/** PUT /airline/{id}/applicant/{applicantId}/accept or /reject (administrator or owner). */
export const decideApplicant = async (db: DbExecutor, caller: Caller, airlineId: string, applicantId: string, accept: boolean, now: Date) => {
  await requireAccess(db, caller, accept ? 'airline.member.accept' : 'airline.member.reject', { airlineId });
  const airline = await findAirline(db, airlineId);
  if (accept) assertActive(airline);
  await db.transaction(async (tx) => {
    const [applicant] = await tx
      .delete(airlineApplicants)
      .where(and(eq(airlineApplicants.id, applicantId), eq(airlineApplicants.airlineId, airlineId)))
      .returning();
    if (!applicant) throw airlineError(ErrorCode.applicantNotFound, 'Applicant not found');
    if (accept) {
      const [rank] = await tx.select({ id: airlineRanks.id }).from(airlineRanks).where(and(eq(airlineRanks.airlineId, airlineId), eq(airlineRanks.isDefault, true)));
      await tx
        .insert(airlineMembers)
        .values({ airlineId, userId: applicant.userId, role: 'MEMBER', rankId: rank?.id ?? null, createdAt: now })
        .onConflictDoNothing();
      await airlineEvents.memberJoined(tx, airlineId, applicant.userId, now);
    }
    await notifyAll(tx, [
      { userId: applicant.userId, type: accept ? 'APPLICANT_ACCEPTED' : 'APPLICANT_REJECTED', data: { airlineId, airlineName: airline.name } },
    ]);
  });
};

// ---- ranks ----

type RankRow = typeof airlineRanks.$inferSelect;
const toRank = (rank: RankRow) => ({
  id: rank.id,
  name: rank.name,
  fcBonus: rank.fcBonusPercent,
  planeWhiteList: rank.planeWhiteList,
  planeBlackList: rank.planeBlackList,
  default: rank.isDefault,
  sortIdx: rank.sortIdx,
});

export const listRanks = async (db: DbExecutor, caller: Caller, airlineId: string, query: TPageQuery) => {
  await requireAccess(db, caller, 'airline.read', { airlineId });
  const where = eq(airlineRanks.airlineId, airlineId);
  const [total] = await db.select({ n: count() }).from(airlineRanks).where(where);
  const rows = await db.select().from(airlineRanks).where(where).orderBy(asc(airlineRanks.sortIdx)).limit(query.size).offset(query.page * query.size);
  return pageOf(rows.map(toRank), total?.n ?? 0, query.size);
};

export const getMemberRank = async (db: DbExecutor, caller: Caller, airlineId: string, memberId: string) => {
  await requireAccess(db, caller, 'airline.read', { airlineId });
  const member = await findMember(db, airlineId, memberId);
  if (!member.rankId) return null;
  return toRank(await findRank(db, airlineId, member.rankId));
};

export type RankInput = { name: string; fcBonus: number; planeWhiteList: string[]; planeBlackList: string[] };
const normaliseList = (list: string[]) => [...new Set(list.map((icao) => icao.toUpperCase()))];

export const createRank = async (db: DbExecutor, caller: Caller, airlineId: string, input: RankInput) => {
  await requireAccess(db, caller, 'airline.rank.manage', { airlineId });
  assertActive(await findAirline(db, airlineId));
  const [max] = await db.select({ max: sql<number>`coalesce(max(${airlineRanks.sortIdx}), -1)::int` }).from(airlineRanks).where(eq(airlineRanks.airlineId, airlineId));
  const [rank] = await db
    .insert(airlineRanks)
    .values({
      airlineId,
      name: input.name,
      fcBonusPercent: input.fcBonus,
      planeWhiteList: normaliseList(input.planeWhiteList),
      planeBlackList: normaliseList(input.planeBlackList),
      sortIdx: (max?.max ?? -1) + 1,
    })
    .returning();
  return toRank(rank!);
};

export const updateRank = async (db: DbExecutor, caller: Caller, airlineId: string, rankId: string, input: RankInput) => {
  await requireAccess(db, caller, 'airline.rank.manage', { airlineId });
  await findRank(db, airlineId, rankId);
  const [rank] = await db
    .update(airlineRanks)
    .set({ name: input.name, fcBonusPercent: input.fcBonus, planeWhiteList: normaliseList(input.planeWhiteList), planeBlackList: normaliseList(input.planeBlackList) })
    .where(eq(airlineRanks.id, rankId))
    .returning();
  return toRank(rank!);
};

/** DELETE a rank: its members fall back to the default rank, which itself cannot be deleted. */
export const deleteRank = async (db: DbExecutor, caller: Caller, airlineId: string, rankId: string) => {
  await requireAccess(db, caller, 'airline.rank.manage', { airlineId });
  const rank = await findRank(db, airlineId, rankId);
  if (rank.isDefault) throw new AppError(ErrorCode.requestRefused, 'The default rank cannot be deleted');
  await db.transaction(async (tx) => {
    const [fallback] = await tx.select({ id: airlineRanks.id }).from(airlineRanks).where(and(eq(airlineRanks.airlineId, airlineId), eq(airlineRanks.isDefault, true)));
    await tx.update(airlineMembers).set({ rankId: fallback?.id ?? null }).where(eq(airlineMembers.rankId, rankId));
    await tx.delete(airlineRanks).where(eq(airlineRanks.id, rankId));
  });
};

/** PUT /airline/{id}/rank/{rankId}/sort_idx/switch: swaps two ranks' order. */
export const switchRanks = async (db: DbExecutor, caller: Caller, airlineId: string, rankId: string, toRankId: string) => {
  await requireAccess(db, caller, 'airline.rank.manage', { airlineId });
  const a = await findRank(db, airlineId, rankId);
  const b = await findRank(db, airlineId, toRankId);
  await db.transaction(async (tx) => {
    await tx.update(airlineRanks).set({ sortIdx: b.sortIdx }).where(eq(airlineRanks.id, a.id));
    await tx.update(airlineRanks).set({ sortIdx: a.sortIdx }).where(eq(airlineRanks.id, b.id));
  });
  const rows = await db.select().from(airlineRanks).where(inArray(airlineRanks.id, [a.id, b.id]));
  return rows.map(toRank);
};
