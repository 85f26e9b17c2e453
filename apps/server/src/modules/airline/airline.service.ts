import { AIRLINE_CODE_PATTERN, type TAirline, type TAirlineForm, type TPageQuery } from '@contrail/domain/airline/airline-contract';
import { airlineError } from '@contrail/domain/airline/airline-errors';
import { BASE_SALARY_FC, STARTING_CAPITAL_FC } from '@contrail/domain/economy/airline-economy-constants';
import { airlineRoleGrants } from '@contrail/domain/access/permissions';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import type { DbExecutor } from '../../db/database';
import { uniqueViolationOf } from '../../db/unique-violation';
import { requireAccess, type Caller } from '../access/access.service';
import { deleteAirlineInventory } from '../store/inventory.service';
import { userNameOf } from '../user/user-directory.service';
import { assertUserVerified } from '../user/user.service';
import { creditAirline, deleteAirlineTransactions } from '../wallet/wallet.service';
import { toPage } from '../../db/paging';
import { assertActive, findAirline, isAirlineManagerPremium, memberUserIds, notifyAll, ownsAirline, type AirlineRow } from './airline-common';
import { deleteHangarsOf } from './airline-hangar.repository';
import { deleteHubsOf } from './airline-hub.repository';
import { airlineHubsView, openMainHub } from './airline-hub.service';
import { checkAirlineLogo } from './airline-logo';
import { deleteApplicantsOf, insertMember } from './airline-member.repository';
import { countPlanesOf, deletePlanesOf } from './airline-plane.repository';
import { deleteRanksOf, insertDefaultRank } from './airline-rank.repository';
import { deleteRoutesOf } from './airline-route.repository';
import { deleteTrafficRightsOf } from './airline-traffic-right.repository';
import { deleteAirlineRow, findAirlinesOfUser, insertAirline, isCodeTaken, isNameTaken, searchAirlinesPage, updateAirlineRow } from './airline.repository';

/** The airline itself: its creation, form, settings, reset, deletion, and the public search. */

const DEFAULT_RANK_NAME = 'First Officer';

const assertCode = (code: string) => {
  if (!AIRLINE_CODE_PATTERN.test(code)) throw airlineError(ErrorCode.codeMustBe3Alphanumerics, 'The code must be exactly 3 letters or digits', 'code');
};

const assertNameAndCodeFree = async (db: DbExecutor, name: string, code: string | undefined, exceptId?: string) => {
  if (code !== undefined && (await isCodeTaken(db, code, exceptId))) throw airlineError(ErrorCode.codeAlreadyUsed, 'This code is already used by another airline', 'code');
  if (await isNameTaken(db, name, exceptId)) throw airlineError(ErrorCode.nameAlreadyUsed, 'This name is already used by another airline', 'name');
};

/** What a new (or reset) airline starts with: the default rank, the main hub and its rent, the starting capital. */
const startAirline = async (db: DbExecutor, airline: AirlineRow, hubIdent: string, now: Date, agentUserName: string) => {
  await insertDefaultRank(db, airline.id, DEFAULT_RANK_NAME);
  await openMainHub(db, airline, hubIdent, now);
  await creditAirline(db, {
    airlineId: airline.id,
    amount: STARTING_CAPITAL_FC[airline.gameDifficulty],
    categoryData: { category: 'MF_BONUS', reason: 'Starting capital' },
    description: 'Starting capital',
    agentUserName,
    idempotencyKey: `airline:${airline.id}:${airline.generation}:starting-capital`,
    executionDate: now,
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
    const userName = await userNameOf(tx, caller.id);
    const airline = await insertAirline(tx, {
      ownerId: caller.id,
      name: form.name,
      code: form.code.toUpperCase(),
      shortDescription: form.shortDescription,
      description: form.description ?? '',
      gameDifficulty: form.gameDifficulty,
      planeCategory: form.planeCategory,
      photo,
      createdAt: now,
    });
    await insertMember(tx, { airlineId: airline.id, userId: caller.id, role: 'OWNER', createdAt: now });
    await startAirline(tx, airline, form.hubAirportIdent, now, userName ?? '');
    return airline.id;
  }).catch(refuseConcurrentTwin);
  return getAirline(db, caller, id);
};

/** GET /airline/{id}: members only; the balance only to those who may read the wallet. */
export const getAirline = async (db: DbExecutor, caller: Caller, airlineId: string): Promise<TAirline> => {
  const access = await requireAccess(db, caller, 'airline.read', { airlineId });
  const airline = await findAirline(db, airlineId);
  const ownerUserName = await userNameOf(db, airline.ownerId);
  const hubs = await airlineHubsView(db, airlineId);
  const planes = await countPlanesOf(db, airlineId);
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
    hubs,
    balance: mayReadWallet ? airline.balance : null,
    recruitmentOpened: airline.recruitmentOpened,
    isAdmin: access.airlineRole === 'ADMINISTRATOR' || access.airlineRole === 'OWNER',
    isOwner: access.airlineRole === 'OWNER',
    hasPlane: planes > 0,
    state: airline.state,
    mftOption: airline.mftOption,
    owner: { id: airline.ownerId, userName: ownerUserName! },
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
    await updateAirlineRow(tx, airlineId, {
      name: input.form.name,
      shortDescription: input.form.shortDescription,
      description: input.form.description ?? airline.description,
      planeCategory: input.form.planeCategory,
      ...(photo ? { photo } : {}),
    });
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
  await updateAirlineRow(db, airlineId, {
    ...(body.recruitmentOpened !== undefined ? { recruitmentOpened: body.recruitmentOpened } : {}),
    ...(body.mftOption !== undefined ? { mftOption: body.mftOption } : {}),
  });
  return getAirline(db, caller, airlineId);
};

/** Deletes what an airline holds (assets, wallet rows, applicants, ranks), keeping the airline row and its members. */
const deleteAssets = async (db: DbExecutor, airlineId: string) => {
  await deleteRoutesOf(db, airlineId);
  await deletePlanesOf(db, airlineId);
  await deleteHangarsOf(db, airlineId);
  await deleteHubsOf(db, airlineId);
  await deleteTrafficRightsOf(db, airlineId);
  await deleteApplicantsOf(db, airlineId);
  await deleteRanksOf(db, airlineId);
  await deleteAirlineTransactions(db, airlineId);
  await deleteAirlineInventory(db, airlineId);
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
    const reset = await updateAirlineRow(tx, airlineId, {
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
    });
    const userName = await userNameOf(tx, caller.id);
    await startAirline(tx, reset!, input.form.hubAirportIdent, now, userName ?? '');
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
    await deleteAirlineRow(tx, airlineId);
  });
};

/** GET /airline: the public search result (any signed-in pilot), by name or code. */
export const searchAirlines = async (db: DbExecutor, query: TPageQuery & { query?: string | undefined }) => {
  return toPage(await searchAirlinesPage(db, query.query, { page: query.page, size: query.size }), (row) => ({ ...row, baseSalary: BASE_SALARY_FC }));
};

/** GET /airline/member/{userId}: the caller's own airlines. */
export const getUserAirlines = async (db: DbExecutor, caller: Caller, userId: string) => {
  await requireAccess(db, caller, 'airline.membership.read', { userId });
  const rows = await findAirlinesOfUser(db, userId);
  // A grounded member still sees the airline, marked, so they know why they cannot book its planes.
  return rows.map((row) => ({ id: row.id, name: row.name, isOwner: row.role === 'OWNER', ...(row.status === 'SUSPENDED' ? { grounded: true } : {}) }));
};
