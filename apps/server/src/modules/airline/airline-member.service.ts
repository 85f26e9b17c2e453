import type { TPageQuery } from '@contrail/domain/airline/airline-contract';
import { airlineError } from '@contrail/domain/airline/airline-errors';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import type { DbExecutor } from '../../db/database';
import { requireAccess, type Caller } from '../access/access.service';
import { mostFlownAircraftOf } from '../flight-log/flight-log.service';
import { pilotCardsOf, userNameOf } from '../user/user-directory.service';
import { airlineEvents } from '../webhook/airline-events';
import { assertActive, findAirline, memberUserIds, notifyAll } from './airline-common';
import {
  deleteMemberRow,
  findApplicantsPage,
  findLiveMember,
  findMembersPage,
  findMembership,
  insertApplicant,
  insertMember,
  isOwnMembership,
  takeApplicant,
  updateMemberRow,
  type MemberRow,
} from './airline-member.repository';
import { findDefaultRankId } from './airline-rank.repository';
import { findRank, toRank } from './airline-rank.service';

/** The airline's members and applicants: who flies for it, in which role and rank. */

/** A live member (ACTIVE or grounded) of this airline, or the member-not-found refusal. */
export const findMember = async (db: DbExecutor, airlineId: string, memberId: string): Promise<MemberRow> => {
  const member = await findLiveMember(db, airlineId, memberId);
  if (!member) throw airlineError(ErrorCode.memberNotFound, 'Member not found');
  return member;
};

/**
 * What the staff reads of each pilot of a page of member or applicant rows: their card and most
 * flown aircraft type beside the row (a row whose pilot is gone is left out).
 */
const withPilots = async <Row extends { id: string; userId: string }>(db: DbExecutor, rows: Row[]) => {
  const userIds = rows.map((row) => row.userId);
  const [cards, topFlown] = await Promise.all([pilotCardsOf(db, userIds), mostFlownAircraftOf(db, userIds)]);
  return rows.flatMap((row) => {
    const card = cards.get(row.userId);
    if (!card) return [];
    const pilot = {
      id: row.id,
      userId: row.userId,
      userName: card.userName,
      flightHours: Number(card.flightHours),
      numberOfFlight: card.numberOfFlight,
      careerLevel: card.level,
      topFlownAircraft: topFlown.get(row.userId) ?? null,
    };
    return [{ row, card, pilot }];
  });
};

export const listMembers = async (db: DbExecutor, caller: Caller, airlineId: string, query: TPageQuery) => {
  await requireAccess(db, caller, 'airline.member.read', { airlineId });
  // Grounded members (SUSPENDED) are still members: the staff sees them, to reinstate them.
  const { rows, totalItems, totalPages } = await findMembersPage(db, airlineId, query);
  const items = (await withPilots(db, rows)).map(({ row, card, pilot }) => ({
    ...pilot,
    callsign: card.displayName,
    role: row.role,
    rank: row.rankId ? { id: row.rankId, name: row.rankName ?? '' } : null,
    firstName: card.firstName,
    lastName: card.lastName,
    status: row.status === 'SUSPENDED' ? ('SUSPENDED' as const) : ('ACTIVE' as const),
  }));
  return { items, totalItems, totalPages };
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
  await updateMemberRow(db, memberId, { rankId });
};

/** PUT /airline/{id}/member/{memberId}/role: the owner makes a member an administrator, or back; the owner's own role stays. */
export const setMemberRole = async (db: DbExecutor, caller: Caller, airlineId: string, memberId: string, role: 'ADMINISTRATOR' | 'MEMBER') => {
  await requireAccess(db, caller, 'airline.member.role', { airlineId });
  const member = await findMember(db, airlineId, memberId);
  if (member.role === 'OWNER') throw new AppError(ErrorCode.conflict, "The owner's role does not change");
  await updateMemberRow(db, memberId, { role });
};

