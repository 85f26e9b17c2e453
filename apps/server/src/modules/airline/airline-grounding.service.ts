import { airlineError } from '@contrail/domain/airline/airline-errors';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import type { DbExecutor } from '../../db/database';
import { requireAccess, type Caller } from '../access/access.service';
import { cancelBookedBookingsOfMember } from './airline-booking.repository';
import { assertActive, findAirline, notifyAll } from './airline-common';
import { changeMemberStatus, findLiveMember, findMembership } from './airline-member.repository';
import { releasePlanes } from './airline-plane.repository';

/**
 * Staff grounding (a staff-grounded pilot cannot fly airline routes): the owner
 * or an administrator sets a membership SUSPENDED, and back to ACTIVE. A grounded member stays a
 * member (listed, marked) but holds none of the member's permissions, so they cannot book; their
 * booked plane goes back on the line, a flight already in the air finishes. They are notified.
 */

export const GROUNDED_REFUSAL = "Your airline's staff grounded you: you cannot book its planes until they reinstate you";

/** True when this user's membership of the airline is SUSPENDED (grounded by its staff). */
export const isGroundedIn = async (db: DbExecutor, userId: string, airlineId: string): Promise<boolean> =>
  (await findMembership(db, airlineId, userId))?.status === 'SUSPENDED';

/** Refuses, in the pilot's words, what a grounded member asks to fly. */
export const assertNotGrounded = async (db: DbExecutor, userId: string, airlineId: string): Promise<void> => {
  if (await isGroundedIn(db, userId, airlineId)) throw airlineError(ErrorCode.memberGrounded, GROUNDED_REFUSAL);
};

/** PUT /airline/{id}/member/{memberId}/status: ground (SUSPENDED) or reinstate (ACTIVE). */
export const setMemberStatus = async (db: DbExecutor, caller: Caller, airlineId: string, memberId: string, status: 'ACTIVE' | 'SUSPENDED', now: Date): Promise<void> => {
  const access = await requireAccess(db, caller, 'airline.member.ground', { airlineId });
  const airline = await findAirline(db, airlineId);
  assertActive(airline);
  const member = await findLiveMember(db, airlineId, memberId);
  if (!member) throw airlineError(ErrorCode.memberNotFound, 'Member not found');
  if (member.role === 'OWNER') throw new AppError(ErrorCode.requestRefused, 'The owner of the airline cannot be grounded');
  if (member.userId === caller.id) throw new AppError(ErrorCode.requestRefused, 'Nobody grounds or reinstates themself');
  if (member.role === 'ADMINISTRATOR' && access.airlineRole !== 'OWNER') {
    throw airlineError(ErrorCode.mustBeOwner, 'Only the owner of the airline grounds or reinstates an administrator');
  }
  if (member.status === status) return;
  await db.transaction(async (tx) => {
    if (!(await changeMemberStatus(tx, memberId, member.status, status))) return; // another request changed it first: its notification stands
    if (status === 'SUSPENDED') {
      // A plane booked but not yet flown goes back on the line; a flight in the air finishes.
      await releasePlanes(tx, await cancelBookedBookingsOfMember(tx, airlineId, member.userId, now), 'BOOKED');
    }
    await notifyAll(tx, [{ userId: member.userId, type: status === 'SUSPENDED' ? 'MEMBER_GROUNDED' : 'MEMBER_REINSTATED', data: { airlineId, airlineName: airline.name } }]);
  });
};