/** GET /airline/{id}/member/{memberId}/rank: the member's rank, or null. */
export const getMemberRank = async (db: DbExecutor, caller: Caller, airlineId: string, memberId: string) => {
  await requireAccess(db, caller, 'airline.read', { airlineId });
  const member = await findMember(db, airlineId, memberId);
  if (!member.rankId) return null;
  return toRank(await findRank(db, airlineId, member.rankId));
};

/**
 * DELETE /airline/{id}/member/{memberId}: a member resigns (their own membership), or an
 * administrator or the owner removes one. The owner can be neither (ERR_0008), and only the owner,
 * who chose the administrators, removes one.
 */
export const removeMember = async (db: DbExecutor, caller: Caller, airlineId: string, memberId: string) => {
  const own = await isOwnMembership(db, airlineId, memberId, caller.id);
  const access = await requireAccess(db, caller, own ? 'airline.resign' : 'airline.member.remove', { airlineId });
  const member = await findMember(db, airlineId, memberId);
  if (member.role === 'OWNER') throw airlineError(ErrorCode.ownerCannotBeRemoved, 'The owner cannot be removed from the airline');
  if (!own && member.role === 'ADMINISTRATOR' && access.airlineRole !== 'OWNER') {
    throw airlineError(ErrorCode.mustBeOwner, 'Only the owner of the airline removes an administrator');
  }
  await db.transaction(async (tx) => {
    await deleteMemberRow(tx, memberId);
    if (!own) {
      const airline = await findAirline(tx, airlineId);
      await notifyAll(tx, [{ userId: member.userId, type: 'MEMBER_DELETED', data: { airlineId, airlineName: airline.name } }]);
    }
  });
};

export const listApplicants = async (db: DbExecutor, caller: Caller, airlineId: string, query: TPageQuery) => {
  await requireAccess(db, caller, 'airline.member.accept', { airlineId });
  const { rows, totalItems, totalPages } = await findApplicantsPage(db, airlineId, query);
  const items = (await withPilots(db, rows)).map(({ pilot }) => pilot);
  return { items, totalItems, totalPages };
};

/** POST /airline/{id}/applicant: a pilot applies for themself to an airline recruiting. */
export const applyToAirline = async (db: DbExecutor, caller: Caller, airlineId: string, applicantUserId: string, now: Date) => {
  await requireAccess(db, caller, 'airline.apply', { userId: applicantUserId });
  const airline = await findAirline(db, airlineId);
  assertActive(airline);
  if (!airline.recruitmentOpened) throw new AppError(ErrorCode.forbidden, 'This airline is not recruiting');
  if (await findMembership(db, airlineId, caller.id)) throw airlineError(ErrorCode.alreadyMember, 'You are already a member of this airline');
  await db.transaction(async (tx) => {
    if (!(await insertApplicant(tx, airlineId, caller.id, now))) throw airlineError(ErrorCode.alreadyApplied, 'You already applied to this airline');
    const applicantUserName = (await userNameOf(tx, caller.id)) ?? '';
    const managers = await memberUserIds(tx, airlineId, ['OWNER', 'ADMINISTRATOR']);
    await notifyAll(
      tx,
      managers.map((userId) => ({
        userId,
        type: 'NEW_APPLICANT' as const,
        data: { airlineId, airlineName: airline.name, applicantUserName },
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
    const applicant = await takeApplicant(tx, airlineId, applicantId);
    if (!applicant) throw airlineError(ErrorCode.applicantNotFound, 'Applicant not found');
    if (accept) {
      const rankId = await findDefaultRankId(tx, airlineId);
      await insertMember(tx, { airlineId, userId: applicant.userId, role: 'MEMBER', rankId: rankId ?? null, createdAt: now });
      await airlineEvents.memberJoined(tx, airlineId, applicant.userId, now);
    }
    await notifyAll(tx, [
      { userId: applicant.userId, type: accept ? 'APPLICANT_ACCEPTED' : 'APPLICANT_REJECTED', data: { airlineId, airlineName: airline.name } },
    ]);
  });
};
